"""The store's commands in a subprocess against a real sandbox: sync (text and JSON), pin/unpin,
cache info|prune|clear, and what still works when the sandbox is stopped."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

from scaninbox.paths import app_paths
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseStore, account_folder, resolve_account
from tests.store.conftest import scaninbox


def test_sync_prints_what_changed(make_sandbox: Callable[..., SandboxServer]) -> None:
    server = make_sandbox(cases=25)
    first = scaninbox("--base-url", server.base_url, "sync")
    assert first.code == 0, first.err
    assert "First sync of this account: 25 cases stored on this computer." in first.out
    assert "Available offline: the details of 25 cases, and every file of " in first.out
    added = server.control.add_case()
    second = scaninbox("--base-url", server.base_url, "sync")
    assert second.code == 0, second.err
    assert "1 new, 0 changed" in second.out
    assert added in second.out


def test_sync_json_lists_refs_in_plain_members(make_sandbox: Callable[..., SandboxServer]) -> None:
    server = make_sandbox(cases=12)
    run = scaninbox("--base-url", server.base_url, "sync", "--json")
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert report["full"] is True
    assert report["initial"] is True
    assert set(report["new"]) == set(server.control.case_refs())
    assert report["files"] is None
    gone = server.control.case_refs()[0]
    server.control.remove_case(gone)
    again = json.loads(scaninbox("--base-url", server.base_url, "sync", "--full", "--json").out)
    assert again["removed"] == [gone]
    assert again["new"] == []


def test_pin_unpin_and_the_cache_commands(make_sandbox: Callable[..., SandboxServer]) -> None:
    server = make_sandbox(cases=8)
    url = server.base_url
    assert scaninbox("--base-url", url, "sync").code == 0
    pinned = _case_with_files(url)
    run = scaninbox("--base-url", url, "pin", pinned)
    assert run.code == 0, run.err
    assert f"Case {pinned} is kept available offline" in run.out
    info = json.loads(scaninbox("--base-url", url, "cache", "info", "--json").out)
    assert info["files"]["pinnedBytes"] == info["files"]["bytes"] > 0
    assert info["account"]["email"] == "demo@scaninbox.test"
    # Pinned files survive any limit …
    prune = scaninbox("--base-url", url, "cache", "prune", "--limit", "0")
    assert prune.code == 0, prune.err
    assert "Evicted 0 file(s)" in prune.out
    assert "Pinned cases keep" in prune.out
    # … until unpinned.
    assert scaninbox("--base-url", url, "unpin", pinned).code == 0
    prune = scaninbox("--base-url", url, "cache", "prune", "--limit", "0")
    assert "Evicted 0 file(s)" not in prune.out
    after = json.loads(scaninbox("--base-url", url, "cache", "info", "--json").out)
    assert after["files"]["bytes"] == 0
    # Remove local data: nothing is left, and the next info says so plainly.
    clear = scaninbox("--base-url", url, "cache", "clear")
    assert clear.code == 0, clear.err
    assert "Removed the local data of demo@scaninbox.test" in clear.out
    gone = scaninbox("--base-url", url, "cache", "info")
    assert gone.code == 4
    assert "sync once while online" in gone.err
    assert "Traceback" not in gone.err


def test_with_the_sandbox_stopped(make_sandbox: Callable[..., SandboxServer]) -> None:
    server = make_sandbox(cases=6)
    url = server.base_url
    assert scaninbox("--base-url", url, "sync").code == 0
    ref = server.control.case_refs()[2]
    server.stop()
    sync = scaninbox("--base-url", url, "sync")
    assert sync.code == 5
    assert len(sync.err.strip().splitlines()) == 1
    assert "Traceback" not in sync.err
    info = scaninbox("--base-url", url, "--offline", "cache", "info")
    assert info.code == 0, info.err
    assert "Cases: 6" in info.out
    pin = scaninbox("--base-url", url, "--offline", "pin", ref)
    assert pin.code == 0, pin.err
    assert "fetched at the next online sync" in pin.out
    unknown = scaninbox("--base-url", url, "--offline", "pin", "no-such-case")
    assert unknown.code == 4
    assert "not stored on this computer" in unknown.err
    usage = scaninbox("--base-url", url, "--offline", "sync")
    assert usage.code == 2


def _case_with_files(url: str) -> str:
    """A synced case that has files, read from the store the command wrote."""
    paths = app_paths()
    with CaseStore.open(account_folder(paths, resolve_account(paths, base_url=url))) as store:
        return str(next(r for r in store.rows(limit=100) if r.file_count).ref)


def test_a_store_from_a_newer_program_is_one_plain_sentence(
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=3)
    assert scaninbox("--base-url", server.base_url, "sync").code == 0
    paths = app_paths()
    folder = account_folder(paths, resolve_account(paths, base_url=server.base_url))
    with sqlite3.connect(folder / "inbox.sqlite3") as conn:
        conn.execute("PRAGMA user_version = 99")
    run = scaninbox("--base-url", server.base_url, "--offline", "cache", "info")
    assert run.code == 1
    assert run.err.count("\n") == 1
    assert "newer version of Scan Inbox" in run.err
    assert "Unexpected" not in run.err
