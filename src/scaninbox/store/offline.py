"""What "available offline" means, and the queries behind keeping it true.

A case's details are offline as soon as a sync stored it. Its files are not: the order form and
the scan previews are small and fetched for every synced case (they make a case readable on a
train); full scans and attachments are fetched for pinned cases, recent ones (``prefetch_days``)
and, when asked, every case since a date. A case is *available offline* when every one of its
files is on this computer — what `OfflineCounts.complete` counts and what the command line and
the window report, never more.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from scaninbox.domain import CaseRef, FileKind
from scaninbox.store.derive import FileSpec
from scaninbox.store.reading import StoreReader

__all__ = [
    "OfflineCounts",
    "cases_missing_files",
    "is_small",
    "offline_counts",
    "refs_due_between",
    "week_of",
]


@dataclass(frozen=True, slots=True)
class OfflineCounts:
    listed: int  # cases stored (their details are offline)
    complete: int  # of which every file is on this computer

    def __str__(self) -> str:
        noun = "case" if self.listed == 1 else "cases"
        return (
            f"Available offline: the details of {self.listed:,} {noun}, and every file of "
            f"{self.complete:,} of them."
        )


def is_small(spec: FileSpec) -> bool:
    """Order forms and scan previews: small, and fetched for every synced case."""
    if spec.kind is FileKind.ORDER_FORM:
        return True
    return spec.kind is FileKind.SCAN and spec.file_type.lower() == "preview"


def offline_counts(store: StoreReader) -> OfflineCounts:
    listed, complete = store.query(
        "SELECT count(*), count(*) FILTER (WHERE cached_count >= file_count) "
        "FROM cases WHERE removed_at IS NULL"
    )[0]
    return OfflineCounts(int(listed), int(complete))


def cases_missing_files(store: StoreReader) -> list[tuple[CaseRef, float]]:
    """Listed cases with a file not on this computer, newest first, with when each was last
    changed (a changed case may list new files)."""
    rows = store.query(
        "SELECT ref, ref_numeric, updated_at FROM cases "
        "WHERE removed_at IS NULL AND cached_count < file_count ORDER BY received_ts DESC"
    )
    return [(CaseRef(r[0], numeric=bool(r[1])), float(r[2])) for r in rows]


def refs_due_between(store: StoreReader, first: date, last: date) -> list[CaseRef]:
    """Listed cases whose delivery date falls on ``first`` … ``last``, soonest first."""
    rows = store.query(
        "SELECT ref, ref_numeric FROM cases WHERE removed_at IS NULL "
        "AND delivery_date BETWEEN ? AND ? ORDER BY delivery_date, received_ts DESC",
        (first.isoformat(), last.isoformat()),
    )
    return [CaseRef(r[0], numeric=bool(r[1])) for r in rows]


def week_of(day: date) -> tuple[date, date]:
    """Monday and Sunday of ``day``'s week (ISO weeks, as lab calendars count them)."""
    monday = day - timedelta(days=day.weekday())
    return monday, monday + timedelta(days=6)
