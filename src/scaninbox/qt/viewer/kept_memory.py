"""Giving the mesh readers' kept memory back once the viewer has been idle for a while.

The C reader keeps up to 32 MiB of freed array mappings (`scans/kept_arrays.py`), so the next
scan's arrays come without page faults: between cases that is speed, in a window left open all
day it is memory held for nothing. ``KeptMemoryRelease`` gives it back ``idle_ms`` after the
last case load ended, unless another one began meanwhile (loads are counted: a load cancelled by
a newer case ends after the newer one began).
"""

from __future__ import annotations

import logging
import threading

from PySide6.QtCore import QObject, QTimer

__all__ = ["IDLE_MS", "KeptMemoryRelease"]

_log = logging.getLogger(__name__)
IDLE_MS = 60_000


class KeptMemoryRelease(QObject):
    """Call `busy` when a load begins and `idle` when it ends (however it ends); `stop` when
    the viewer closes (a load cancelled by the close ends after it, and must not arm it)."""

    def __init__(self, parent: QObject | None = None, *, idle_ms: int = IDLE_MS) -> None:
        super().__init__(parent)
        self._loads = 0
        self._stopped = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(idle_ms)
        self._timer.timeout.connect(self._give_back)

    @property
    def waiting(self) -> bool:
        """True while the memory is due to be given back."""
        return self._timer.isActive()

    def busy(self) -> None:
        self._loads += 1
        self._timer.stop()

    def idle(self) -> None:
        self._loads = max(0, self._loads - 1)
        if self._loads == 0 and not self._stopped:
            self._timer.start()

    def stop(self) -> None:
        self._stopped = True
        self._timer.stop()

    def _give_back(self) -> None:
        # munmap of up to 32 MiB takes a few ms: on a thread of its own, which needs no event
        # loop (the timer may fire while the app is quitting and its loop has stopped).
        threading.Thread(target=_give_back, name="give back kept memory", daemon=True).start()


def _give_back() -> None:
    from scaninbox.scans.kept_arrays import give_back

    given = give_back()
    if given:
        _log.debug("gave %d bytes of kept mesh memory back to the system", given)
