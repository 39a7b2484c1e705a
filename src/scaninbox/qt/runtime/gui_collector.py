"""Cyclic garbage collected on the GUI thread only.

CPython runs its cyclic collector in whichever thread happens to allocate past the collector's
threshold. In this app that is often a worker: the HTTP client's and the sandbox's threads, the QC
pool, the mesh readers. Counted over the shell tests and three viewer test files: ~1000 collections
ran off the GUI thread, 174 of them freeing garbage — among it the wrappers of QSocketNotifier,
QTimer and QEventLoop objects and a VTK interactor style (pyvista's), each finalized on the worker.
A PySide connection to a slot that died is disconnected there too: Qt's signal-slot lock is taken
on the worker, which then waits for the GIL — while the GUI thread, holding the GIL, waits for that
lock in ``QObject::connect``. That deadlock was caught with gdb while looking for a rare abort in
the viewport tests (the worker there was dropping objects a diagnostic had listed from a collector
callback: the same release on the wrong thread, by another hand). And Qt ends the process
(``qFatal``) for some work done on a QObject from a thread that does not own it (making its OpenGL
context current, for one).

So the automatic collector is switched off, and a timer on the GUI thread does its job: every
`INTERVAL_MS` it collects the generations whose thresholds the allocation counts have
crossed, as CPython's own trigger does — including its brake on full collections: the oldest
generation is collected only once it has grown by a quarter since the last full collection
(a full one walks every tracked object, and would otherwise come again and again under steady
allocation, a visible stutter on the GUI thread; figures: benchmarks/README.md). Reference counting
still frees whatever is not in a cycle at once, on any thread; only cycles wait, at most
`INTERVAL_MS`. (pyqtgraph ships the same remedy for the same reason, its
``GarbageCollector``.) ``tests/qt/test_gui_collector.py`` shows
a worker collecting the GUI thread's garbage without it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QObject, QTimer

__all__ = ["INTERVAL_MS", "GuiCollector", "collecting_on_the_gui_thread"]

INTERVAL_MS = 250  # how long a cycle may wait; each tick is a counter check, rarely a collection


class GuiCollector(QObject):
    """Switches CPython's automatic cyclic collector off and collects from a timer on the
    thread that makes it (the GUI thread) instead, until `stop`."""

    def __init__(self, parent: QObject | None = None, *, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self._was_enabled = gc.isenabled()
        gc.disable()
        # The oldest generation's size after the last full collection, and the number of
        # middle collections at which to look at its growth again (each look lists it, which
        # is not free with the running app's many tracked objects).
        self._long_lived = len(gc.get_objects(generation=2))
        self._look_again_at = 0
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    def collect_due(self) -> int:
        """Collect the generations that are due (none, the youngest, or older ones too);
        returns how many objects were found unreachable."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        if counts[0] <= thresholds[0]:
            return 0
        generation = 0
        if counts[1] > thresholds[1]:
            generation = 2 if self._full_is_due(counts[2], thresholds[2]) else 1
        found = gc.collect(generation)
        if generation == 2:
            self._long_lived = len(gc.get_objects(generation=2))
            self._look_again_at = 0
        return found

    def _full_is_due(self, count: int, threshold: int) -> bool:
        """CPython's rule: past the oldest generation's threshold, and grown by a quarter
        since the last full collection (so full collections cost linear time overall)."""
        if count <= threshold or count < self._look_again_at:
            return False
        grown = len(gc.get_objects(generation=2)) - self._long_lived
        if grown >= self._long_lived // 4:
            return True
        self._look_again_at = count + threshold
        return False

    def stop(self) -> None:
        """Give collection back to CPython (as it was before)."""
        self._timer.stop()
        if self._was_enabled:
            gc.enable()


@contextmanager
def collecting_on_the_gui_thread(parent: QObject | None = None) -> Iterator[GuiCollector]:
    """A `GuiCollector` for the duration of the ``with`` block (call on the GUI thread)."""
    collector = GuiCollector(parent)
    try:
        yield collector
    finally:
        collector.stop()
