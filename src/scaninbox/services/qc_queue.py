"""Background scan QC, Qt-free: which cases need checking, in what order, and checking one.

A case needs checking when every one of its full-resolution scans is in the local file cache and
its kept result is missing, from another QC version, or keyed by other scans — a scan that was
fetched again with other content has another SHA-256, so its key differs and the kept result is
*stale*: it must not be shown as current, and the case is checked again.

Order: the most urgent delivery first (overdue, due today, due soon, later, then cases whose work
is no longer open), earlier dates first, then the newest arrival; a case someone is looking at
(`QcQueue.offer(..., wanted=True)`) goes before all of them. The queue is bounded: when it is
full, the least urgent case is left out (it is found again at the next start or file arrival).

Threads: `candidates` and `check_case` read the store and the cache's files and are meant for
one worker thread (the store gives each thread its own reader connection); `check_case` keeps
its result through the store's one writer (`qc_work.check_case_scans`, the one way a case is
checked, keyed and kept). The SQL is the store's (`scaninbox.store.qc_store`).
`QcQueue` is plain data for the thread that owns it (the GUI's).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from scaninbox.domain import (
    Case,
    CaseRef,
    FileKind,
    ScanFile,
    Urgency,
    delivery_urgency,
    full_scans,
)
from scaninbox.qc import QC_VERSION
from scaninbox.services.qc_work import (
    CheckedScans,
    QcStanding,
    check_case_scans,
    scans_key,
    standing,
)
from scaninbox.store import CaseStore, FileCache, FileSpec, StoredCase

__all__ = [
    "DEFAULT_QUEUE_LIMIT",
    "CheckedCase",
    "QcCandidate",
    "QcQueue",
    "QcStanding",
    "candidate_of",
    "candidates",
    "cases_with_cached_scans",
    "check_case",
    "outdated_among",
    "outdated_results",
    "suspect_results",
    "unchecked_cases_without_scans",
]

DEFAULT_QUEUE_LIMIT = 500
_URGENCY_ORDER = (
    Urgency.OVERDUE,
    Urgency.DUE_TODAY,
    Urgency.DUE_SOON,
    Urgency.LATER,
    Urgency.NOT_APPLICABLE,
)


@dataclass(frozen=True, slots=True)
class QcCandidate:
    """A case whose scans are all on this computer, and how its kept result stands."""

    ref: CaseRef
    key: str  # the content key of its scans now (`scaninbox.store.qc_store.files_key`)
    standing: QcStanding
    urgency: Urgency
    delivery: date | None
    received: datetime | None

    @property
    def needs_check(self) -> bool:
        return self.standing is not QcStanding.CURRENT

    def rank(self) -> tuple[int, int, float]:
        """Sort key: urgency, then the delivery date, then the newest arrival."""
        return (
            _URGENCY_ORDER.index(self.urgency),
            self.delivery.toordinal() if self.delivery is not None else date.max.toordinal(),
            -(self.received.timestamp() if self.received is not None else 0.0),
        )


@dataclass(frozen=True, slots=True)
class CheckedCase:
    """A case checked (and its result kept) on the worker."""

    ref: CaseRef
    outcome: CheckedScans


# ---------------------------------------------------------------------- what needs checking


def _scan_specs(case: Case) -> list[tuple[ScanFile, FileSpec | None]]:
    return [
        (scan, FileSpec.of(FileKind.SCAN, scan.filename, scan.file_type))
        for scan in full_scans(case.scan_files)
    ]


def _cached_hashes(stored: StoredCase) -> list[tuple[ScanFile, str]] | None:
    """Each full scan with its cached content hash; None unless every one is cached. A case
    without scans has all of its none: it is checked at once (and fails, "no scans"), as
    ``scaninbox qc`` checks it — not left waiting for files that will never come."""
    hashes = {f.spec: f.sha256 for f in stored.files if f.sha256 is not None}
    found: list[tuple[ScanFile, str]] = []
    for scan, spec in _scan_specs(stored.case):
        sha = hashes.get(spec) if spec is not None else None
        if sha is None:
            return None
        found.append((scan, sha))
    return found


def candidate_of(store: CaseStore, ref: CaseRef, *, today: date) -> QcCandidate | None:
    """``ref`` as a candidate when all its full scans are cached (whatever its standing)."""
    from scaninbox.store.qc_store import qc_result

    stored = store.case(ref)
    if stored is None or stored.removed:
        return None
    hashes = _cached_hashes(stored)
    if hashes is None:
        return None
    key = scans_key(hashes)
    case = stored.case
    return QcCandidate(
        ref,
        key,
        standing(qc_result(store, ref), key),
        delivery_urgency(case.delivery_date, status=case.status, today=today),
        case.delivery_date,
        case.received_at,
    )


def candidates(store: CaseStore, refs: Iterable[CaseRef], today: date) -> list[QcCandidate]:
    """The candidates among ``refs`` (those with every full scan cached), most urgent first."""
    found = [c for ref in dict.fromkeys(refs) if (c := candidate_of(store, ref, today=today))]
    return sorted(found, key=QcCandidate.rank)


def outdated_results(store: CaseStore, refs: Sequence[CaseRef]) -> set[CaseRef]:
    """Those of ``refs`` whose kept result is *stale*: made on other scans than the ones cached
    now (a scan fetched again with other content, or the case's scans changed). A case whose
    scans are not all cached is not called stale: its kept result is the last word there is
    (as in `candidate_of`). `suspect_results` then `outdated_among`, in one go."""
    return outdated_among(store, suspect_results(store, refs))


def suspect_results(store: CaseStore, refs: Sequence[CaseRef]) -> dict[CaseRef, str]:
    """Those of ``refs`` whose kept result could have gone out of date — a scan file fetched,
    or the case changed, after the check — each with a signature of what it was checked
    against now (the kept key, the case's change time, the cached scans' names and hashes):
    while the signature stays, so does the answer of `outdated_among`. One statement, cheap
    enough for the inbox's GUI thread per block of rows; most kept results are not suspects."""
    from scaninbox.store.qc_store import suspect_signatures

    return suspect_signatures(store, refs, scan_kind=FileKind.SCAN.value, qc_version=QC_VERSION)


def outdated_among(store: CaseStore, suspects: Iterable[CaseRef]) -> set[CaseRef]:
    """The close look at `suspect_results`: those whose cached scans' key is not the kept one.
    Reads each case (about a millisecond each): for a worker thread when there are many."""
    from scaninbox.store.qc_store import qc_result

    outdated: set[CaseRef] = set()
    for ref in suspects:
        stored = store.case(ref)
        hashes = _cached_hashes(stored) if stored is not None and not stored.removed else None
        kept = qc_result(store, ref) if hashes is not None else None
        if hashes is not None and standing(kept, scans_key(hashes)) is QcStanding.STALE:
            outdated.add(ref)
    return outdated


def cases_with_cached_scans(store: CaseStore) -> list[CaseRef]:
    """Cases (not removed) with at least one full scan in the cache: where to look at start.
    Previews do not count (the sync fetches them for every case; the cache's size bounds the
    rest)."""
    from scaninbox.store.qc_store import cases_with_files

    return cases_with_files(store, FileKind.SCAN.value, leaving_out_type="preview")


def unchecked_cases_without_scans(store: CaseStore) -> list[CaseRef]:
    """Cases (not removed) that list no scan and have no result of this QC version: nothing
    to wait for, so they are checked at once (where to look at start and after each sync)."""
    rows = store.query(
        "SELECT c.ref, c.ref_numeric FROM cases c WHERE c.scan_count = 0 "
        "AND c.removed_at IS NULL AND NOT EXISTS (SELECT 1 FROM qc_results q "
        "WHERE q.case_id = c.id AND q.qc_version = ?)",
        (QC_VERSION,),
    )
    return [CaseRef(ref, numeric=bool(numeric)) for ref, numeric in rows]


# ---------------------------------------------------------------------- the queue


class QcQueue:
    """Cases waiting for background QC: one entry per case, most urgent first, at most
    ``limit`` entries (the least urgent is left out when it is full)."""

    def __init__(self, limit: int = DEFAULT_QUEUE_LIMIT) -> None:
        if limit < 1:
            raise ValueError("a QC queue holds at least one case")
        self.limit = limit
        self._waiting: dict[CaseRef, tuple[tuple[int, int, int, float], QcCandidate]] = {}

    def __len__(self) -> int:
        return len(self._waiting)

    def __contains__(self, ref: object) -> bool:
        return ref in self._waiting

    def refs(self) -> list[CaseRef]:
        """The waiting cases in the order they will be checked."""
        return [c.ref for _rank, c in sorted(self._waiting.values(), key=lambda e: e[0])]

    def offer(self, candidate: QcCandidate, *, wanted: bool = False) -> bool:
        """Queue ``candidate`` (replacing an older entry of the case); ``wanted`` puts it first
        (someone is looking at it). False when it needs no check or did not fit."""
        if not candidate.needs_check and not wanted:
            self._waiting.pop(candidate.ref, None)
            return False
        earlier = self._waiting.get(candidate.ref)
        first = wanted or (earlier is not None and earlier[0][0] == 0)
        rank = (0 if first else 1, *candidate.rank())
        self._waiting[candidate.ref] = (rank, candidate)
        if len(self._waiting) > self.limit:
            last = max(self._waiting, key=lambda ref: self._waiting[ref][0])
            del self._waiting[last]
            return last != candidate.ref
        return True

    def pop(self) -> QcCandidate | None:
        """The most urgent waiting case, taken out of the queue."""
        if not self._waiting:
            return None
        ref = min(self._waiting, key=lambda r: self._waiting[r][0])
        return self._waiting.pop(ref)[1]

    def discard(self, ref: CaseRef) -> None:
        self._waiting.pop(ref, None)

    def clear(self) -> None:
        self._waiting.clear()


# ---------------------------------------------------------------------- checking one case


def check_case(
    store: CaseStore, cache: FileCache, ref: CaseRef, stop: threading.Event | None = None
) -> CheckedCase | None:
    """QC of case ``ref`` from its cached scans, kept with the case (`check_case_scans`: the
    kept scan checks are reused while the scans are unchanged); None when the case or one of
    its scans is no longer on this computer. ``stop`` set (an account closing, the app
    quitting): `QcStopped` at the check's next step, and nothing is kept.

    Reads the store on the calling thread's own connection, writes through its one writer."""
    stored = store.case(ref)
    if stored is None or stored.removed:
        return None
    hashes = _cached_hashes(stored)
    if hashes is None:
        return None
    paths: list[Path] = []
    for _scan, sha in hashes:
        path = cache.blob_path(sha)
        if not path.is_file():
            return None  # evicted meanwhile: it comes back with the next download
        paths.append(path)
    scans: Sequence[ScanFile] = [scan for scan, _sha in hashes]
    return CheckedCase(ref, check_case_scans(store, stored.case, scans, paths, stop=stop))
