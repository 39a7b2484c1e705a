"""A fixed ordering of the inbox for a view to window over: what a Qt item model sits on.

``CaseStore.case_list(filter, sort)`` orders the matching row ids once (a few milliseconds at
10,000 cases, tens at 100,000) and then serves any window in well under a millisecond, with the
rows' current values. The ordering does not move under the view while a sync writes: the view
decides when to take a fresh list (e.g. when the engine reports a finished sync or page), keeps
its selection with ``position_of``, and tells its widgets what changed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager

from scaninbox.domain import CaseRef
from scaninbox.store.queries import ROW_COLUMNS, CaseFilter, CaseRow, SortSpec, row_from_sql

__all__ = ["CaseList", "rows_by_id"]


class CaseList:
    """The ordered cases of one (filter, sort) as of when it was made."""

    def __init__(
        self,
        f: CaseFilter,
        sort: SortSpec,
        ids: Sequence[int],
        connection: Callable[[], AbstractContextManager[sqlite3.Connection]],
    ) -> None:
        self.filter = f
        self.sort = sort
        self._ids = ids
        self._connection = connection
        self._positions: dict[int, int] | None = None

    def __len__(self) -> int:
        return len(self._ids)

    @property
    def count(self) -> int:
        return len(self._ids)

    def rows(self, offset: int, limit: int) -> list[CaseRow]:
        """Rows ``offset`` … ``offset + limit`` (fewer at the end; a case deleted since is left
        out, which only happens when local data is removed)."""
        if offset < 0 or limit <= 0:
            return []
        with self._connection() as conn:
            return rows_by_id(conn, self._ids[offset : offset + limit])

    def position_of(self, ref: CaseRef) -> int | None:
        """Where a case is in this list (to keep a selection across refreshes)."""
        with self._connection() as conn:
            found = conn.execute(
                "SELECT id FROM cases WHERE ref = ? AND ref_numeric = ?",
                (ref.value, int(ref.numeric)),
            ).fetchone()
        if found is None:
            return None
        if self._positions is None:
            self._positions = {case_id: i for i, case_id in enumerate(self._ids)}
        return self._positions.get(int(found[0]))

    def next_unread(self, after: int) -> int | None:
        """The position of the first unread case after ``after`` (-1: from the top), going on
        from the top when there is none below; None when no case of the list is unread."""
        count = len(self._ids)
        start = max(-1, min(after, count - 1)) + 1
        with self._connection() as conn:
            for first, last in ((start, count), (0, start)):
                for chunk in range(first, last, _ID_CHUNK):
                    ids = self._ids[chunk : min(chunk + _ID_CHUNK, last)]
                    marks = ",".join("?" * len(ids))  # placeholders only: the ids are parameters
                    sql = f"SELECT id FROM cases WHERE unread = 1 AND id IN ({marks})"  # noqa: S608
                    unread = {int(r[0]) for r in conn.execute(sql, list(ids))}
                    for offset, case_id in enumerate(ids):
                        if case_id in unread:
                            return chunk + offset
        return None


_ID_CHUNK = 500  # ids per query when looking ahead (well under SQLite's variable limit)


def rows_by_id(conn: sqlite3.Connection, ids: Sequence[int]) -> list[CaseRow]:
    """The rows of ``ids`` in that order."""
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    sql = f"SELECT id, {ROW_COLUMNS} FROM cases WHERE id IN ({marks})"  # noqa: S608
    found = {r[0]: r[1:] for r in conn.execute(sql, list(ids))}
    return [row_from_sql(found[i]) for i in ids if i in found]
