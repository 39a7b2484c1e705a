"""``--quit-when-ready``: wait until a case is selected and shown (with its first 3D frame when
the viewer exists), save a screenshot of the window, and quit — or give up after a while.

The screenshot shows the picture a person ends up looking at. Under software OpenGL the viewer
draws each frame first as a draft and smooths its edges once the view has settled
(`SceneInteractor`), so the window is grabbed when the viewer says its smooth frame is on
screen (``frameSettled``), not after a fixed delay that a loaded machine (or a case whose full
scans arrive after its previews) outlasts. A grab that had to draw a draft after all (the
window's layout changed the view's size meanwhile) waits for the next settled frame.

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
        self._grabbing = False  # waiting for the view's smooth frame to grab the window
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
        self._finished = True
        view = self._view()
        if view is not None:
            view.frameSettled.connect(self._grab_when_final)
        # After the events already queued (the pane's layout, the frame on its way).
        QTimer.singleShot(0, self._grab_when_final)

    def _view(self) -> Any:
        """The viewer's 3D view (`SceneInteractor`), None without a viewer."""
        viewport = self._viewer.viewport
        return None if viewport is None else viewport.view

    def _grab_when_final(self) -> None:
        if self._grabbing or not self._timer.isActive():
            return  # in the middle of a grab, or already given up
        view = self._view()
        if view is not None and not view.shows_final_frame:
            return  # its ``frameSettled`` comes once the smooth frame is on screen
        self._grabbing = True
        try:
            code = save_screenshot(self._window, self._screenshot)
        finally:
            self._grabbing = False
        if code == 0 and view is not None and not view.shows_final_frame:
            # The grab drew a draft (the view was resized meanwhile): the next settled frame.
            view.request_frame()
            return
        self._timer.stop()
        if view is not None:
            view.frameSettled.disconnect(self._grab_when_final)
        self.done.emit(code)

    def _give_up(self) -> None:
        if self._shown is None:
            missing = "no case was shown (signing in, syncing or the inbox did not finish)"
        elif not self._finished:
            missing = "the 3D viewer did not draw the case"
        else:
            missing = "the 3D view never settled (it kept drawing new frames)"
        self._finished = True
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
