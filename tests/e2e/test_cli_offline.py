"""The command line on the local store, in a subprocess: ``sync``, then the sandbox STOPPED, and
``cases``/``case``/``download`` answer with ``--offline`` or by falling back on their own; the
same JSON as online; full-text ``--search`` online and offline."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.conftest import CliRunner, Run
from tests.e2e.test_cli_online import as_demo, demo, one_plain_line

from scaninbox.sandbox import SandboxServer

NO_DATA = "No cases are stored on this computer for "


@dataclass(frozen=True)
class Stopped:
    """A sandbox that was synced (one case pinned) and then stopped, and what it served."""

    url: str
    online_cases: list[dict[str, Any]]
    pinned: str
    unpinned_with_files: str


def offline(cli: CliRunner, stopped: Stopped, *args: str, **kw: Any) -> Run:
    """The command as the demo user would run it now (credentials set, service gone)."""
    return cli(*args, base_url=stopped.url, email=demo().email, password=demo().password, **kw)


def file_count(case: dict[str, Any]) -> int:
    data = case["acceptedData"] or {}
    return (
        len(data.get("scanFiles") or [])
        + (1 if data.get("orderForm") else 0)
        + len(data.get("miscellaneousFiles") or [])
    )


def ref_of(case: dict[str, Any]) -> str:
    return str(case["id"] if case.get("id") is not None else case["guid"])


def sync_and_stop(cli: CliRunner, server: SandboxServer) -> Stopped:
    sync = as_demo(cli, server, "sync")
    assert sync.code == 0, sync.err
    listed = as_demo(cli, server, "cases", "--all", "--json")
    assert listed.code == 0, listed.err
    cases = json.loads(listed.out)
    with_files = [ref_of(c) for c in cases if file_count(c)]
    pin = as_demo(cli, server, "pin", with_files[0])
    assert pin.code == 0, pin.err
    server.stop()
    return Stopped(server.base_url, cases, with_files[0], with_files[1])


@pytest.fixture
def stopped(cli: CliRunner, make_sandbox: Callable[..., SandboxServer]) -> Stopped:
    return sync_and_stop(cli, make_sandbox(cases=12))


def by_ref(cases: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {ref_of(c): c for c in cases}


# ---------------------------------------------------------------- same answers as online


def test_offline_json_is_the_online_json(cli: CliRunner, stopped: Stopped) -> None:
    run = offline(cli, stopped, "--offline", "cases", "--all", "--json")
    assert run.code == 0, run.err
    assert run.err == ""
    assert by_ref(json.loads(run.out)) == by_ref(stopped.online_cases)
    one = offline(cli, stopped, "--offline", "case", stopped.pinned, "--json")
    assert one.code == 0, one.err
    assert json.loads(one.out) == by_ref(stopped.online_cases)[stopped.pinned]


def test_offline_json_keeps_the_variant_shape(
    cli: CliRunner, make_sandbox: Callable[..., SandboxServer]
) -> None:
    stopped = sync_and_stop(cli, make_sandbox(cases=8, variant=True))
    run = offline(cli, stopped, "--offline", "cases", "--all", "--json")
    assert run.code == 0, run.err
    offline_cases = json.loads(run.out)
    assert all(type(c["id"]) is int for c in offline_cases)
    assert by_ref(offline_cases) == by_ref(stopped.online_cases)
    assert {frozenset(c) for c in offline_cases} == {frozenset(c) for c in stopped.online_cases}


def test_offline_pages_like_the_service(cli: CliRunner, stopped: Stopped) -> None:
    everything = json.loads(offline(cli, stopped, "--offline", "cases", "--all", "--json").out)
    received = [c["acceptedData"]["receivedDate"] for c in everything if c["acceptedData"]]
    assert received == sorted(received, reverse=True)  # newest first, like the inbox
    page = offline(cli, stopped, "--offline", "cases", "--page", "2", "--page-size", "5", "--json")
    assert page.code == 0, page.err
    assert [ref_of(c) for c in json.loads(page.out)] == [ref_of(c) for c in everything[5:10]]
    table = offline(cli, stopped, "--offline", "cases", "--page-size", "5", env={"COLUMNS": "120"})
    assert table.code == 0, table.err
    assert table.out.splitlines()[0].startswith("Received")
    assert table.out.splitlines()[-1].startswith("5 of 12 cases (page 1 of 3;")


# ---------------------------------------------------------------- automatic fallback


def test_an_unreachable_service_falls_back_to_the_store(cli: CliRunner, stopped: Stopped) -> None:
    run = offline(cli, stopped, "cases", "--all", "--json")
    assert run.code == 0, run.err
    note = one_plain_line(run)
    assert note.startswith("Offline — showing cases as of 20")
    assert by_ref(json.loads(run.out)) == by_ref(stopped.online_cases)
    case = offline(cli, stopped, "case", stopped.pinned)
    assert case.code == 0, case.err
    assert case.out.startswith(f"Case {stopped.pinned}")
    assert one_plain_line(case).startswith(f"Offline — showing case {stopped.pinned} as of")
    unknown = offline(cli, stopped, "case", "no-such-case")
    assert unknown.code == 5
    assert "not stored on this computer either" in one_plain_line(unknown)


def test_without_local_data_the_network_failure_stands(
    cli: CliRunner, make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=3)
    server.stop()
    run = cli("cases", base_url=server.base_url, email=demo().email, password=demo().password)
    assert run.code == 5
    assert "Could not connect" in one_plain_line(run)


# ---------------------------------------------------------------- search


def _folded(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def _refs(run: Run) -> set[str]:
    assert run.code == 0, run.err
    return {ref_of(c) for c in json.loads(run.out)}


def test_search_ignores_accents_and_matches_word_beginnings(
    cli: CliRunner, stopped: Stopped
) -> None:
    names = {
        ref_of(c): (c["acceptedData"]["patient"] or {}).get("lastName") or ""
        for c in stopped.online_cases
        if c["acceptedData"]
    }
    accented = sorted({n for n in names.values() if _folded(n) != n.casefold()})
    assert accented, "the sandbox has no patient name with accents"
    name = accented[0]
    expected = {ref for ref, n in names.items() if n == name}
    plain_prefix = _folded(name)[:4]  # typed without accents, only its beginning
    found = _refs(offline(cli, stopped, "--offline", "cases", "--search", plain_prefix, "--json"))
    assert expected <= found
    assert len(found) < len(stopped.online_cases)
    shouted = _refs(offline(cli, stopped, "--offline", "cases", "--search", name.upper(), "--json"))
    assert expected <= shouted <= found
    fallback = offline(cli, stopped, "cases", "--search", plain_prefix, "--json")
    assert _refs(fallback) == found
    assert one_plain_line(fallback).startswith("Offline — showing cases as of")
    none = offline(cli, stopped, "--offline", "cases", "--search", "zzzqqq")
    assert (none.code, none.out.strip()) == (0, "No cases match.")


def test_online_search_syncs_first(
    cli: CliRunner, make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=6)
    assert as_demo(cli, server, "sync").code == 0
    # Looked at from another home, so this store learns of the new case only by syncing.
    elsewhere = {"SCANINBOX_HOME": str(tmp_path / "elsewhere")}
    for _attempt in range(20):  # some generated cases carry no patient (no case content yet)
        added = server.control.add_case()
        shown = as_demo(cli, server, "case", added, "--json", env=elsewhere)
        data = json.loads(shown.out)["acceptedData"]
        name = ((data or {}).get("patient") or {}).get("lastName")
        if name:
            break
    else:
        raise AssertionError("the sandbox added no case with a patient name")
    run = as_demo(cli, server, "cases", "--search", name, "--json")
    assert added in _refs(run)
    assert run.err == ""
    assert all(name in json.dumps(c, ensure_ascii=False) for c in json.loads(run.out))


# ---------------------------------------------------------------- download


def test_download_offline_copies_cached_files_and_names_missing_ones(
    cli: CliRunner, stopped: Stopped, tmp_path: Path
) -> None:
    pinned = by_ref(stopped.online_cases)[stopped.pinned]
    run = offline(cli, stopped, "--offline", "download", stopped.pinned, cwd=tmp_path)
    assert run.code == 0, run.err
    (dest,) = (p for p in tmp_path.iterdir() if p.is_dir())  # the case's folder
    assert dest.name.endswith(pinned["acceptedData"]["externalId"] or stopped.pinned)
    written = sorted(p for p in dest.iterdir())
    assert len(written) == file_count(pinned)
    assert all(p.stat().st_size > 0 and not p.name.startswith(".") for p in written)
    assert len(run.out.splitlines()) == len(written)
    missing = offline(
        cli, stopped, "--offline", "download", stopped.unpinned_with_files, "--dest", "other"
    )
    assert missing.code == 4
    unpinned = by_ref(stopped.online_cases)[stopped.unpinned_with_files]
    listed = [line for line in missing.err_lines if line.startswith("Not available offline: ")]
    assert len(listed) == file_count(unpinned)
    assert "not available offline" in missing.err_lines[-1]
    assert "Traceback" not in missing.err
    fallback = offline(cli, stopped, "download", stopped.pinned, "--dest", "again", cwd=tmp_path)
    assert fallback.code == 0, fallback.err
    assert one_plain_line(fallback).startswith("Offline — copying the files of case")
    (again,) = (tmp_path / "again").iterdir()
    assert again.name == dest.name
    assert sorted(p.name for p in again.iterdir()) == [p.name for p in written]


# ---------------------------------------------------------------- nothing stored


@pytest.mark.parametrize(
    "command", [("cases",), ("cases", "--search", "x"), ("case", "abc"), ("download", "abc")]
)
def test_offline_without_local_data_is_one_sentence(
    cli: CliRunner, command: tuple[str, ...]
) -> None:
    run = cli("--offline", *command, base_url="http://127.0.0.1:9")
    assert run.code == 4
    assert one_plain_line(run) == (
        f"{NO_DATA}http://127.0.0.1:9; run `scaninbox sync` while online first."
    )


def test_what_online_commands_fetched_is_there_offline(
    cli: CliRunner, make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=9)
    page = as_demo(cli, server, "cases", "--page-size", "4", "--json")
    assert page.code == 0, page.err
    ref = server.control.case_refs()[-1]
    one = as_demo(cli, server, "case", ref, "--json")
    assert one.code == 0, one.err
    server.stop()
    stopped = Stopped(server.base_url, [], "", "")
    kept = offline(cli, stopped, "--offline", "cases", "--all", "--json")
    assert kept.code == 0, kept.err
    expected = by_ref(json.loads(page.out))
    expected[ref] = json.loads(one.out)
    assert by_ref(json.loads(kept.out)) == expected
    fallback = offline(cli, stopped, "cases")
    assert fallback.code == 0
    assert one_plain_line(fallback) == "Offline — showing cases (never synced)."


def test_keeping_a_listed_case_never_makes_the_next_sync_skip_cases(
    cli: CliRunner, make_sandbox: Callable[..., SandboxServer]
) -> None:
    # The data set ends ten days ago; then two cases arrive, six days apart.
    server = make_sandbox(cases=6, today=(datetime.now(UTC) - timedelta(days=10)).date())
    assert as_demo(cli, server, "sync").code == 0
    between = server.control.add_case(received_at=datetime.now(UTC) - timedelta(days=6))
    newest = server.control.add_case(received_at=datetime.now(UTC))
    listed = as_demo(cli, server, "cases", "--page-size", "1", "--json")
    assert [ref_of(c) for c in json.loads(listed.out)] == [newest]
    # The listing kept the newest case in the store. Had the incremental sync started from the
    # newest STORED case, it would begin after the one in between and never see it.
    sync = as_demo(cli, server, "sync", "--json")
    assert sync.code == 0, sync.err
    assert json.loads(sync.out)["new"] == [between]
    stored = as_demo(cli, server, "--offline", "cases", "--json", "--all")
    assert {between, newest} <= {ref_of(c) for c in json.loads(stored.out)}
