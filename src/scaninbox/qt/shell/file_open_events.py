"""Files the desktop opens with the running app: macOS sends them as ``QFileOpenEvent``.

On macOS, Finder's "Open with", a drop on the Dock icon and the files a launch was opened with
do not arrive as arguments or through a second launch (`single_instance`): the system sends
the running app one ``QFileOpenEvent`` per file, to the application object. They are taken the
way a second launch's files are — gathered while they arrive together (one event per file of
one "Open with") and handed on at once, to the "Local files" window.

The application's own class takes them in its ``event``: an event filter on the application
would see every event of every object in Python.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QTimer, Signal
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

__all__ = ["ScanInboxApplication", "hand_opened_files_to"]

_log = logging.getLogger(__name__)


class ScanInboxApplication(QApplication):
    """The application object. Signal ``filesOpened(list[Path])``: files the desktop opened
    with the app (macOS), those arriving together handed on at once."""

    filesOpened = Signal(list)

    def __init__(self, argv: Sequence[str]) -> None:
        super().__init__(list(argv))
        self._opened: list[Path] = []
        self._gather = QTimer(self)
        self._gather.setSingleShot(True)
        self._gather.setInterval(0)  # the events of one "Open with" are queued together
        self._gather.timeout.connect(self._hand_on)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            self._take(event)
            return True
        return super().event(event)

    def _take(self, event: QFileOpenEvent) -> None:
        url = event.url()
        name = event.file() or (url.toLocalFile() if url.isLocalFile() else "")
        if not name:  # a link of another kind (a web address): nothing of ours
            _log.info("a file-open event without a local file was ignored: %s", url.toString())
            return
        path = Path(name)
        if path not in self._opened:
            self._opened.append(path)
        self._gather.start()

    def _hand_on(self) -> None:
        opened, self._opened = self._opened, []
        if opened:
            self.filesOpened.emit(opened)


def hand_opened_files_to(app: object, open_files: Callable[[list[Path]], None]) -> None:
    """Have the files the desktop opens with ``app`` go to ``open_files`` (the "Local files"
    window, as a second launch's do). Nothing when ``app`` is not ours (embedded, tests)."""
    if isinstance(app, ScanInboxApplication):
        app.filesOpened.connect(open_files)
