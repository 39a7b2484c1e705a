"""`ScanSink`: where a `CaseLoader`'s results land — the scene, the rows, the overlays — and
`FirstFrame`, which says when a frame of a case is on screen: the first showing something of
it (a preview may be all), and the first showing every visible scan at full resolution (what
a person waits for: no preview left, or the load over, whatever could be had).

The sink keeps, per scene key, the stage it shows (preview, as read, refined) so that a full
scan replacing its preview takes the preview's place (with a fresh level of detail), and so that
rows can say "Preview shown". It is told about one case at a time (`start`); the loader only
calls it while its load is live.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtGui import QAction, QImage

from scaninbox import language
from scaninbox.domain import CaseRef
from scaninbox.language import translate
from scaninbox.qt.files import OFFLINE_HEADLINE
from scaninbox.qt.viewer.camera import CameraGuide
from scaninbox.qt.viewer.loader import Stage
from scaninbox.qt.viewer.overlays import SceneStage
from scaninbox.qt.viewer.plan import PlannedScan
from scaninbox.qt.viewer.scan_list import RowState, ScanList
from scaninbox.render import ScanScene
from scaninbox.scans import Mesh

__all__ = ["FirstFrame", "ScanSink"]


class FirstFrame:
    """Calls ``report(ref)`` once per case, after the first frame showing something of it (at
    once when the view is not on screen: no frame will come until it is)."""

    def __init__(self, view: Any, report: Callable[[CaseRef], None]) -> None:
        self._view = view
        self._report = report
        self._ref: CaseRef | None = None
        self._pending = False
        self._reported = False
        view.frameSwapped.connect(self._on_frame)

    def start(self, ref: CaseRef | None) -> None:
        self._ref, self._pending, self._reported = ref, False, False

    def expect(self) -> None:
        if self._reported or self._ref is None:
            return
        if self._view.isVisible():
            self._pending = True
            self._view.request_frame()
        else:
            self._reported = True
            self._report(self._ref)

    def again(self) -> None:
        """The same case was shown again: report it again once its first frame is there."""
        if self._reported and self._ref is not None:
            self._report(self._ref)

    def _on_frame(self) -> None:
        if self._pending and self._ref is not None:
            self._pending, self._reported = False, True
            self._report(self._ref)


class ScanSink:
    """Implements `LoadSink` over the viewport's parts. ``say`` goes to the status bar."""

    def __init__(
        self,
        *,
        view: Any,
        scene: ScanScene,
        scans: ScanList,
        stage: SceneStage,
        camera: CameraGuide,
        scanner_colours: QAction,
        first_frame: FirstFrame,
        say: Callable[[str], None],
        full_frame: FirstFrame | None = None,
    ) -> None:
        self._view = view
        self._scene = scene
        self._scans = scans
        self._stage = stage
        self._camera = camera
        self._scanner_colours = scanner_colours
        self._first_frame = first_frame
        self._full_frame = full_frame
        self._say = say
        self._planned: dict[str, PlannedScan] = {}
        self.stages: dict[str, Stage] = {}
        # The meshes on show, by key (the distance maps measure them), and who wants to know
        # when one is replaced: ``listener(key)`` after the scene shows it.
        self.meshes: dict[str, Mesh] = {}
        self.lods: dict[str, Mesh] = {}
        self.listeners: list[Callable[[str], None]] = []
        self._first_look_done = False

    def start(self, ref: CaseRef | None, planned: Sequence[PlannedScan]) -> None:
        """A new case (its rows are set up already)."""
        self._planned = {scan.key: scan for scan in planned}
        self.stages = {}
        self.meshes, self.lods = {}, {}
        self._first_look_done = False
        self._retryable: set[str] = set()
        self._stage.offer_retry(False)
        self._stage.pictures.set_caption(None)
        self._first_frame.start(ref)
        if self._full_frame is not None:
            self._full_frame.start(ref)

    def showing(self, key: str) -> bool:
        """Whether anything of scan ``key`` is on show (a mesh or a preview picture)."""
        return key in self.stages or self._stage.pictures.shows(key)

    # ------------------------------------------------------------------ LoadSink

    def show_mesh(self, key: str, mesh: Mesh, stage: Stage) -> None:
        planned, row = self._planned[key], self._scans.row(key)
        replacing_preview = self.stages.get(key) is Stage.PREVIEW and stage is not Stage.PREVIEW
        added = self._scene.scan(key) is None or replacing_preview
        if self._scene.scan(key) is None:
            self._camera.arriving(key, planned.jaw)
        self._scene.set_scan(
            key,
            mesh,
            jaw=planned.jaw,
            before_preparation=planned.before_preparation,
            visible=row.shown if row is not None else planned.visible,
            vertex_colours=self._scanner_colours.isChecked(),
            keep_lod=not replacing_preview,
        )
        self.stages[key] = stage
        self.meshes[key] = mesh
        if replacing_preview:  # the scene dropped the preview's level of detail
            self.lods.pop(key, None)
        if stage is not Stage.PREVIEW:
            self._stage.pictures.remove(key)
        if row is not None:
            if stage is Stage.PREVIEW:
                row.set_state(
                    RowState.PREVIEW, translate("ScanSink", "Preview — the full scan is on its way")
                )
            elif stage is Stage.FIRST:
                row.set_state(RowState.LOADING, translate("ScanSink", "Smoothing the surface…"))
        self._scanner_colours.setEnabled(any(s.has_colours for s in self._scene))
        if self._first_look_done and self._shows_something():
            self._drawn_something(camera=added)
            self._expect_full_frame()
        self._tell(key)

    def show_lod(self, key: str, lod: Mesh) -> None:
        self._scene.set_lod(key, lod)
        self.lods[key] = lod
        self._tell(key)

    def show_picture(self, key: str, picture: QImage) -> None:
        planned = self._planned[key]
        self._stage.pictures.add(key, picture, f"{planned.label}: {planned.filename}")
        row = self._scans.row(key)
        if row is not None:
            row.set_state(
                RowState.PREVIEW,
                translate("ScanSink", "Preview picture — the 3D scan is on its way"),
            )
        if self._first_look_done:
            self._drawn_something(camera=False)

    def show_progress(self, key: str, text: str, fraction: float | None) -> None:
        row = self._scans.row(key)
        if row is not None:
            if self.showing(key):
                text = translate("ScanSink", "Preview shown · {progress}").format(progress=text)
            row.set_state(RowState.LOADING, text, fraction)

    def show_problem(self, key: str, message: str, *, offline: bool, lasting: bool = False) -> None:
        """``offline``: the file is not here and cannot be fetched now; ``lasting``: the file
        itself is the trouble (not a scan, damaged), so trying again would read the same."""
        row = self._scans.row(key)
        if row is None:
            return
        if self.showing(key):
            message = translate("ScanSink", "{problem} Showing the preview.").format(
                problem=message
            )
        row.set_state(RowState.OFFLINE if offline else RowState.PROBLEM, message)
        # Try again helps where the trouble may pass by itself: a download that failed, file
        # storage out of reach. Not offline: the window loads the case again when the
        # connection is back (and signing in is no "try again").
        if lasting or (offline and _is_offline(row)):
            self._retryable.discard(key)
        else:
            self._retryable.add(key)
        if not offline:
            self._say(message)

    def show_ready(self, key: str) -> None:
        row, state = self._scans.row(key), self._scene.scan(key)
        if row is not None and state is not None:
            count = language.current().count_text(state.n_triangles)
            text = (
                translate("ScanSink", "{count} triangles (preview)")
                if self.stages.get(key) is Stage.PREVIEW
                else translate("ScanSink", "{count} triangles")
            )
            row.set_state(RowState.READY, text.format(count=count))

    def first_look_done(self) -> None:
        self._first_look_done = True
        if self._shows_something():
            self._drawn_something(camera=True)
            self._expect_full_frame()

    def load_done(self) -> None:
        trouble = (RowState.OFFLINE, RowState.PROBLEM)
        self._stage.offer_retry(
            any(row.state in trouble and row.key in self._retryable for row in self._scans.rows())
        )
        self._stage.pictures.set_caption(self._picture_caption())
        self._expect_full_frame(over=True)  # all there is to show is shown
        if self._shows_something():
            return
        if len(self._scene):  # all there is starts hidden (a scan before preparation alone)
            self._drawn_something(camera=True)
            return
        rows = self._scans.rows()
        if {row.state for row in rows} == {RowState.OFFLINE}:
            # Offline, or only out of reach for now (file storage): the rows say which.
            offline = all(_is_offline(row) for row in rows)
            self._stage.set_message(
                translate("ScanSink", "The scans of this case are not available offline.")
                if offline
                else translate(
                    "ScanSink",
                    "The scans of this case cannot be downloaded right now — the list says why.",
                )
            )
        else:
            self._stage.set_message(
                translate("ScanSink", "None of the scans can be shown — the list says why.")
            )
        self._first_frame.expect()

    # ------------------------------------------------------------------ internals

    def _picture_caption(self) -> str | None:
        """What the preview pictures still on show stand in for, now that loading is done
        (None: the 3D scans are still on their way)."""
        rows = [r for r in self._scans.rows() if self._stage.pictures.shows(r.key)]
        if any(r.state is RowState.OFFLINE and _is_offline(r) for r in rows):
            return translate("ScanSink", "Preview — the 3D scan is not available offline")
        if any(r.state is RowState.OFFLINE for r in rows):
            return translate("ScanSink", "Preview — the 3D scan cannot be downloaded right now")
        if any(r.state is RowState.PROBLEM for r in rows):
            return translate("ScanSink", "Preview — the 3D scan could not be shown")
        return None

    def _tell(self, key: str) -> None:
        for listener in list(self.listeners):
            listener(key)

    def _expect_full_frame(self, *, over: bool = False) -> None:
        """Report the next frame as the case's full one once every visible scan is shown at
        full resolution (or the load is ``over``)."""
        if self._full_frame is None:
            return
        waiting = [
            planned
            for planned in self._planned.values()
            if planned.file is not None
            and planned.visible
            and self.stages.get(planned.key) in (None, Stage.PREVIEW)
        ]
        if over or not waiting:
            self._full_frame.expect()

    def _shows_something(self) -> bool:
        """Whether a frame now would show anything of the case: a hidden scan (the bite, the
        scan before preparation) read first is no first frame of it."""
        return any(state.visible for state in self._scene) or len(self._stage.pictures) > 0

    def _drawn_something(self, *, camera: bool) -> None:
        self._stage.set_message(None)
        if camera:
            self._camera.frame()
        self._first_frame.expect()
        self._view.request_frame()


def _is_offline(row: Any) -> bool:
    """The row says its file is not available offline (not: out of reach for now)."""
    return bool(row.status_text.startswith(translate("CaseFiles", OFFLINE_HEADLINE)))
