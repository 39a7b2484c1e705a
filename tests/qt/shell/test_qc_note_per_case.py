"""In the real window over the sandbox: a QC note typed on one patient's case never goes with the
next patient's decision — cases picked in the inbox as a person would, the decisions read back
from the real SQLite store."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import SandboxServer
from scaninbox.store.qc_store import qc_decision
from tests.qt.shell.conftest import sign_in_via_dialog, wait_for_rows


def test_a_note_typed_on_case_a_is_not_recorded_with_case_bs_decision(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=4)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    wait_for_rows(qtbot, app, minimum=4)
    window = app.window
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    model, pane = window.inbox.model, window.pane
    first, second = model.ref_at(0), model.ref_at(1)
    assert first is not None
    assert second is not None

    window.inbox.view.select_ref(first)
    qtbot.waitUntil(lambda: pane.case is not None and pane.case.ref == first)
    pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    qtbot.keyClicks(pane.qc.note, "margin unclear on 16")
    qtbot.waitUntil(pane.qc.ready_button.isEnabled)
    with qtbot.waitSignal(pane.qc.decisionRecorded):
        qtbot.mouseClick(pane.qc.ready_button, Qt.MouseButton.LeftButton)

    window.inbox.view.select_ref(second)
    qtbot.waitUntil(lambda: pane.case is not None and pane.case.ref == second)
    assert pane.tabs.currentIndex() == CasePane.QC_TAB
    assert pane.qc.note.text() == ""
    with qtbot.waitSignal(pane.qc.decisionRecorded):
        qtbot.mouseClick(pane.qc.rescan_button, Qt.MouseButton.LeftButton)

    store = session.store
    a, b = qc_decision(store, first), qc_decision(store, second)
    assert a is not None
    assert b is not None
    assert (a.decision, a.note) == ("ready", "margin unclear on 16")
    assert (b.decision, b.note) == ("rescan", "")
