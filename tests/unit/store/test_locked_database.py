"""A database another program holds locked past the busy timeout (another Scan Inbox, a command,
a backup tool) is the file's trouble, said in plain words, not an unexpected error."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scaninbox.store import CaseStore, StoreCorruptError, StoreError
from scaninbox.store.connections import DB_NAME
from scaninbox.store.errors import storage_fault, store_error


def _locked_error(path: Path) -> sqlite3.Error:
    """The real error SQLite gives a writer while another connection holds the file."""
    holder = sqlite3.connect(path, isolation_level=None)
    writer = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        with pytest.raises(sqlite3.OperationalError) as caught:
            writer.execute("CREATE TABLE held (x)")
        return caught.value
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        writer.close()


def test_a_locked_store_is_said_plainly(tmp_path: Path) -> None:
    CaseStore.open(tmp_path).close()
    path = tmp_path / DB_NAME
    error = _locked_error(path)
    assert "locked" in str(error)
    assert storage_fault(error)  # turned into plain words where the store meets SQLite
    plain = store_error(error, path)
    assert type(plain) is StoreError
    assert not isinstance(plain, StoreCorruptError)  # nothing to remove: the data is intact
    assert str(plain).startswith(
        f"The local database {path} is in use by another program and stayed locked ("
    )
    assert "try again" in str(plain)
