"""One folder per environment + account; the index finds the last account for --offline; removing
local data leaves nothing behind."""

from __future__ import annotations

import json
import stat

import pytest
from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import wire_case

from scaninbox.paths import app_paths
from scaninbox.store.accounts import (
    Account,
    account_folder,
    known_accounts,
    remember_account,
    remove_local_data,
    resolve_account,
)
from scaninbox.store.case_store import CaseStore
from scaninbox.store.errors import NoLocalAccountError
from scaninbox.store.filecache import FileCache

PROD = Account("production", "https://inbox.example.com/", "Ana@lab.example")
STAGING = Account("staging", "https://staging.example.com", "ana@lab.example")


def _create(account: Account) -> None:
    paths = app_paths()
    with CaseStore.open(account_folder(paths, account)):
        pass
    remember_account(paths, account)


def test_each_environment_and_account_gets_its_own_folder() -> None:
    paths = app_paths()
    folders = {
        account_folder(paths, a)
        for a in (
            PROD,
            STAGING,
            Account("production", "https://inbox.example.com", "bob@lab.example"),
            Account("custom", "http://127.0.0.1:8765", "ana@lab.example"),
        )
    }
    assert len(folders) == 4
    assert account_folder(paths, PROD).name.startswith("production-")
    assert "lab.example" not in account_folder(paths, PROD).name  # no e-mail in folder names
    # The same account however the address or e-mail is spelled.
    same = Account("production", "https://inbox.example.com", "ana@LAB.example")
    assert account_folder(paths, same) == account_folder(paths, PROD)
    # The demo sandbox moves to a new port every run; its data does not.
    demo1 = Account("demo", "http://127.0.0.1:40001", "demo@scaninbox.test")
    demo2 = Account("demo", "http://127.0.0.1:40002", "demo@scaninbox.test")
    assert account_folder(paths, demo1) == account_folder(paths, demo2)


def test_offline_finds_the_last_account_of_an_environment() -> None:
    paths = app_paths()
    _create(PROD)
    _create(STAGING)
    assert resolve_account(paths, environment="production") == PROD
    assert resolve_account(paths, environment="staging") == STAGING
    assert resolve_account(paths) == STAGING  # most recently used
    assert resolve_account(paths, email="ANA@lab.example", environment="production") == PROD
    custom = Account("custom", "http://127.0.0.1:9999", "x@y.z")
    _create(custom)
    assert resolve_account(paths, base_url="http://127.0.0.1:9999/") == custom
    with pytest.raises(NoLocalAccountError, match="sync once while online"):
        resolve_account(paths, base_url="http://127.0.0.1:1")
    index = paths.config_dir / "accounts.json"
    assert stat.S_IMODE(index.stat().st_mode) == 0o600
    assert "password" not in index.read_text()
    assert "token" not in index.read_text()


def test_an_unreadable_index_only_means_no_known_accounts() -> None:
    paths = app_paths()
    paths.config_dir.mkdir(parents=True)
    (paths.config_dir / "accounts.json").write_text("{not json")
    assert known_accounts(paths) == []
    _create(PROD)  # and it is rewritten cleanly
    assert json.loads((paths.config_dir / "accounts.json").read_text())["production"]


def test_removing_local_data_deletes_the_database_and_files() -> None:
    paths = app_paths()
    folder = account_folder(paths, PROD)
    with CaseStore.open(folder) as store, FileCache.open(store) as cache:
        sync_pages(store, [wire_case(1)])
        temp = cache.scratch_path()
        temp.write_bytes(b"scan" * 1000)
        stored = store.case(store.rows()[0].ref)
        assert stored is not None
        cache.add(stored.ref, stored.files[0].spec, temp)
    remember_account(paths, PROD)
    freed = remove_local_data(paths, PROD)
    assert freed >= 4000
    assert not folder.exists()
    assert list(paths.accounts_dir.iterdir()) == []
    assert known_accounts(paths) == []
    with pytest.raises(NoLocalAccountError):
        resolve_account(paths, environment="production")
