"""``--quit-when-ready``: wait until a case is selected and shown (with its first 3D frame when
the viewer exists), save a screenshot of the window, and quit — or give up after a while.

This is the fresh-machine smoke check: ``scaninbox gui --demo --quit-when-ready --screenshot
x.png`` exits 0 with a PNG when the whole path (sandbox, sign-in, sync, store, table, pane,
viewer) works, and 1 with a message saying what never happened otherwise.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from scaninbox.domain import CaseRef
from scaninbox.qt.main_window import MainWindow
from scaninbox.qt.startup_trace import trace
from scaninbox.qt.viewer_host import ViewerHost

__all__ = ["ReadinessWatch", "save_screenshot"]

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
        self._screenshot = screenshot
        self._shown: CaseRef | None = None
        self._framed: CaseRef | None = None
        self._viewer_settled = False
        self._finished = False
        model = window.inbox.model
        model.queryApplied.connect(self._select_first_case)
        window.cases.caseShown.connect(self._on_case_shown)
        viewer.caseShown.connect(self._on_frame)
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

    def _on_frame(self, ref: object) -> None:
        self._framed = ref if isinstance(ref, CaseRef) else None
        if self._framed is not None:
            trace("case-3d-frame")  # the first case's scans drawn: what a person waits for
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
        # Let the last frame and the pane's layout reach the screen before grabbing it.
        QTimer.singleShot(300, self._finish)
        self._finished = True

    def _finish(self) -> None:
        self._timer.stop()
        self.done.emit(save_screenshot(self._window, self._screenshot))

    def _give_up(self) -> None:
        if self._finished:
            return
        self._finished = True
        if self._shown is None:
            missing = "no case was shown (signing in, syncing or the inbox did not finish)"
        else:
            missing = "the 3D viewer did not draw the case"
        print(f"Scan Inbox was not ready in time: {missing}.", file=sys.stderr)
        _log.error("--quit-when-ready gave up: %s", missing)
        self.done.emit(1)


def save_screenshot(window: QWidget, path: Path | None) -> int:
    """The exit code of a ``--quit-when-ready`` run once ready: ``window`` grabbed into ``path``
    (when asked for), 1 with a message when it cannot be written."""
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not window.grab().save(str(path)):
            print(f"Could not write the screenshot {path}.", file=sys.stderr)
            return 1
    return 0
