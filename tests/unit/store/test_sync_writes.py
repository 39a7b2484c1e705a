"""A page of cases none of which is stored (every page of a first sync) is written in one batch
(``sync_writes._insert_new_cases``): the same rows, search index and counts as case by case."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import make_case, wire_case

from scaninbox.api import MalformedCase
from scaninbox.api.wire import UnifiedCase
from scaninbox.store import sync_writes
from scaninbox.store.case_store import CaseStore
from scaninbox.store.queries import CaseFilter

_NAMES = [("Anna", "Schmidt"), ("Jörg", "Müller"), ("Åsa", "Jørgensen"), ("Li", "Wang")]
_BRIDGE = {"restorationTypeId": "Bridge", "materialId": "Zirconia", "from": 13, "to": 11}
# Columns that differ between two stores of the same cases by when or in which order they came.
_UNCOMPARED = {"id", "first_seen_at", "updated_at"}


def _cases(start: int, count: int) -> list[UnifiedCase]:
    return [
        wire_case(
            i,
            first_name=_NAMES[i % 4][0],
            last_name=_NAMES[i % 4][1],
            remark=f"margin note {i}",
            worktypes=[{**_BRIDGE, "shade": "A3"}],
        )
        for i in range(start, start + count)
    ]


def _rows(store: CaseStore) -> dict[str, dict[str, Any]]:
    with store.transaction() as tx:
        cursor = tx.execute("SELECT * FROM cases")
        names = [d[0] for d in cursor.description]
        return {
            row[names.index("ref")]: {
                n: v for n, v in zip(names, row, strict=True) if n not in _UNCOMPARED
            }
            for row in cursor.fetchall()
        }


def _hits(store: CaseStore, text: str) -> list[str]:
    return sorted(r.ref.value for r in store.rows(CaseFilter(text=text), limit=1000))


def _index_is_whole(store: CaseStore) -> None:
    with store.transaction() as tx:  # raises when the index and the rows disagree
        tx.execute("INSERT INTO case_search (case_search, rank) VALUES ('integrity-check', 1)")


def _spy_on_batches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    batches: list[int] = []
    real = sync_writes._insert_new_cases

    def counting(conn: Any, cases: Any, *args: Any, **kwargs: Any) -> None:
        batches.append(len(cases))
        real(conn, cases, *args, **kwargs)

    monkeypatch.setattr(sync_writes, "_insert_new_cases", counting)
    return batches


def test_a_page_of_new_cases_is_stored_as_case_by_case_stores_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cases = _cases(0, 12)
    with CaseStore.open(tmp_path / "one-by-one") as slow:
        # A case listed twice on a page takes the case-by-case road for its whole page.
        cursor = slow.begin_sync(full=True, date_from=None, page_size=13)
        result, cursor = slow.save_page(cursor, 1, [*cases, cases[0]])
        slow.finish_sync(cursor)
        assert (len(result.new), result.unchanged) == (12, 1)
        expected_rows = _rows(slow)
        expected_hits = {t: _hits(slow, t) for t in ("muller", "mueller", "joergensen", "13")}
    batches = _spy_on_batches(monkeypatch)
    with CaseStore.open(tmp_path / "batched") as fast:
        total, _removed = sync_pages(fast, cases, page_size=5)
        assert batches == [5, 5, 2]
        assert [r.value for r in total.new] == [c.guid for c in cases]
        assert _rows(fast) == expected_rows
        assert {t: _hits(fast, t) for t in expected_hits} == expected_hits
        assert expected_hits["mueller"] == expected_hits["muller"] != []
        _index_is_whole(fast)


def test_new_cases_after_stored_ones_are_indexed_as_themselves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The batch indexes the rows after the largest id before it: stored rows, a removed one
    among them, are neither indexed twice nor taken for new ones."""
    batches = _spy_on_batches(monkeypatch)
    with CaseStore.open(tmp_path / "account") as store:
        sync_pages(store, _cases(0, 4), page_size=4)
        sync_pages(store, _cases(1, 3), page_size=4)  # case 0 left the list: removed
        changed = wire_case(1, remark="margin changed")
        # One stored case changed, one unchanged, four new: case by case (and no empty batch).
        sync_pages(store, [changed, *_cases(2, 2), *_cases(10, 4)], page_size=7)
        assert batches == [4]
        result, _removed = sync_pages(store, _cases(20, 3), full=False, page_size=3)
        assert batches == [4, 3]
        assert [r.value for r in result.new] == [c.guid for c in _cases(20, 3)]
        _index_is_whole(store)
        assert len(_hits(store, "margin")) == 3 + 4 + 3  # the removed case is not listed
        assert _hits(store, "21") == [_cases(21, 1)[0].guid]


def test_a_bad_case_in_the_middle_of_a_new_page_is_reported_and_the_rest_is_batched(
    store: CaseStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches = _spy_on_batches(monkeypatch)
    good = _cases(0, 6)
    no_ref = UnifiedCase.model_validate(make_case(99, guid="a/b"))  # readable, not addressable
    unreadable = MalformedCase(index=3, ref="guid-bad", field="acceptedData.receivedDate",
                               reason="'yesterday' is not an ISO 8601 date-time")  # fmt: skip
    cursor = store.begin_sync(full=True, date_from=None, page_size=8)
    result, cursor = store.save_page(cursor, 1, [*good[:3], no_ref, *good[3:]], [unreadable])
    store.finish_sync(cursor)
    assert batches == [6]
    assert [r.value for r in result.new] == [c.guid for c in good]
    assert result.malformed == 2
    assert {(m.ref, m.field) for m in store.malformed()} == {
        ("guid-bad", "acceptedData.receivedDate"),
        ("a/b", "guid"),
    }
    assert store.count() == 6
    assert len(_hits(store, "margin")) == 6
    _index_is_whole(store)
