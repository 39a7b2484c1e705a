"""``--quit-when-ready``: wait until a case is selected and shown (with its scans at full
resolution in the 3D view when the viewer exists — not a preview of them), save a screenshot of
the window, and quit — or give up after a while. With files (``gui --quit-when-ready FILE…``) the
"Local files" window is watched instead (`LocalFilesReadiness`).

The harness watches the app from outside: ``attach_readiness`` is handed to ``run_gui`` as its
``on_controller`` hook by the ``gui`` command and the self-check, so the shell never imports the
harness (the harness sits above the shell in pyproject's import contract).

The screenshot shows the picture a person ends up looking at: the window is grabbed once the 3D
view shows its final (smooth) frame (`final_grab.FinalFrameGrab`), not after a fixed delay.

This is the fresh-machine smoke check: ``scaninbox gui --demo --quit-when-ready --screenshot
x.png`` exits 0 with a PNG when the whole path (sandbox, sign-in, sync, store, table, pane,
viewer) works, and 1 with a message saying what never happened otherwise.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from scaninbox.domain import CaseRef
from scaninbox.qt.harness.final_grab import FinalFrameGrab
from scaninbox.qt.runtime.startup_trace import trace

if TYPE_CHECKING:
    from scaninbox.qt.shell.app_controller import AppController
    from scaninbox.qt.shell.local_files_window import LocalFilesWindow
    from scaninbox.qt.shell.main_window import MainWindow
    from scaninbox.qt.shell.viewer_host import ViewerHost

__all__ = ["LocalFilesReadiness", "ReadinessWatch", "attach_readiness"]

_log = logging.getLogger(__name__)


def attach_readiness(controller: AppController) -> ReadinessWatch | LocalFilesReadiness | None:
    """The readiness check ``controller``'s options ask for (``--quit-when-ready``, with files or
    without), made before the controller starts; its ``done`` quits the app. None without
    ``--quit-when-ready``. The check is the controller's child and lives as long as it."""
    options = controller.options
    if not options.quit_when_ready:
        return None
    watch: ReadinessWatch | LocalFilesReadiness
    if options.files:  # the smoke check of opening files
        watch = LocalFilesReadiness(
            controller.local_files(),
            screenshot=options.screenshot,
            timeout_s=options.ready_timeout_s,
            parent=controller,
        )
    else:
        watch = ReadinessWatch(
            controller.window,
            controller.viewer,
            screenshot=options.screenshot,
            timeout_s=options.ready_timeout_s,
            parent=controller,
        )
    watch.done.connect(controller.quit)
    return watch


class ReadinessWatch(QObject):
    """Emits ``done(exit_code)`` once ready (0) or after ``timeout_s`` (1)."""

    done = Signal(int)

    def __init__(
        self,
        window: MainWindow,
        viewer: ViewerHost,
        *,
        screenshot: Path | None,
        timeout_s: float,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._window = window
        self._viewer = viewer
        self._shown: CaseRef | None = None
        self._framed: CaseRef | None = None
        self._viewer_settled = False
        self._finished = False
        self._grab = FinalFrameGrab(window, self._view, screenshot, parent=self)
        self._grab.done.connect(self._on_grabbed)
        model = window.inbox.model
        model.queryApplied.connect(self._select_first_case)
        window.cases.caseShown.connect(self._on_case_shown)
        viewer.caseShown.connect(self._on_first_frame)
        viewer.caseComplete.connect(self._on_frame)
        viewer.unavailable.connect(self._on_viewer_unavailable)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._give_up)
        self._timer.start(int(timeout_s * 1000))

    def _select_first_case(self) -> None:
        view = self._window.inbox.view
        if view.selected_ref is None and self._window.inbox.model.rowCount() > 0:
            view.select_ref(self._window.inbox.model.ref_at(0))

    def _on_case_shown(self, ref: CaseRef | None) -> None:
        if ref is not None:
            trace("case-shown")
            self._shown = ref
            self._check()

    def _on_first_frame(self, ref: object) -> None:
        if isinstance(ref, CaseRef):
            trace("case-3d-frame")  # something of the first case drawn (a preview may be all)

    def _on_frame(self, ref: object) -> None:
        self._framed = ref if isinstance(ref, CaseRef) else None
        if self._framed is not None:
            trace("case-full-frame")  # its scans at full resolution: what a person waits for
        self._check()

    def _on_viewer_unavailable(self, _text: str) -> None:
        self._viewer_settled = True
        self._check()

    def _check(self) -> None:
        if self._finished or self._shown is None:
            return
        if self._viewer.viewport is not None:
            if self._framed != self._shown:
                return
        elif not self._viewer_settled:
            return
        self._finished = True
        self._grab.start()

    def _view(self) -> Any:
        """The viewer's 3D view (`SceneInteractor`), None without a viewer."""
        viewport = self._viewer.viewport
        return None if viewport is None else viewport.view

    def _on_grabbed(self, code: int) -> None:
        self._timer.stop()
        self.done.emit(code)

    def _give_up(self) -> None:
        if self._shown is None:
            missing = "no case was shown (signing in, syncing or the inbox did not finish)"
        elif not self._finished:
            missing = "the 3D viewer did not draw the case"
        else:
            missing = "the 3D view never settled (it kept drawing new frames)"
        self._finished = True
        self._grab.cancel()
        print(f"Scan Inbox was not ready in time: {missing}.", file=sys.stderr)
        _log.error("--quit-when-ready gave up: %s", missing)
        self.done.emit(1)


class LocalFilesReadiness(QObject):
    """``scaninbox gui --quit-when-ready [--screenshot PATH] FILE…``: once the files are drawn
    and the 3D view shows its final (smooth) frame, save the "Local files" window and emit
    ``done(0)``; ``done(1)`` when nothing could be shown or after ``timeout_s`` (the smoke check
    of opening files on a fresh machine)."""

    done = Signal(int)

    def __init__(
        self,
        window: LocalFilesWindow,
        *,
        screenshot: Path | None,
        timeout_s: float,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._window = window
        self._finished = False
        self._grab = FinalFrameGrab(window, self._view, screenshot, parent=self)
        self._grab.done.connect(self._on_grabbed)
        window.caseShown.connect(self._on_shown)
        # What a person waits for, and what benchmarks/startup.py --file times beside f3d.
        window.caseComplete.connect(lambda _case: trace("files-full-frame"))
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._give_up)
        self._timer.start(int(timeout_s * 1000))

    def _view(self) -> Any:
        """The window's 3D view (`SceneInteractor`), None without a viewer."""
        viewport = self._window.viewport
        return None if viewport is None else viewport.view

    def _on_shown(self, _case: object) -> None:
        if not self._finished:
            self._finished = True
            self._grab.start()

    def _on_grabbed(self, code: int) -> None:
        self._timer.stop()
        self.done.emit(code)

    def _give_up(self) -> None:
        if self._finished:
            return
        self._finished = True
        self._grab.cancel()
        problems = " ".join(self._window.problem_text) or "the 3D viewer did not draw them"
        print(f"The scan files were not shown in time: {problems}", file=sys.stderr)
        self.done.emit(1)
