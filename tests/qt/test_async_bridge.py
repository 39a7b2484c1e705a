"""The async bridge: tasks kept alive, superseded ones cancelled, failures reported, threads."""

from __future__ import annotations

import asyncio
import sys
import threading

import pytest
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from scaninbox.qt.runtime import async_bridge

pytestmark = pytest.mark.usefixtures("qt_loop")


async def _wait(event: asyncio.Event, log: list[str], name: str) -> str:
    log.append(f"{name} started")
    try:
        await event.wait()
    except asyncio.CancelledError:
        log.append(f"{name} cancelled")
        raise
    log.append(f"{name} done")
    return name


def test_a_task_with_the_same_owner_and_key_supersedes_the_running_one(qtbot: QtBot) -> None:
    owner, other = QObject(), QObject()
    event, log = asyncio.Event(), []
    first = async_bridge.run(_wait(event, log, "first"), owner=owner, key="load")
    elsewhere = async_bridge.run(_wait(event, log, "elsewhere"), owner=other, key="load")
    qtbot.waitUntil(lambda: len(log) == 2)
    second = async_bridge.run(_wait(event, log, "second"), owner=owner, key="load")
    assert async_bridge.running_task(owner, "load") is second
    qtbot.waitUntil(first.done)
    assert first.cancelled()
    event.set()
    qtbot.waitUntil(lambda: second.done() and elsewhere.done())
    assert second.result() == "second"
    assert elsewhere.result() == "elsewhere"  # keys belong to their owner
    assert [e for e in log if not e.endswith("started")] == [
        "first cancelled",
        "elsewhere done",
        "second done",
    ]
    assert async_bridge.running_task(owner, "load") is None


def test_destroying_the_owner_cancels_its_tasks(qtbot: QtBot) -> None:
    owner = QObject()
    log: list[str] = []
    task = async_bridge.run(_wait(asyncio.Event(), log, "orphan"), owner=owner)
    qtbot.waitUntil(lambda: log == ["orphan started"])
    with qtbot.waitSignal(owner.destroyed):
        owner.deleteLater()
    qtbot.waitUntil(task.done)
    assert task.cancelled()
    assert log == ["orphan started", "orphan cancelled"]


def test_cancel_owned_and_cancel_by_key(qtbot: QtBot) -> None:
    owner = QObject()
    log: list[str] = []
    tasks = [async_bridge.run(_wait(asyncio.Event(), log, n), owner=owner) for n in "ab"]
    keyed = async_bridge.run(_wait(asyncio.Event(), log, "k"), owner=owner, key="k")
    qtbot.waitUntil(lambda: len(log) == 3)
    log.clear()
    assert async_bridge.cancel(owner, "k") is True
    assert async_bridge.cancel(owner, "k") is False
    assert async_bridge.cancel_owned(owner) == 2
    qtbot.waitUntil(lambda: all(t.done() for t in [*tasks, keyed]))
    assert sorted(log) == ["a cancelled", "b cancelled", "k cancelled"]
    assert async_bridge.cancel_owned(QObject()) == 0


def test_unexpected_failures_go_to_the_reporter_and_cancellation_does_not(
    qtbot: QtBot, bridge_errors: list[tuple[BaseException, str]]
) -> None:
    async def broken() -> None:
        raise LookupError("no such tooth")

    failing = async_bridge.run(broken(), name="broken-task")
    cancelled = async_bridge.run(_wait(asyncio.Event(), [], "c"))
    cancelled.cancel()
    qtbot.waitUntil(lambda: failing.done() and cancelled.done())
    qtbot.waitUntil(lambda: bool(bridge_errors))
    [(error, name)] = bridge_errors
    assert isinstance(error, LookupError)
    assert name == "broken-task"
    bridge_errors.clear()


@pytest.mark.expect_logged_errors(match="broken-task")
def test_a_failing_reporter_does_not_hide_the_failure(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    def reporter(error: BaseException, name: str) -> None:
        raise RuntimeError("reporter is broken")

    async def broken() -> None:
        raise LookupError("no such tooth")

    previous = async_bridge.set_error_reporter(reporter)
    try:
        task = async_bridge.run(broken(), name="broken-task")
        qtbot.waitUntil(task.done)
        qtbot.waitUntil(lambda: "broken-task" in caplog.text)
    finally:
        async_bridge.set_error_reporter(previous)
    assert "reporter failed" in caplog.text
    assert "no such tooth" in caplog.text


def test_to_thread_runs_off_the_gui_thread_and_resumes_on_it(qtbot: QtBot) -> None:
    gui = threading.get_ident()
    seen: dict[str, int] = {}

    def blocking(value: int) -> int:
        seen["worker"] = threading.get_ident()
        return value * 2

    async def work() -> int:
        result = await async_bridge.to_thread(blocking, 21)
        seen["after"] = threading.get_ident()
        return result

    task = async_bridge.run(work())
    qtbot.waitUntil(task.done)
    assert task.result() == 42
    assert seen["worker"] != gui
    assert seen["after"] == gui


def test_to_thread_stoppable_sets_the_workers_stop_when_its_task_is_cancelled(
    qtbot: QtBot,
) -> None:
    stops: list[threading.Event] = []
    ended: list[str] = []

    def work(stop: threading.Event) -> str:
        stops.append(stop)
        ended.append("stopped" if stop.wait(30) else "not stopped")
        return "done"

    finished = async_bridge.run(async_bridge.to_thread_stoppable(work))
    qtbot.waitUntil(lambda: len(stops) == 1, timeout=10_000)
    assert not stops[0].is_set()
    finished.cancel()
    qtbot.waitUntil(lambda: len(ended) == 1, timeout=10_000)
    assert ended == ["stopped"]
    assert finished.cancelled()

    # Not cancelled: the work's result, its stop never set.
    quick = async_bridge.run(async_bridge.to_thread_stoppable(lambda stop: stop.is_set()))
    qtbot.waitUntil(quick.done, timeout=10_000)
    assert quick.result() is False


def test_gui_callback_brings_worker_calls_to_the_gui_thread(qtbot: QtBot) -> None:
    gui = threading.get_ident()
    calls: list[tuple[int, int]] = []
    callback = async_bridge.gui_callback(lambda n: calls.append((n, threading.get_ident())))

    def worker() -> None:
        for n in range(3):
            callback(n)

    callback(-1)  # on the GUI thread: at once
    assert calls == [(-1, gui)]
    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    qtbot.waitUntil(lambda: len(calls) == 4)
    assert calls[1:] == [(0, gui), (1, gui), (2, gui)]


def test_looking_up_owners_does_not_over_release_none() -> None:
    """QObject.property() of an unset name drops a reference to None in PySide6 6.12; enough
    lookups would crash the interpreter, so the bridge must never make that call."""
    owners = [QObject() for _ in range(50)]
    lookups = 0
    before = sys.getrefcount(None)
    for _ in range(40):
        for owner in owners:
            async_bridge.cancel_owned(owner)
            async_bridge.running_task(owner, "load")
            lookups += 2
    # None's count is the whole process's (3.11 has no immortal objects): a worker thread of an
    # earlier test winding down moves it by a few hundred either way. An over-release would
    # take one reference a lookup: thousands here.
    assert sys.getrefcount(None) > before - lookups // 4
