"""Saving sync pages: new cases arrive unread, changes are noticed, a full reconcile hides cases
that left the list, unreadable cases are recorded, and derived columns follow the raw JSON."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import zlib
from pathlib import Path
from typing import Any

import pytest
from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import make_case, wire_case

from scaninbox.api import case_ref
from scaninbox.api.errors import ProtocolError
from scaninbox.api.wire import CASE_DICTS, UnifiedCase
from scaninbox.domain import CaseRef, FileKind
from scaninbox.store.case_store import CaseStore
from scaninbox.store.connections import DB_NAME
from scaninbox.store.derive import FileSpec, derive_columns, pack_json
from scaninbox.store.queries import CaseFilter


def _ref(index: int) -> CaseRef:
    return CaseRef.guid(f"00000000-0000-4000-8000-{index:012d}")


def test_first_sync_stores_every_case_unread(store: CaseStore) -> None:
    result, removed = sync_pages(store, [wire_case(i) for i in range(7)])
    assert sorted(result.new) == sorted(_ref(i) for i in range(7))
    assert (result.changed, result.unchanged, removed) == ([], 0, [])
    assert store.count() == 7
    assert store.unread_count() == 7
    state = store.sync_state()
    assert state.sync_count == 1
    assert state.last_success_at is not None
    assert state.last_full_at is not None
    assert state.cursor is None


def test_a_second_sync_reports_only_what_changed(store: CaseStore) -> None:
    sync_pages(store, [wire_case(i) for i in range(5)])
    store.mark_read([_ref(i) for i in range(5)])
    again = [wire_case(i) for i in range(5)]
    again[2] = wire_case(2, status="accepted")
    again.append(wire_case(9))
    result, _ = sync_pages(store, again, full=False)
    assert result.changed == [_ref(2)]
    assert result.new == [_ref(9)]
    assert result.unchanged == 4
    row = store.row(_ref(2))
    assert row is not None
    assert row.status == "accepted"
    assert not row.unread  # a status change is not news; a new case is
    assert store.unread_count() == 1


def test_full_reconcile_hides_cases_that_left_the_list_and_incremental_does_not(
    store: CaseStore,
) -> None:
    sync_pages(store, [wire_case(i) for i in range(6)])
    _, removed = sync_pages(store, [wire_case(i) for i in range(4)], full=False)
    assert removed == []
    assert store.count() == 6
    _, removed = sync_pages(store, [wire_case(i) for i in range(4)], full=True)
    assert sorted(removed) == [_ref(4), _ref(5)]
    assert store.count() == 4
    assert store.count(CaseFilter(include_removed=True)) == 6
    stored = store.case(_ref(5))
    assert stored is not None
    assert stored.removed
    # It comes back when the server lists it again.
    result, _ = sync_pages(store, [wire_case(i) for i in range(6)], full=True)
    assert sorted(result.changed) == [_ref(4), _ref(5)]
    assert store.count() == 6


def test_malformed_cases_are_recorded_and_an_older_good_copy_is_kept(store: CaseStore) -> None:
    class Bad:
        index = 1
        ref = str(_ref(1))
        field = "acceptedData.worktypes.0.from"
        reason = "expected an integer"

    sync_pages(store, [wire_case(i) for i in range(3)])
    cursor = store.begin_sync(full=True, date_from=None, page_size=10)
    result, cursor = store.save_page(cursor, 1, [wire_case(0), wire_case(2)], [Bad()])
    assert result.malformed == 1
    removed = store.finish_sync(cursor)
    assert removed == []  # unreadable is not gone: the stored copy stays in the inbox
    assert store.count() == 3
    [record] = store.malformed()
    assert (record.ref, record.field) == (str(_ref(1)), "acceptedData.worktypes.0.from")
    assert "could" not in record.reason
    assert "integer" in str(record)
    # Fixed on the server: the record goes at the next full reconcile.
    sync_pages(store, [wire_case(i) for i in range(3)])
    assert store.malformed() == []


def test_a_case_without_a_usable_reference_is_recorded_not_dropped(store: CaseStore) -> None:
    no_ref = UnifiedCase.model_validate({**make_case(1), "guid": None})
    cursor = store.begin_sync(full=False, date_from=None, page_size=10)
    result, cursor = store.save_page(cursor, 1, [wire_case(0), no_ref])
    store.finish_sync(cursor)
    assert result.malformed == 1
    assert len(result.new) == 1
    [record] = store.malformed()
    assert record.ref == "#1.1"
    assert "neither a numeric id nor a usable guid" in record.reason


def test_the_sync_cursor_is_saved_with_every_page(store: CaseStore) -> None:
    cursor = store.begin_sync(full=True, date_from=None, page_size=2)
    _, cursor = store.save_page(cursor, 1, [wire_case(0), wire_case(1)])
    state = store.sync_state()
    assert state.cursor is not None
    assert (state.cursor.generation, state.cursor.next_page, state.cursor.full) == (
        cursor.generation,
        2,
        True,
    )
    assert state.last_success_at is None  # not finished: the next start resumes it


def test_stored_case_gives_the_domain_view_and_local_state(store: CaseStore) -> None:
    sync_pages(store, [wire_case(3, first_name="Zoë", last_name="Müller", misc=["Foto 1.jpg"])])
    store.set_pinned(_ref(3), True)
    stored = store.case(_ref(3))
    assert stored is not None
    assert stored.case.patient_name == "Zoë Müller"
    assert stored.wire.guid == _ref(3).value
    assert stored.pinned
    assert stored.unread
    assert not stored.removed
    assert [f.spec for f in stored.files] == [
        FileSpec(FileKind.SCAN, "upper 3.stl", "stl"),
        FileSpec(FileKind.SCAN, "lower 3.stl", "stl"),
        FileSpec(FileKind.ORDER_FORM, "order.pdf"),
        FileSpec(FileKind.MISC, "Foto 1.jpg"),
    ]
    assert not stored.fully_cached
    assert len(stored.missing_files) == 4
    assert store.case(CaseRef.guid("unknown")) is None


def test_mark_read_and_unread_again(store: CaseStore) -> None:
    sync_pages(store, [wire_case(i) for i in range(3)])
    assert store.mark_read([_ref(0), _ref(1)]) == 2
    assert store.mark_read([_ref(0)]) == 0  # already read
    assert store.unread_count() == 1
    assert store.mark_read([_ref(0)], read=False) == 1
    assert store.unread_count() == 2


def test_distinct_values_for_the_filter_menus(store: CaseStore) -> None:
    sync_pages(
        store,
        [
            wire_case(0, source="iTero", status="new"),
            wire_case(1, source="3Shape", status="accepted"),
            wire_case(2, source="iTero", status="new"),
        ],
    )
    assert store.distinct_sources() == ["3Shape", "iTero"]
    assert store.distinct_statuses() == ["accepted", "new"]


def test_columns_are_rederived_from_the_raw_json_when_the_derivation_changes(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "account"
    with CaseStore.open(folder) as store:
        sync_pages(store, [wire_case(1, last_name="Schmidt")])
    with sqlite3.connect(folder / DB_NAME) as conn:
        conn.execute("UPDATE cases SET patient = 'stale', patient_key = 'stale'")
        conn.execute("UPDATE meta SET value = '0' WHERE key = 'derivation_version'")
    with CaseStore.open(folder) as store:
        row = store.row(_ref(1))
        assert row is not None
        assert row.patient == "Anna Schmidt"
        assert store.count(CaseFilter(text="schmidt")) == 1
        assert store.count(CaseFilter(text="stale")) == 0


def test_a_store_of_the_previous_derivation_learns_tooth_numbers_and_spellings(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "account"
    teeth = [{"categoryId": "Fixed", "restorationTypeId": "Crown", "fdi": "43"}]
    with CaseStore.open(folder) as store:
        sync_pages(store, [wire_case(1, last_name="Müller", worktypes=teeth)])
    with sqlite3.connect(folder / DB_NAME) as conn:  # as version 2 left it: no such words
        conn.execute("UPDATE cases SET work_words = 'crown fixed'")
        conn.execute("UPDATE meta SET value = '2' WHERE key = 'derivation_version'")
    with CaseStore.open(folder) as store:
        assert store.count(CaseFilter(text="43")) == 1
        assert store.count(CaseFilter(text="mueller")) == 1


def test_a_store_keeping_sorted_json_finds_its_cases_unchanged_after_rederiving(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "account"
    cases = [wire_case(i, last_name="Müller") for i in range(4)]
    with CaseStore.open(folder) as store:
        sync_pages(store, cases)
    with sqlite3.connect(folder / DB_NAME) as conn:  # as derivation 3 kept them: sorted members
        for case in cases:
            text = json.dumps(case.wire_dict(), ensure_ascii=False, sort_keys=True)
            conn.execute(
                "UPDATE cases SET wire_json_z = ?, json_sha256 = ? WHERE ref = ?",
                (
                    zlib.compress(text.encode()),
                    hashlib.sha256(text.encode()).hexdigest(),
                    case.guid,
                ),
            )
        conn.execute("UPDATE meta SET value = '3' WHERE key = 'derivation_version'")
    # Derivation 3 kept every member, null when the service left it out. A service that
    # sends every member finds them unchanged …
    every_member = [CASE_DICTS.validate_python(c.wire_dict()) for c in cases]
    with CaseStore.open(folder) as store:
        result, _removed = sync_pages(store, every_member, full=False)
        assert (result.new, result.changed, result.unchanged) == ([], [], 4)
        # … and the JSON is kept in the model's order, which reads back as what was received.
        assert {c.guid: c for c in store.wire_cases()} == {c.guid: c for c in cases}
        # One that leaves members out has them rewritten once (there is no telling which
        # members it had left out before), then finds them unchanged.
        result, _removed = sync_pages(store, cases, full=False)
        assert (len(result.changed), result.unchanged) == (4, 0)
        result, _removed = sync_pages(store, cases, full=False)
        assert (result.new, result.changed, result.unchanged) == ([], [], 4)


def _as_derivation_4_kept_it(folder: Path, cases: list[UnifiedCase]) -> None:
    """Rewrite the rows of ``cases`` as derivation 4 kept them (its JSON: every member, null
    when left out; zstd), with a stale column to see re-deriving happen."""
    with sqlite3.connect(folder / DB_NAME) as conn:
        for case in cases:
            text = case.wire_json()
            changed = conn.execute(
                "UPDATE cases SET wire_json_z = ?, json_sha256 = ?, work_words = 'stale' "
                "WHERE ref = ?",
                (pack_json(text), hashlib.sha256(text).hexdigest(), str(case_ref(case))),
            )
            assert changed.rowcount == 1
        conn.execute("UPDATE meta SET value = '4' WHERE key = 'derivation_version'")


def _derived_columns(store: CaseStore) -> list[tuple[Any, ...]]:
    names = ", ".join(derive_columns(CASE_DICTS.validate_python(make_case(0))).values)
    return store.query(f"SELECT ref, {names} FROM cases ORDER BY ref")


def test_a_store_of_derivation_4_opens_rederived_and_reads_the_same(tmp_path: Path) -> None:
    teeth = [{"categoryId": "Fixed", "restorationTypeId": "Bridge", "from": 13, "to": 23}]
    cases = [wire_case(i, last_name="Jørgensen", worktypes=teeth) for i in range(3)]
    cases += [UnifiedCase.model_validate({**make_case(7), "id": 70, "caseId": "V-70"})]
    with CaseStore.open(tmp_path / "fresh") as fresh:
        sync_pages(fresh, cases)
        rows = fresh.rows()
        derived = _derived_columns(fresh)
        kept = fresh.wire_cases()
        found = fresh.count(CaseFilter(text="joergensen 21"))
    assert found == 3
    folder = tmp_path / "account"
    with CaseStore.open(folder) as store:
        sync_pages(store, cases)
    _as_derivation_4_kept_it(folder, cases)
    with CaseStore.open(folder) as store:
        assert store.meta("derivation_version") == "5"
        assert store.rows() == rows
        assert _derived_columns(store) == derived
        assert store.wire_cases() == kept
        assert store.count(CaseFilter(text="joergensen 21")) == found
        assert store.count(CaseFilter(text="stale")) == 0
        # Sent again as derivation 4 kept it (every member), nothing has changed.
        every_member = [CASE_DICTS.validate_python(c.wire_dict()) for c in cases]
        result, _removed = sync_pages(store, every_member)
        assert (result.new, result.changed, result.unchanged) == ([], [], 4)


def test_a_refreshed_single_case_updates_the_row(store: CaseStore) -> None:
    sync_pages(store, [wire_case(1)])
    result = store.upsert_case(wire_case(1, status="accepted"))
    assert result.changed == [_ref(1)]
    row = store.row(_ref(1))
    assert row is not None
    assert row.status == "accepted"


def test_a_case_that_fails_derivation_is_recorded_and_the_page_kept(
    store: CaseStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fault no wire rule lets through today (they are checked first): a derivation bug.
    from scaninbox.store import case_store

    real = case_store.derive_columns

    def buggy(case: dict[str, Any], *known: Any) -> object:
        if case["guid"] == str(_ref(1)):
            raise OverflowError("date value out of range")
        return real(case, *known)

    monkeypatch.setattr(case_store, "derive_columns", buggy)
    result, _removed = sync_pages(store, [wire_case(i) for i in range(3)])
    assert result.malformed == 1
    assert sorted(result.new) == sorted([_ref(0), _ref(2)])
    [record] = store.malformed()
    assert record.ref == str(_ref(1))
    assert record.reason == "it could not be read (date value out of range)"
    with pytest.raises(ProtocolError, match=r"sent case .*-000000000001 but it could not be read"):
        store.upsert_case(wire_case(1))


def test_a_page_saved_while_another_process_writes_the_same_cases(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The page's stored rows are read before its transaction; another process (here a second
    # store on the same file) stores two of its cases and changes a third in between, while
    # the page is derived. The page must still be saved as the database is then.
    from scaninbox.store import case_store

    folder = tmp_path / "account"
    with CaseStore.open(folder) as store:
        sync_pages(store, [wire_case(0), wire_case(1)])
        real = case_store.derive_columns
        written: list[int] = []

        def derive_while_another_writes(case: dict[str, Any], *known: Any) -> object:
            if not written:
                written.append(1)
                with CaseStore.open(folder) as other:
                    other.upsert_case(wire_case(2))  # the page takes it for new
                    other.upsert_case(wire_case(3, remark="from the other process"))
                    other.upsert_case(wire_case(0, status="accepted"))  # unchanged in the page
            return real(case, *known)

        monkeypatch.setattr(case_store, "derive_columns", derive_while_another_writes)
        cursor = store.begin_sync(full=True, date_from=None, page_size=10)
        page = [wire_case(i) for i in range(5)]
        result, cursor = store.save_page(cursor, 1, page)
        store.finish_sync(cursor)
        assert written == [1]
        assert sorted(result.new) == [_ref(4)]
        assert sorted(result.changed) == [_ref(0), _ref(3)]  # back to what was listed
        assert result.unchanged == 2  # 1, and 2 as the other process stored it
        assert store.count() == 5
        assert store.row(_ref(0)).status == "new"  # type: ignore[union-attr]
        assert store.count(CaseFilter(text="process")) == 0
        assert {c.guid: c for c in store.wire_cases()} == {c.guid: c for c in page}
