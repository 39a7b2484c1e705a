"""Closing the store while another thread reads: the read finishes, nothing crashes.

The window may close (and close its store) while a worker thread is checking a cached file; a
SQLite connection closed under a running statement takes the whole process down (CI saw exactly
that: a segmentation fault in ``FileCache.cached_path``).
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from scaninbox.store.case_store import CaseStore

# How long the closing thread is given to (wrongly) get past a read in flight. Only bounds a
# negative check: the test passes at once when close() waits as it should.
_GRACE_S = 0.3


def test_close_waits_for_a_read_in_flight_on_another_thread(tmp_path: Path) -> None:
    store = CaseStore.open(tmp_path / "account")
    inside = threading.Event()
    release = threading.Event()
    closed = threading.Event()
    answer: list[object] = []

    def block(value: int) -> int:
        # Runs inside the SQL statement, on the reading thread, while it holds its connection.
        inside.set()
        release.wait(timeout=30)
        return value

    def read() -> None:
        with store.reading() as state:
            state.conn.create_function("block", 1, block)
        try:
            answer.extend(store.query("SELECT block(41) + 1"))
        except BaseException as exc:  # reported below, not lost on the thread
            answer.append(exc)

    def close() -> None:
        store.close()
        closed.set()

    reader = threading.Thread(target=read)
    reader.start()
    assert inside.wait(timeout=30)
    closer = threading.Thread(target=close)
    closer.start()
    assert not closed.wait(timeout=_GRACE_S), "close() did not wait for the read in flight"
    release.set()
    reader.join(timeout=30)
    closer.join(timeout=30)
    assert closed.is_set()
    assert answer == [(42,)]
    with pytest.raises(RuntimeError, match="closed"):
        store.query("SELECT 1")


def test_a_thread_reading_after_close_is_told_plainly(tmp_path: Path) -> None:
    store = CaseStore.open(tmp_path / "account")
    assert store.count() == 0  # this thread has a reader now
    store.close()
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            store.count()
        except RuntimeError as exc:
            outcome.append(exc)

    worker = threading.Thread(target=read)  # a thread that never read before: no new connection
    worker.start()
    worker.join(timeout=30)
    assert [str(e) for e in outcome] == ["the store is closed"]
    with pytest.raises(RuntimeError, match="the store is closed"):
        store.rows()
