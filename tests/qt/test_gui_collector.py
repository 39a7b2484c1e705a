"""Cyclic garbage dies on the GUI thread, however busy the workers are (`GuiCollector`)."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scaninbox.qt.gui_collector import GuiCollector, collecting_on_the_gui_thread


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
