"""A case that lists no scan waits for no file: it is a QC candidate at once, is found where
background QC looks (at start and after a sync) until it has a result, and fails "no scans" —
over a real SQLite store and file cache."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from tests.unit.store.factory import wire_case

from scaninbox.services.qc_queue import (
    QcStanding,
    candidate_of,
    check_case,
    unchecked_cases_without_scans,
)
from scaninbox.store import CaseStore, FileCache

TODAY = date(2026, 3, 5)


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[FileCache]:
    with CaseStore.open(tmp_path / "account") as store, FileCache.open(store) as opened:
        yield opened


def test_a_case_without_scans_is_checked_at_once_and_fails(cache: FileCache) -> None:
    store = cache.store
    bare = store.upsert_case(wire_case(1, scan_files=[])).new[0]
    with_scans = store.upsert_case(wire_case(2)).new[0]
    assert unchecked_cases_without_scans(store) == [bare]
    assert candidate_of(store, with_scans, today=TODAY) is None  # its scans are not here
    found = candidate_of(store, bare, today=TODAY)
    assert found is not None
    assert found.standing is QcStanding.UNCHECKED

    checked = check_case(store, cache, bare)
    assert checked is not None
    result = checked.outcome.run.result
    assert str(result.verdict) == "fail"
    assert "The case has no scans." in [f.message for f in result.findings]
    assert checked.outcome.kept  # the check keeps its result (services.qc_work)
    assert unchecked_cases_without_scans(store) == []  # looked at once, not after every sync
    again = candidate_of(store, bare, today=TODAY)
    assert again is not None
    assert again.standing is QcStanding.CURRENT
