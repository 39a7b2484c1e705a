"""Cyclic garbage dies on the GUI thread, however busy the workers are (`GuiCollector`)."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scaninbox.qt.runtime.gui_collector import GuiCollector, collecting_on_the_gui_thread


class _Cycle:
    """Garbage only the cyclic collector frees (it refers to itself)."""

    def __init__(self) -> None:
        self.me = self


def _churn() -> list[list[int]]:
    # Tracked containers, kept: far past the youngest generation's threshold (700).
    return [[i] for i in range(20_000)]


@pytest.fixture
def collector(qapp: QApplication) -> Iterator[GuiCollector]:
    made = GuiCollector(qapp, interval_ms=20)
    yield made
    made.stop()
    made.deleteLater()


def test_garbage_of_the_gui_thread_is_collected_there_while_a_worker_allocates(
    qtbot: QtBot, collector: GuiCollector
) -> None:
    gc.collect()  # counts back to zero: nothing is due before the worker allocates
    freed_on: list[str] = []
    cycle = _Cycle()
    weakref.finalize(cycle, lambda: freed_on.append(threading.current_thread().name))
    del cycle
    kept: list[list[list[int]]] = []
    worker = threading.Thread(target=lambda: kept.append(_churn()), name="busy worker")
    worker.start()
    worker.join()
    # CPython's own trigger would have collected during the worker's allocations, on the worker.
    assert freed_on == []
    qtbot.waitUntil(lambda: freed_on != [], timeout=5_000)
    assert freed_on == [threading.main_thread().name]


def test_after_the_with_block_cpython_collects_again(qapp: QApplication) -> None:
    assert gc.isenabled()
    with collecting_on_the_gui_thread(qapp) as collector:
        assert not gc.isenabled()  # no automatic collection, on any thread
    assert gc.isenabled()
    collector.deleteLater()


def test_the_oldest_generation_is_collected_only_once_it_has_grown_by_a_quarter(
    qapp: QApplication,
) -> None:
    full: list[int] = []

    def count_full(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    was = gc.get_threshold()
    settled = [[i] for i in range(40_000)]  # long-lived: in the oldest generation after this
    gc.collect()
    collector = GuiCollector(qapp, interval_ms=3_600_000)  # ticks by hand below
    gc.callbacks.append(count_full)
    gc.set_threshold(10, 2, 2)  # every generation due after a few ticks
    try:
        churn: list[list[list[int]]] = []  # kept: an object freed at once is not counted
        for _ in range(60):  # a little more each tick: 1,260 objects, under 3 % of the oldest
            churn.append([[] for _ in range(20)])
            collector.collect_due()
        assert gc.get_count()[2] > 2  # the oldest generation's count is past its threshold ...
        assert full == []  # ... but it has not grown: no full collection (CPython would not)
        grown = [[i] for i in range(len(gc.get_objects(generation=2)) // 3)]  # a third more
        for _ in range(60):
            churn.append([[] for _ in range(20)])
            collector.collect_due()
        assert full  # now it is collected
    finally:
        gc.set_threshold(*was)
        gc.callbacks.remove(count_full)
        collector.stop()
        collector.deleteLater()
    assert len(settled) == 40_000  # alive until here
    assert grown
