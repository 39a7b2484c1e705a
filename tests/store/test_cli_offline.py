"""What ``cases``/``case``/``download`` get from the store with the sandbox stopped: listings,
search, a case, cached files copied out (missing ones listed, exit 4), the automatic fallback."""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest

from scaninbox.api.errors import TransportError
from scaninbox.cli.errors import CliError
from scaninbox.cli.local_cases import (
    answer_locally_when_offline,
    case_filter,
    copy_cached_files,
    local_case,
    local_listing,
)
from scaninbox.domain import CaseRef
from scaninbox.paths import app_paths
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseStore, account_folder, resolve_account
from tests.store.conftest import scaninbox


@pytest.fixture
def offline(make_sandbox: Callable[..., SandboxServer]) -> tuple[argparse.Namespace, str, str]:
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
    args = argparse.Namespace(base_url=url, environment=None, demo=False, offline=True)
    return args, pinned, unpinned


def test_listing_paging_and_search_from_the_store(
    offline: tuple[argparse.Namespace, str, str],
) -> None:
    args, pinned, _ = offline
    everything = local_listing(args, case_filter(), all_pages=True)
    assert everything.total == 10
    assert len(everything.cases) == 10
    received = [c.accepted_data.received_date for c in everything.cases if c.accepted_data]
    assert received == sorted(received, reverse=True)  # type: ignore[type-var]
    page2 = local_listing(args, case_filter(), page=2, page_size=3)
    assert [c.guid for c in page2.cases] == [c.guid for c in everything.cases[3:6]]
    assert not page2.complete
    case = local_case(args, CaseRef.guid(pinned))
    assert case.accepted_data is not None
    patient = case.accepted_data.patient
    assert patient is not None
    name = patient.last_name or patient.full_name or ""
    found = local_listing(args, case_filter(text=name[:4]), all_pages=True)
    assert pinned in {c.guid for c in found.cases}
    assert found.total < 10 or not name
    with pytest.raises(CliError, match="not in the local store") as raised:
        local_case(args, CaseRef.guid("no-such-case"))
    assert raised.value.exit_code == 4


def test_cached_files_are_copied_out_and_missing_ones_listed(
    offline: tuple[argparse.Namespace, str, str],
    no_stray_files: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    args, pinned, unpinned = offline
    dest = no_stray_files / "pinned"
    assert copy_cached_files(args, CaseRef.guid(pinned), dest) == 0
    written = sorted(p for p in dest.iterdir())
    assert written
    printed = capsys.readouterr().out
    assert all(str(p) in printed for p in written)
    paths = app_paths()
    with CaseStore.open(
        account_folder(paths, resolve_account(paths, base_url=args.base_url))
    ) as store:
        stored = store.case(CaseRef.guid(pinned))
    assert stored is not None
    assert sorted(f.sha256 for f in stored.files) == sorted(
        hashlib.sha256(p.read_bytes()).hexdigest() for p in written
    )
    with pytest.raises(CliError, match="not available offline") as raised:
        copy_cached_files(args, CaseRef.guid(unpinned), no_stray_files / "other")
    assert raised.value.exit_code == 4
    assert "Not available offline:" in capsys.readouterr().err


def test_an_unreachable_service_falls_back_to_the_store(
    offline: tuple[argparse.Namespace, str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    args, _, _ = offline
    args.offline = False

    def online() -> int:
        raise TransportError("The inbox service cannot be reached.")

    assert answer_locally_when_offline(args, online, lambda: 42) == 42
    assert "Answering from the local store (last sync:" in capsys.readouterr().err
