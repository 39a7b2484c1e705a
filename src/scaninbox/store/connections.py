"""The store's SQLite connections: one writer behind a lock, one reader per thread.

Reads are synchronous and cheap so the window can call them on its GUI thread; each thread
reads through its own connection, and WAL keeps readers from ever waiting for the writer.
Writes go through the single writer connection in ``transaction()``; from async code, run them
on ``StoreWriter``'s thread so the event loop never waits for the disk.

A sync may instead write its pages into one longer transaction (``batched()``, each page a savepoint
in it) and commit them together (``commit_batch()``): a COMMIT per page was a large share of a first
sync's client CPU (benchmarks/README.md, store_sync.py). Between two pages the batch always holds
whole pages with the cursor that follows them, so it can be committed at any of those moments:
``transaction()`` commits it first (a mark-read from the window is neither delayed nor mixed into
the batch), and so does ``close()``. Readers (other connections) see the pages when the batch
commits; WAL never makes them wait for it.

``close()`` may come from any thread while others are still reading (the window closing while a
worker checks a cached file). Closing a SQLite connection under a running statement crashes the
process, so every use of a reader holds that reader's lock and ``close()`` takes each lock before
closing: a read in flight finishes first, and a later one gets a plain "the store is closed".
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scaninbox.language import translate
from scaninbox.store.errors import StoreError, storage_fault, store_error
from scaninbox.store.schema import connect

__all__ = ["DB_NAME", "Database", "ReaderState", "WriterMark"]

DB_NAME = "inbox.sqlite3"

_log = logging.getLogger(__name__)

WriterMark = tuple[int, int]  # writes through the writer, the writer's data_version


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
        self._batch_open = False  # the writer is inside a batch transaction (whole pages)
        self._batch_units = 0  # whole units in the open batch
        self._units_committed = 0  # units of batches committed so far (see ``commit_batch``)
        # Set when a batch was lost by a write that was not its own (its COMMIT failed in
        # ``transaction()``): later units must wait until its owner has heard of it (by
        # ``commit_batch``), or their cursor would skip the lost pages.
        self._batch_lost = False
        # Bumped after every write through the writer connection: a caller that read through
        # it and let go of it can tell whether what it read may have changed since.
        self._writer_writes = 0

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
            try:
                self._end_batch(own=False)  # whole pages with their cursor: keep them
            finally:
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
                self._end_batch(own=False)
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
            finally:
                self._writer_writes += 1

    @contextmanager
    def batched(self) -> Iterator[sqlite3.Connection]:
        """The writer connection inside the open batch transaction (opened when there is none),
        for one unit that must be saved whole (a page of a sync with its cursor): it is a
        savepoint, so an error rolls back this unit only, and the whole units before it are
        committed before the error goes on. The rest stays uncommitted until
        ``commit_batch()``, the next ``transaction()`` or ``close()``."""
        with self._write_lock:
            if self._closed:
                raise RuntimeError("the store is closed")
            if self._batch_lost:
                raise StoreError(
                    translate(
                        "StoreError",
                        "The cases a sync saved in its last moments could not be kept (see the "
                        "log); the next sync continues from the last ones that were.",
                    )
                )
            conn = self._writer
            try:
                if not self._batch_open:
                    conn.execute("BEGIN IMMEDIATE")
                    self._batch_open = True
                conn.execute("SAVEPOINT batched_unit")
                try:
                    yield conn
                except BaseException:
                    self._drop_unit()
                    raise
                conn.execute("RELEASE batched_unit")
                self._batch_units += 1
            except sqlite3.Error as exc:
                if not conn.in_transaction:  # SQLite rolled the whole batch back (disk full)
                    self._batch_open, self._batch_units = False, 0
                    self._batch_ended()
                if not storage_fault(exc):
                    raise
                raise store_error(exc, self.path) from exc
            finally:
                self._writer_writes += 1

    def commit_batch(self) -> int:
        """Commit the units ``batched()`` saved since the last commit (nothing when none).

        Returns how many units were committed so far, by all batches: the one writer of units
        (a sync pass) compares it with the count it started at to know which of its units are
        kept, whatever else committed or lost a batch meanwhile (a unit that failed, a full
        disk at a COMMIT of another write's).
        """
        with self._write_lock:
            if self._closed:
                raise RuntimeError("the store is closed")
            self._batch_lost = False  # its owner hears of it now, by the count
            try:
                self._end_batch()
            except sqlite3.Error as exc:
                if not storage_fault(exc):
                    raise
                raise store_error(exc, self.path) from exc
            return self._units_committed

    @contextmanager
    def reading_writer(self) -> Iterator[tuple[sqlite3.Connection, WriterMark]]:
        """The writer connection for reads that a write will act on: it sees the database as
        the next write will (the open batch included, which other connections do not see yet),
        with a mark for ``writer_unchanged``. Hold it only for the reads."""
        with self._write_lock:
            if self._closed:
                raise RuntimeError("the store is closed")
            try:
                yield self._writer, self._writer_mark()
            except sqlite3.Error as exc:
                if not storage_fault(exc):
                    raise
                raise store_error(exc, self.path) from exc

    def writer_unchanged(self, mark: WriterMark) -> bool:
        """Whether nothing was written since ``mark`` was taken: neither through the writer
        (another thread's transaction, a unit of the batch) nor by another connection
        (``PRAGMA data_version`` of the writer counts only the others' commits). Inside a
        transaction or unit this stays true: nothing else can write meanwhile."""
        with self._write_lock:
            return self._writer_mark() == mark

    def _writer_mark(self) -> WriterMark:
        version = int(self._writer.execute("PRAGMA data_version").fetchone()[0])
        return self._writer_writes, version

    def _drop_unit(self) -> None:
        """Roll back the unit that failed, then commit the whole ones before it. Holding the
        write lock; an error while doing so rolls back the whole batch (its cursor with it)."""
        conn = self._writer
        try:
            if conn.in_transaction:
                conn.execute("ROLLBACK TO batched_unit")
                conn.execute("RELEASE batched_unit")
            self._end_batch()
        except sqlite3.Error:
            _log.warning("the pages saved before a failed one were not kept", exc_info=True)

    def _end_batch(self, *, own: bool = True) -> None:
        """COMMIT the open batch, if any (holding the write lock); rolled back if that fails.
        ``own``: asked by the batch's writer (else its next unit is refused until it has
        heard of a loss; a mark-read is not failed by a sync's loss)."""
        if not self._batch_open:
            return
        conn = self._writer
        units, self._batch_open, self._batch_units = self._batch_units, False, 0
        try:
            if conn.in_transaction:  # else SQLite rolled it back already (disk full, I/O)
                self._before_batch_commit(conn)
                conn.execute("COMMIT")
                self._units_committed += units
                return
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
            if own:
                raise
            _log.warning("the last pages a sync saved could not be kept", exc_info=True)
        finally:
            self._batch_ended()
        self._batch_lost = self._batch_lost or (units > 0 and not own)

    def _before_batch_commit(self, conn: sqlite3.Connection) -> None:
        """What the batch's units left for its commit, in its transaction (a subclass's)."""

    def _batch_ended(self) -> None:
        """The open batch was committed or rolled back (a subclass forgets what it noted)."""

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
