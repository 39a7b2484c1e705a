"""How the inbox asks the store for cases: a filter, a sort, and the light rows it gets back.

``CaseRow`` is what one line of the inbox table shows; it is read from indexed columns, never
by parsing the case's JSON. ``CaseFilter`` and ``SortSpec`` are immutable and hashable, so the
store can cache the ordered row ids of a (filter, sort) pair and serve any window of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from typing import Any

from scaninbox.domain import CLOSED_STATUSES, CaseRef
from scaninbox.store.derive import fold

__all__ = [
    "ROW_COLUMNS",
    "CaseFilter",
    "CaseRow",
    "SortKey",
    "SortSpec",
    "fts_query",
    "row_from_sql",
    "where_clause",
]


class SortKey(StrEnum):
    """The inbox columns one can sort on."""

    RECEIVED = "received"
    UNREAD = "unread"
    PRIORITY = "priority"
    PATIENT = "patient"
    DENTIST = "dentist"
    CLINIC = "clinic"
    SOURCE = "source"
    WORK = "work"
    TEETH = "teeth"
    DELIVERY = "delivery"
    STATUS = "status"
    FILES = "files"
    PINNED = "pinned"
    CACHED = "cached"


# Each key sorts on an indexed column (see schema.py) and then on received date, newest first
# within equal values; the rowid breaks the last ties so windows never overlap or skip.
_ORDER_COLUMNS: dict[SortKey, str] = {
    SortKey.RECEIVED: "received_ts",
    SortKey.UNREAD: "unread",
    SortKey.PRIORITY: "priority",
    SortKey.PATIENT: "patient_key",
    SortKey.DENTIST: "dentist_key",
    SortKey.CLINIC: "clinic_key",
    SortKey.SOURCE: "source_key",
    SortKey.WORK: "work_key",
    SortKey.TEETH: "teeth_key",
    SortKey.DELIVERY: "delivery_key",
    SortKey.STATUS: "status",
    SortKey.FILES: "file_count",
    SortKey.PINNED: "pinned",
    SortKey.CACHED: "(cached_count >= file_count)",
}


@dataclass(frozen=True, slots=True)
class SortSpec:
    key: SortKey = SortKey.RECEIVED
    descending: bool = True

    def order_by(self) -> str:
        direction = "DESC" if self.descending else "ASC"
        column = _ORDER_COLUMNS[self.key]
        if self.key is SortKey.RECEIVED:
            return f"received_ts {direction}, id {direction}"
        return f"{column} {direction}, received_ts {direction}, id {direction}"


@dataclass(frozen=True, slots=True)
class CaseFilter:
    """Which cases the inbox shows. Empty sets mean "any".

    ``received_from`` / ``received_to`` are inclusive calendar dates of the received time in UTC,
    as the service's own ``from`` / ``to`` parameters are. ``delivery_from`` / ``delivery_to``
    are inclusive requested delivery dates (cases without a delivery date never match them).
    ``open_only`` keeps work still to be delivered (``domain.is_open_status``: not complete,
    cancelled or rejected), as the domain's overdue rule does.
    """

    text: str = ""
    statuses: frozenset[str] = field(default_factory=frozenset)
    sources: frozenset[str] = field(default_factory=frozenset)
    received_from: date | None = None
    received_to: date | None = None
    delivery_from: date | None = None
    delivery_to: date | None = None
    open_only: bool = False
    unread_only: bool = False
    pinned_only: bool = False
    include_removed: bool = False
    lab: tuple[str, str] | None = None  # the lab hub's (filter, person): ``lab_filters``


@dataclass(frozen=True, slots=True)
class CaseRow:
    """One line of the inbox: display values only."""

    ref: CaseRef
    unread: bool
    priority: bool
    received_at: datetime | None
    patient: str
    dentist: str
    clinic: str
    source: str
    work_summary: str
    teeth: str
    delivery_date: date | None
    delivery_text: str | None
    status: str
    scan_count: int
    order_form_count: int
    misc_count: int
    file_count: int
    cached_count: int
    pinned: bool
    removed: bool

    @property
    def fully_cached(self) -> bool:
        return self.cached_count >= self.file_count


ROW_COLUMNS = (
    "ref, ref_numeric, unread, priority, received_ts, patient, dentist, clinic, source, "
    "work_summary, teeth, delivery_date, delivery_text, status, scan_count, order_form_count, "
    "misc_count, file_count, cached_count, pinned, removed_at"
)


def row_from_sql(r: tuple[Any, ...]) -> CaseRow:
    return CaseRow(
        ref=CaseRef(r[0], numeric=bool(r[1])),
        unread=bool(r[2]),
        priority=bool(r[3]),
        received_at=datetime.fromtimestamp(r[4], UTC) if r[4] is not None else None,
        patient=r[5],
        dentist=r[6],
        clinic=r[7],
        source=r[8],
        work_summary=r[9],
        teeth=r[10],
        delivery_date=date.fromisoformat(r[11]) if r[11] else None,
        delivery_text=r[12],
        status=r[13],
        scan_count=r[14],
        order_form_count=r[15],
        misc_count=r[16],
        file_count=r[17],
        cached_count=r[18],
        pinned=bool(r[19]),
        removed=r[20] is not None,
    )


def where_clause(f: CaseFilter) -> tuple[str, list[Any]]:
    """The SQL condition on ``cases`` for ``f`` and its parameters."""
    terms: list[str] = []
    params: list[Any] = []
    if not f.include_removed:
        terms.append("removed_at IS NULL")
    match = fts_query(f.text)
    if match is not None:
        terms.append("id IN (SELECT rowid FROM case_search WHERE case_search MATCH ?)")
        params.append(match)
    if f.statuses:
        terms.append(f"status IN ({','.join('?' * len(f.statuses))})")
        params.extend(sorted(f.statuses))
    if f.sources:
        terms.append(f"source IN ({','.join('?' * len(f.sources))})")
        params.extend(sorted(f.sources))
    if f.received_from is not None:
        terms.append("received_ts >= ?")
        params.append(_utc_midnight(f.received_from))
    if f.received_to is not None:
        terms.append("received_ts < ?")
        params.append(_utc_midnight(f.received_to + timedelta(days=1)))
    if f.delivery_from is not None or f.delivery_to is not None:
        terms.append("delivery_date IS NOT NULL")
    if f.delivery_from is not None:
        terms.append("delivery_key >= ?")  # ISO dates: text order is date order (indexed)
        params.append(f.delivery_from.isoformat())
    if f.delivery_to is not None:
        terms.append("delivery_key <= ?")
        params.append(f.delivery_to.isoformat())
    if f.open_only:
        closed = sorted(CLOSED_STATUSES)
        terms.append(f"lower(trim(status)) NOT IN ({','.join('?' * len(closed))})")
        params.extend(closed)
    if f.unread_only:
        terms.append("unread = 1")
    if f.pinned_only:
        terms.append("pinned = 1")
    _add_lab_term(f, terms, params)
    return (" AND ".join(terms) or "1"), params


def _add_lab_term(f: CaseFilter, terms: list[str], params: list[Any]) -> None:
    """The lab hub's filter (mine, unclaimed, rescan needed), when one is asked for."""
    if f.lab is None:
        return
    from scaninbox.store.lab_filters import lab_filter_sql

    term, values = lab_filter_sql(*f.lab)
    terms.append(term)
    params.extend(values)


_WORD = re.compile(r"\w", re.UNICODE)


def fts_query(text: str) -> str | None:
    """An FTS5 MATCH expression for what a person typed, or None when nothing searchable is left.

    Every whitespace-separated chunk must match, as a prefix (``schm`` finds Schmidt) and as a
    phrase (``3S-2026-0042`` keeps its parts together). Chunks are quoted, so FTS5 operators in
    the text are taken literally.
    """
    chunks = [c for c in fold(text).split() if _WORD.search(c)]
    if not chunks:
        return None
    return " ".join('"' + c.replace('"', '""') + '"*' for c in chunks)


def _utc_midnight(day: date) -> int:
    return int(datetime.combine(day, time(0), tzinfo=UTC).timestamp())
