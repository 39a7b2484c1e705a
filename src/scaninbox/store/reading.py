"""Everything the inbox, the detail pane and the command line read from the store.

Windows of the inbox (``rows``; their times at 100,000 cases: ``benchmarks/store_sync.py``):
without a text search, an indexed ``ORDER BY … LIMIT … OFFSET`` (quick at the first screen and
still at the last) — no ordering to build and nothing to invalidate while a sync writes. A
text search is evaluated once into the ordered row ids of its (filter, sort), cached per thread
until the database changes (``PRAGMA data_version``): its count and every window come from that
list. ``case_list`` gives a view its own fixed ordering (built once, then a window at any depth
as quick as the first) that does not move while a sync writes.

SQL text here is assembled only from this package's own constants (column lists, sort orders,
``?`` placeholders); every value is a bound parameter — hence the ``S608`` exemptions.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from scaninbox.api import to_case
from scaninbox.api.wire import ConfiguredPortal, IosPortal, MeResponse, UnifiedCase
from scaninbox.domain import CaseRef
from scaninbox.store import sync_writes
from scaninbox.store.case_list import CaseList, rows_by_id
from scaninbox.store.connections import Database, ReaderState
from scaninbox.store.derive import case_files, fold, unpack_json
from scaninbox.store.queries import (
    ROW_COLUMNS,
    CaseFilter,
    CaseRow,
    SortSpec,
    fts_query,
    row_from_sql,
    where_clause,
)
from scaninbox.store.records import MalformedRecord, StoredCase, StoredFile, SyncState

__all__ = ["StoreReader"]

_CACHED_ORDERINGS = 8
_BY_REF = "WHERE ref = ? ORDER BY ref_numeric = ? DESC LIMIT 1"


class StoreReader(Database):
    """The read side of ``CaseStore``."""

    def count(self, f: CaseFilter | None = None) -> int:
        """How many cases match ``f`` (the inbox's row count)."""
        f = f or CaseFilter()
        with self.reading() as state:
            if fts_query(f.text) is not None:
                return len(self._ordered_ids(state, f, SortSpec()))
            where, params = where_clause(f)
            sql = f"SELECT count(*) FROM cases WHERE {where}"  # noqa: S608
            return int(state.conn.execute(sql, params).fetchone()[0])

    def rows(
        self,
        f: CaseFilter | None = None,
        sort: SortSpec | None = None,
        offset: int = 0,
        limit: int = 50,
    ) -> list[CaseRow]:
        """A window of the inbox: ``limit`` rows from position ``offset`` in ``sort`` order."""
        f, sort = f or CaseFilter(), sort or SortSpec()
        if limit <= 0 or offset < 0:
            return []
        with self.reading() as state:
            if fts_query(f.text) is not None:
                ids = self._ordered_ids(state, f, sort)[offset : offset + limit]
                return rows_by_id(state.conn, ids)
            where, params = where_clause(f)
            sql = f"SELECT {ROW_COLUMNS} FROM cases WHERE {where} ORDER BY {sort.order_by()}"  # noqa: S608
            found = state.conn.execute(f"{sql} LIMIT ? OFFSET ?", [*params, limit, offset])
            return [row_from_sql(r) for r in found]

    def wire_cases(
        self,
        f: CaseFilter | None = None,
        sort: SortSpec | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> list[UnifiedCase]:
        """Matching cases as received (for ``--json`` output and the offline command line)."""
        f, sort = f or CaseFilter(), sort or SortSpec()
        with self.reading() as state:
            ids = self._ordered_ids(state, f, sort)
        window = ids[offset:] if limit is None else ids[offset : offset + limit]
        blobs: dict[int, bytes] = {}
        for start in range(0, len(window), 500):
            chunk = window[start : start + 500]
            marks = ",".join("?" * len(chunk))
            sql = f"SELECT id, wire_json_z FROM cases WHERE id IN ({marks})"  # noqa: S608
            blobs.update(self.query(sql, chunk))
        return [UnifiedCase.model_validate_json(unpack_json(blobs[i])) for i in window]

    def case_list(self, f: CaseFilter | None = None, sort: SortSpec | None = None) -> CaseList:
        """A fixed ordering of the matching cases for a view to window over (``CaseList``)."""
        f, sort = f or CaseFilter(), sort or SortSpec()
        with self.reading() as state:
            ids = self._ordered_ids(state, f, sort)
        return CaseList(f, sort, ids, self._read_connection)

    def row(self, ref: CaseRef) -> CaseRow | None:
        found = self.query(f"SELECT {ROW_COLUMNS} FROM cases {_BY_REF}", _ref_params(ref))  # noqa: S608
        return row_from_sql(found[0]) if found else None

    def case(self, ref: CaseRef) -> StoredCase | None:
        """The stored case with its local state and which of its files are on this computer."""
        found = self.query(
            "SELECT id, wire_json_z, unread, pinned, removed_at, first_seen_at, updated_at "  # noqa: S608
            f"FROM cases {_BY_REF}",
            _ref_params(ref),
        )
        if not found:
            return None
        case_id, raw, unread, pinned, removed_at, first_seen, updated = found[0]
        wire = UnifiedCase.model_validate_json(unpack_json(raw))
        case = to_case(wire)
        cached = {
            (r[0], r[1], r[2]): r[3:]
            for r in self.query(
                "SELECT kind, name, file_type, size_bytes, sha256, fetched_at, last_opened_at "
                "FROM files WHERE case_id = ?",
                (case_id,),
            )
        }
        files = []
        for spec in case_files(case):
            size, sha, fetched, opened = cached.get(
                (spec.kind.value, spec.name, spec.file_type), (None, None, None, None)
            )
            files.append(StoredFile(spec, size, sha, _utc(fetched), _utc(opened)))
        return StoredCase(
            case=case,
            wire=wire,
            unread=bool(unread),
            pinned=bool(pinned),
            removed=removed_at is not None,
            first_seen_at=_utc_required(first_seen),
            updated_at=_utc_required(updated),
            files=tuple(files),
        )

    def case_id(self, ref: CaseRef) -> int | None:
        """The store's row id of a case (what file records point to)."""
        found = self.query(f"SELECT id FROM cases {_BY_REF}", _ref_params(ref))  # noqa: S608
        return int(found[0][0]) if found else None

    def distinct_sources(self) -> list[str]:
        rows = self.query(
            "SELECT DISTINCT source FROM cases WHERE removed_at IS NULL AND source != '' "
            "ORDER BY source_key"
        )
        return [r[0] for r in rows]

    def distinct_statuses(self) -> list[str]:
        rows = self.query(
            "SELECT DISTINCT status FROM cases WHERE removed_at IS NULL AND status != '' "
            "ORDER BY status"
        )
        return [r[0] for r in rows]

    def unread_count(self) -> int:
        found = self.query("SELECT count(*) FROM cases WHERE removed_at IS NULL AND unread = 1")
        return int(found[0][0])

    def synced_through(self) -> datetime | None:
        """When the last completed sync began, on this computer's clock: where an incremental
        sync starts (less an overlap for the two clocks and for late arrivals).

        Not the newest stored case: a case stored outside a sync (opened, listed by the command
        line) may be newer than cases no sync has fetched yet, and a server may send a received
        date in the future (2999-01-01); starting after either would skip today's cases.
        """
        value = self.meta("synced_through")
        return _utc(float(value)) if value else None

    def case_counts(self) -> tuple[int, int]:
        """(cases shown, cases hidden because the server no longer lists them)."""
        row = self.query(
            "SELECT count(*) FILTER (WHERE removed_at IS NULL), "
            "count(*) FILTER (WHERE removed_at IS NOT NULL) FROM cases"
        )[0]
        return int(row[0]), int(row[1])

    def malformed(self) -> list[MalformedRecord]:
        """Cases the server sent that could not be read ("1 case could not be read")."""
        rows = self.query(
            "SELECT ref, field, reason, first_seen_at, last_seen_at FROM malformed ORDER BY ref"
        )
        return [
            MalformedRecord(r[0], r[1], r[2], _utc_required(r[3]), _utc_required(r[4]))
            for r in rows
        ]

    def meta(self, key: str) -> str | None:
        found = self.query("SELECT value FROM meta WHERE key = ?", (key,))
        return str(found[0][0]) if found else None

    def sync_state(self) -> SyncState:
        values = dict(self.query("SELECT key, value FROM meta"))

        def when(key: str) -> datetime | None:
            return _utc(float(values[key])) if key in values else None

        return SyncState(
            last_success_at=when("last_success_at"),
            last_full_at=when("last_full_at"),
            sync_count=int(values.get("sync_count", 0)),
            cursor=sync_writes.cursor_from_meta(values.get("sync_cursor")),
        )

    def last_sync_at(self) -> datetime | None:
        return self.sync_state().last_success_at

    def cases_needing_files(self, received_since: datetime | None) -> list[CaseRef]:
        """Listed cases with files not cached yet: pinned ones, then those received since
        ``received_since`` (None: pinned only), newest first."""
        since = int(received_since.timestamp()) if received_since else None
        rows = self.query(
            "SELECT ref, ref_numeric FROM cases WHERE removed_at IS NULL "
            "AND cached_count < file_count AND (pinned = 1 OR received_ts >= ?) "
            "ORDER BY pinned DESC, received_ts DESC",
            (since,),
        )
        return [CaseRef(r[0], numeric=bool(r[1])) for r in rows]

    def me(self) -> MeResponse | None:
        """The signed-in user as ``/me`` last answered."""
        text = self.meta("me")
        return MeResponse.model_validate_json(text) if text else None

    def ios_portals(self) -> list[IosPortal]:
        return [IosPortal.model_validate_json(raw) for _, raw in self._portals("ios")]

    def configured_portals(self) -> list[ConfiguredPortal]:
        return [ConfiguredPortal.model_validate_json(raw) for _, raw in self._portals("configured")]

    def axis_mapping(self, source: str | None) -> str | None:
        """The ``axisMapping`` of the portal a case came from (``acceptedData.source`` = name)."""
        if not source:
            return None
        wanted = fold(source)
        for portal in self.ios_portals():
            if portal.name and fold(portal.name) == wanted:
                return portal.axis_mapping
        return None

    def _portals(self, listing: str) -> list[tuple[str | None, str]]:
        rows = self.query(
            "SELECT name, raw_json FROM portals WHERE listing = ? ORDER BY position", (listing,)
        )
        return [(r[0], r[1]) for r in rows]

    @contextmanager
    def _read_connection(self) -> Iterator[sqlite3.Connection]:
        with self.reading() as state:
            yield state.conn

    def _ordered_ids(self, state: ReaderState, f: CaseFilter, sort: SortSpec) -> list[int]:
        key = (f, sort)
        ids = state.orderings.get(key)
        if ids is None:
            where, params = where_clause(f)
            sql = f"SELECT id FROM cases WHERE {where} ORDER BY {sort.order_by()}"  # noqa: S608
            ids = [r[0] for r in state.conn.execute(sql, params)]
            state.orderings[key] = ids
            while len(state.orderings) > _CACHED_ORDERINGS:
                state.orderings.popitem(last=False)
        else:
            state.orderings.move_to_end(key)
        return ids


def _ref_params(ref: CaseRef) -> tuple[str, int]:
    return ref.value, int(ref.numeric)


def _utc(timestamp: float | None) -> datetime | None:
    return datetime.fromtimestamp(timestamp, UTC) if timestamp is not None else None


def _utc_required(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)
