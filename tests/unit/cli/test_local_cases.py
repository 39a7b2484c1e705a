"""The offline building blocks of ``cases``/``case``/``download``, in-process, on a store a real
``scaninbox sync`` wrote, with the sandbox stopped: listings, cached files copied out (missing
ones listed, exit 4), the fallback's rules, and keeping fetched cases without failing."""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tests.store.conftest import scaninbox
from tests.unit.store.factory import wire_case

from scaninbox.api.errors import TlsError, TransportError
from scaninbox.cli.errors import CliError
from scaninbox.cli.local_cases import (
    ListingQuery,
    answer_locally_when_offline,
    answer_offline,
    case_from_store,
    copy_cached_files,
    listing_from_store,
)
from scaninbox.cli.local_store import FetchedCases, LocalStore, open_local_store
from scaninbox.cli.options import GlobalOptions
from scaninbox.domain import CaseRef
from scaninbox.paths import app_paths
from scaninbox.sandbox import SandboxServer
from scaninbox.store import Account, CaseStore, account_folder, resolve_account


@pytest.fixture
def offline(make_sandbox: Callable[..., SandboxServer]) -> tuple[GlobalOptions, str, str]:
    """A synced store with one pinned case, the sandbox stopped; (args, pinned, unpinned)."""
    server = make_sandbox(cases=10)
    url = server.base_url
    assert scaninbox("--base-url", url, "sync").code == 0
    paths = app_paths()
    with CaseStore.open(account_folder(paths, resolve_account(paths, base_url=url))) as store:
        with_files = [str(r.ref) for r in store.rows(limit=100) if r.file_count]
    pinned, unpinned = with_files[:2]
    assert scaninbox("--base-url", url, "pin", pinned).code == 0
    server.stop()
    args = GlobalOptions(base_url=url, offline=True)
    return args, pinned, unpinned


@pytest.fixture
def local(offline: tuple[GlobalOptions, str, str]) -> Iterator[LocalStore]:
    with open_local_store(offline[0]) as opened:
        yield opened


def test_listing_paging_and_search_from_the_store(
    offline: tuple[GlobalOptions, str, str], local: LocalStore
) -> None:
    _, pinned, _ = offline
    everything = listing_from_store(local.store, ListingQuery(all_pages=True))
    assert (everything.total, len(everything.cases), everything.complete) == (10, 10, True)
    received = [c.accepted_data.received_date for c in everything.cases if c.accepted_data]
    assert received == sorted(received, reverse=True)  # type: ignore[type-var]
    page2 = listing_from_store(local.store, ListingQuery(page=2, page_size=3))
    assert [c.guid for c in page2.cases] == [c.guid for c in everything.cases[3:6]]
    assert (page2.page, page2.page_size, page2.complete) == (2, 3, False)
    default = listing_from_store(local.store, ListingQuery())
    assert (default.page_size, len(default.cases)) == (20, 10)  # the service's default page
    case = case_from_store(local, CaseRef.guid(pinned))
    patient = case.accepted_data.patient if case.accepted_data else None
    assert patient is not None
    name = patient.last_name or patient.full_name or ""
    assert name
    found = listing_from_store(local.store, ListingQuery(text=name[:4], all_pages=True))
    assert pinned in {c.guid for c in found.cases}
    assert found.total == len(found.cases) < 10
    with pytest.raises(CliError, match="not stored on this computer") as raised:
        case_from_store(local, CaseRef.guid("no-such-case"))
    assert raised.value.exit_code == 4


def test_cached_files_are_copied_out_and_missing_ones_listed(
    offline: tuple[GlobalOptions, str, str],
    local: LocalStore,
    no_stray_files: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, pinned, unpinned = offline
    parent = no_stray_files / "pinned"
    assert copy_cached_files(local, CaseRef.guid(pinned), parent, "{ref}") == 0
    (dest,) = parent.iterdir()
    assert dest.name == pinned
    written = sorted(p for p in dest.iterdir())
    assert written
    printed = capsys.readouterr().out
    assert all(str(p) in printed for p in written)
    stored = local.store.case(CaseRef.guid(pinned))
    assert stored is not None
    assert sorted(f.sha256 or "" for f in stored.files) == sorted(
        hashlib.sha256(p.read_bytes()).hexdigest() for p in written
    )
    with pytest.raises(CliError, match="not available offline") as raised:
        copy_cached_files(local, CaseRef.guid(unpinned), no_stray_files / "other", "{ref}")
    assert raised.value.exit_code == 4
    assert "Not available offline:" in capsys.readouterr().err
    assert not (no_stray_files / "other").exists()  # nothing cached: no empty folder either


def test_the_fallback_answers_locally_only_for_an_unreachable_service(
    offline: tuple[GlobalOptions, str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    offline_args, pinned, _ = offline
    args = dataclasses.replace(offline_args, offline=False)

    def unreachable() -> int:
        raise TransportError("The inbox service cannot be reached.")

    def bad_certificate() -> int:
        raise TlsError("The certificate of the inbox service cannot be verified.")

    assert answer_locally_when_offline(args, unreachable, lambda _l: 42, doing="counting") == 42
    note = capsys.readouterr().err.strip()
    assert note.startswith("Offline — counting as of 20")
    assert "\n" not in note
    with pytest.raises(TlsError):
        answer_locally_when_offline(args, bad_certificate, lambda _l: 42, doing="counting")
    either = r"cannot be reached\. Case gone is not stored on this computer either"
    with pytest.raises(CliError, match=either) as raised:
        answer_locally_when_offline(
            args, unreachable, lambda _l: 42, doing="showing", ref=CaseRef.guid("gone")
        )
    assert raised.value.exit_code == 5
    assert capsys.readouterr().err == ""  # no note when the store cannot answer either
    found = answer_locally_when_offline(
        args, unreachable, lambda _l: 7, doing="showing", ref=CaseRef.guid(pinned)
    )
    assert found == 7
    # Another account's service with nothing stored: the network failure stands.
    args = dataclasses.replace(args, base_url="http://127.0.0.1:9")
    with pytest.raises(TransportError):
        answer_locally_when_offline(args, unreachable, lambda _l: 42, doing="counting")


def test_offline_without_local_data_is_one_sentence() -> None:
    args = GlobalOptions(base_url="http://127.0.0.1:9", environment=None, demo=False)
    with pytest.raises(CliError) as raised:
        answer_offline(args, lambda _l: 1)
    assert raised.value.exit_code == 4
    assert str(raised.value) == (
        "No cases are stored on this computer for http://127.0.0.1:9; "
        "run `scaninbox sync` while online first."
    )


def test_fetched_cases_are_kept_and_a_failing_store_fails_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    account = Account("custom", "http://127.0.0.1:9", "ana@lab.example")
    with FetchedCases(account) as fetched:
        fetched.keep([wire_case(1), wire_case(2)])
        fetched.keep([wire_case(2), wire_case(3)])
    paths = app_paths()
    assert resolve_account(paths, base_url=account.base_url) == account
    folder = account_folder(paths, account)
    with CaseStore.open(folder) as store:
        assert store.count() == 3
        assert store.last_sync_at() is None
    with sqlite3.connect(folder / "inbox.sqlite3") as conn:
        conn.execute("PRAGMA user_version = 99")  # a database from a newer program
    with caplog.at_level(logging.WARNING), FetchedCases(account) as fetched:
        fetched.keep([wire_case(4)])
    assert "could not keep fetched cases" in caplog.text
    assert "newer" in caplog.text
