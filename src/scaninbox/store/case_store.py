"""The local store of one account: cases and their local state, sync bookkeeping, portals, /me.

``CaseStore`` = the reads of ``reading.StoreReader`` + the writes below. Every write is one short
transaction on the writer connection, except a sync's pages, which it commits a few at a time
(``save_page(batched=True)``, ``commit_pages``). Sync pages are derived (parsed, summarised)
before the write starts, so the write lock is held only for the SQL.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Protocol

from scaninbox.api.errors import ProtocolError
from scaninbox.api.wire import (
    CaseDict,
    ConfiguredPortal,
    IosPortal,
    MeResponse,
    UnifiedCase,
    case_dict_of,
)
from scaninbox.domain import CaseRef
from scaninbox.language import translate
from scaninbox.paths import ensure_private_dir
from scaninbox.store import sync_writes
from scaninbox.store.connections import DB_NAME
from scaninbox.store.derive import DERIVATION_VERSION, case_json, case_ref_of, derive_columns
from scaninbox.store.reading import StoreReader
from scaninbox.store.records import PageResult, SyncCursor
from scaninbox.store.rederive import rederive_all
from scaninbox.store.schema import connect, migrate

__all__ = ["CaseStore", "MalformedInput"]

_log = logging.getLogger(__name__)


class MalformedInput(Protocol):
    """A case of a page that could not be read (``scaninbox.api.MalformedCase`` fits)."""

    @property
    def index(self) -> int: ...
    @property
    def ref(self) -> str | None: ...
    @property
    def field(self) -> str: ...
    @property
    def reason(self) -> str: ...


def _unreadable(case: CaseDict, position: str, exc: Exception) -> tuple[str, str, str]:
    """A case that passed the wire rules but still could not be stored, as a malformed one."""
    _log.warning("case %s could not be stored", position, exc_info=True)
    number = case.get("id")
    who = case.get("guid") if number is None else str(number)
    reason = str(exc).strip() or type(exc).__name__
    return (
        (who or position)[:100],
        "",
        translate("StoreError", "it could not be read ({reason})").format(reason=reason),
    )


class CaseStore(StoreReader):
    """One account's database. ``CaseStore.open(folder)``; ``close()`` when done."""

    # Rows of the open batch with an id above this are not in the search index yet: the
    # batch's pages leave them out, and they are added in one go when it commits.
    _search_behind: int | None = None

    @classmethod
    def open(cls, folder: Path) -> CaseStore:
        """Open (creating or migrating) the store in ``folder`` (created with mode 0700)."""
        ensure_private_dir(folder)
        path = folder / DB_NAME
        conn = connect(path)
        try:
            migrate(conn, path=path)
            store = cls(folder, conn)
            if store.meta("deferred_indexes"):  # a first sync was cut off: see sync_writes
                with store.transaction() as tx:
                    sync_writes.restore_sort_indexes(tx)
            if store.meta("derivation_version") != str(DERIVATION_VERSION):
                with store.transaction() as tx:
                    rederive_all(tx)
                    sync_writes.set_meta(tx, "derivation_version", str(DERIVATION_VERSION))
        except BaseException:
            conn.close()
            raise
        return store

    def __enter__(self) -> CaseStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ local state

    def mark_read(self, refs: Sequence[CaseRef], *, read: bool = True) -> int:
        """Mark cases read (or unread again); returns how many changed."""
        with self.transaction() as tx:
            changed = 0
            for ref in refs:
                cursor = tx.execute(
                    "UPDATE cases SET unread = ? WHERE ref = ? AND ref_numeric = ? AND unread = ?",
                    (int(not read), ref.value, int(ref.numeric), int(read)),
                )
                changed += cursor.rowcount
            return changed

    def set_pinned(self, ref: CaseRef, pinned: bool) -> bool:
        """Keep a case available offline (or stop keeping it). False when the case is unknown."""
        with self.transaction() as tx:
            cursor = tx.execute(
                "UPDATE cases SET pinned = ? WHERE ref = ? AND ref_numeric = ?",
                (int(pinned), ref.value, int(ref.numeric)),
            )
            return cursor.rowcount > 0

    def save_meta(self, key: str, value: str) -> None:
        with self.transaction() as tx:
            sync_writes.set_meta(tx, key, value)

    def save_account_details(
        self,
        me: MeResponse,
        ios_portals: Sequence[IosPortal],
        configured_portals: Sequence[ConfiguredPortal],
    ) -> None:
        """Keep ``/me`` and both portal listings as received (the viewer needs axisMapping)."""
        listings = {
            "ios": [(p.name, p.model_dump_json(by_alias=True)) for p in ios_portals],
            "configured": [
                (p.display_name, p.model_dump_json(by_alias=True)) for p in configured_portals
            ],
        }
        with self.transaction() as tx:
            sync_writes.set_meta(tx, "me", me.model_dump_json(by_alias=True))
            for listing, portals in listings.items():
                tx.execute("DELETE FROM portals WHERE listing = ?", (listing,))
                tx.executemany(
                    "INSERT INTO portals (listing, position, name, raw_json) VALUES (?, ?, ?, ?)",
                    [(listing, i, name, raw) for i, (name, raw) in enumerate(portals)],
                )

    # ------------------------------------------------------------------ sync

    def begin_sync(
        self,
        *,
        full: bool,
        date_from: date | None,
        page_size: int,
        started_at: float | None = None,
    ) -> SyncCursor:
        """Start a sync generation and save its cursor (next page: 1); ``started_at`` is the
        client's clock now, the next incremental sync's watermark once this one completes."""
        with self.transaction() as tx:
            generation = sync_writes.next_generation(tx)
            if full and tx.execute("SELECT 1 FROM cases LIMIT 1").fetchone() is None:
                sync_writes.defer_sort_indexes(tx)  # built once when the sync finishes
            cursor = SyncCursor(generation, full, date_from, 1, page_size, started_at)
            sync_writes.save_cursor(tx, cursor)
        return cursor

    def save_page(
        self,
        cursor: SyncCursor,
        page: int,
        cases: Sequence[CaseDict | UnifiedCase],
        malformed: Sequence[MalformedInput] = (),
        *,
        batched: bool = False,
    ) -> tuple[PageResult, SyncCursor]:
        """Store one page of the listing and the cursor of the next page, together: in one
        transaction, or with ``batched`` as one unit of the open batch transaction (committed
        by ``commit_pages``; a page that fails is rolled back whole, see ``Database.batched``).

        ``cases``: as a sync reads them (``scaninbox.api.wire.CASE_DICTS``), or wire models.
        Cases whose JSON is unchanged are only marked as seen; the others are derived (parsed,
        summarised) before the write starts, so the write lock is held only for the SQL.
        The page's stored rows are read once, before, through the writer connection (which
        sees the pages of an open batch, as other connections do not yet); when anything was
        written meanwhile (another thread, another process) they are read again in the write.
        """
        problems = [(m.ref or f"#{page}.{m.index}", m.field, m.reason) for m in malformed]
        listed: list[tuple[CaseDict, CaseRef, tuple[bytes, str], int]] = []
        for index, given in enumerate(cases):
            case = case_dict_of(given) if isinstance(given, UnifiedCase) else given
            try:
                ref = case_ref_of(case)
                if ref is None:
                    reason = "the case has neither a numeric id nor a usable guid"
                    problems.append((case.get("guid") or f"#{page}.{index}", "guid", reason))
                    continue
                listed.append((case, ref, case_json(case), index))
            except Exception as exc:  # one case must not sink the page
                problems.append(_unreadable(case, f"#{page}.{index}", exc))
        with self.reading_writer() as (conn, mark):
            stored = sync_writes.stored_rows(conn, [ref for _c, ref, _d, _i in listed])
        unchanged: dict[CaseRef, str] = {}
        columns = []
        for case, ref, digest, index in listed:
            found = stored.get((ref.value, int(ref.numeric))) if stored else None
            if found is not None and found[1] == digest[1] and found[2] is None:
                unchanged[ref] = digest[1]
                continue
            try:  # the documented promise holds for every member: derivation included
                columns.append(derive_columns(case, digest, ref))
            except Exception as exc:
                problems.append(_unreadable(case, f"#{page}.{index}", exc))
        result = PageResult(malformed=len(problems))
        next_cursor = replace(cursor, next_page=page + 1)
        with self.batched() if batched else self.transaction() as tx:
            # Read again inside the write when anything was written meanwhile.
            current = stored if self.writer_unchanged(mark) else None
            seen = sync_writes.mark_seen(tx, unchanged, cursor.generation)
            result.unchanged += len(seen)
            if len(seen) < len(unchanged):  # changed by another process since we looked
                gone = [c for c, r, _d, _i in listed if r in unchanged and r not in seen]
                columns += [derive_columns(case) for case in gone]
            behind = sync_writes.save_cases(
                tx,
                columns,
                cursor.generation,
                result,
                current,
                defer_search=batched,
                unindexed_after=self._search_behind,
            )
            if batched:
                self._search_behind = behind
            for who, field_path, reason in problems:
                sync_writes.record_malformed(tx, who, field_path, reason, cursor.generation)
            sync_writes.save_cursor(tx, next_cursor)
        return result, next_cursor

    def _before_batch_commit(self, conn: sqlite3.Connection) -> None:
        if self._search_behind is not None:
            sync_writes.index_rows_after(conn, self._search_behind)

    def _batch_ended(self) -> None:
        self._search_behind = None

    def commit_pages(self) -> int:
        """Commit the pages ``save_page(batched=True)`` saved since the last commit, so other
        connections (the inbox, another process) see them; nothing when there are none.
        Returns how many such pages were committed so far (``Database.commit_batch``)."""
        return self.commit_batch()

    def finish_sync(self, cursor: SyncCursor) -> list[CaseRef]:
        """Record a completed sync; a full one hides and returns the cases that left the list."""
        with self.transaction() as tx:
            return sync_writes.finish_sync(tx, cursor)

    def upsert_case(self, wire: UnifiedCase) -> PageResult:
        """Store one case fetched on its own (e.g. refreshed when it is opened); a case that
        cannot be stored is a `ProtocolError` in plain words, as a malformed answer is. Kept
        as a sync keeps it, so the next sync finds it unchanged."""
        case = case_dict_of(wire)
        try:
            columns = derive_columns(case)
        except Exception as exc:
            who, _field, reason = _unreadable(case, translate("StoreWhat", "the case"), exc)
            raise ProtocolError(
                translate("StoreError", "The service sent case {ref} but {reason}").format(
                    ref=who, reason=reason
                )
            ) from None
        result = PageResult()
        with self.transaction() as tx:
            sync_writes.save_cases(tx, [columns], sync_writes.current_generation(tx), result)
        return result
