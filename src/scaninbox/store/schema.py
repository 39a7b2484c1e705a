"""The store's SQLite schema, its forward migrations and how connections are opened.

The schema version lives in ``PRAGMA user_version``. Each entry of ``MIGRATIONS`` takes a
database from version *i* to *i + 1*; all pending steps run in one transaction, so a crash or an
error leaves the previous version intact. A database from a newer program is refused before
anything is written to it.

Tables, in short:

- ``cases``: the wire case as received (``wire_json_z``, compressed JSON: Zstandard since
  step 4, zlib before — ``derive.unpack_json`` reads both) plus columns
  derived from it for the inbox (display text, fold keys for sorting, counts) and local state
  (unread, pinned, removed, the sync generation that last saw it). ``derivation_version`` in
  ``meta`` says which derivation filled the columns; a newer one re-fills them from the JSON.
- ``case_search``: FTS5 index over patient, dentist, clinic, external ids, remark and worktype
  words, external content on ``cases``. Since version 3 the store's writes keep it in step
  (``sync_writes.index_for_search``: one bulk insert per page); only deleting a row still goes
  through a trigger.
- ``blobs`` / ``files``: the content-addressed file cache and which case file maps to which blob.
- ``malformed``: cases the server sent that could not be read (nothing is silently lost).
- ``meta``, ``portals``: sync state, ``/me`` and the portal listings as received.
- ``qc_results`` / ``qc_decisions``: scan QC results and the local QC decision (``qc_store``).
- ``lab_outbox`` / ``lab_events``: the lab hub's events made here and not yet sent, and this
  workstation's copy of the hub's event log (``lab_store``).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from scaninbox.language import translate
from scaninbox.store.errors import StoreError, StoreVersionError, storage_fault, store_error

__all__ = ["CURRENT_VERSION", "MIGRATIONS", "WRITER_CACHE_SIZE", "connect", "migrate"]

_V1 = """
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE cases (
    id               INTEGER PRIMARY KEY,
    ref              TEXT NOT NULL,
    ref_numeric      INTEGER NOT NULL,
    wire_json_z      BLOB NOT NULL,
    json_sha256      TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT '',
    source           TEXT NOT NULL DEFAULT '',
    received_ts      INTEGER,
    delivery_date    TEXT,
    delivery_text    TEXT,
    priority         INTEGER NOT NULL DEFAULT 0,
    patient          TEXT NOT NULL DEFAULT '',
    dentist          TEXT NOT NULL DEFAULT '',
    clinic           TEXT NOT NULL DEFAULT '',
    external_ids     TEXT NOT NULL DEFAULT '',  -- folded search text (case, patient, variant)
    remark           TEXT NOT NULL DEFAULT '',  -- folded search text
    work_summary     TEXT NOT NULL DEFAULT '',
    work_words       TEXT NOT NULL DEFAULT '',  -- folded worktype words, shades, tags
    teeth            TEXT NOT NULL DEFAULT '',
    patient_key      TEXT NOT NULL DEFAULT '',
    dentist_key      TEXT NOT NULL DEFAULT '',
    clinic_key       TEXT NOT NULL DEFAULT '',
    source_key       TEXT NOT NULL DEFAULT '',
    work_key         TEXT NOT NULL DEFAULT '',
    teeth_key        INTEGER NOT NULL DEFAULT 0,
    delivery_key     TEXT NOT NULL DEFAULT '',
    scan_count       INTEGER NOT NULL DEFAULT 0,
    order_form_count INTEGER NOT NULL DEFAULT 0,
    misc_count       INTEGER NOT NULL DEFAULT 0,
    file_count       INTEGER NOT NULL DEFAULT 0,
    cached_count     INTEGER NOT NULL DEFAULT 0,
    unread           INTEGER NOT NULL DEFAULT 1,
    pinned           INTEGER NOT NULL DEFAULT 0,
    removed_at       REAL,
    first_seen_at    REAL NOT NULL,
    updated_at       REAL NOT NULL,
    seen_sync        INTEGER NOT NULL DEFAULT 0,
    UNIQUE (ref, ref_numeric)
);

-- Sort indexes hold only the rows the inbox shows (removed cases are hidden), so a window of the
-- inbox in any column order is an index walk. The rowid tie-break is implicit in every index.
CREATE INDEX cases_by_received ON cases (received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_patient  ON cases (patient_key, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_dentist  ON cases (dentist_key, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_clinic   ON cases (clinic_key, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_source   ON cases (source_key, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_work     ON cases (work_key, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_teeth    ON cases (teeth_key, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_delivery ON cases (delivery_key, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_status   ON cases (status, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_files    ON cases (file_count, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_unread   ON cases (unread, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_priority ON cases (priority, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_pinned   ON cases (pinned, received_ts) WHERE removed_at IS NULL;
CREATE INDEX cases_by_cached   ON cases ((cached_count >= file_count), received_ts)
    WHERE removed_at IS NULL;
CREATE INDEX cases_by_seen     ON cases (seen_sync);

-- Every searched column holds folded text (derive.fold: no accents, no case, any script); the
-- query is folded the same way, so "lukasz" finds Łukasz and "οδοντιατρικη" finds Οδοντιατρική.
CREATE VIRTUAL TABLE case_search USING fts5 (
    patient_key, dentist_key, clinic_key, external_ids, remark, work_words,
    content = 'cases', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
);

CREATE TRIGGER cases_search_insert AFTER INSERT ON cases BEGIN
    INSERT INTO case_search (rowid, patient_key, dentist_key, clinic_key, external_ids,
                             remark, work_words)
    VALUES (new.id, new.patient_key, new.dentist_key, new.clinic_key, new.external_ids,
            new.remark, new.work_words);
END;
CREATE TRIGGER cases_search_delete AFTER DELETE ON cases BEGIN
    INSERT INTO case_search (case_search, rowid, patient_key, dentist_key, clinic_key,
                             external_ids, remark, work_words)
    VALUES ('delete', old.id, old.patient_key, old.dentist_key, old.clinic_key,
            old.external_ids, old.remark, old.work_words);
END;
CREATE TRIGGER cases_search_update
AFTER UPDATE OF patient_key, dentist_key, clinic_key, external_ids, remark, work_words
ON cases BEGIN
    INSERT INTO case_search (case_search, rowid, patient_key, dentist_key, clinic_key,
                             external_ids, remark, work_words)
    VALUES ('delete', old.id, old.patient_key, old.dentist_key, old.clinic_key,
            old.external_ids, old.remark, old.work_words);
    INSERT INTO case_search (rowid, patient_key, dentist_key, clinic_key, external_ids,
                             remark, work_words)
    VALUES (new.id, new.patient_key, new.dentist_key, new.clinic_key, new.external_ids,
            new.remark, new.work_words);
END;

CREATE TABLE blobs (
    sha256     TEXT PRIMARY KEY,
    size_bytes INTEGER NOT NULL,
    stored_at  REAL NOT NULL
) WITHOUT ROWID;

CREATE TABLE files (
    id             INTEGER PRIMARY KEY,
    case_id        INTEGER NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL,
    name           TEXT NOT NULL,
    file_type      TEXT NOT NULL DEFAULT '',
    size_bytes     INTEGER NOT NULL,
    sha256         TEXT NOT NULL REFERENCES blobs (sha256),
    fetched_at     REAL NOT NULL,
    last_opened_at REAL,
    UNIQUE (case_id, kind, name, file_type)
);
CREATE INDEX files_by_blob ON files (sha256);
CREATE INDEX files_by_use ON files (coalesce(last_opened_at, fetched_at));

CREATE TRIGGER files_count_insert AFTER INSERT ON files BEGIN
    UPDATE cases SET cached_count = cached_count + 1 WHERE id = new.case_id;
END;
CREATE TRIGGER files_count_delete AFTER DELETE ON files BEGIN
    UPDATE cases SET cached_count = cached_count - 1 WHERE id = old.case_id;
END;

CREATE TABLE malformed (
    ref           TEXT NOT NULL,
    field         TEXT NOT NULL,
    reason        TEXT NOT NULL,
    first_seen_at REAL NOT NULL,
    last_seen_at  REAL NOT NULL,
    seen_sync     INTEGER NOT NULL,
    PRIMARY KEY (ref, field)
) WITHOUT ROWID;

CREATE TABLE portals (
    listing  TEXT NOT NULL,
    position INTEGER NOT NULL,
    name     TEXT,
    raw_json TEXT NOT NULL,
    PRIMARY KEY (listing, position)
) WITHOUT ROWID;
"""

# Scan QC (self-contained step): the last QC result of a case, keyed by the content of the
# scans it checked (re-run when a file changes), and the local QC decision, keyed by the case's
# reference so that it outlives syncs, removal from the service and offline use.
_V2_QC = """
CREATE TABLE qc_results (
    case_id     INTEGER PRIMARY KEY REFERENCES cases(id) ON DELETE CASCADE,
    files_key   TEXT NOT NULL,  -- SHA-256 over the checked scans' names and content hashes
    qc_version  INTEGER NOT NULL,
    verdict     TEXT NOT NULL CHECK (verdict IN ('pass', 'warn', 'fail')),
    result_json TEXT NOT NULL,  -- the object `scaninbox qc --json` prints
    checked_at  REAL NOT NULL
);

CREATE TABLE qc_decisions (
    ref         TEXT NOT NULL,
    ref_numeric INTEGER NOT NULL,
    decision    TEXT NOT NULL CHECK (decision IN ('ready', 'rescan')),
    note        TEXT NOT NULL DEFAULT '',
    who         TEXT NOT NULL,
    decided_at  REAL NOT NULL,
    PRIMARY KEY (ref, ref_numeric)
) WITHOUT ROWID;
"""

# The search index kept by the store's writes, a page at a time, instead of by a trigger per row. A
# trigger's statement on an FTS5 table opens a savepoint, and FTS5 writes its pending terms out at
# every savepoint: one tiny index segment per case, merged again and again — most of a first sync's
# SQLite time per case (benchmarks/README.md, store_sync.py). The index is consistent at this step
# (the triggers kept it so); from here on `sync_writes.index_for_search` and
# `sync_writes.unindex_for_search` do their work, and re-deriving rebuilds the index.
_V3_SEARCH_IN_BULK = """
DROP TRIGGER cases_search_insert;
DROP TRIGGER cases_search_update;
"""

# Case JSON written from here on is a Zstandard frame (``derive.pack_json``), which a program
# of step 3 cannot read: the step changes no table, it makes such a program refuse the store
# plainly ("written by a newer version") instead of failing on the first case it opens. Rows
# written before stay zlib; ``derive.unpack_json`` reads both.
_V4_ZSTD_JSON = """
-- no table changes: see above
"""

# The lab hub (self-contained step): events made on this workstation wait in the outbox until
# the hub has them (deleted only once the hub committed them; their ids make a resend
# harmless), and the hub's log as far as it was read, so a workstation shows decisions, claims
# and notes offline and catches up from its last sequence number.
_V5_LAB = """
CREATE TABLE lab_outbox (
    position  INTEGER PRIMARY KEY AUTOINCREMENT,
    id        TEXT NOT NULL UNIQUE,   -- the event's UUID, made here
    case_ref  TEXT NOT NULL,
    kind      TEXT NOT NULL,
    by_email  TEXT NOT NULL,
    made_at   REAL NOT NULL,
    body      TEXT NOT NULL,          -- JSON object
    refused   TEXT                    -- NULL while waiting; the hub's reason once refused
);

CREATE TABLE lab_events (
    seq         INTEGER PRIMARY KEY,  -- the hub's sequence number
    id          TEXT NOT NULL UNIQUE,
    case_ref    TEXT NOT NULL,
    kind        TEXT NOT NULL,
    by_email    TEXT NOT NULL,
    made_at     REAL NOT NULL,
    recorded_at REAL NOT NULL,
    body        TEXT NOT NULL
);
CREATE INDEX lab_events_by_case ON lab_events (case_ref, seq);
"""

# MIGRATIONS[i] takes a database at user_version i to i + 1.
MIGRATIONS: tuple[str, ...] = (_V1, _V2_QC, _V3_SEARCH_IN_BULK, _V4_ZSTD_JSON, _V5_LAB)
CURRENT_VERSION = len(MIGRATIONS)

_BUSY_TIMEOUT_MS = 10_000
WRITER_CACHE_SIZE = -64 * 1024  # PRAGMA cache_size: a negative number is KiB (64 MB)


def connect(path: Path, *, writer: bool = True) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), WAL, foreign keys on.

    ``check_same_thread`` is off because the writer connection is created on one thread and
    used on the store's writer thread; callers keep each connection to one thread at a time.
    A reader (``writer=False``) never creates the file and leaves the journal mode alone.
    """
    if path.is_symlink() and not path.exists():
        raise StoreError(
            translate(
                "StoreError",
                "The local database {path} is a link to {target}, which does not exist: remove "
                "the link or put the file back.",
            ).format(path=path, target=path.readlink())
        )
    if writer and not path.exists():
        # Create the file with owner-only permissions before SQLite opens it (patient data).
        try:
            fd = os.open(path, os.O_CREAT | os.O_WRONLY, 0o600)
        except OSError as exc:
            raise store_error(exc, path) from exc
        os.close(fd)
    uri = f"{path.absolute().as_uri()}?mode={'rwc' if writer else 'rw'}"
    try:
        conn = sqlite3.connect(
            uri,
            uri=True,
            isolation_level=None,
            check_same_thread=False,
            timeout=_BUSY_TIMEOUT_MS / 1000,
        )
    except sqlite3.Error as exc:
        raise store_error(exc, path) from exc
    try:
        conn.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        if writer:
            conn.execute("PRAGMA journal_mode = WAL")
            # NORMAL in WAL mode is durable against process crashes (SIGKILL), which is what
            # the store promises; only a power cut may lose the last transactions.
            conn.execute("PRAGMA synchronous = NORMAL")
            # A first sync adds every case to 15 indexes and the search index; past the
            # default cache each insert re-reads index pages (benchmarks/README.md,
            # store_sync.py). Pages are allocated as used.
            conn.execute(f"PRAGMA cache_size = {WRITER_CACHE_SIZE}")
    except sqlite3.Error as exc:
        conn.close()
        raise store_error(exc, path) from exc
    return conn


def migrate(
    conn: sqlite3.Connection, *, migrations: Sequence[str] = MIGRATIONS, path: Path | None = None
) -> int:
    """Bring the database up to ``len(migrations)``; returns the version it started from."""
    target = len(migrations)
    found = _version(conn, path)
    if found > target:
        if path:
            text = translate(
                "StoreError",
                "The local database {path} was written by a newer version of Scan Inbox "
                "(schema {found}; this version reads up to {target}). It was left untouched: "
                "update Scan Inbox, or remove local data with `scaninbox cache clear`.",
            )
        else:
            text = translate(
                "StoreError",
                "The local database was written by a newer version of Scan Inbox "
                "(schema {found}; this version reads up to {target}). It was left untouched: "
                "update Scan Inbox, or remove local data with `scaninbox cache clear`.",
            )
        raise StoreVersionError(text.format(path=path, found=found, target=target))
    if found == target:
        return found
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read under the write lock: another process may have migrated meanwhile.
            found_locked = _version(conn, path)
            for script in migrations[found_locked:]:
                for statement in _statements(script):
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {target}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # SQLite may have rolled back already (a full disk)
                conn.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        if not storage_fault(exc):
            raise  # a migration that does not run is a bug, not the disk
        raise store_error(exc, path or "") from exc
    return found


def _version(conn: sqlite3.Connection, path: Path | None) -> int:
    try:
        row = conn.execute("PRAGMA user_version").fetchone()
    except sqlite3.Error as exc:
        raise store_error(exc, path or "") from exc
    return int(row[0])


def _statements(script: str) -> list[str]:
    """Split a script into statements (``executescript`` would commit our transaction)."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--"):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
