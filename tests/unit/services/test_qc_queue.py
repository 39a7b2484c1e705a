"""Background QC's scheduling, Qt-free: a case is a candidate once all its full scans are cached;
its kept result stands as unchecked, current or stale (other scans); the queue takes the most
urgent delivery first, a wanted case before all, one entry per case, and at most its limit — over
a real SQLite store and file cache."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from tests.qc.shapes import arch
from tests.unit.store.factory import wire_case

from scaninbox.domain import CaseRef, FileKind, Urgency
from scaninbox.sandbox.mesh_files import stl_bytes
from scaninbox.services.qc_queue import (
    QcCandidate,
    QcQueue,
    QcStanding,
    candidate_of,
    candidates,
    cases_with_cached_scans,
    check_case,
    outdated_results,
    suspect_results,
)
from scaninbox.store import CaseStore, FileCache, FileSpec

TODAY = date(2026, 3, 5)


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[FileCache]:
    with CaseStore.open(tmp_path / "account") as store, FileCache.open(store) as opened:
        yield opened


def _add_scan(cache: FileCache, ref: CaseRef, name: str, tmp: Path, *, drop: int = 0) -> None:
    points, faces = arch("upper" if name.startswith("upper") else "lower", spacing_mm=1.0)
    source = tmp / f"download-{name}-{drop}"
    source.write_bytes(stl_bytes(points, faces[: len(faces) - drop], header_text="queue test"))
    spec = FileSpec.of(FileKind.SCAN, name, "stl")
    assert spec is not None
    cache.add(ref, spec, source)


def _candidate(ref: str, urgency: Urgency, delivery: date | None, hour: int) -> QcCandidate:
    return QcCandidate(
        CaseRef(ref),
        "key",
        QcStanding.UNCHECKED,
        urgency,
        delivery,
        datetime(2026, 3, 1, hour, tzinfo=UTC),
    )


def test_a_case_is_a_candidate_once_every_scan_is_cached_and_its_standing_follows_the_scans(
    cache: FileCache, tmp_path: Path
) -> None:
    store = cache.store
    ref = store.upsert_case(wire_case(1, delivery="2026-03-04")).new[0]
    assert candidate_of(store, ref, today=TODAY) is None  # nothing cached
    preview = tmp_path / "preview.stl"
    points, faces = arch("upper", spacing_mm=2.0)
    preview.write_bytes(stl_bytes(points, faces, header_text="preview"))
    preview_spec = FileSpec.of(FileKind.SCAN, "upper 1 preview.stl", "preview")
    assert preview_spec is not None
    cache.add(ref, preview_spec, preview)
    assert cases_with_cached_scans(store) == []  # a preview is not a scan QC checks
    _add_scan(cache, ref, "upper 1.stl", tmp_path)
    assert candidate_of(store, ref, today=TODAY) is None  # the lower scan is missing
    assert cases_with_cached_scans(store) == [ref]
    _add_scan(cache, ref, "lower 1.stl", tmp_path)
    found = candidate_of(store, ref, today=TODAY)
    assert found is not None
    assert (found.standing, found.urgency) == (QcStanding.UNCHECKED, Urgency.OVERDUE)
    assert found.needs_check

    checked = check_case(store, cache, ref)
    assert checked is not None
    assert checked.outcome.key == found.key  # the key the QC tab computes from the paths
    assert checked.outcome.kept
    current = candidate_of(store, ref, today=TODAY)
    assert current is not None
    assert current.standing is QcStanding.CURRENT
    assert not current.needs_check

    _add_scan(cache, ref, "lower 1.stl", tmp_path, drop=30)  # fetched again: other content
    stale = candidate_of(store, ref, today=TODAY)
    assert stale is not None
    assert stale.standing is QcStanding.STALE
    assert stale.key != found.key
    again = check_case(store, cache, ref)
    assert again is not None
    assert not again.outcome.reused  # other scans: checked afresh, not taken over
    assert again.outcome.kept
    after = candidate_of(store, ref, today=TODAY)
    assert after is not None
    assert after.standing is QcStanding.CURRENT


def test_candidates_come_most_urgent_first(cache: FileCache, tmp_path: Path) -> None:
    store = cache.store
    refs = {}
    for index, delivery, status in (
        (1, "2026-03-20", "new"),  # later
        (2, "2026-03-05", "new"),  # due today
        (3, "2026-03-01", "complete"),  # overdue date, but the work is done
        (4, "2026-03-02", "accepted"),  # overdue
        (5, "2026-03-06", "new"),  # due soon
    ):
        ref = store.upsert_case(wire_case(index, delivery=delivery, status=status)).new[0]
        refs[index] = ref
        for jaw in ("upper", "lower"):
            _add_scan(cache, ref, f"{jaw} {index}.stl", tmp_path)
    found = candidates(store, cases_with_cached_scans(store), TODAY)
    assert [c.ref for c in found] == [refs[4], refs[2], refs[5], refs[1], refs[3]]


def test_the_queue_orders_replaces_puts_a_wanted_case_first_and_stays_bounded() -> None:
    queue = QcQueue(limit=3)
    later = _candidate("a", Urgency.LATER, date(2026, 3, 20), 1)
    soon = _candidate("b", Urgency.DUE_SOON, date(2026, 3, 6), 2)
    overdue = _candidate("c", Urgency.OVERDUE, date(2026, 3, 1), 3)
    assert [queue.offer(c) for c in (later, soon, overdue)] == [True, True, True]
    assert queue.refs() == [CaseRef("c"), CaseRef("b"), CaseRef("a")]
    assert queue.offer(later, wanted=True)  # someone looks at it: first, still one entry
    assert queue.refs() == [CaseRef("a"), CaseRef("c"), CaseRef("b")]
    assert len(queue) == 3
    today = _candidate("d", Urgency.DUE_TODAY, date(2026, 3, 5), 4)
    assert queue.offer(today)  # full: the least urgent (b) is left out
    assert CaseRef("b") not in queue
    assert not queue.offer(_candidate("e", Urgency.NOT_APPLICABLE, None, 5))  # did not fit
    current = QcCandidate(CaseRef("c"), "k", QcStanding.CURRENT, Urgency.OVERDUE, None, None)
    assert not queue.offer(current)  # a current result needs no check: taken out
    popped = [queue.pop(), queue.pop(), queue.pop()]
    assert [c.ref if c else None for c in popped] == [CaseRef("a"), CaseRef("d"), None]
    with pytest.raises(ValueError, match="at least one"):
        QcQueue(limit=0)


def test_outdated_results_are_those_made_on_other_scans_than_the_cached_ones(
    cache: FileCache, tmp_path: Path
) -> None:
    store = cache.store
    refs = [store.upsert_case(wire_case(i)).new[0] for i in (1, 2, 3)]
    for index, ref in enumerate(refs, 1):
        for jaw in ("upper", "lower"):
            _add_scan(cache, ref, f"{jaw} {index}.stl", tmp_path)
        checked = check_case(store, cache, ref)
        assert checked is not None
        assert checked.outcome.kept
    unchecked = store.upsert_case(wire_case(4)).new[0]
    assert outdated_results(store, [*refs, unchecked]) == set()
    assert suspect_results(store, [*refs, unchecked]) == {}  # checked after every fetch

    _add_scan(cache, refs[0], "lower 1.stl", tmp_path, drop=30)  # fetched again: other content
    _add_scan(cache, refs[1], "lower 2.stl", tmp_path)  # fetched again: the same content
    store.upsert_case(wire_case(3, remark="changed on the service"))  # the case, not its scans
    suspects = suspect_results(store, [*refs, unchecked])
    assert set(suspects) == set(refs)  # fetched or changed after the check: looked at closely
    assert outdated_results(store, [*refs, unchecked]) == {refs[0]}
    assert suspect_results(store, refs) == suspects  # nothing changed: the same signatures
    _add_scan(cache, refs[0], "lower 1.stl", tmp_path, drop=31)  # other content again
    assert suspect_results(store, refs)[refs[0]] != suspects[refs[0]]
    assert outdated_results(store, refs[1:]) == set()
    assert outdated_results(store, []) == set()
    # The same standing background QC gives it: it is checked again.
    standing = candidate_of(store, refs[0], today=TODAY)
    assert standing is not None
    assert standing.standing is QcStanding.STALE
