"""Bringing the 3D viewer in after the window is up: VTK loads in the background.

Importing VTK, pyvista and pyvistaqt costs about a second of the import thread's CPU
(benchmarks/README.md, startup.py; its wall time grows with whatever else holds Python's lock or the
machine's cores), so the window opens without them: the case pane's "3D scans" tab shows "Loading
the 3D viewer…" while ``scaninbox.qt.viewer.preload_3d_stack()`` imports the stack on a worker
thread, from the window's first paint on (not earlier: see ``app_controller``); then the viewport
is created on the GUI thread, put into the tab, and shown the current case. When the viewer
cannot be loaded the tab says so in plain words and the rest of the window works.

A case selected while the stack is still loading has fetched meanwhile what the viewport's first
look would draw and this computer lacks — a jaw's preview where the case has one (small), else
the scan itself —, so the viewport, once there, draws it in one read and one frame instead of
starting the downloads only then. Nothing more: the full scans behind previews are the
viewport's to fetch after its first frame, as ever (fetching them ahead made the first frame
wait for them). Trouble fetching is left for the viewport to report (it fetches again, sharing
any download still running).

The viewport is a ``QOpenGLWidget``. Adding the first one to a window that is already on screen
makes Qt switch the window to OpenGL composition by destroying and re-creating its native
window: window managers then treat it as a new window, activate it and stack it over the
sign-in dialog (whose "transient for" still names the destroyed window), and the dialog's
keystrokes go to the inbox's search box. ``prepare_window`` puts a hidden ``QOpenGLWidget`` in
the pane before the window is first shown, so the window is born with the composition the
viewport needs and is never re-created. (QtOpenGLWidgets is a small Qt module, not VTK.)
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

from scaninbox.domain import Case, FileKind, ScanFile, is_preview
from scaninbox.language import translate
from scaninbox.portal_turns import PortalTurns
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.files import CaseFile, CaseFileProvider
from scaninbox.qt.files.file_fetch import FileProblem, obtain
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.runtime.startup_trace import trace

__all__ = ["ViewerHost"]

_log = logging.getLogger(__name__)


class ViewerHost(QObject):
    """Owns the 3D viewport once it exists. Signals: ``ready()`` (the viewport is in place),
    ``unavailable(str)``, ``caseShown(CaseRef)`` (its first frame of a case),
    ``caseComplete(CaseRef)`` (its first frame with the case's scans at full resolution),
    ``statusMessage(str)``."""

    ready = Signal()
    unavailable = Signal(str)
    caseShown = Signal(object)
    caseComplete = Signal(object)
    statusMessage = Signal(str)

    def __init__(
        self,
        pane: CasePane,
        provider: CaseFileProvider,
        *,
        axis_mapping_for: Callable[[str | None], str | None],
        jaw_colours: Mapping[str, str],
        turns: PortalTurns | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._turns = turns
        self._pane = pane
        self._provider = provider
        self._axis_mapping_for = axis_mapping_for
        self._jaw_colours = jaw_colours
        self._case: Case | None = None
        self._started = False
        self._on_first_case = False
        self._gave_up = False
        self.viewport: Any = None
        self._gl_stand_in: QWidget | None = None
        self.placeholder = QLabel(translate("ViewerHost", "Loading the 3D viewer…"), pane)
        self.placeholder.setObjectName("viewerPlaceholder")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        pane.set_viewer_widget(self.placeholder)

    def prepare_window(self) -> None:
        """Call before the window is first shown when the viewer will load (see the module
        docstring): the window gets its final native window at once."""
        from PySide6.QtOpenGLWidgets import QOpenGLWidget

        if self._gl_stand_in is None and self.viewport is None:
            self._gl_stand_in = QOpenGLWidget(self._pane)
            self._gl_stand_in.setObjectName("openGlCompositionStandIn")
            self._gl_stand_in.hide()

    @property
    def case(self) -> Case | None:
        """The case the window shows (the viewport's, once there is one)."""
        return self._case

    @property
    def gave_up(self) -> bool:
        """Whether the 3D viewer is known not to come (missing, or it could not start)."""
        return self._gave_up

    @property
    def started(self) -> bool:
        """Whether `start` was called (the stack is loading or loaded)."""
        return self._started

    def start(self) -> None:
        """Load the 3D stack in the background (call once the window is shown; later calls do
        nothing)."""
        if self._started:
            return
        self._started = True
        trace("3d-loading")
        async_bridge.run(self._load(), owner=self, key="load", name="load the 3D viewer")

    def start_with_first_case(self) -> None:
        """Load the 3D stack and make the viewport once a case is shown (at once when one is
        shown already). For the window of an app started to look at files: until a case is
        selected nobody sees the viewport (the pane says "Select a case"), and an empty one
        still holds a GL context with its render targets (under software OpenGL in main
        memory) beside the files' viewport. The stack is imported by then, so the case waits
        only for the viewport's creation."""
        self._on_first_case = True
        if self._case is not None:
            self.start()

    def show_case(self, case: Case | None) -> None:
        if case is not None and self._on_first_case:
            self.start()
        previous, self._case = self._case, case
        if case is None or previous is None or case.ref != previous.ref:
            async_bridge.cancel(self, "prefetch")
        if self.viewport is not None:
            self.viewport.show_case(case)
        elif case is not None and self._started and not self._gave_up:
            async_bridge.run(
                self._prefetch(case), owner=self, key="prefetch", name=f"fetch {case.ref}'s scans"
            )

    def show_finding(self, finding: Any, file: str = "") -> bool:
        """Fly the 3D view to a QC finding (`scaninbox.qc.Finding`) of scan ``file`` (a hole
        is outlined, a fragment tinted); False when it cannot (no viewport yet, no centre, or
        the case's orientation not known yet)."""
        if self.viewport is None or finding.center_mm is None:
            return False
        return bool(
            self.viewport.show_finding(
                finding.center_mm, kind=finding.kind, figures=dict(finding.figures), file=file
            )
        )

    def close(self) -> None:
        async_bridge.cancel_owned(self)
        if self.viewport is not None:
            self.viewport.close()
            self.viewport = None

    async def _load(self) -> None:
        try:
            # Looked up by name: the viewer is a separate part and may be missing from a build.
            viewer: Any = importlib.import_module("scaninbox.qt.viewer")
        except ImportError as exc:
            _log.warning("the 3D viewer is not available: %s", exc)
            self._unavailable(
                translate("ViewerHost", "The 3D viewer is not part of this installation.")
            )
            return
        try:
            await async_bridge.to_thread(viewer.preload_3d_stack)
            trace("3d-imported")
            viewport = viewer.create_scan_viewport(
                self._provider,
                self._axis_mapping_for,
                self._jaw_colours,
                parent=self._pane,
                turns=self._turns,
            )
        except Exception as exc:  # a broken OpenGL driver must not take the window down
            _log.exception("the 3D viewer could not start")
            self._unavailable(
                translate("ViewerHost", "The 3D viewer could not start: {error}").format(error=exc)
            )
            return
        self.viewport = viewport
        viewport.statusMessage.connect(self.statusMessage)
        viewport.caseShown.connect(self.caseShown)
        viewport.caseComplete.connect(self.caseComplete)
        self._pane.set_viewer_widget(viewport)
        if self._gl_stand_in is not None:  # the window keeps its composition without it
            self._gl_stand_in.deleteLater()
            self._gl_stand_in = None
        self.ready.emit()
        viewport.show_case(self._case)

    async def _prefetch(self, case: Case) -> None:
        """Fetch ``case``'s scan files (previews first) while the viewport does not exist yet."""
        scans = sorted((s for s in case.scan_files if s.filename), key=lambda s: not is_preview(s))
        results = await asyncio.gather(
            *(
                obtain(
                    self._provider,
                    CaseFile(case.ref, FileKind.SCAN, scan.filename or "", scan.file_type),
                    _no_progress,
                    refresh=False,
                )
                for scan in scans
            ),
            return_exceptions=True,
        )
        for scan, result in zip(scans, results, strict=True):
            if isinstance(result, FileProblem):  # the viewport tries again and says why
                _log.info("%s was not fetched ahead: %s", scan.filename, result)
            elif isinstance(result, BaseException):
                raise result

    def _unavailable(self, text: str) -> None:
        self._gave_up = True
        async_bridge.cancel(self, "prefetch")
        self.placeholder.setText(text)
        self.unavailable.emit(text)


def first_look_files(case: Case) -> list[ScanFile]:
    """The files the viewport's first look draws: each jaw's preview where the case has one,
    the scans of the other jaws (already cached ones included: fetching those costs nothing)."""
    files = [s for s in case.scan_files if s.filename]
    previews = [s for s in files if is_preview(s)]
    shown_by_preview = {s.jaw for s in previews}
    return previews + [s for s in files if not is_preview(s) and s.jaw not in shown_by_preview]


def _no_progress(_received: int, _total: int | None) -> None:
    """The rows that show download progress belong to the viewport, which does not exist yet."""
