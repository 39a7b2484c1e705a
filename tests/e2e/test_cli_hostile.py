"""The command line against a hostile service (a purpose-built loopback server): what the
server says reaches the terminal and the log with its control characters escaped, and a listing
that never ends is cut short with a warning."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tests.e2e.conftest import REPO_ROOT, CliRunner, Run
from tests.hostile_server import HostileServer, Reply, login_body

ESC = "\x1b"
RETITLE = f"{ESC}]0;pwned\x07"
CLEAR = f"{ESC}[2J{ESC}[31m"


def login(reply: Reply) -> None:
    reply.json(login_body())


def me(reply: Reply) -> None:
    # A sign-in files the account under the e-mail /me returns.
    reply.json(
        {"email": "a@b.test", "name": None, "role": None, "organizations": [], "portals": []}
    )


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

    with HostileServer({"/auth/login": login, "/me": me, "/unified-cases": refuse}) as server:
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

    with HostileServer({"/auth/login": login, "/me": me, "/unified-cases": listing}) as server:
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

    with HostileServer({"/auth/login": login, "/me": me, "/unified-cases": same_page}) as server:
        run = run_cases(cli, server, "--all", "--json")
        asked = len([hit for hit in server.hits if hit.startswith("/unified-cases")])
    assert run.code == 0, run.err
    assert asked == 2
    assert [c["guid"] for c in json.loads(run.out)] == ["c-1", "c-2"]
    assert "only cases it had sent before" in run.err
    assert "may be incomplete" in run.err


# ---------------------------------------------------------------- downloads

GUID = "5d0c8f3a-1111-4222-8333-444455556666"
SCAN = bytes(range(256)) * 32


def case_with_scans(*names: str) -> dict[str, Any]:
    case = a_case(GUID, "Ann Lee")
    case["acceptedData"]["externalId"] = "EXT-7"
    case["acceptedData"]["scanFiles"] = [
        {"type": "scan", "filename": name, "jaw": "upper", "fileType": "stl"} for name in names
    ]
    return case


def link_to(url: str) -> dict[str, str]:
    expires = (datetime.now(UTC) + timedelta(minutes=15)).isoformat().replace("+00:00", "Z")
    return {"url": url, "filename": "x", "fileType": "stl", "expiresAt": expires}


def serve_file(reply: Reply) -> None:
    reply.head(200, {"Content-Type": "application/octet-stream", "Content-Length": str(len(SCAN))})
    reply.body(SCAN)


def run_download(cli: CliRunner, server: HostileServer, dest: Path, **kw: Any) -> Run:
    return cli(
        "download", GUID, "--dest", str(dest),
        base_url=server.base_url, email="a@b.test", password="pw", **kw,
    )  # fmt: skip


def test_an_unusable_link_fails_that_file_and_the_others_still_come(
    cli: CliRunner, tmp_path: Path
) -> None:
    links = {
        "a.stl": "data:text/plain,hello",
        "b.stl": "http://127.0.0.1:99999/b.stl",
        "c.stl": "https://storage.test/c.stl\r\nX-Injected: 1",
    }

    def link(reply: Reply) -> None:
        name = reply.path.split("/files/", 1)[1].split("?", 1)[0]
        reply.json(link_to(links.get(name) or f"{server.base_url}/storage/{name}"))

    routes = {
        "/auth/login": login,
        "/me": me,
        f"/unified-cases/{GUID}": lambda reply: reply.json(
            case_with_scans("a.stl", "b.stl", "c.stl", "d.stl")
        ),
        f"/unified-cases/{GUID}/files/*": link,
        "/storage/*": serve_file,
    }
    with HostileServer(routes) as server:
        run = run_download(cli, server, tmp_path / "out")
    assert run.code == 5
    assert "Traceback" not in run.err
    assert "Unexpected" not in run.err
    assert "Could not download 'a.stl'" in run.err
    assert "not a web address (data)" in run.err
    assert "Could not download 'b.stl'" in run.err
    assert "impossible host or port" in run.err
    assert "Could not download 'c.stl'" in run.err
    assert "3 of 4 files could not be downloaded" in run.err
    (folder,) = (tmp_path / "out").iterdir()
    assert [p.name for p in folder.iterdir()] == ["d.stl"]
    assert (folder / "d.stl").read_bytes() == SCAN


def test_a_download_killed_midway_leaves_nothing_after_the_next_run(
    cli: CliRunner, tmp_path: Path
) -> None:
    started = threading.Event()
    first = [True]

    def storage(reply: Reply) -> None:
        if first[0]:
            first[0] = False
            reply.head(200, {"Content-Length": str(len(SCAN))})
            reply.body(SCAN[:100])
            started.set()
            reply.stop.wait()  # never more: the client is killed meanwhile
            return
        serve_file(reply)

    routes = {
        "/auth/login": login,
        "/me": me,
        f"/unified-cases/{GUID}": lambda reply: reply.json(case_with_scans("scan.stl")),
        f"/unified-cases/{GUID}/files/*": lambda reply: reply.json(
            link_to(f"{server.base_url}/storage/scan.stl")
        ),
        "/storage/*": storage,
    }
    out = tmp_path / "out"
    with HostileServer(routes) as server:
        environ = {**os.environ, "SCANINBOX_EMAIL": "a@b.test", "SCANINBOX_PASSWORD": "pw"}
        environ["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), environ.get("PYTHONPATH", "")])
        command = [sys.executable, "-m", "scaninbox", "--base-url", server.base_url]
        process = subprocess.Popen(
            [*command, "download", GUID, "--dest", str(out)],
            env=environ,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            assert started.wait(timeout=60)
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
        (folder,) = out.iterdir()
        (left,) = folder.iterdir()
        assert left.name.startswith(".scan.stl.")
        assert left.name.endswith(".part")
        # The next run judges a partial file only once it is a little old (its writer may be
        # between creating and locking it); make it so rather than wait.
        os.utime(left, (1_000_000_000, 1_000_000_000))
        again = run_download(cli, server, out)
    assert again.code == 0, again.err
    assert [p.name for p in folder.iterdir()] == ["scan.stl"]
    assert (folder / "scan.stl").read_bytes() == SCAN


def test_the_request_deadline_from_the_settings_ends_a_trickled_listing(cli: CliRunner) -> None:
    home = Path(os.environ["SCANINBOX_HOME"])
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.toml").write_text(
        "[network]\nrequest_deadline_s = 5\n", encoding="utf-8"
    )
    body = json.dumps({"items": [], "page": 1, "pageSize": 20, "total": 0}).encode()

    def trickle(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/json", "Content-Length": str(len(body))})
        reply.trickle((body[i : i + 1] for i in range(len(body))), every_s=0.5)  # ~30 s

    with HostileServer({"/auth/login": login, "/me": me, "/unified-cases": trickle}) as server:
        run = run_cases(cli, server)
    assert run.code == 5
    assert "did not send the list of cases within 5 seconds" in run.err
