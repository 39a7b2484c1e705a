"""Counting a widget's paint events, for tests that a burst of updates draws a few times, not
once per update."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject

__all__ = ["PaintCounter"]


class PaintCounter(QObject):
    """An event filter counting the paint events of the widgets it is installed on."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False
