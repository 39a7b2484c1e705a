"""The command line in a subprocess against the sandbox: output, files and exit codes."""

from __future__ import annotations

import json
import os
import socket
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.conftest import CliRunner, Run
from tests.spec_members import SPEC_CASE_MEMBERS, VARIANT_MEMBERS

DATA_MEMBERS = {
    "organizationGuid", "organizationType", "source", "externalId", "receivedDate",
    "deliveryDate", "sentTo", "customer", "patient", "remark", "scanFiles", "orderForm",
    "worktypes", "administrative",
}  # fmt: skip


def demo() -> Any:
    from scaninbox.sandbox import DEMO_ACCOUNT

    return DEMO_ACCOUNT


def other() -> Any:
    from scaninbox.sandbox import OTHER_ACCOUNT

    return OTHER_ACCOUNT


def as_demo(cli: CliRunner, server: Any, *args: str, **kw: Any) -> Run:
    return cli(*args, base_url=server.base_url, email=demo().email, password=demo().password, **kw)


def one_plain_line(run: Run) -> str:
    assert "Traceback" not in run.err
    assert len(run.err_lines) == 1, run.err
    return run.err_lines[0]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# ---------------------------------------------------------------- account


def test_login_without_keyring_says_so(cli: CliRunner, sandbox: Any) -> None:
    run = as_demo(cli, sandbox, "login")
    assert run.code == 0, run.err
    assert f"as {demo().email}" in run.out
    assert "not remembered" in run.out


def test_login_files_the_account_under_the_email_the_service_returns(
    cli: CliRunner, sandbox: Any
) -> None:
    # The window always filed the account under /me's e-mail; the command line now does too,
    # so both find the same local data and remembered session.
    typed = demo().email.upper()
    run = cli("login", base_url=sandbox.base_url, email=typed, password=demo().password)
    assert run.code == 0, run.err
    assert f"as {demo().email};" in run.out
    home = Path(os.environ["SCANINBOX_HOME"])
    index = json.loads((home / "config" / "accounts.json").read_text(encoding="utf-8"))
    assert [entry["email"] for entry in index.values()] == [demo().email]


def test_login_remembers_and_later_commands_reuse(
    cli: CliRunner, make_sandbox: Any, tmp_path: Path
) -> None:
    server = make_sandbox()
    keyring_env = {
        "PYTHON_KEYRING_BACKEND": "tests.e2e.file_keyring.JsonFileKeyring",
        "SCANINBOX_TEST_KEYRING": str(tmp_path / "keyring.json"),
    }
    login = as_demo(cli, server, "login", env=keyring_env)
    assert login.code == 0, login.err
    assert "remembered in the system keyring" in login.out
    stored = (tmp_path / "keyring.json").read_text(encoding="utf-8")
    assert "token" in stored
    token = json.loads(next(iter(json.loads(stored).values())))["token"]
    home = Path(os.environ["SCANINBOX_HOME"])
    home_files = [p for p in home.rglob("*") if p.is_file()]
    # Who signed in where has one home, the account index (no secrets in it).
    index = json.loads((home / "config" / "accounts.json").read_text(encoding="utf-8"))
    assert [entry["email"] for entry in index.values()] == [demo().email]
    assert not list(home.rglob("last_accounts.json"))
    for path in home_files:
        assert token.encode() not in path.read_bytes(), path
    logins_before = sum(r.path == "/auth/login" for r in server.control.requests)
    me = cli("me", base_url=server.base_url, env=keyring_env)  # no credentials at all
    assert me.code == 0, me.err
    assert demo().email in me.out
    assert sum(r.path == "/auth/login" for r in server.control.requests) == logins_before
    assert cli("logout", base_url=server.base_url, env=keyring_env).code == 0
    after = cli("me", base_url=server.base_url, env=keyring_env)
    assert after.code == 3
    assert "SCANINBOX_EMAIL" in one_plain_line(after)


def test_me_and_portals(cli: CliRunner, sandbox: Any) -> None:
    me = as_demo(cli, sandbox, "me", "--json")
    assert me.code == 0, me.err
    assert json.loads(me.out)["email"] == demo().email
    text = as_demo(cli, sandbox, "me")
    assert f"Signed in as {demo().email}" in text.out
    portals = json.loads(as_demo(cli, sandbox, "portals", "--json").out)
    assert all(isinstance(p["id"], int) and p["axisMapping"] for p in portals)
    configured = as_demo(cli, sandbox, "portals", "--configured")
    assert configured.code == 0, configured.err
    assert "Last fetch" in configured.out


def test_wrong_password_exits_3(cli: CliRunner, sandbox: Any) -> None:
    run = cli("me", base_url=sandbox.base_url, email=demo().email, password="wrong")
    assert run.code == 3
    assert "sign-in" in one_plain_line(run)


def test_missing_credentials_without_terminal_exits_3(cli: CliRunner, sandbox: Any) -> None:
    run = cli("cases", base_url=sandbox.base_url)
    assert run.code == 3
    assert "SCANINBOX_PASSWORD" in one_plain_line(run)


# ---------------------------------------------------------------- cases


def test_cases_json_shape_guid(cli: CliRunner, sandbox: Any) -> None:
    run = as_demo(cli, sandbox, "cases", "--all", "--json")
    assert run.code == 0, run.err
    cases = json.loads(run.out)
    assert len(cases) == len(sandbox.control.case_refs(org="demo"))
    for case in cases:
        assert set(case) == SPEC_CASE_MEMBERS
        data = case["acceptedData"]
        if data is not None:
            assert set(data) >= DATA_MEMBERS
            for worktype in data["worktypes"] or []:
                assert {"from", "to"} <= set(worktype)
                for member in ("from", "to"):
                    assert worktype[member] is None or type(worktype[member]) is int


def test_cases_json_shape_variant(cli: CliRunner, sandbox_variant: Any) -> None:
    run = as_demo(cli, sandbox_variant, "cases", "--page-size", "10", "--json")
    assert run.code == 0, run.err
    cases = json.loads(run.out)
    assert len(cases) == 10
    for case in cases:
        assert set(case) == SPEC_CASE_MEMBERS | VARIANT_MEMBERS
        assert type(case["id"]) is int


def test_status_filter_is_applied_when_the_variant_ignores_it(
    cli: CliRunner, sandbox_variant: Any
) -> None:
    everything = json.loads(as_demo(cli, sandbox_variant, "cases", "--all", "--json").out)
    assert {c["status"] for c in everything} > {"accepted"}  # the variant serves many statuses
    run = as_demo(cli, sandbox_variant, "cases", "--all", "--status", "accepted", "--json")
    assert run.code == 0, run.err
    kept = json.loads(run.out)
    assert kept
    assert {c["status"] for c in kept} == {"accepted"}
    assert len(kept) == sum(c["status"] == "accepted" for c in everything)
    assert "does not filter by status" in run.err


def test_cases_table_fits_the_width(cli: CliRunner, sandbox: Any) -> None:
    run = as_demo(cli, sandbox, "cases", "--page-size", "15", env={"COLUMNS": "110"})
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0].startswith("Received")
    assert "Patient" in lines[0]
    assert len(lines) == 2 + 15 + 1
    widths = [sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in x) for x in lines]
    assert max(widths[:-1]) <= 110
    assert "--all for every case" in lines[-1]


def test_paging_all_pages_with_filters(cli: CliRunner, sandbox: Any) -> None:
    everything = json.loads(as_demo(cli, sandbox, "cases", "--all", "--json").out)
    new = as_demo(cli, sandbox, "cases", "--all", "--page-size", "7", "--status", "new", "--json")
    assert new.code == 0, new.err
    expected = [c["guid"] for c in everything if c["status"] == "new"]
    assert [c["guid"] for c in json.loads(new.out)] == expected


@pytest.mark.parametrize(
    "args",
    [
        ("--from", "2026-13-01"),
        ("--to", "yesterday"),
        ("--from", "20260301"),
        ("--from", "2026-03-02", "--to", "2026-03-01"),
    ],
)
def test_bad_dates_are_usage_errors(cli: CliRunner, sandbox: Any, args: tuple[str, ...]) -> None:
    run = as_demo(cli, sandbox, "cases", *args)
    assert run.code == 2
    assert "date" in one_plain_line(run) or "--from" in run.err


def test_case_detail_and_json(cli: CliRunner, sandbox: Any) -> None:
    ref = sandbox.control.case_refs(org="demo")[0]
    text = as_demo(cli, sandbox, "case", ref)
    assert text.code == 0, text.err
    assert text.out.startswith(f"Case {ref}")
    for section in ("Patient", "Dentist and clinic", "Work", "Files"):
        assert f"\n{section}\n" in text.out
    data = json.loads(as_demo(cli, sandbox, "case", ref, "--json").out)
    assert data["guid"] == ref


def test_variant_case_by_numeric_id(cli: CliRunner, sandbox_variant: Any) -> None:
    ref = sandbox_variant.control.case_refs(org="demo")[0]
    assert ref.isdigit()
    data = json.loads(as_demo(cli, sandbox_variant, "case", ref, "--json").out)
    assert data["id"] == int(ref)


def test_unknown_and_foreign_cases_exit_4(cli: CliRunner, sandbox: Any) -> None:
    missing = as_demo(cli, sandbox, "case", "no-such-case")
    assert missing.code == 4
    one_plain_line(missing)
    ref = sandbox.control.case_refs(org="demo")[0]
    foreign = cli(
        "case", ref, base_url=sandbox.base_url, email=other().email, password=other().password
    )
    assert foreign.code == 4
    assert "another organisation" in one_plain_line(foreign)


def test_nothing_listening_exits_5(cli: CliRunner) -> None:
    run = cli("cases", base_url=f"http://127.0.0.1:{free_port()}", email="a@b.c", password="x")
    assert run.code == 5
    assert "Could not connect" in one_plain_line(run)


def test_insecure_address_exits_2(cli: CliRunner) -> None:
    run = cli("cases", base_url="http://inbox.example.com", email="a@b.c", password="x")
    assert run.code == 2
    assert "https://" in one_plain_line(run)


def test_demo_lists_cases(cli: CliRunner) -> None:
    run = cli("--demo", "cases", "--json", "--page-size", "5")
    assert run.code == 0, run.err
    assert len(json.loads(run.out)) == 5


# ---------------------------------------------------------------- download


def case_with_hostile_names(cli: CliRunner, server: Any) -> dict[str, Any]:
    cases: list[dict[str, Any]] = json.loads(as_demo(cli, server, "cases", "--all", "--json").out)
    for case in cases:
        data = case["acceptedData"] or {}
        names = [m.get("filename") or "" for m in data.get("miscellaneousFiles") or []]
        if any("/" in n or "\\" in n for n in names):
            return case
    raise AssertionError("the sandbox has no case with a folder path in a file name")


def test_download_writes_every_file_under_safe_names(
    cli: CliRunner, sandbox: Any, tmp_path: Path
) -> None:
    case = case_with_hostile_names(cli, sandbox)
    out = tmp_path / "out"
    run = as_demo(cli, sandbox, "download", case["guid"], "--dest", str(out))
    assert run.code == 0, run.err
    data = case["acceptedData"]
    expected = len(data["scanFiles"] or []) + (1 if data["orderForm"] else 0)
    expected += len(data["miscellaneousFiles"] or [])
    (dest,) = out.iterdir()  # the case's own folder
    assert dest.name.endswith(data["externalId"] or case["guid"])
    written = sorted(p for p in dest.iterdir())
    assert len(written) == expected
    assert all(p.parent == dest and p.stat().st_size > 0 for p in written)
    assert not any(p.name.endswith(".part") or p.name.startswith(".") for p in written)
    assert len(run.out.splitlines()) == expected
    assert all(str(dest) in line and "(" in line for line in run.out.splitlines())


def test_download_default_folder_is_named_by_the_template(
    cli: CliRunner, sandbox: Any, tmp_path: Path
) -> None:
    ref = sandbox.control.case_refs(org="demo")[1]
    case = json.loads(as_demo(cli, sandbox, "case", ref, "--json").out)
    data = case["acceptedData"]
    received = datetime.fromisoformat(data["receivedDate"]).astimezone().date().isoformat()
    person = data["patient"]
    patient = person["fullName"] or f"{person['firstName']} {person['lastName']}"
    run = as_demo(cli, sandbox, "download", ref, cwd=tmp_path)
    assert run.code == 0, run.err
    folder = tmp_path / f"{received}_{patient}_{data['externalId'] or ref}"
    assert any(folder.iterdir()), list(tmp_path.iterdir())


def test_download_template_from_the_settings(cli: CliRunner, sandbox: Any, tmp_path: Path) -> None:
    home = Path(os.environ["SCANINBOX_HOME"])
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.toml").write_text(
        '[download]\nfolder_template = "case {ref}"\n', encoding="utf-8"
    )
    ref = sandbox.control.case_refs(org="demo")[1]
    run = as_demo(cli, sandbox, "download", ref, "--dest", "out", cwd=tmp_path)
    assert run.code == 0, run.err
    assert any((tmp_path / "out" / f"case {ref}").iterdir())


def test_download_never_replaces_or_follows_what_is_there(
    cli: CliRunner, sandbox: Any, tmp_path: Path
) -> None:
    ref = sandbox.control.case_refs(org="demo")[1]
    out = tmp_path / "out"
    first = as_demo(cli, sandbox, "download", ref, "--dest", str(out))
    assert first.code == 0, first.err
    (folder,) = out.iterdir()
    first_names = {p.name for p in folder.iterdir()}
    edited, linked, *_ = sorted(folder.iterdir())
    edited.write_text("the technician's notes", encoding="utf-8")
    outside = tmp_path / "outside.txt"
    outside.write_text("not the program's", encoding="utf-8")
    linked.unlink()
    linked.symlink_to(outside)
    # What a killed download leaves, and a file of the person's that merely looks alike.
    stale = folder / f".{edited.name}.0123456789ab.part"
    stale.write_bytes(b"half a scan")
    os.utime(stale, (1_000_000_000, 1_000_000_000))
    theirs = folder / "notes.part"
    theirs.write_text("keep", encoding="utf-8")

    second = as_demo(cli, sandbox, "download", ref, "--dest", str(out))
    assert second.code == 0, second.err
    assert list(out.iterdir()) == [folder]
    assert edited.read_text(encoding="utf-8") == "the technician's notes"
    assert linked.is_symlink()
    assert outside.read_text(encoding="utf-8") == "not the program's"
    assert not stale.exists()
    assert theirs.read_text(encoding="utf-8") == "keep"
    # Only the two changed files come again, numbered; the others are there already, unchanged.
    added = {p.name for p in folder.iterdir()} - first_names - {theirs.name}
    numbered = [
        f"{stem} (2){dot}{ext}"
        for stem, dot, ext in (p.name.rpartition(".") for p in (edited, linked))
    ]
    assert added == set(numbered)
    assert len(second.out.splitlines()) == len(first_names)
    third = as_demo(cli, sandbox, "download", ref, "--dest", str(out))
    assert third.code == 0, third.err
    assert {p.name for p in folder.iterdir()} == first_names | added | {theirs.name}


def test_failed_download_names_the_file_and_leaves_no_partial(
    cli: CliRunner, make_sandbox: Any, tmp_path: Path
) -> None:
    server = make_sandbox()
    ref = server.control.case_refs(org="demo")[0]
    server.control.truncate_next_downloads(4)  # the first file is cut on every attempt
    out = tmp_path / "out"
    run = as_demo(cli, server, "download", ref, "--dest", str(out))
    (dest,) = out.iterdir()
    assert run.code == 5
    assert "Traceback" not in run.err
    assert "Could not download" in run.err
    assert "1 of" in run.err_lines[-1]
    assert not [p for p in dest.iterdir() if p.name.endswith(".part")]
    assert len(list(dest.iterdir())) == len(run.out.splitlines())


def test_download_stops_at_the_first_file_when_storage_is_out_of_reach(
    cli: CliRunner, make_sandbox: Any, tmp_path: Path
) -> None:
    server = make_sandbox()
    ref = server.control.case_refs(org="demo")[0]
    # Bound but never listening: storage refuses every connection while the service answers.
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as nowhere:
        nowhere.bind(("127.0.0.1", 0))
        server.control.move_storage(f"http://127.0.0.1:{nowhere.getsockname()[1]}")
        out = tmp_path / "out"
        run = as_demo(cli, server, "download", ref, "--dest", str(out))
    assert run.code == 5, run.err  # the network's exit code
    assert "Traceback" not in run.err
    assert "could not be reached" in run.err_lines[-1]
    # Stopped at once: the link of one file asked for, not every file tried in turn.
    links = [r for r in server.control.requests if r.path.startswith(f"/unified-cases/{ref}/")]
    assert len(links) == 1
    (dest,) = out.iterdir()
    assert list(dest.iterdir()) == []


def test_download_says_so_when_no_file_could_be_had(
    cli: CliRunner, make_sandbox: Any, tmp_path: Path
) -> None:
    server = make_sandbox()
    ref = server.control.case_refs(org="demo")[0]
    server.control.fail_next(1000, status=404, path_prefix="/storage/")  # every file is gone
    out = tmp_path / "out"
    run = as_demo(cli, server, "download", ref, "--dest", str(out))
    assert run.code == 5, run.err
    assert run.out == ""
    tried = [line for line in run.err_lines if "Could not download" in line]
    assert tried
    assert run.err_lines[-1] == f"None of the {len(tried)} files could be downloaded."
