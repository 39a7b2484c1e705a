"""QC kept with the case: the result keyed by the scans' content, the local decision kept through
syncs and offline, shown in the output and the report; the schema step upgrades old stores."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from scaninbox.domain import CaseRef
from scaninbox.paths import app_paths
from scaninbox.qc import QC_VERSION
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseStore, account_folder, resolve_account
from scaninbox.store.qc_store import (
    files_key,
    qc_decision,
    qc_result,
    save_qc_result,
    set_qc_decision,
)
from scaninbox.store.schema import CURRENT_VERSION, MIGRATIONS, connect, migrate
from tests.store.conftest import scaninbox


def _store_of(url: str) -> CaseStore:
    paths = app_paths()
    return CaseStore.open(account_folder(paths, resolve_account(paths, base_url=url)))


def test_a_store_from_before_qc_is_upgraded_and_keeps_its_cases(tmp_path: Path) -> None:
    path = tmp_path / "inbox.sqlite3"
    conn = connect(path)
    migrate(conn, migrations=MIGRATIONS[:1])
    conn.close()
    conn = connect(path)
    migrate(conn)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"qc_results", "qc_decisions", "cases"} <= tables
    assert conn.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION
    conn.close()


def test_files_key_changes_with_any_scan_content_and_the_qc_version() -> None:
    base = files_key([("upper.stl", "a" * 64), ("lower.stl", "b" * 64)], 1)
    assert base == files_key([("upper.stl", "a" * 64), ("lower.stl", "b" * 64)], 1)
    assert base != files_key([("upper.stl", "a" * 64), ("lower.stl", "c" * 64)], 1)
    assert base != files_key([("upper.stl", "a" * 64), ("lower.stl", "b" * 64)], 2)


def test_qc_result_and_decision_through_the_command_line_sync_and_offline(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=6)
    url = server.base_url
    assert scaninbox("--base-url", url, "sync").code == 0
    with _store_of(url) as store:
        ref = next(r.ref for r in store.rows(limit=100) if r.file_count)
    report = tmp_path / "qc.pdf"
    done = scaninbox(
        "--base-url",
        url,
        "qc",
        str(ref),
        "--decide",
        "rescan",
        "--note",
        "Margin on 16 not captured",
        "--report",
        str(report),
    )
    assert done.code in (0, 6), done.err
    assert "decision: Rescan needed" in done.out.splitlines()[0]
    assert report.read_bytes().startswith(b"%PDF-")
    with _store_of(url) as store:
        stored = qc_result(store, ref)
        assert stored is not None
        assert stored.verdict == json.loads(stored.result_json)["verdict"]
        case = store.case(ref)
        assert case is not None
        checked = [s["file"] for s in json.loads(stored.result_json)["scans"]]
        sha = {f.spec.name: f.sha256 for f in case.files}
        assert all(sha[name] for name in checked)  # the files were fetched and hashed
        # Keyed by the content of exactly the scans it checked.
        assert stored.files_key == files_key([(n, sha[n]) for n in checked], QC_VERSION)
        decision = qc_decision(store, ref)
        assert decision is not None
        assert (decision.decision, decision.note) == ("rescan", "Margin on 16 not captured")
        assert decision.who == "demo@scaninbox.test"  # the e-mail /me returns (issue 25.18)

    # The same scans again: their checks are reused (kept with the case), the rest is fresh.
    first = json.loads(done.out) if done.out.startswith("{") else None
    assert first is None  # text output above
    again = scaninbox("--base-url", url, "qc", str(ref), "--json")
    assert again.code == done.code, again.err
    assert "unchanged" in again.err
    with _store_of(url) as store:
        kept = qc_result(store, ref)
        assert kept is not None
        assert kept.checked_at == stored.checked_at  # the scan checks were not run again
        assert json.loads(kept.result_json)["scans"] == json.loads(again.out)["scans"]

    # A full sync rewrites the cases; the decision stays. Offline it is still shown.
    assert scaninbox("--base-url", url, "sync", "--full").code == 0
    server.stop()
    again = scaninbox("--base-url", url, "--offline", "qc", str(ref))
    assert again.code in (0, 6), again.err
    assert "decision: Rescan needed" in again.out.splitlines()[0]


def test_store_api_replaces_results_and_decisions(
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=3)
    assert scaninbox("--base-url", server.base_url, "sync").code == 0
    with _store_of(server.base_url) as store:
        ref = store.rows(limit=1)[0].ref
        assert qc_result(store, ref) is None
        assert save_qc_result(store, ref, key="k1", qc_version=1, verdict="warn", result_json="{}")
        assert save_qc_result(store, ref, key="k2", qc_version=1, verdict="fail", result_json="{}")
        stored = qc_result(store, ref)
        assert stored is not None
        assert (stored.files_key, stored.verdict) == ("k2", "fail")
        unknown = CaseRef.parse("987654321")
        assert not save_qc_result(
            store, unknown, key="k", qc_version=1, verdict="pass", result_json="{}"
        )
        when = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)
        set_qc_decision(store, ref, "ready", who="Lab QC", when=when)
        set_qc_decision(store, ref, "rescan", note="bite", who="Lab QC", when=when)
        decision = qc_decision(store, ref)
        assert decision is not None
        assert (decision.decision, decision.label, decision.decided_at) == (
            "rescan",
            "Rescan needed",
            when,
        )
    # The decision is a plain row anyone with the database can audit.
    with sqlite3.connect(
        account_folder(app_paths(), resolve_account(app_paths(), base_url=server.base_url))
        / "inbox.sqlite3"
    ) as conn:
        rows = conn.execute("SELECT decision, who FROM qc_decisions").fetchall()
    assert rows == [("rescan", "Lab QC")]
    assert re.fullmatch(r"[0-9a-f]{64}", files_key([("a", None)], 1))
