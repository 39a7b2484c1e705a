"""The store's SQLite connections: one writer behind a lock, one reader per thread.

Reads are synchronous and cheap so the window can call them on its GUI thread; each thread
reads through its own connection, and WAL keeps readers from ever waiting for the writer.
Writes go through the single writer connection in ``transaction()``; from async code, run them
on ``StoreWriter``'s thread so the event loop never waits for the disk.

``close()`` may come from any thread while others are still reading (the window closing while a
worker checks a cached file). Closing a SQLite connection under a running statement crashes the
process, so every use of a reader holds that reader's lock and ``close()`` takes each lock before
closing: a read in flight finishes first, and a later one gets a plain "the store is closed".
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

from scaninbox.store.errors import storage_fault, store_error
from scaninbox.store.schema import connect

__all__ = ["DB_NAME", "Database", "ReaderState"]

DB_NAME = "inbox.sqlite3"


@dataclass(slots=True)
class ReaderState:
    """A thread's reader connection and what it caches until the database changes."""

    conn: sqlite3.Connection
    orderings: OrderedDict[Any, list[int]] = field(default_factory=OrderedDict)
    data_version: int = -1
    # Held while the connection is in use; reentrant because a read may call another read.
    lock: threading.RLock = field(default_factory=threading.RLock)


class Database:
    """Connection handling shared by the store's readers and writers."""

    def __init__(self, folder: Path, writer: sqlite3.Connection) -> None:
        self.folder = folder
        self.path = folder / DB_NAME
        self._writer = writer
        self._write_lock = threading.RLock()
        self._local = threading.local()
        self._readers: list[ReaderState] = []
        self._readers_lock = threading.Lock()
        self._closed = False

    def close(self) -> None:
        """Close every connection (readers of other threads too). Idempotent."""
        if self._closed:
            return
        self._closed = True
        with self._readers_lock:
            readers = list(self._readers)
            self._readers.clear()
        for state in readers:
            with state.lock:  # waits for a read in flight on another thread
                state.conn.close()
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
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                except BaseException:
                    if conn.in_transaction:  # SQLite may have rolled back already (disk full)
                        conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            except sqlite3.Error as exc:  # in plain words: a full disk is not a damaged store
                if not storage_fault(exc):
                    raise
                raise store_error(exc, self.path) from exc

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only statement on this thread's reader (for the store's own modules)."""
        with self.reading() as state:
            return list(state.conn.execute(sql, params))

    @contextmanager
    def reading(self) -> Iterator[ReaderState]:
        """This thread's reader, held for the block; its caches are dropped when anything was
        committed since. Fetch every row inside the block: the connection may close after it."""
        state: ReaderState | None = getattr(self._local, "state", None)
        if state is None:
            state = self._new_reader()
        with state.lock:
            if self._closed:
                raise RuntimeError("the store is closed")
            try:
                version = int(state.conn.execute("PRAGMA data_version").fetchone()[0])
                if version != state.data_version:
                    state.orderings.clear()
                    state.data_version = version
                yield state
            except sqlite3.Error as exc:  # e.g. a page damaged on disk: in plain words
                if not storage_fault(exc):
                    raise
                raise store_error(exc, self.path) from exc

    def _new_reader(self) -> ReaderState:
        with self._readers_lock:
            if self._closed:
                raise RuntimeError("the store is closed")
            state = ReaderState(connect(self.path, writer=False))
            self._readers.append(state)
        self._local.state = state
        return state
