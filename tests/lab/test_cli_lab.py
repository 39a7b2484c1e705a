"""The lab hub's command-line contract, end to end: two desks (two homes, two people of the
sandbox's demo laboratory) against the sandbox over loopback HTTP and a real PostgreSQL hub."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from scaninbox.sandbox import DEMO_ACCOUNT, QC_ACCOUNT, SandboxServer
from tests.lab.conftest import PASSWORD, HubDb

REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


@dataclass
class Desk:
    """One workstation: its own home, its own person, the lab's hub."""

    home: Path
    email: str
    base_url: str
    lab_url: str
    extra: dict[str, str]

    def __call__(self, *args: str) -> Ran:
        env = dict(os.environ)
        env.update(
            SCANINBOX_HOME=str(self.home),
            SCANINBOX_EMAIL=self.email,
            SCANINBOX_PASSWORD="demo",
            SCANINBOX_BASE_URL=self.base_url,
            SCANINBOX_LAB_URL=self.lab_url,
            PYTHONIOENCODING="utf-8",
            PYTHONPATH=os.pathsep.join([str(REPO_ROOT), env.get("PYTHONPATH", "")]),
        )
        env.update(self.extra)
        done = subprocess.run(
            [sys.executable, "-m", "scaninbox", *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=180,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        return Ran(done.returncode, done.stdout, done.stderr)


@pytest.fixture
def desks(
    hub_db: HubDb, make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> tuple[Desk, Desk, str]:
    """Desk A (demo@, the password in SCANINBOX_LAB_URL) and desk B (qc@, the password in
    the keyring through `lab login`), both synced; and a case reference."""
    server = make_sandbox(cases=6)
    a = Desk(tmp_path / "a", DEMO_ACCOUNT.email, server.base_url, hub_db.url(), {})
    keyring = {
        "PYTHON_KEYRING_BACKEND": "tests.e2e.file_keyring.JsonFileKeyring",
        "SCANINBOX_TEST_KEYRING": str(tmp_path / "keyring-b.json"),
    }
    no_password = hub_db.url().replace(f":{PASSWORD}@", "@")
    b = Desk(tmp_path / "b", QC_ACCOUNT.email, server.base_url, no_password, keyring)
    for desk in (a, b):
        assert desk("sync").code == 0
    login = b("lab", "login")
    assert login.code == 2  # neither a password nor a terminal
    assert "SCANINBOX_LAB_PASSWORD" in login.err
    b.extra["SCANINBOX_LAB_PASSWORD"] = PASSWORD
    kept = b("lab", "login")
    assert kept.code == 0, kept.err
    del b.extra["SCANINBOX_LAB_PASSWORD"]
    assert PASSWORD in (tmp_path / "keyring-b.json").read_text()  # the keyring has it…
    for path in (tmp_path / "b").rglob("*"):  # …and no file of the desk's home does
        assert not path.is_file() or PASSWORD.encode() not in path.read_bytes(), path
    listing = json.loads(a("--offline", "cases", "--json").out)
    ref = listing[0]["guid"]
    return a, b, ref


def _lab(desk: Desk, ref: str) -> dict:  # type: ignore[type-arg]
    done = desk("case", ref, "--json")
    assert done.code == 0, done.err
    return json.loads(done.out)["lab"]  # type: ignore[no-any-return]


@pytest.mark.slow
def test_decision_claim_and_history_are_shared_between_two_desks(
    desks: tuple[Desk, Desk, str],
) -> None:
    a, b, ref = desks
    status = b("lab", "status", "--json")
    assert status.code == 0, status.err
    assert json.loads(status.out)["reachable"] is True

    decided = a("qc", ref, "--decide", "rescan", "--note", "Margin on 16 not captured")
    assert decided.code in (0, 6), decided.err
    assert "sent to the lab hub" in decided.err

    checked = b("qc", ref, "--json")  # the same scans, checked at desk A: not again
    assert checked.code in (0, 6), checked.err
    assert "their checks are reused" in checked.err

    lab = _lab(b, ref)
    assert lab["decision"]["value"] == "rescan"
    assert lab["decision"]["by"] == DEMO_ACCOUNT.email  # the e-mail /me returns
    assert lab["decision"]["note"] == "Margin on 16 not captured"
    assert lab["decision"]["at"]
    assert lab["claimed_by"] is None
    # The lab's decision is desk B's QC decision too: its report and output show it.
    shown = b("--offline", "qc", ref)
    assert f"decision: Rescan needed ({DEMO_ACCOUNT.email}" in shown.out.splitlines()[0]

    claimed = a("claim", ref)
    assert claimed.code == 0, claimed.err
    refused = b("claim", ref)
    assert refused.code != 0
    assert DEMO_ACCOUNT.email in refused.err  # names the holder
    assert _lab(b, ref)["claimed_by"] == DEMO_ACCOUNT.email

    assert b("lab", "note", ref, "Bite looks shifted").code == 0
    history = json.loads(a("lab", "history", ref, "--json").out)
    assert [e["kind"] for e in history] == ["qc_result", "decision", "claim", "note"]
    assert [e["by"] for e in history] == [DEMO_ACCOUNT.email] * 3 + [QC_ACCOUNT.email]
    assert all(e["at"] for e in history)

    assert b("release", ref).code != 0  # not hers
    assert a("release", ref).code == 0
    assert b("claim", ref).code == 0
    assert _lab(a, ref)["claimed_by"] == QC_ACCOUNT.email


@pytest.mark.slow
def test_with_the_hub_down_work_waits_and_a_provisional_claim_can_be_refused(
    desks: tuple[Desk, Desk, str], hub_db: HubDb
) -> None:
    a, b, ref = desks
    hub_db.cluster.stop()
    try:
        claimed = b("claim", ref)
        assert claimed.code == 0, claimed.err
        assert "provisional" in claimed.out
        assert "cannot be reached" in claimed.err
        assert "1 event waits" in claimed.err
        noted = b("lab", "note", ref, "Call the clinic")
        assert "2 events wait" in noted.err
        down = b("lab", "status")
        assert down.code == 5
        assert "2 events wait" in down.out
        offline = b("--offline", "case", ref, "--json")  # the local copy, the hub not asked
        assert offline.code == 0, offline.err
        lab = json.loads(offline.out)["lab"]
        assert (lab["claimed_by"], lab["claim_provisional"]) == (QC_ACCOUNT.email, True)
        assert (lab["waiting"], lab["hub_reachable"]) == (2, None)
        assert [n["text"] for n in lab["notes"]] == ["Call the clinic"]
    finally:
        hub_db.cluster.start()
    assert a("claim", ref).code == 0  # desk A got there first while B's claim waited
    synced = b("sync", "--json")
    assert synced.code == 0, synced.err
    lab = json.loads(synced.out)["lab"]
    assert lab["sent"] == 1  # the note
    assert lab["waiting"] == 0
    assert [r["kind"] for r in lab["refused"]] == ["claim"]
    assert DEMO_ACCOUNT.email in synced.err  # told who holds it
    history = json.loads(b("lab", "history", ref, "--json").out)
    # A's claim reached the hub before B's note; B's refused claim is not in the log.
    assert [(e["kind"], e["by"]) for e in history] == [
        ("claim", DEMO_ACCOUNT.email),
        ("note", QC_ACCOUNT.email),
    ]


def test_lab_init_creates_the_schema_once_and_admits_the_lab_role(
    hub_db: HubDb, make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    fresh = f"{hub_db.dbname}_new"
    with hub_db.admin() as admin:
        admin.execute(f"CREATE DATABASE {fresh} OWNER labowner")
    server = make_sandbox(cases=2)
    owner = Desk(
        tmp_path / "it",
        DEMO_ACCOUNT.email,
        server.base_url,
        hub_db.cluster.url("labowner", PASSWORD, fresh),
        {},
    )
    assert owner("sync").code == 0
    first = owner("lab", "init", "--admit", "lab_demo")
    assert first.code == 0, first.err
    assert "it had none" in first.out
    assert "'labowner' now belongs to Demo Dental Laboratory" in first.out
    assert "'lab_demo' now belongs" in first.out
    again = owner("lab", "init")
    assert again.code == 0, again.err
    assert "(already)" in again.out
    assert "now belongs" not in again.out
    other = owner("lab", "init", "--admit", "lab_other")  # a role of another lab already
    assert other.code == 0, other.err
    with hub_db.admin() as admin:
        admin.execute(f"DROP DATABASE {fresh} WITH (FORCE)")
