"""Schema versions: a new store is current, migrations run forward in one transaction, a store
from a newer program is refused untouched, a damaged file says so plainly."""

from __future__ import annotations

import hashlib
import sqlite3
import stat
from pathlib import Path

import pytest

from scaninbox.store.case_store import CaseStore
from scaninbox.store.connections import DB_NAME
from scaninbox.store.errors import StoreCorruptError, StoreVersionError
from scaninbox.store.schema import (
    CURRENT_VERSION,
    MIGRATIONS,
    WRITER_CACHE_SIZE,
    connect,
    migrate,
)


def _version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


def test_new_store_is_created_at_the_current_version_with_private_permissions(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "account"
    with CaseStore.open(folder):
        pass
    db = folder / DB_NAME
    assert _version(db) == CURRENT_VERSION
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"cases", "files", "blobs", "meta", "malformed", "portals", "case_search"} <= tables


def test_the_writer_has_a_large_page_cache_and_readers_the_default(tmp_path: Path) -> None:
    # A first sync of a large account inserts into many indexes: the writer keeps 64 MB.
    db = tmp_path / "cache.sqlite3"
    writer = connect(db)
    reader = connect(db, writer=False)
    try:
        assert writer.execute("PRAGMA cache_size").fetchone()[0] == WRITER_CACHE_SIZE
        assert WRITER_CACHE_SIZE == -64 * 1024
        assert reader.execute("PRAGMA cache_size").fetchone()[0] == -2000  # SQLite's default
    finally:
        reader.close()
        writer.close()


def test_migrations_run_forward_from_every_older_version(tmp_path: Path) -> None:
    extra = "CREATE TABLE later_step (x INTEGER);\nINSERT INTO later_step VALUES (42);"
    steps = (*MIGRATIONS, extra)
    db = tmp_path / "old.sqlite3"
    conn = connect(db)
    try:
        assert migrate(conn, migrations=MIGRATIONS[:1]) == 0  # a v1 database …
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('sync_count', '3')"
        )  # … with data in it
        assert migrate(conn, migrations=steps) == 1  # … brought to the newest version
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(steps)
        assert conn.execute("SELECT x FROM later_step").fetchone()[0] == 42
        assert conn.execute("SELECT value FROM meta").fetchone()[0] == "3"
    finally:
        conn.close()


def test_a_failing_migration_leaves_the_previous_version_intact(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    conn = connect(db)
    try:
        migrate(conn, migrations=MIGRATIONS)
        broken = (*MIGRATIONS, "CREATE TABLE fine (x);\nTHIS IS NOT SQL;")
        with pytest.raises(sqlite3.OperationalError):
            migrate(conn, migrations=broken)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION
        found = conn.execute("SELECT name FROM sqlite_master WHERE name = 'fine'").fetchall()
        assert found == []
    finally:
        conn.close()


def test_a_store_from_a_newer_program_is_refused_and_left_untouched(tmp_path: Path) -> None:
    folder = tmp_path / "account"
    with CaseStore.open(folder) as store:
        store.save_meta("note", "keep me")
    db = folder / DB_NAME
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {CURRENT_VERSION + 5}")
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    with pytest.raises(StoreVersionError, match="newer version of Scan Inbox") as raised:
        CaseStore.open(folder)
    assert "left untouched" in str(raised.value)
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'note'").fetchone()[0] == "keep me"


def test_a_damaged_database_file_is_reported_plainly(tmp_path: Path) -> None:
    folder = tmp_path / "account"
    folder.mkdir()
    (folder / DB_NAME).write_bytes(b"this is not a database, it is a shopping list" * 100)
    with pytest.raises(StoreCorruptError, match="damaged or is not a Scan Inbox store"):
        CaseStore.open(folder)
