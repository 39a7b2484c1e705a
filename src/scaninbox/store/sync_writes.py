"""The writes a sync makes, each page in one transaction, so a killed sync resumes safely.

Every function here runs inside a transaction the caller holds on the writer connection.
Saving a page is idempotent: running it twice leaves the same rows, which is what makes
resuming after a crash (from the saved cursor, one page early) safe.

SQL text here is assembled only from this package's own constants (column lists, sort orders,
``?`` placeholders); every value is a bound parameter — hence the ``S608`` exemptions.
"""

from __future__ import annotations

import json
import operator
import sqlite3
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from datetime import UTC, date, datetime
from typing import Any

from scaninbox.domain import CaseRef
from scaninbox.store.derive import DERIVED_COLUMNS, CaseColumns, pack_json
from scaninbox.store.records import PageResult, SyncCursor

__all__ = [
    "SEARCH_COLUMNS",
    "StoredRows",
    "current_generation",
    "cursor_from_meta",
    "defer_sort_indexes",
    "finish_sync",
    "get_meta",
    "index_for_search",
    "index_rows_after",
    "mark_seen",
    "next_generation",
    "record_malformed",
    "restore_sort_indexes",
    "save_cases",
    "save_cursor",
    "set_meta",
    "stored_rows",
    "unindex_for_search",
]

_DERIVED = DERIVED_COLUMNS
_DERIVED_VALUES = operator.itemgetter(*_DERIVED)  # the values in column order, picked in C
_INSERT = (
    f"INSERT INTO cases (ref, ref_numeric, wire_json_z, json_sha256, {', '.join(_DERIVED)}, "  # noqa: S608
    "unread, first_seen_at, updated_at, seen_sync) "
    f"VALUES (?, ?, ?, ?, {', '.join('?' * len(_DERIVED))}, 1, ?, ?, ?)"
)
_UPDATE = (
    "UPDATE cases SET wire_json_z = ?, json_sha256 = ?, "  # noqa: S608
    + ", ".join(f"{c} = ?" for c in _DERIVED)
    + ", updated_at = ?, seen_sync = ?, removed_at = NULL WHERE id = ?"
)


# The columns of the FTS5 table ``case_search`` (external content on ``cases``, schema step 3).
SEARCH_COLUMNS = (
    "patient_key",
    "dentist_key",
    "clinic_key",
    "external_ids",
    "remark",
    "work_words",
)
_SEARCH_LIST = ", ".join(SEARCH_COLUMNS)
# Rows of `cases` into the search index, as they are now; a WHERE on `cases` follows.
_INDEX_ROWS = (
    f"INSERT INTO case_search (rowid, {_SEARCH_LIST}) "  # noqa: S608
    f"SELECT id, {_SEARCH_LIST} FROM cases "
)
_IDS_PER_STATEMENT = 500


def index_for_search(conn: sqlite3.Connection, case_ids: list[int]) -> None:
    """Add the rows ``case_ids`` (as they are now) to the search index, one statement per
    500: FTS5 then writes one index segment per page instead of one per case."""
    for start in range(0, len(case_ids), _IDS_PER_STATEMENT):
        chunk = case_ids[start : start + _IDS_PER_STATEMENT]
        conn.execute(f"{_INDEX_ROWS}WHERE id IN ({','.join('?' * len(chunk))})", chunk)


def unindex_for_search(conn: sqlite3.Connection, case_ids: list[int]) -> None:
    """Take the rows ``case_ids`` out of the search index, with the values it was given
    (external content: FTS5 needs the old text to find what to delete). Before changing them."""
    for start in range(0, len(case_ids), _IDS_PER_STATEMENT):
        chunk = case_ids[start : start + _IDS_PER_STATEMENT]
        conn.execute(
            f"INSERT INTO case_search (case_search, rowid, {_SEARCH_LIST}) "  # noqa: S608
            f"SELECT 'delete', id, {_SEARCH_LIST} FROM cases "
            f"WHERE id IN ({','.join('?' * len(chunk))})",
            chunk,
        )


def save_cases(
    conn: sqlite3.Connection,
    cases: Sequence[CaseColumns],
    generation: int,
    result: PageResult,
    stored: StoredRows | None = None,
    *,
    defer_search: bool = False,
    unindexed_after: int | None = None,
) -> int | None:
    """Insert or update ``cases`` and count each in ``result`` as new, changed or unchanged;
    the search index follows (``index_for_search``, once for them all). ``stored``: their
    ``stored_rows`` as the database holds them now, when the caller has them (else read).

    ``defer_search`` (the pages of a batch): rows inserted here are left out of the search
    index, as are rows with an id above ``unindexed_after`` (inserted so by an earlier call of
    the same open transaction): the caller adds them all with ``index_rows_after`` before it
    commits (FTS5 then writes one index segment a commit, not one a page). Returns the id
    above which rows are not indexed (None: every row is).
    """
    if defer_search and unindexed_after is None:
        (unindexed_after,) = conn.execute("SELECT coalesce(max(id), 0) FROM cases").fetchone()
    if not cases:
        return unindexed_after
    if stored is None:
        stored = stored_rows(conn, [c.ref for c in cases])
    now = time.time()
    if not stored and len({(c.ref.value, c.ref.numeric) for c in cases}) == len(cases):
        _insert_new_cases(conn, cases, generation, now, result, index=not defer_search)
        return unindexed_after
    # Rows above ``unindexed_after`` (one this call inserts, or an earlier one of the open
    # batch) are not in the index yet: nothing to take out, and they are added later.
    behind = unindexed_after
    to_index: list[int] = []
    for columns in cases:
        ref = columns.ref
        key = (ref.value, int(ref.numeric))
        found = stored.get(key)
        if found is None:
            inserted = conn.execute(_INSERT, _insert_values(columns, now, generation))
            case_id = int(inserted.lastrowid or 0)
            stored[key] = (case_id, columns.json_sha256, None)  # the same case twice in a page
            if behind is None:
                to_index.append(case_id)
            result.new.append(ref)
            continue
        case_id, sha, removed_at = found
        if sha == columns.json_sha256 and removed_at is None:
            conn.execute("UPDATE cases SET seen_sync = ? WHERE id = ?", (generation, case_id))
            result.unchanged += 1
            continue
        indexed = behind is None or case_id <= behind
        if indexed and case_id not in to_index:  # one indexed in this call is not in it yet
            unindex_for_search(conn, [case_id])
        conn.execute(
            _UPDATE,
            (
                pack_json(columns.wire_json),
                columns.json_sha256,
                *_DERIVED_VALUES(columns.values),
                now,
                generation,
                case_id,
            ),
        )
        stored[key] = (case_id, columns.json_sha256, None)
        if indexed and case_id not in to_index:
            to_index.append(case_id)
        _forget_files_no_longer_listed(conn, case_id, columns)
        result.changed.append(ref)
    index_for_search(conn, to_index)
    return unindexed_after


def index_rows_after(conn: sqlite3.Connection, case_id: int) -> None:
    """Add the rows with an id above ``case_id`` to the search index, as they are now (the
    rows ``save_cases(defer_search=True)`` left out), in one statement."""
    conn.execute(f"{_INDEX_ROWS}WHERE id > ?", (case_id,))


def _insert_new_cases(
    conn: sqlite3.Connection,
    cases: Sequence[CaseColumns],
    generation: int,
    now: float,
    result: PageResult,
    *,
    index: bool,
) -> None:
    """``save_cases`` for a page of cases none of which is stored and none listed twice (every
    page of a first sync): one ``executemany`` instead of a statement per case, and the search
    index filled from the rows it added (unless not ``index``). ``cases.id`` is an INTEGER
    PRIMARY KEY without AUTOINCREMENT, so the rows one transaction inserts get the ids after
    the largest before."""
    if not index:
        conn.executemany(_INSERT, [_insert_values(c, now, generation) for c in cases])
    else:
        (before,) = conn.execute("SELECT coalesce(max(id), 0) FROM cases").fetchone()
        conn.executemany(_INSERT, [_insert_values(c, now, generation) for c in cases])
        index_rows_after(conn, before)
    result.new.extend(c.ref for c in cases)


def _insert_values(columns: CaseColumns, now: float, generation: int) -> tuple[object, ...]:
    """The parameters of `_INSERT` for a case not stored yet."""
    ref = columns.ref
    return (
        ref.value,
        int(ref.numeric),
        pack_json(columns.wire_json),
        columns.json_sha256,
        *_DERIVED_VALUES(columns.values),
        now,
        now,
        generation,
    )


# (ref, ref_numeric) → (id, JSON digest, removed_at) of stored cases.
StoredRows = dict[tuple[str, int], tuple[int, str, float | None]]


def stored_rows(conn: sqlite3.Connection, refs: Sequence[CaseRef]) -> StoredRows:
    """(id, digest, removed_at) of those of ``refs`` that are stored, removed ones included;
    one query per 500 instead of one per case."""
    found: StoredRows = {}
    values = list(dict.fromkeys(r.value for r in refs))
    for start in range(0, len(values), _IDS_PER_STATEMENT):
        chunk = values[start : start + _IDS_PER_STATEMENT]
        rows = conn.execute(
            "SELECT ref, ref_numeric, id, json_sha256, removed_at FROM cases "  # noqa: S608
            f"WHERE ref IN ({','.join('?' * len(chunk))})",
            chunk,
        )
        for ref, numeric, case_id, sha, removed_at in rows:
            found[(ref, int(numeric))] = (case_id, sha, removed_at)
    return found


# A first sync into an empty store builds most sort indexes once, at its end, instead of adding
# every case to each of them as it arrives: at 100,000 cases that is a large share of a case's
# client CPU (the indexes outgrow the writer's page cache; benchmarks/README.md, store_sync.py). The
# inbox's default order and the sync generation's index stay: the first screen while the first sync
# runs is still an index walk (the inbox builds its lists off the GUI thread; another order costs a
# scan meanwhile). An index is only a way to read faster, so a store without them is consistent: one
# that a
# killed first sync left so gets them back when it is opened (``CaseStore.open``).
_KEPT_DURING_FIRST_LOAD = ("cases_by_received", "cases_by_seen")
_DEFERRED_KEY = "deferred_indexes"


_BUILD_MMAP_BYTES = 256 << 20  # the most of the file read through a map while indexes are built


def defer_sort_indexes(conn: sqlite3.Connection) -> None:
    """Drop the ``cases`` sort indexes but the kept ones, noting how to build them again."""
    rows = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'cases' "
        "AND name LIKE 'cases!_by!_%' ESCAPE '!' AND sql IS NOT NULL ORDER BY name"
    ).fetchall()
    dropped = [(name, sql) for name, sql in rows if name not in _KEPT_DURING_FIRST_LOAD]
    if not dropped:
        return
    noted = json.loads(get_meta(conn, _DEFERRED_KEY) or "[]")
    set_meta(conn, _DEFERRED_KEY, json.dumps([*noted, *(sql for _name, sql in dropped)]))
    for name, _sql in dropped:
        conn.execute(f'DROP INDEX "{name}"')  # a name from our own schema (sqlite_master)


def restore_sort_indexes(conn: sqlite3.Connection) -> bool:
    """Build the indexes ``defer_sort_indexes`` dropped; False when none were missing.

    Each index reads the whole table, and a first sync's table outgrows the writer's page cache
    (100,000 cases), so every build read it again through ``read()`` into the cache. While they are
    built, SQLite reads the file through a memory map instead (`_BUILD_MMAP_BYTES`): the pages come
    straight from the system's file cache, without a private copy: less client CPU per case at
    100,000 cases (benchmarks/README.md, store_sync.py). A page cache as large as the map instead
    gained about half of that for far more of the process's memory. The map is dropped again once
    the indexes stand: an I/O error under a map arrives as a signal, not an error SQLite can report,
    so it is used only for these seconds of reading the program's own, just-written file."""
    text = get_meta(conn, _DEFERRED_KEY)
    if not text:
        return False
    conn.execute(f"PRAGMA mmap_size = {_BUILD_MMAP_BYTES}")
    try:
        for sql in json.loads(text):
            conn.execute(str(sql).replace("CREATE INDEX ", "CREATE INDEX IF NOT EXISTS ", 1))
    finally:
        conn.execute("PRAGMA mmap_size = 0")
    conn.execute("DELETE FROM meta WHERE key = ?", (_DEFERRED_KEY,))
    return True


def mark_seen(
    conn: sqlite3.Connection, digests: Mapping[CaseRef, str], generation: int
) -> set[CaseRef]:
    """Mark unchanged, listed cases (with the digest each was read with) as seen by this sync,
    in one ``executemany``; returns those that were. A case another process changed or
    removed since it was read is not."""
    if not digests:
        return set()
    marked = conn.executemany(
        "UPDATE cases SET seen_sync = ? WHERE ref = ? AND ref_numeric = ? "
        "AND json_sha256 = ? AND removed_at IS NULL",
        [(generation, ref.value, int(ref.numeric), sha) for ref, sha in digests.items()],
    )
    if marked.rowcount == len(digests):  # (ref, ref_numeric) is unique: each one once
        return set(digests)
    # Some were not: those whose row no longer has the digest (inside this transaction, the
    # rows that do are exactly the ones the statement marked).
    refs = list(digests)
    now = stored_rows(conn, refs)
    return {
        ref
        for ref in refs
        if (found := now.get((ref.value, int(ref.numeric)))) is not None
        and found[1] == digests[ref]
        and found[2] is None
    }


def _forget_files_no_longer_listed(
    conn: sqlite3.Connection, case_id: int, columns: CaseColumns
) -> None:
    listed = {(f.kind.value, f.name, f.file_type) for f in columns.files}
    rows = conn.execute(
        "SELECT id, kind, name, file_type FROM files WHERE case_id = ?", (case_id,)
    ).fetchall()
    stale = [(row[0],) for row in rows if (row[1], row[2], row[3]) not in listed]
    conn.executemany("DELETE FROM files WHERE id = ?", stale)


def record_malformed(
    conn: sqlite3.Connection, ref: str, field: str, reason: str, generation: int
) -> None:
    """Remember a case the server sent but we could not read; keep any older good copy."""
    now = time.time()
    conn.execute(
        "INSERT INTO malformed (ref, field, reason, first_seen_at, last_seen_at, seen_sync) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (ref, field) DO UPDATE SET "
        "reason = excluded.reason, last_seen_at = excluded.last_seen_at, "
        "seen_sync = excluded.seen_sync",
        (ref, field, reason, now, now, generation),
    )
    # A stored copy of a case that is now unreadable is still in the list: not removed.
    conn.execute("UPDATE cases SET seen_sync = ? WHERE ref = ?", (generation, ref))


def save_cursor(conn: sqlite3.Connection, cursor: SyncCursor | None) -> None:
    if cursor is None:
        conn.execute("DELETE FROM meta WHERE key = 'sync_cursor'")
        return
    data: dict[str, Any] = asdict(cursor)
    data["date_from"] = cursor.date_from.isoformat() if cursor.date_from else None
    set_meta(conn, "sync_cursor", json.dumps(data))


def _set_watermark(conn: sqlite3.Connection, cursor: SyncCursor, now: float) -> None:
    """Where the next incremental sync starts: the newest received time this sync saw, but
    never later than the moment it began on the client's clock. A server date in the future
    (2999-01-01) would otherwise hide every case received until then. A sync that did not read
    everything since the last watermark (``sync --from`` a later day) leaves it alone."""
    text = get_meta(conn, "synced_through")
    before = float(text) if text else None
    last_day = datetime.fromtimestamp(before, UTC).date() if before is not None else None
    if not cursor.full and last_day and cursor.date_from and cursor.date_from > last_day:
        return
    newest = conn.execute(
        "SELECT max(received_ts) FROM cases WHERE seen_sync = ? AND received_ts <= ?",
        (cursor.generation, now),
    ).fetchone()[0]
    trusted = cursor.started_at if cursor.started_at is not None else now  # an older cursor
    mark = min(trusted, float(newest)) if newest is not None else trusted
    set_meta(conn, "synced_through", repr(min(mark, now)))


def cursor_from_meta(text: str | None) -> SyncCursor | None:
    if not text:
        return None
    try:
        data = json.loads(text)
        return SyncCursor(
            generation=int(data["generation"]),
            full=bool(data["full"]),
            date_from=date.fromisoformat(data["date_from"]) if data["date_from"] else None,
            next_page=int(data["next_page"]),
            page_size=int(data["page_size"]),
            started_at=float(data["started_at"]) if data.get("started_at") else None,
        )
    except (ValueError, KeyError, TypeError):
        return None  # an unreadable cursor only costs a sync from the start


def finish_sync(conn: sqlite3.Connection, cursor: SyncCursor) -> list[CaseRef]:
    """Close a sync that read every page; a full one hides cases that left the list.

    Returns the cases newly marked removed. Their files are forgotten unless pinned (the cache
    deletes unreferenced blobs afterwards).
    """
    now = time.time()
    restore_sort_indexes(conn)  # after a first sync into an empty store
    removed: list[CaseRef] = []
    if cursor.full:
        rows = conn.execute(
            "SELECT id, ref, ref_numeric FROM cases WHERE seen_sync < ? AND removed_at IS NULL",
            (cursor.generation,),
        ).fetchall()
        removed = [CaseRef(r[1], numeric=bool(r[2])) for r in rows]
        conn.executemany(
            "UPDATE cases SET removed_at = ? WHERE id = ?", [(now, r[0]) for r in rows]
        )
        conn.execute(
            "DELETE FROM files WHERE case_id IN "
            "(SELECT id FROM cases WHERE removed_at IS NOT NULL AND pinned = 0)"
        )
        conn.execute("DELETE FROM malformed WHERE seen_sync < ?", (cursor.generation,))
        set_meta(conn, "last_full_at", repr(now))
    _set_watermark(conn, cursor, now)
    set_meta(conn, "last_success_at", repr(now))
    set_meta(conn, "sync_count", str(int(get_meta(conn, "sync_count") or 0) + 1))
    save_cursor(conn, None)
    return removed


def current_generation(conn: sqlite3.Connection) -> int:
    """The generation of the newest sync begun (0 before the first)."""
    return int(get_meta(conn, "generation") or 0)


def next_generation(conn: sqlite3.Connection) -> int:
    generation = current_generation(conn) + 1
    set_meta(conn, "generation", str(generation))
    return generation


def get_meta(conn: sqlite3.Connection, key: str) -> str | None:
    found = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return str(found[0]) if found else None


def set_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )
