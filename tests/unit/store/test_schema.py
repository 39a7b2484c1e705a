"""Schema versions: a new store is current, migrations run forward in one transaction, a store
from a newer program is refused untouched, a damaged file says so plainly."""

from __future__ import annotations

import hashlib
import sqlite3
import stat
import zlib
from pathlib import Path

import pytest
from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import wire_case

from scaninbox.store.case_store import CaseStore
from scaninbox.store.connections import DB_NAME
from scaninbox.store.derive import pack_json, unpack_json
from scaninbox.store.errors import StoreCorruptError, StoreVersionError
from scaninbox.store.queries import CaseFilter
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


ZSTD_FRAME = b"\x28\xb5\x2f\xfd"


def _blobs(db: Path) -> dict[str, bytes]:
    with sqlite3.connect(db) as conn:
        return dict(conn.execute("SELECT ref, wire_json_z FROM cases"))


def test_a_step_3_store_keeping_zlib_json_upgrades_and_reads_its_cases(tmp_path: Path) -> None:
    folder = tmp_path / "account"
    db = folder / DB_NAME
    old = [wire_case(i, last_name="Müller") for i in range(3)]
    with CaseStore.open(folder) as store:
        sync_pages(store, old)
    with sqlite3.connect(db) as conn:  # as step 3 kept them: zlib, and the version to match
        for case in old:
            conn.execute(
                "UPDATE cases SET wire_json_z = ? WHERE ref = ?",
                (zlib.compress(case.wire_json(), 1), case.guid),
            )
        for later in ("lab_outbox", "lab_events"):  # step 5's tables: step 3 had none
            conn.execute(f"DROP TABLE {later}")
        conn.execute("PRAGMA user_version = 3")
    with CaseStore.open(folder) as store:
        assert _version(db) == CURRENT_VERSION
        assert {c.guid: c for c in store.wire_cases()} == {c.guid: c for c in old}
        result, _removed = sync_pages(store, [*old, wire_case(9, last_name="Müller")], full=False)
        assert (len(result.new), result.changed, result.unchanged) == (1, [], 3)
        assert store.count(CaseFilter(text="mueller")) == 4
    blobs = _blobs(db)
    assert blobs[str(wire_case(9).guid)].startswith(ZSTD_FRAME)  # new rows: Zstandard
    assert all(not blobs[str(c.guid)].startswith(ZSTD_FRAME) for c in old)  # kept as they were


def test_case_json_is_kept_as_zstandard_and_reads_back(tmp_path: Path) -> None:
    folder = tmp_path / "account"
    cases = [wire_case(i, first_name="Zoë") for i in range(3)]
    with CaseStore.open(folder) as store:
        sync_pages(store, cases)
        assert {c.guid: c for c in store.wire_cases()} == {c.guid: c for c in cases}
    for guid, blob in _blobs(folder / DB_NAME).items():
        assert blob.startswith(ZSTD_FRAME), guid
        text = unpack_json(blob)
        case = next(c for c in cases if c.guid == guid)  # the members it was sent with
        assert text.encode() == case.model_dump_json(by_alias=True, exclude_unset=True).encode()
        assert len(blob) < len(text.encode()) * 0.7  # names repeat: compressed, not stored


@pytest.mark.parametrize(
    "blob",
    [
        b"not compressed at all",
        ZSTD_FRAME + b"\x00" * 12,
        pack_json(b'{"a": 1}')[:-3],  # cut short
    ],
    ids=["neither", "damaged-frame", "truncated"],
)
def test_a_damaged_kept_blob_is_a_plain_value_error(blob: bytes) -> None:
    with pytest.raises(ValueError, match="stored case"):
        unpack_json(blob)
