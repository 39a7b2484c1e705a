"""The app's asyncio loop (`GuiEventLoop`): calls from other threads reach it without Qt.

qasync emitted a Qt signal on the calling thread, with the GIL held, which can deadlock with a
``QObject::disconnect`` on the GUI thread (see the module). These tests use the real loop, real
threads and the real ``asyncio.to_thread``."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scaninbox.qt.workarounds.qasync_loop import GuiEventLoop


class _SignalSpy:
    """Stands in for qasync's call-soon signal: records the threads that emit it."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.threads: list[int] = []

    def emit(self, *args: Any) -> None:
        self.threads.append(threading.get_ident())
        self.real.emit(*args)

    def disconnect(self) -> None:
        self.real.disconnect()


def test_a_worker_result_reaches_the_loop_without_a_qt_signal_on_the_worker(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop
) -> None:
    assert isinstance(qt_loop, GuiEventLoop)
    spy = _SignalSpy(qt_loop._QEventLoop__call_soon_signal)  # type: ignore[attr-defined]
    qt_loop._QEventLoop__call_soon_signal = spy  # type: ignore[attr-defined]
    workers: list[int] = []
    results: list[int] = []

    def work(value: int) -> int:
        workers.append(threading.get_ident())
        return value * 2

    async def twice() -> None:
        for value in (1, 2):
            results.append(await asyncio.to_thread(work, value))

    task = qt_loop.create_task(twice())
    qtbot.waitUntil(task.done, timeout=10_000)
    assert results == [2, 4]
    assert threading.get_ident() not in workers  # the work did run on another thread
    assert spy.threads == []  # and its result came back without Qt there


def test_calls_from_many_threads_run_once_each_in_their_order(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop
) -> None:
    # Far more wake-ups than the socket pair buffers while the GUI thread is not looking: the
    # calls are queued anyway, and one wake-up takes them all.
    seen: list[tuple[int, int]] = []
    gui = threading.get_ident()
    threads_seen: set[int] = set()

    def record(thread: int, number: int) -> None:
        threads_seen.add(threading.get_ident())
        seen.append((thread, number))

    def caller(thread: int) -> None:
        for number in range(1500):
            qt_loop.call_soon_threadsafe(record, thread, number)

    callers = [threading.Thread(target=caller, args=(t,)) for t in range(4)]
    for thread in callers:
        thread.start()
    for thread in callers:
        thread.join()
    qtbot.waitUntil(lambda: len(seen) == 6000, timeout=30_000)
    assert threads_seen == {gui}
    for t in range(4):
        assert [n for thread, n in seen if thread == t] == list(range(1500))


def test_a_call_from_a_thread_after_the_loop_closed_is_dropped(qapp: QApplication) -> None:
    loop = GuiEventLoop(qapp)
    loop.close()
    assert loop.is_closed()
    failures: list[BaseException] = []

    def late() -> None:
        try:
            loop.call_soon_threadsafe(print, "never")
        except BaseException as exc:
            failures.append(exc)

    thread = threading.Thread(target=late)
    thread.start()
    thread.join()
    assert failures == []
    loop.close()  # twice: nothing left to undo
