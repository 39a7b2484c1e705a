"""Pages saved into one open transaction (``save_page(batched=True)``) and committed together:
other connections see them only once committed, always with the cursor that follows them; a
page that fails is rolled back whole while the pages before it are kept; a case listed again on
the next page of the same batch is found (read through the writer, which sees the batch)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from tests.unit.store.factory import wire_case

from scaninbox.domain import CaseRef
from scaninbox.store.case_store import CaseStore
from scaninbox.store.connections import DB_NAME
from scaninbox.store.errors import StoreError
from scaninbox.store.queries import CaseFilter


def _ref(index: int) -> CaseRef:
    return CaseRef.guid(f"00000000-0000-4000-8000-{index:012d}")


class _Outside:
    """Another connection on the store's file, as the inbox's readers or another process."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / DB_NAME

    def _rows(self, sql: str) -> list[tuple[Any, ...]]:
        with closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as conn:
            return conn.execute(sql).fetchall()

    def refs(self) -> set[str]:
        return {r[0] for r in self._rows("SELECT ref FROM cases")}

    def next_page(self) -> int | None:
        found = self._rows("SELECT value FROM meta WHERE key = 'sync_cursor'")
        return int(json.loads(found[0][0])["next_page"]) if found else None


def _guids(indexes: range | list[int]) -> set[str]:
    return {_ref(i).value for i in indexes}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "account"


@pytest.fixture
def store(folder: Path) -> Iterator[CaseStore]:
    with CaseStore.open(folder) as opened:
        yield opened


def test_batched_pages_are_seen_by_others_only_once_committed_with_their_cursor(
    store: CaseStore, folder: Path
) -> None:
    outside = _Outside(folder)
    base = store.commit_pages()
    cursor = store.begin_sync(full=True, date_from=None, page_size=3)
    for page in (1, 2):
        cases = [wire_case(i) for i in range(3 * page - 3, 3 * page)]
        _result, cursor = store.save_page(cursor, page, cases, batched=True)
    assert outside.refs() == set()
    assert outside.next_page() == 1
    assert store.count() == 0  # the store's own readers are other connections too
    assert store.commit_pages() == base + 2
    assert outside.refs() == _guids(range(6))
    assert outside.next_page() == 3
    assert store.count() == 6
    assert store.commit_pages() == base + 2  # nothing pending: nothing more


def test_a_case_listed_again_on_the_next_page_of_the_open_batch(
    store: CaseStore, folder: Path
) -> None:
    # A case arriving on the server pushes the list down: the last case of page 1 comes again
    # first on page 2, here changed meanwhile. It must be found in the uncommitted batch (read
    # on a reader it is not there, and the page's insert of it would break the unique key).
    cursor = store.begin_sync(full=True, date_from=None, page_size=3)
    _r, cursor = store.save_page(cursor, 1, [wire_case(i) for i in range(3)], batched=True)
    second = [wire_case(2, remark="remade after the call"), wire_case(3), wire_case(4)]
    result, cursor = store.save_page(cursor, 2, second, batched=True)
    assert result.new == [_ref(3), _ref(4)]
    assert result.changed == [_ref(2)]
    third = [wire_case(4), wire_case(5)]  # again, unchanged this time
    result, cursor = store.save_page(cursor, 3, third, batched=True)
    assert (result.new, result.unchanged) == ([_ref(5)], 1)
    store.commit_pages()
    store.finish_sync(cursor)
    assert _Outside(folder).refs() == _guids(range(6))
    assert [r.ref for r in store.rows(CaseFilter(text="remade"))] == [_ref(2)]


def test_a_page_that_fails_is_rolled_back_whole_and_the_pages_before_it_kept(
    store: CaseStore, folder: Path
) -> None:
    outside = _Outside(folder)
    with closing(sqlite3.connect(folder / DB_NAME)) as conn:  # a fault SQLite really raises
        conn.execute(
            f"CREATE TRIGGER refuse BEFORE INSERT ON cases WHEN NEW.ref = '{_ref(7).value}' "
            "BEGIN SELECT RAISE(ABORT, 'refused for the test'); END"
        )
        conn.commit()
    cursor = store.begin_sync(full=True, date_from=None, page_size=3)
    for page in (1, 2):
        cases = [wire_case(i) for i in range(3 * page - 3, 3 * page)]
        _result, cursor = store.save_page(cursor, page, cases, batched=True)
    with pytest.raises(sqlite3.IntegrityError, match="refused for the test"):
        # Case 6 is inserted before 7 is refused: it must not stay behind.
        store.save_page(cursor, 3, [wire_case(i) for i in range(6, 9)], batched=True)
    assert outside.refs() == _guids(range(6))
    assert outside.next_page() == 3
    state = store.sync_state()
    assert state.cursor is not None
    assert state.cursor.next_page == 3  # a resumed sync starts again from page 2


def test_another_write_commits_the_open_batch_first(store: CaseStore, folder: Path) -> None:
    cursor = store.begin_sync(full=True, date_from=None, page_size=3)
    store.save_page(cursor, 1, [wire_case(i) for i in range(3)], batched=True)
    assert _Outside(folder).refs() == set()
    assert store.mark_read([_ref(1)]) == 1  # from the window: not held back by the sync
    assert _Outside(folder).refs() == _guids(range(3))
    assert store.unread_count() == 2


def test_closing_the_store_keeps_the_pages_saved(folder: Path) -> None:
    with CaseStore.open(folder) as store:
        cursor = store.begin_sync(full=True, date_from=None, page_size=3)
        store.save_page(cursor, 1, [wire_case(i) for i in range(3)], batched=True)
    outside = _Outside(folder)
    assert outside.refs() == _guids(range(3))
    assert outside.next_page() == 2
    with CaseStore.open(folder) as store:  # their search index too
        _index_is_whole(store)
        assert store.count(CaseFilter(text="schmidt")) == 3


def _index_is_whole(store: CaseStore) -> None:
    with store.transaction() as tx:  # raises when the index and the rows disagree
        tx.execute("INSERT INTO case_search (case_search, rank) VALUES ('integrity-check', 1)")


def _fail_half_way(store: CaseStore) -> None:
    with store.batched() as tx:
        tx.execute("UPDATE cases SET remark = 'never seen'")
        raise RuntimeError("the page failed half-way")


def _sync(store: CaseStore, pages: list[list[Any]], *, batched: bool) -> None:
    cursor = store.begin_sync(full=False, date_from=None, page_size=3)
    for number, cases in enumerate(pages, start=1):
        _result, cursor = store.save_page(cursor, number, cases, batched=batched)
    store.commit_pages()
    store.finish_sync(cursor)


def test_the_search_index_a_batch_leaves_matches_saving_page_by_page(tmp_path: Path) -> None:
    # A batch leaves its new rows out of the search index until it commits: rows changed again
    # in a later page of the batch, rows indexed before it and changed in it, and a page that
    # fails in between must all end up indexed once, as page-by-page saving indexes them.
    before = [[wire_case(i, remark=f"older note {i}") for i in (10, 11, 12)]]
    pages = [
        [wire_case(i, remark=f"first note {i}") for i in range(3)],
        [wire_case(2, remark="changed twice"), wire_case(10, remark="reworded"), wire_case(3)],
        [wire_case(3, remark="changed again"), wire_case(11), wire_case(4)],
    ]
    terms = ["older", "first", "changed", "twice", "again", "reworded", "note"]
    hits: dict[bool, dict[str, list[str]]] = {}
    for batched in (False, True):
        with CaseStore.open(tmp_path / f"batched-{batched}") as store:
            _sync(store, before, batched=False)
            if batched:  # a page failing in the batch too (rolled back whole)
                cursor = store.begin_sync(full=False, date_from=None, page_size=3)
                _r, cursor = store.save_page(cursor, 1, pages[0], batched=True)
                with store.batched():
                    pass  # an empty unit is fine
                with pytest.raises(RuntimeError, match="half-way"):
                    _fail_half_way(store)
                store.commit_pages()
            _sync(store, pages, batched=batched)
            _index_is_whole(store)
            hits[batched] = {
                t: sorted(str(r.ref) for r in store.rows(CaseFilter(text=t))) for t in terms
            }
    assert hits[True] == hits[False]
    assert hits[True]["first"] == [str(_ref(0)), str(_ref(1))]  # 2 was changed in the batch
    assert hits[True]["changed"] == [str(_ref(2)), str(_ref(3))]
    assert hits[True]["twice"] == [str(_ref(2))]  # 3 changed again: only its last text counts
    assert len(hits[True]["reworded"]) == 1
    assert hits[True]["older"] == [str(_ref(12))]  # 11 listed again without its remark


def test_a_batch_lost_at_another_writes_commit_is_reported_before_the_next_page(
    store: CaseStore, folder: Path
) -> None:
    # Another write (a mark-read from the window) commits the open batch first; when that
    # COMMIT fails, the batch's pages are gone with their cursor. A later page must not be
    # saved on top (its cursor would skip them) until the sync has heard of it.
    base = store.commit_pages()
    cursor = store.begin_sync(full=True, date_from=None, page_size=3)
    _r, cursor = store.save_page(cursor, 1, [wire_case(i) for i in range(3)], batched=True)
    with store.batched() as tx:  # a unit SQLite refuses only at COMMIT: a deferred foreign key
        tx.execute("PRAGMA defer_foreign_keys = ON")
        tx.execute(
            "INSERT INTO files (case_id, kind, name, size_bytes, sha256, fetched_at) "
            "VALUES (999999, 'scan', 'upper.stl', 1, 'no-such-blob', 0)"
        )
    assert store.mark_read([_ref(0)]) == 0  # goes on in its own transaction; the batch is gone
    later = [wire_case(i) for i in range(3, 6)]
    with pytest.raises(StoreError, match="could not be kept"):
        store.save_page(cursor, 2, later, batched=True)
    assert store.commit_pages() == base  # what the sync learns: none of its pages is kept
    assert _Outside(folder).refs() == set()
    assert _Outside(folder).next_page() == 1  # the cursor went with them
    _r, _next = store.save_page(cursor, 2, later, batched=True)  # heard of: pages go on
    assert store.commit_pages() == base + 1
