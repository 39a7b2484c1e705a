"""The store's SQLite connections: one writer behind a lock, one reader per thread.

Reads are synchronous and cheap so the window can call them on its GUI thread; each thread
reads through its own connection, and WAL keeps readers from ever waiting for the writer.
Writes go through the single writer connection in ``transaction()``; from async code, run them
on ``StoreWriter``'s thread so the event loop never waits for the disk.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scaninbox.store.schema import connect

__all__ = ["DB_NAME", "Database", "ReaderState"]

DB_NAME = "inbox.sqlite3"


@dataclass(slots=True)
class ReaderState:
    """A thread's reader connection and what it caches until the database changes."""

    conn: sqlite3.Connection
    orderings: OrderedDict[Any, list[int]] = field(default_factory=OrderedDict)
    data_version: int = -1


class Database:
    """Connection handling shared by the store's readers and writers."""

    def __init__(self, folder: Path, writer: sqlite3.Connection) -> None:
        self.folder = folder
        self.path = folder / DB_NAME
        self._writer = writer
        self._write_lock = threading.RLock()
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()
        self._closed = False

    def close(self) -> None:
        """Close every connection (readers of other threads too). Idempotent."""
        if self._closed:
            return
        self._closed = True
        with self._readers_lock:
            for conn in self._readers:
                conn.close()
            self._readers.clear()
        with self._write_lock:
            self._writer.close()

    @property
    def closed(self) -> bool:
        return self._closed

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """The writer connection inside ``BEGIN IMMEDIATE`` … ``COMMIT`` (rolled back on error)."""
        with self._write_lock:
            if self._closed:
                raise RuntimeError("the store is closed")
            conn = self._writer
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only statement on this thread's reader (for the store's own modules)."""
        return list(self._reader_state().conn.execute(sql, params))

    def _reader_state(self) -> ReaderState:
        """This thread's reader; its caches are dropped when anything committed since."""
        if self._closed:
            raise RuntimeError("the store is closed")
        state: ReaderState | None = getattr(self._local, "state", None)
        if state is None:
            conn = connect(self.path, writer=False)
            with self._readers_lock:
                self._readers.append(conn)
            state = ReaderState(conn)
            self._local.state = state
        version = int(state.conn.execute("PRAGMA data_version").fetchone()[0])
        if version != state.data_version:
            state.orderings.clear()
            state.data_version = version
        return state
