"""`ScanViewport`: a case's scans in 3D — toolbar on top, the view, the list of scans over it.

`show_case` plans the rows (`plan.plan_scans`), resolves the portal's orientation, and starts a
`CaseLoader` under the async bridge (key ``"case"``: showing another case cancels it). Its
results land in the `ScanSink` (scene, rows, overlays); after the first frame that shows
something of the case, ``caseShown(ref)`` is emitted (`FirstFrame`), and ``caseComplete(ref)``
after the first frame showing its visible scans at full resolution (no preview left). Each
load carries a `LoadToken`; a superseded load's token is dead, so nothing it still produces (a
provider may ignore cancellation) can paint over the newer case.

Orientation: `scaninbox.scans.resolve_orientation` from the portal's ``axisMapping`` and the turn
the person chose for that portal (Flip / Turn, remembered in `PortalTurns`); without a mapping
the loader estimates it from the first arch, and the note over the view says so.

The camera takes the front view when a case's first scans arrive, and again as more arrive,
until the person turns, zooms or picks another view.

Signals: ``statusMessage(str)`` for the window's status bar, ``caseShown(object)``,
``caseComplete(object)``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QVBoxLayout, QWidget

from scaninbox.domain import Case, CaseRef, FileKind, Jaw, Turn
from scaninbox.language import os_reason, translate
from scaninbox.portal_turns import PortalTurns
from scaninbox.qt.files import CaseFileProvider, FileDialogs, QtFileDialogs
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.viewer.camera import CameraGuide
from scaninbox.qt.viewer.distance_maps import DistanceMaps
from scaninbox.qt.viewer.finding_focus import (
    SHAPED_KINDS,
    FindingFocus,
    finding_radius_mm,
    world_point,
)
from scaninbox.qt.viewer.interactor import SceneInteractor
from scaninbox.qt.viewer.loader import CaseLoader, LoadToken
from scaninbox.qt.viewer.map_choices import MapChoice, undercut_view
from scaninbox.qt.viewer.measure_tool import MeasureTool
from scaninbox.qt.viewer.overlays import SceneStage
from scaninbox.qt.viewer.pictures import save_png, suggested_picture_name
from scaninbox.qt.viewer.plan import plan_scans
from scaninbox.qt.viewer.scan_list import RowState, ScanList
from scaninbox.qt.viewer.sink import FirstFrame, ScanSink
from scaninbox.qt.viewer.toolbar import build_toolbar, make_actions
from scaninbox.render import MapKind, Measurement, PictureWriteError, ScanScene, View
from scaninbox.scans import Orientation, describe_turn, resolve_orientation

__all__ = ["ScanViewport"]

_log = logging.getLogger(__name__)
_CAMERA_EVENTS = (QEvent.Type.MouseButtonPress, QEvent.Type.Wheel)
_OCCLUSAL_VIEWS = {Jaw.UPPER: View.UPPER, Jaw.LOWER: View.LOWER}


class ScanViewport(QWidget):
    statusMessage = Signal(str)
    caseShown = Signal(object)
    caseComplete = Signal(object)

    def __init__(
        self,
        provider: CaseFileProvider,
        axis_mapping_for: Callable[[str | None], str | None],
        jaw_colours: Mapping[str, str],
        parent: QWidget | None = None,
        *,
        dialogs: FileDialogs | None = None,
        turns: PortalTurns | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("scanViewport")
        self.setAccessibleName(translate("ScanViewport", "3D scans"))
        self.provider = provider
        self.dialogs: FileDialogs = dialogs or QtFileDialogs()
        self._axis_mapping_for = axis_mapping_for
        self.turns = turns if turns is not None else PortalTurns(None)
        self._case: Case | None = None
        self._mapping_text: str | None = None
        self._turn = Turn()
        self._unnamed_turns: dict[CaseRef, Turn] = {}  # cases whose portal has no name
        self._token = LoadToken(0, live=False)
        self._heavy = asyncio.Lock()
        self._closed = False

        self.view = SceneInteractor(self)
        self.scene = ScanScene(self.view, jaw_colours=jaw_colours)
        self.stage = SceneStage(self.view, self)
        self.scans = ScanList(self)
        self.controls = make_actions(self)
        self.toolbar = build_toolbar(self, self.controls)
        self.measure_tool = MeasureTool(self.view, self._surfaces, self)
        self.camera = CameraGuide(self.scene, self.scans, self.view)
        self.finding_focus = FindingFocus(self.view)  # also knows the case's orientation
        self.first_frame = FirstFrame(self.view, self.caseShown.emit)
        self.full_frame = FirstFrame(self.view, self.caseComplete.emit)
        self.sink = ScanSink(
            view=self.view,
            scene=self.scene,
            scans=self.scans,
            stage=self.stage,
            camera=self.camera,
            scanner_colours=self.controls.scanner_colours,
            first_frame=self.first_frame,
            say=self.statusMessage.emit,
            full_frame=self.full_frame,
        )

        # Clearance / reduction colour maps in the "Colours" button (after "Measure"), C toggles.
        self.maps = DistanceMaps(
            self.scene,
            self.sink,
            self.stage,
            self.view.request_frame,
            self,
            scanner_colours=self.controls.scanner_colours,
        )
        after_measure = self.toolbar.actions().index(self.controls.measure) + 1
        self.toolbar.insertWidget(self.toolbar.actions()[after_measure], self.maps.button)
        self.controls.by_key["C"] = self.maps.toggle
        self.maps.mapShown.connect(self._on_map_shown)

        # The list floats over the view (top right) and a map's legend over its left edge,
        # rather than taking width from it; the image is centred (and fitted) between them.
        self.stage.coveredChanged.connect(self._on_covered)
        self.stage.retryRequested.connect(self.retry)
        self.stage.set_side_panel(self.scans)
        self.stage.set_left_panel(self.maps.legend)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.stage, 1)
        self.setFocusProxy(self.view)

        self._connect_controls()
        self.view.installEventFilter(self)
        self.show_case(None)

    def _connect_controls(self) -> None:
        for view, action in self.controls.views.items():
            action.triggered.connect(lambda _=False, v=view: self.set_view(v))
        self.controls.fit.triggered.connect(self.fit)
        self.controls.scan_list.triggered.connect(self._on_fold_scan_list)
        self.controls.measure.toggled.connect(self.measure_tool.set_active)
        self.controls.clear_measurement.triggered.connect(self._on_escape)
        self.controls.undo_measurement.triggered.connect(self.measure_tool.undo)
        self.controls.scanner_colours.toggled.connect(self._on_scanner_colours)
        self.controls.save_picture.triggered.connect(self._on_save_picture)
        self.controls.upside_down.triggered.connect(self._on_turn)
        self.controls.back_to_front.triggered.connect(self._on_turn)
        self.measure_tool.measured.connect(self._on_measured)
        self.measure_tool.changed.connect(self._sync_measure_action)
        self.scans.visibilityToggled.connect(self._on_visibility)
        self.scans.opacityChanged.connect(self._on_opacity)

    # ------------------------------------------------------------------ public

    @property
    def case(self) -> Case | None:
        return self._case

    def show_case(self, case: Case | None, *, again: bool = False) -> None:
        """Show ``case``'s scans (None: nothing); cancels the load of the previous case.

        The case already shown, with the same scans and orientation (the window shows a case
        again after refreshing its details), stays as it is — unless a scan could not be had:
        then it is loaded again, which is how a person retries. ``again`` loads it anew anyway
        (after the person turned the portal's scans).
        """
        if self._closed:
            return
        mapping = self._mapping(case.source) if case is not None else None
        turn = self._turn_for(case)
        if not again and self._shows_already(case, mapping, turn):
            assert case is not None
            self._case = case
            self.first_frame.again()
            self.full_frame.again()
            return
        self._mapping_text = mapping
        self._turn = turn
        self._token.live = False
        async_bridge.cancel(self, "case")
        self._case = case
        self._token = LoadToken(self._token.generation + 1)
        self._reset_scene()
        planned = plan_scans(case)
        self.scans.set_scans(
            planned,
            [
                self.scene.colour_for(s.jaw, before_preparation=s.before_preparation)
                for s in planned
            ],
        )
        self.sink.start(case.ref if case is not None else None, planned)
        self.maps.start(planned, _prepared_teeth(case))
        self._show_turn(turn, enabled=case is not None)
        if case is None:
            self.scans.set_empty_text(translate("ScanViewport", "Select a case to see its scans."))
            self.stage.set_note(None)
            self.stage.set_message(None)
            self.view.request_frame()
            return
        self.scans.set_empty_text(translate("ScanViewport", "This case has no scans."))
        orientation = resolve_orientation(mapping, portal=case.source, turn=turn)
        self.finding_focus.orientation = orientation
        # Without scans nothing was oriented, let alone "estimated from the scan".
        self.stage.set_note(orientation.note if planned else None)
        if not planned:
            self.stage.set_message(translate("ScanViewport", "This case has no scans."))
            self.first_frame.expect()
            self.full_frame.expect()
            return
        self.stage.set_message(translate("ScanViewport", "Loading the scans…"))
        loader = CaseLoader(
            case.ref,
            planned,
            provider=self.provider,
            orientation=orientation,
            sink=self.sink,
            token=self._token,
            heavy=self._heavy,
            on_oriented=self._on_oriented,
            moving_triangles=self._moving_triangles,
        )
        async_bridge.run(loader.run(), owner=self, key="case", name=f"show the scans of {case.ref}")

    def show_finding(
        self,
        centre_mm: tuple[float, float, float],
        *,
        kind: str,
        figures: Mapping[str, object],
        file: str = "",
    ) -> bool:
        """Fly to a QC finding (its centre in the scan file's coordinates) and ring it; a hole
        of scan ``file`` is then outlined, a fragment tinted. False while the case's
        orientation is not known yet (the centre cannot be placed)."""
        orientation = self.finding_focus.orientation
        if orientation is None or orientation.pending:
            return False
        point = world_point(centre_mm, orientation.matrix)
        self.finding_focus.show(point, finding_radius_mm(kind, figures))
        case = self._case
        scan = next((s for s in case.scan_files if s.filename == file), None) if case else None
        if case is not None and scan is not None and kind in SHAPED_KINDS:
            row = next((r for r in plan_scans(case) if r.file is scan), None)
            if row is not None:
                self.camera.isolate(row.key)
            path = self.provider.cached_path(case.ref, FileKind.SCAN, file, scan.file_type)
            if path is not None:  # the exact mark comes from the file QC checked
                self.finding_focus.show_shape_of(
                    path, jaw=str(scan.jaw), name=file, kind=kind, centre_mm=centre_mm,
                    figures=figures,
                )  # fmt: skip
        return True

    def set_view(self, view: View | str) -> None:
        """One of the standard views (front, left, right, upper, lower), fitted; the occlusal
        views hide the opposing jaw."""
        self.camera.take_view(View(view))

    def fit(self) -> None:
        """Fit what is shown into the view, keeping the direction the camera looks in."""
        self.scene.fit()
        self.view.request_frame()

    def scene_image(self) -> np.ndarray:
        """The 3D view as it is now, (height, width, 3) RGB — rendered afresh, centred on the
        whole picture (the list of scans is not in it)."""
        covered, left = self.scene.covered, self.scene.covered_left
        self.scene.set_covered(0.0)
        try:
            with self.view.at_rest():  # a drag held meanwhile: still the whole, full-size view
                self.view.render()
                image: np.ndarray = np.asarray(self.view.screenshot(return_img=True))
        finally:
            self.scene.set_covered(covered, left=left)
            self.view.request_frame()
        return image

    def save_picture(self, path: Path | None = None) -> Path | None:
        """Write the 3D view to a PNG (asking where when ``path`` is None)."""
        if path is None:
            path = self.dialogs.save_file_path(self, suggested_picture_name(self._case))
            if path is None:
                return None
        try:
            written = save_png(self.scene_image(), path)
        except PictureWriteError as exc:  # one worded sentence already
            self.statusMessage.emit(str(exc))
            return None
        except OSError as exc:
            self.statusMessage.emit(
                translate("ScanViewport", "The picture could not be saved: {reason}.").format(
                    reason=os_reason(exc)
                )
            )
            return None
        self.statusMessage.emit(
            translate("ScanViewport", "Picture saved to {path}").format(path=written)
        )
        return written

    def close(self) -> bool:
        """Stop loading and release VTK: the scene first, then the plotter."""
        if not self._closed:
            self._closed = True
            self._token.live = False
            async_bridge.cancel_owned(self)
            self.maps.close()
            self.finding_focus.close()
            self.measure_tool.clear()
            self.view.removeEventFilter(self.measure_tool)
            self.view.removeEventFilter(self)
            self.scene.close()
            self.view.close()
        return super().close()

    # ------------------------------------------------------------------ Qt

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # The keypad's digits count as digits.
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        action = self.controls.action_for(QKeySequence(event.key() | modifiers.value))
        if action is None or not action.isEnabled():
            super().keyPressEvent(event)
            return
        action.trigger()
        event.accept()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view and event.type() in _CAMERA_EVENTS:
            self.camera.moved = True
        return False

    # ------------------------------------------------------------------ internals

    def retry(self) -> None:
        """Load the case shown again when one of its scans could not be had ("Try again")."""
        if self._case is not None:
            self.show_case(self._case)

    def _mapping(self, source: str | None) -> str | None:
        try:
            return self._axis_mapping_for(source)
        except Exception:  # a closed store must not keep the scans from showing
            _log.exception("the axis mapping of %r could not be looked up", source)
            return None

    def _shows_already(self, case: Case | None, mapping: str | None, turn: Turn) -> bool:
        shown = self._case
        if case is None or shown is None or case.ref != shown.ref or case.source != shown.source:
            return False
        if mapping != self._mapping_text or turn != self._turn:
            return False
        if _scan_keys(case) != _scan_keys(shown):
            return False
        trouble = (RowState.PROBLEM, RowState.OFFLINE)
        return not any(row.state in trouble for row in self.scans.rows())

    def _reset_scene(self) -> None:
        self.measure_tool.clear()
        self.finding_focus.clear()
        self.finding_focus.forget_shapes()
        self.finding_focus.orientation = None
        self.scene.clear()
        self.stage.pictures.clear()
        self.controls.scanner_colours.setEnabled(False)
        self.camera.reset()

    def _surfaces(self) -> list[Any]:
        return [piece for state in self.scene for piece in state.pieces]

    def _on_visibility(self, key: str, shown: bool) -> None:
        self.camera.person_toggled(key)
        if self.scene.scan(key) is not None:
            self.scene.set_visible(key, shown)
            self.view.request_frame()

    def _on_opacity(self, key: str, opacity: float) -> None:
        if self.scene.scan(key) is not None:
            self.scene.set_opacity(key, opacity)
            self.view.request_frame()

    def _on_scanner_colours(self, enabled: bool) -> None:
        self.scene.set_vertex_colours(enabled)
        self.view.request_frame()

    def _on_escape(self) -> None:
        if not self.measure_tool.clear() and self.measure_tool.active:
            self.controls.measure.setChecked(False)

    def _on_covered(self) -> None:
        self.scene.set_covered(self.stage.covered, left=self.stage.covered_left)
        self.camera.frame()  # fitted again into the room there is now, unless moved by hand
        self.view.request_frame()

    def _on_map_shown(self, choice: MapChoice | None) -> None:
        """A map was chosen: look where its colours are, with the painted scan shown. A
        clearance or reduction map: the painted jaw's occlusal view (which hides the
        antagonist and the bite). An undercut map: the prepared teeth from the side
        (`map_choices.undercut_view`; undercuts face away from the occlusal view), the painted
        scan alone — the antagonist and a bite scan would stand in front of its walls."""
        if choice is None or choice.target is None or choice.jaw not in _OCCLUSAL_VIEWS:
            return
        if choice.kind is MapKind.UNDERCUT:
            self.set_view(undercut_view(choice.teeth))
            self.camera.isolate(choice.target)  # the next standard view brings the others back
            self.fit()
            return
        self.set_view(_OCCLUSAL_VIEWS[choice.jaw])
        row = self.scans.row(choice.target)
        if row is not None and not row.shown:
            row.eye.setChecked(True)  # the row tells the viewport, which updates the scene

    def _on_fold_scan_list(self) -> None:
        self.scans.set_folded(not self.scans.folded)

    def _on_save_picture(self) -> None:
        self.save_picture()

    def _moving_triangles(self) -> int | None:
        """The cap on a coarse copy's triangles from the view's render policy (None before
        the view's OpenGL was asked, or where there is none)."""
        policy = self.view.policy
        return policy.moving_triangles if policy is not None else None

    def _on_oriented(self, orientation: Orientation) -> None:
        """The loader estimated the orientation: the note says how it went."""
        self.finding_focus.orientation = orientation
        self.stage.set_note(orientation.note)

    def _show_turn(self, turn: Turn, *, enabled: bool) -> None:
        for action, checked in (
            (self.controls.upside_down, turn.upside_down),
            (self.controls.back_to_front, turn.back_to_front),
        ):
            action.setEnabled(enabled)
            action.setChecked(checked)

    def _on_turn(self) -> None:
        """Flip or Turn was pressed: remember the portal's new turn and show the case again."""
        case = self._case
        if case is None:
            return
        turn = Turn(
            upside_down=self.controls.upside_down.isChecked(),
            back_to_front=self.controls.back_to_front.isChecked(),
        )
        portal = case.source or translate("ScanViewport", "this portal")
        try:
            self.turns.remember(case.source, turn)
        except OSError as exc:
            self.statusMessage.emit(
                translate(
                    "ScanViewport", "The turn could not be remembered for {portal}: {reason}."
                ).format(portal=portal, reason=os_reason(exc))
            )
        else:
            what = describe_turn(turn) or translate("ScanViewport", "as the portal sends them")
            shown = (
                translate("ScanViewport", "Scans of {portal} are shown {turn} from now on.")
                if case.source
                else translate("ScanViewport", "Scans of {portal} are shown {turn} for this case.")
            )
            self.statusMessage.emit(shown.format(portal=portal, turn=what))
        if not case.source:
            self._unnamed_turns[case.ref] = turn  # nothing to remember it under
        view = self.camera.choice
        self.show_case(case, again=True)
        self.camera.choice = view  # the occlusal views hide the opposing jaw as it arrives

    def _turn_for(self, case: Case | None) -> Turn:
        if case is None:
            return Turn()
        if not case.source:
            return self._unnamed_turns.get(case.ref, Turn())
        return self.turns.turn_for(case.source)

    def _on_measured(self, measurement: Measurement) -> None:
        count = len(self.measure_tool.measurements)
        self.statusMessage.emit(
            translate("ScanViewport", "Distance {number}: {length}").format(
                number=count, length=measurement.label
            )
        )

    def _sync_measure_action(self) -> None:
        self.controls.measure.setChecked(self.measure_tool.active)


def _scan_keys(case: Case) -> list[tuple[str | None, ...]]:
    return [(s.filename, s.file_type, s.scan_type, str(s.jaw)) for s in case.scan_files]


def _prepared_teeth(case: Case | None) -> list[int]:
    """The case's prepared teeth (FDI numbers) for the undercut maps. `scaninbox.qc` is imported
    only for a case with work: not with the 3D stack, which a first frame waits for."""
    if case is None or not case.worktypes:
        return []
    from scaninbox.qc import prepared_teeth

    return [p.tooth for p in prepared_teeth(case.worktypes)]
