"""``--quit-when-ready``: wait until a case is selected and shown (with its scans at full
resolution in the 3D view when the viewer exists — not a preview of them), save a screenshot of
the window, and quit — or give up after a while.

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
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from scaninbox.domain import CaseRef
from scaninbox.qt.harness.final_grab import FinalFrameGrab
from scaninbox.qt.harness.startup_trace import trace
from scaninbox.qt.shell.main_window import MainWindow
from scaninbox.qt.shell.viewer_host import ViewerHost

__all__ = ["ReadinessWatch"]

_log = logging.getLogger(__name__)


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
