"""When each cached file was last opened — noted in memory, written on the store writer's thread.

The case pane and the viewer open cached files on the GUI thread, often several in a row; a
write (and its commit) for each would make the GUI thread wait for the disk. So a use is a
note in memory (`note`), and the notes are written in one transaction on the writer's thread
(`attach_writer`), queued once however many notes arrive before it runs. Whoever needs every
use on disk (eviction, inside its own transaction) writes the waiting notes first (`write`).
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time

from scaninbox.store.case_store import CaseStore
from scaninbox.store.errors import StoreError
from scaninbox.store.writer import StoreWriter

__all__ = ["UseMarks"]

_log = logging.getLogger(__name__)


class UseMarks:
    """The waiting "last opened" marks of one store's files."""

    def __init__(self, store: CaseStore) -> None:
        self._store = store
        self._writer: StoreWriter | None = None
        self._waiting: dict[int, float] = {}  # file id → when it was opened
        self._lock = threading.Lock()
        self._queued = False

    def __len__(self) -> int:
        with self._lock:
            return len(self._waiting)

    def attach_writer(self, writer: StoreWriter | None) -> None:
        """Write on ``writer``'s thread from now on; None lets go of the writer (before it
        closes), handing it what is still waiting."""
        previous, self._writer = self._writer, writer
        if writer is None and previous is not None and len(self):
            with contextlib.suppress(RuntimeError):  # closed already: `flush` writes them
                previous.submit(self._flush_on_writer)

    def note(self, file_id: int) -> None:
        """File ``file_id`` was opened now. Never writes on the calling thread."""
        with self._lock:
            self._waiting[file_id] = time.time()
            writer = self._writer
            if writer is None or self._queued:
                return  # written with the marks already queued, or by the next `write`
            self._queued = True
        try:
            writer.submit(self._flush_on_writer)
        except RuntimeError:  # the writer has closed: the marks wait for `write` or `flush`
            with self._lock:
                self._queued = False

    def write(self, tx: sqlite3.Connection) -> None:
        """Write the waiting marks inside the caller's transaction."""
        with self._lock:
            marks, self._waiting = self._waiting, {}
            self._queued = False
        if marks:
            tx.executemany(
                "UPDATE files SET last_opened_at = ? WHERE id = ?",
                [(when, file_id) for file_id, when in marks.items()],
            )

    def flush(self) -> None:
        """Write the waiting marks now, on this thread."""
        with self._store.transaction() as tx:
            self.write(tx)

    def _flush_on_writer(self) -> None:
        try:
            if not self._store.closed:
                self.flush()
        except (RuntimeError, sqlite3.Error, StoreError) as exc:  # nobody waits to hear
            _log.warning("the files' last use could not be recorded: %s", exc)
