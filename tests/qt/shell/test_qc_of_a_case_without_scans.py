"""A case that lists no scan (the service sent it without data) gets the verdict ``scaninbox
qc`` gives it — Fail, "the case has no scans" — in the window too: its QC light in the inbox
without the case being opened, and its QC tab, which never stays on "Checking the scans…".
Real sandbox over loopback, real SQLite, the real window, then the real command line."""

from __future__ import annotations

import json
from collections.abc import Callable

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.domain import CaseRef, full_scans
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.inbox import Column
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import SandboxServer
from scaninbox.store.qc_store import qc_result
from tests.qt.shell.conftest import WAIT_MS, shut_down, sign_in_via_dialog, wait_for_rows
from tests.store.conftest import scaninbox

_QC_WAIT_MS = 8 * WAIT_MS  # two slow CPUs shared with other test runs


def _qc_tooltip(app: AppController, ref: CaseRef) -> str:
    model = app.window.inbox.model
    position = model.position_of(ref)
    assert position is not None
    return str(model.data(model.index(position, Column.QC), Qt.ItemDataRole.ToolTipRole))


def test_a_case_without_scans_fails_qc_in_the_window_as_on_the_command_line(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=6)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    wait_for_rows(qtbot, app, minimum=6)
    window = app.window
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    store = session.store
    model = window.inbox.model
    refs = [r for r in (model.ref_at(i) for i in range(model.rowCount())) if r is not None]
    bare = [r for r in refs if not full_scans(store.case(r).case.scan_files)]  # type: ignore[union-attr]
    assert bare, "the sandbox has no case without scans"
    ref = bare[0]

    # Never opened: checked after the sync all the same, and the inbox says so.
    qtbot.waitUntil(lambda: qc_result(store, ref) is not None, timeout=_QC_WAIT_MS)
    kept = qc_result(store, ref)
    assert kept is not None
    assert kept.verdict == "fail"
    qtbot.waitUntil(lambda: _qc_tooltip(app, ref) == "QC failed")

    # Its QC tab: the verdict, not "checking" for ever.
    window.inbox.view.select_ref(ref)
    pane = window.pane
    qtbot.waitUntil(lambda: pane.case is not None and pane.case.ref == ref)
    pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    qtbot.waitUntil(lambda: "Checking" not in pane.qc.state_label.text(), timeout=_QC_WAIT_MS)
    assert "Fail" in pane.qc.verdict_label.text()
    assert pane.qc.result is not None
    messages = [finding.message for finding in pane.qc.result.findings]
    assert "The case has no scans." in messages

    # The command line on the same store: the same verdict, the same reason.
    shut_down(qtbot, app)
    done = scaninbox("--base-url", server.base_url, "--offline", "qc", str(ref), "--json")
    assert done.code == 6, done.err
    printed = json.loads(done.out)
    assert printed["verdict"] == "fail"
    assert "The case has no scans." in [f["message"] for f in printed["findings"]]
