"""A first sync into an empty store builds most sort indexes once at its end; the store is the
same as one that kept them all along, and one left without them (a killed first sync) gets them
back when it is opened."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import wire_case

from scaninbox.store.case_store import CaseStore
from scaninbox.store.connections import DB_NAME
from scaninbox.store.queries import CaseFilter, SortKey, SortSpec


def _indexes(folder: Path) -> dict[str, str]:
    with sqlite3.connect(folder / DB_NAME) as conn:
        return dict(
            conn.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql NOT NULL"
            )
        )


def _cases(count: int) -> list:  # type: ignore[type-arg]
    names = ["Müller", "Åsa", "Zimmer", "Abel", "Łukasz"]
    return [
        wire_case(i, last_name=names[i % len(names)], priority=i % 3 == 0) for i in range(count)
    ]


def test_a_first_sync_builds_the_sort_indexes_once_and_ends_with_every_one(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh"
    with CaseStore.open(fresh):
        pass
    schema_indexes = _indexes(fresh)
    assert "cases_by_patient" in schema_indexes

    folder = tmp_path / "account"
    cases = _cases(10)
    with CaseStore.open(folder) as store:
        cursor = store.begin_sync(full=True, date_from=None, page_size=4)
        _result, cursor = store.save_page(cursor, 1, cases[:4])
        during = _indexes(folder)
        # While the first sync runs: the default order's index stays, the others wait …
        assert {"cases_by_received", "cases_by_seen"} <= during.keys()
        assert not {"cases_by_patient", "cases_by_priority"} & during.keys()
        # … and reading in any order still works.
        assert len(store.rows(CaseFilter(), SortSpec(SortKey.PATIENT, descending=False))) == 4
        _result, cursor = store.save_page(cursor, 2, cases[4:])
        store.finish_sync(cursor)
        assert store.meta("deferred_indexes") is None
    assert _indexes(folder) == schema_indexes


def test_the_store_reads_the_same_as_one_that_kept_its_indexes(tmp_path: Path) -> None:
    cases = _cases(12)
    kept, deferred = tmp_path / "kept", tmp_path / "deferred"
    with CaseStore.open(kept) as store:
        sync_pages(store, cases[:1])
        sync_pages(store, cases)  # not into an empty store: every index kept up all along
    with CaseStore.open(deferred) as store:
        sync_pages(store, cases)
    assert _indexes(kept) == _indexes(deferred)
    with CaseStore.open(kept) as a, CaseStore.open(deferred) as b:
        for key in SortKey:
            for descending in (False, True):
                order = SortSpec(key, descending=descending)
                assert [r.ref for r in a.rows(CaseFilter(), order)] == [
                    r.ref for r in b.rows(CaseFilter(), order)
                ], order
        for text in ("mueller", "lukasz", "asa", "crown"):
            assert a.count(CaseFilter(text=text)) == b.count(CaseFilter(text=text)) > 0


def test_a_later_full_sync_of_a_filled_store_keeps_every_index(tmp_path: Path) -> None:
    folder = tmp_path / "account"
    with CaseStore.open(folder) as store:
        sync_pages(store, _cases(3))
        before = _indexes(folder)
        cursor = store.begin_sync(full=True, date_from=None, page_size=3)
        assert _indexes(folder) == before
        store.save_page(cursor, 1, _cases(5))
        assert _indexes(folder) == before


def test_a_first_sync_cut_off_leaves_a_store_that_gets_its_indexes_back_when_opened(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "account"
    cases = _cases(9)
    with CaseStore.open(folder) as store:
        cursor = store.begin_sync(full=True, date_from=None, page_size=3)
        store.save_page(cursor, 1, cases[:3])  # … and the program is killed here
    assert "cases_by_patient" not in _indexes(folder)
    with CaseStore.open(folder) as store:
        assert "cases_by_patient" in _indexes(folder)
        assert store.meta("deferred_indexes") is None
        state = store.sync_state()
        cursor = state.cursor
        assert cursor is not None
        assert cursor.next_page == 2  # resumes where it was
        for page in (1, 2, 3):  # one page early, as the engine resumes
            _result, cursor = store.save_page(cursor, page, cases[(page - 1) * 3 : page * 3])
        store.finish_sync(cursor)
        assert store.count() == 9
    fresh = tmp_path / "fresh"
    with CaseStore.open(fresh):
        pass
    assert _indexes(folder) == _indexes(fresh)


def test_the_indexes_are_built_reading_through_a_map_dropped_afterwards(tmp_path: Path) -> None:
    """Each index reads the whole table: while they are built SQLite reads the file through a
    memory map (no second copy of every page), and only then (an I/O error under a map is a
    signal, not an error): the map is dropped again once they stand."""
    from scaninbox.store.schema import connect
    from scaninbox.store.sync_writes import restore_sort_indexes

    folder = tmp_path / "account"
    with CaseStore.open(folder) as store:
        cursor = store.begin_sync(full=True, date_from=None, page_size=3)
        store.save_page(cursor, 1, _cases(3))  # a first sync cut off: indexes still deferred
    conn = connect(folder / DB_NAME)
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    try:
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            assert restore_sort_indexes(conn)
        assert int(conn.execute("PRAGMA mmap_size").fetchone()[0]) == 0
    finally:
        conn.close()
    builds = [i for i, s in enumerate(statements) if s.startswith("CREATE INDEX")]
    maps = [i for i, s in enumerate(statements) if s.startswith("PRAGMA mmap_size =")]
    assert builds
    assert len(maps) == 2
    assert statements[maps[0]] != "PRAGMA mmap_size = 0"
    assert maps[0] < builds[0]
    assert builds[-1] < maps[1]
    assert statements[maps[1]] == "PRAGMA mmap_size = 0"
    assert "cases_by_patient" in _indexes(folder)
