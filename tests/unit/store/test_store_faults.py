"""Faults of the disk and the database file, provoked for real: a full database (SQLite's own
page limit), a damaged page, a link to nothing. Each is a plain StoreError; only real damage
advises `cache clear`, which would throw away pins and the offline cache."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import wire_case

from scaninbox.store.case_store import CaseStore
from scaninbox.store.connections import DB_NAME
from scaninbox.store.errors import StoreCorruptError, StoreError, StoreFullError, store_error


def test_a_full_database_says_so_and_keeps_what_it_had(store: CaseStore) -> None:
    sync_pages(store, [wire_case(i) for i in range(5)])
    with store.transaction() as tx:
        pages = tx.execute("PRAGMA page_count").fetchone()[0]
        tx.execute(f"PRAGMA max_page_count = {pages}")  # SQLITE_FULL at the next new page
    with pytest.raises(StoreFullError) as caught:
        sync_pages(store, [wire_case(i, remark="x" * 5000) for i in range(5, 60)])
    message = str(caught.value)
    assert "is full" in message
    assert "Nothing stored was lost" in message
    assert "cache clear" not in message
    assert "damaged" not in message
    assert store.count() == 5  # the page was rolled back whole; the store still works
    store.mark_read([], read=True)


def test_a_damaged_page_is_reported_as_damage(tmp_path: Path) -> None:
    folder = tmp_path / "account"
    with CaseStore.open(folder) as store:
        sync_pages(store, [wire_case(i, remark="y" * 3000) for i in range(40)])
    db = folder / DB_NAME
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(db.read_bytes())
    for page in range(2, len(data) // page_size):  # every page but the header's
        data[page * page_size : page * page_size + 64] = b"\xa5" * 64
    db.write_bytes(bytes(data))
    with (
        pytest.raises(StoreCorruptError, match=r"damaged .*cache clear"),
        CaseStore.open(folder) as damaged,
    ):
        damaged.rows(limit=100)


def test_a_database_link_to_nothing_is_a_plain_error(tmp_path: Path) -> None:
    folder = tmp_path / "account"
    folder.mkdir()
    (folder / DB_NAME).symlink_to(tmp_path / "moved-away.sqlite3")
    with pytest.raises(
        StoreError, match=r"is a link to .*moved-away.sqlite3, which does not exist"
    ):
        CaseStore.open(folder)
    assert not (tmp_path / "moved-away.sqlite3").exists()  # nothing was created through it


@pytest.mark.parametrize(
    ("exc", "kind", "words"),
    [
        (OSError(28, "No space left on device"), StoreFullError, "is full"),
        (OSError(13, "Permission denied"), StoreError, "cannot be written"),
        (OSError(5, "Input/output error"), StoreError, "disk failed"),
    ],
)
def test_os_errors_of_the_database_file_in_plain_words(
    exc: OSError, kind: type[StoreError], words: str
) -> None:
    error = store_error(exc, "/home/x/inbox.sqlite3")
    assert type(error) is kind
    assert words in str(error)
    assert "cache clear" not in str(error)
