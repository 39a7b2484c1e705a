"""Grab a window for ``--quit-when-ready --screenshot`` once its 3D view shows its final frame.

Under software OpenGL the viewer draws each frame first as a draft and smooths its edges once
the view has settled (`SceneInteractor`). A grab after a fixed delay saves the draft whenever a
loaded machine (or a case whose full scans follow their previews) settles later than the delay;
so the grab waits for the view's ``frameSettled``. A grab that had to draw a draft after all (the
window's layout changed the view's size meanwhile) waits for the next settled frame. Both
readiness checks use it: the inbox's first case (`readiness.ReadinessWatch`) and local files
(`local_files_window.LocalFilesReadiness`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

__all__ = ["FinalFrameGrab", "save_screenshot"]


class FinalFrameGrab(QObject):
    """``start()``: grab ``window`` into ``screenshot`` as soon as the view that ``view_of``
    returns (None: no 3D view) shows its final frame; ``done(exit_code)`` once, after the grab.
    ``cancel()`` (a readiness check that gave up) stops it."""

    done = Signal(int)

    def __init__(
        self,
        window: QWidget,
        view_of: Callable[[], Any],
        screenshot: Path | None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._window = window
        self._view_of = view_of
        self._screenshot = screenshot
        self._view: Any = None
        self._active = False
        self._grabbing = False

    def start(self) -> None:
        if self._active:
            return
        self._active = True
        self._view = self._view_of()
        if self._view is not None:
            self._view.frameSettled.connect(self._grab_when_final)
        # After the events already queued (the layout, the frame on its way).
        QTimer.singleShot(0, self._grab_when_final)

    def cancel(self) -> None:
        if self._active:
            self._stop()

    def _grab_when_final(self) -> None:
        if self._grabbing or not self._active:
            return  # in the middle of a grab, or over
        view = self._view
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
        self._stop()
        self.done.emit(code)

    def _stop(self) -> None:
        self._active = False
        if self._view is not None:
            self._view.frameSettled.disconnect(self._grab_when_final)
            self._view = None


def save_screenshot(window: QWidget, path: Path | None) -> int:
    """The exit code of a ``--quit-when-ready`` run once ready: ``window`` grabbed into ``path``
    (when asked for), 1 with a message when it cannot be written."""
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not window.grab().save(str(path)):
            print(f"Could not write the screenshot {path}.", file=sys.stderr)
            return 1
    return 0
