"""The command line as a script uses it (issue 25, point 17): ``cases --json`` gives every case,
global options may follow the command, a unique beginning of a guid stands for its case (an
ambiguous one is refused with the candidates), and ``qc --json`` names the case and its
recorded decision. Run in a subprocess against the sandbox."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.conftest import CliRunner, Run
from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import make_case

from scaninbox.api.wire import UnifiedCase
from scaninbox.cli.errors import CliError
from scaninbox.cli.options import GlobalOptions
from scaninbox.cli.ref_lookup import resolve_ref
from scaninbox.domain import CaseRef
from scaninbox.paths import app_paths
from scaninbox.store import CaseStore, remember_account
from scaninbox.store.accounts import Account, account_folder


def _demo(cli: CliRunner, server: Any, *args: str) -> Run:
    from scaninbox.sandbox import DEMO_ACCOUNT

    return cli(
        *args, base_url=server.base_url, email=DEMO_ACCOUNT.email, password=DEMO_ACCOUNT.password
    )


def test_cases_json_gives_every_case_not_the_first_page(cli: CliRunner, sandbox: Any) -> None:
    every = json.loads(_demo(cli, sandbox, "cases", "--all", "--json").out)
    assert len(every) > 20  # more than the service's page of 20
    run = _demo(cli, sandbox, "cases", "--json")
    assert run.code == 0, run.err
    assert [c["guid"] for c in json.loads(run.out)] == [c["guid"] for c in every]
    assert run.err == ""


def test_cases_json_of_one_page_says_so_on_stderr(cli: CliRunner, sandbox: Any) -> None:
    run = _demo(cli, sandbox, "cases", "--json", "--page-size", "10")
    assert run.code == 0, run.err
    assert len(json.loads(run.out)) == 10
    (note,) = run.err_lines
    assert note.startswith("Warning: the JSON holds page 1 of ")
    assert "--all" in note


def test_global_options_are_taken_after_the_command(cli: CliRunner, sandbox: Any) -> None:
    from scaninbox.sandbox import DEMO_ACCOUNT

    creds = {"email": DEMO_ACCOUNT.email, "password": DEMO_ACCOUNT.password}
    online = cli("cases", "--json", "--base-url", sandbox.base_url, "-v", **creds)
    assert online.code == 0, online.err
    offline = cli("cases", "--all", "--json", "--offline", f"--base-url={sandbox.base_url}")
    assert offline.code == 0, offline.err
    assert len(json.loads(offline.out)) == len(json.loads(online.out))
    both = cli("cases", "--demo", "--base-url", sandbox.base_url)
    assert both.code == 2  # still one target at a time, wherever the options stand
    assert "not allowed with" in both.err


def test_a_unique_beginning_of_a_guid_names_its_case(cli: CliRunner, sandbox: Any) -> None:
    every = json.loads(_demo(cli, sandbox, "cases", "--all", "--json").out)  # stores them
    guid = every[0]["guid"]
    prefix = next(
        guid[:n]
        for n in range(8, len(guid))
        if sum(c["guid"].startswith(guid[:n]) for c in every) == 1
    )
    run = _demo(cli, sandbox, "case", prefix, "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["guid"] == guid


def _store_with(guids: list[str]) -> GlobalOptions:
    """This computer's store of a custom service holding cases with these guids."""
    url = "http://127.0.0.1:9"
    account = Account("custom", url, "someone@lab.test")
    paths = app_paths()
    with CaseStore.open(account_folder(paths, account)) as store:
        cases = [UnifiedCase.model_validate(make_case(i, guid=g)) for i, g in enumerate(guids)]
        sync_pages(store, cases)
    remember_account(paths, account)
    return GlobalOptions(base_url=url)


def test_an_ambiguous_beginning_is_refused_with_the_candidates() -> None:
    options = _store_with(
        [
            "abcdef01-0000-4000-8000-000000000001",
            "abcdef02-0000-4000-8000-000000000002",
            "77777777-0000-4000-8000-000000000003",
        ]
    )
    with pytest.raises(CliError) as caught:
        resolve_ref(options, CaseRef.parse("abcdef0"))
    assert caught.value.exit_code == 2
    assert "abcdef01-0000-4000-8000-000000000001" in str(caught.value)
    assert "abcdef02-0000-4000-8000-000000000002" in str(caught.value)
    assert resolve_ref(options, CaseRef.parse("ABCDEF01")).value == (
        "abcdef01-0000-4000-8000-000000000001"
    )
    # Too short to stand for a case, or matching none: passed on as typed.
    assert resolve_ref(options, CaseRef.parse("77777")).value == "77777"
    assert resolve_ref(options, CaseRef.parse("zzzzzzzz")).value == "zzzzzzzz"


def test_qc_json_names_the_case_and_its_recorded_decision(
    cli: CliRunner, make_sandbox: Any, tmp_path: Path
) -> None:
    server = make_sandbox(cases=6)
    every = json.loads(_demo(cli, server, "cases", "--json").out)
    ref = next(c["guid"] for c in every if (c.get("acceptedData") or {}).get("scanFiles"))
    run = _demo(cli, server, "qc", ref, "--decide", "rescan", "--note", "margin unclear", "--json")
    assert run.code in (0, 6), run.err
    result = json.loads(run.out)
    assert result["case"] == ref
    decision = result["decision"]
    assert decision["decision"] == "rescan"
    assert decision["note"] == "margin unclear"
    assert decision["when"]
    files = cli("qc", "--upper", str(_any_scan(tmp_path)), "--json")
    assert json.loads(files.out)["case"] is None


def _any_scan(folder: Path) -> Path:
    from tests.unit.scans.meshfiles import arch_mesh, binary_stl

    path = folder / "upper.stl"
    path.write_bytes(binary_stl(*arch_mesh(60, 12)))
    return path
