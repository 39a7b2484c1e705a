"""The command line against a hostile service (a purpose-built loopback server): what the
server says reaches the terminal and the log with its control characters escaped, and a listing
that never ends is cut short with a warning."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.e2e.conftest import CliRunner, Run
from tests.hostile_server import HostileServer, Reply, login_body

ESC = "\x1b"
RETITLE = f"{ESC}]0;pwned\x07"
CLEAR = f"{ESC}[2J{ESC}[31m"


def login(reply: Reply) -> None:
    reply.json(login_body())


def run_cases(cli: CliRunner, server: HostileServer, *args: str) -> Run:
    return cli("cases", *args, base_url=server.base_url, email="a@b.test", password="pw")


def log_text() -> str:
    home = Path(os.environ["SCANINBOX_HOME"])
    return "".join(p.read_text(encoding="utf-8") for p in home.rglob("scaninbox.log*"))


def a_case(guid: str, patient: str) -> dict[str, Any]:
    return {
        "guid": guid,
        "organizationGuid": "org",
        "status": "new",
        "acceptedData": {"source": "3Shape", "remark": "", "patient": {"fullName": patient}},
    }


def test_problem_title_and_detail_are_printed_escaped(cli: CliRunner) -> None:
    def refuse(reply: Reply) -> None:
        problem = {"title": f"Bad{RETITLE}", "detail": f"{CLEAR}filter", "status": 400}
        reply.json(problem, status=400, content_type="application/problem+json")

    with HostileServer({"/auth/login": login, "/unified-cases": refuse}) as server:
        run = run_cases(cli, server)
    assert run.code == 2
    assert ESC not in run.err
    assert "\x07" not in run.err
    assert "Bad\\x1b]0;pwned\\x07" in run.err
    assert "\\x1b[2J\\x1b[31mfilter" in run.err


def test_malformed_case_ids_and_server_names_are_escaped_on_screen_and_in_the_log(
    cli: CliRunner,
) -> None:
    broken = {"guid": f"{CLEAR}case", "organizationGuid": 5, "status": "new"}
    named = a_case("good-1", "Ann\u202eevil\x9b2J")

    def listing(reply: Reply) -> None:
        reply.json({"items": [broken, named], "page": 1, "pageSize": 20, "total": 2})

    with HostileServer({"/auth/login": login, "/unified-cases": listing}) as server:
        table = run_cases(cli, server)
        as_json = run_cases(cli, server, "--json")
    assert table.code == 0, table.err
    assert ESC not in table.err
    assert "Case \\x1b[2J\\x1b[31mcase could not be read" in table.err
    assert "\u202e" not in table.out
    assert "\x9b" not in table.out
    assert as_json.code == 0, as_json.err
    assert "\u202e" not in as_json.out
    assert "\x9b" not in as_json.out
    (case,) = json.loads(as_json.out)
    assert case["acceptedData"]["patient"]["fullName"] == "Ann\u202eevil\x9b2J"  # kept exactly
    log = log_text()
    assert "could not be read" in log
    assert ESC not in log


def test_a_listing_of_repeated_pages_is_cut_short_with_a_warning(cli: CliRunner) -> None:
    def same_page(reply: Reply) -> None:
        number = int(reply.path.split("page=", 1)[1].split("&", 1)[0])
        items = [a_case("c-1", "Ann Lee"), a_case("c-2", "Bo Ek")] if number <= 50 else []
        reply.json({"items": items, "page": number, "pageSize": 2, "total": 100_000})

    with HostileServer({"/auth/login": login, "/unified-cases": same_page}) as server:
        run = run_cases(cli, server, "--all", "--json")
        asked = len([hit for hit in server.hits if hit.startswith("/unified-cases")])
    assert run.code == 0, run.err
    assert asked == 2
    assert [c["guid"] for c in json.loads(run.out)] == ["c-1", "c-2"]
    assert "only cases it had sent before" in run.err
    assert "may be incomplete" in run.err
