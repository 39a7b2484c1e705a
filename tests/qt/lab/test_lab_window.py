"""The lab hub in the window: the inbox's Lab column and filter, the case pane's Lab tab
(claim / release, notes, history) and the status bar, with another desk of the same lab
working on the same real hub at the same time."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from scaninbox.domain import CaseRef
from scaninbox.lab.config import hub_address
from scaninbox.lab.events import new_event
from scaninbox.lab.hub import Hub
from scaninbox.qt.inbox import Column
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import DEMO_ACCOUNT, QC_ACCOUNT, SandboxServer
from tests.lab.conftest import HubDb
from tests.qt.shell.conftest import WAIT_MS, sign_in_via_dialog

# Another desk's event reaches this window only by LISTEN/NOTIFY (the listener pulls on a
# notification or on reconnecting, never on a timer), so arriving at all proves the live path.
# How fast it arrives (the "< 2 s" of the lab hub issue) is benchmarks/lab_catchup.py's to
# measure: a 2 s test timeout failed CI on a loaded machine while a sync and a PDF ran.
LIVE_MS = WAIT_MS
# A desk's first connection comes after its sign-in, first sync and the hub's catch-up, beside
# two apps' downloads and background QC on a shared machine: a start-up wait, not a latency.
CONNECT_MS = 60_000


def _wait_connected(qtbot: QtBot, status: QLabel) -> None:
    """Until ``status`` says the hub is connected with nothing waiting; on a timeout the
    failure shows the text it said instead."""

    def connected() -> None:
        assert status.text() == "Lab hub: connected"

    qtbot.waitUntil(connected, timeout=CONNECT_MS)


def _lab_cell(app: AppController, ref: CaseRef) -> str:
    model = app.window.inbox.model
    position = model.position_of(ref)
    assert position is not None
    return str(model.data(model.index(position, Column.LAB), Qt.ItemDataRole.DisplayRole) or "")


@pytest.mark.slow
def test_two_desks_share_the_decision_the_claim_and_the_history(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    hub_db: HubDb,
    monkeypatch: pytest.MonkeyPatch,
    screenshot: Callable[..., Path],
) -> None:
    monkeypatch.setenv("SCANINBOX_LAB_URL", hub_db.url())
    server = make_sandbox(cases=8)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window = app.window
    desk = window.lab
    _wait_connected(qtbot, desk.status)
    assert not window.inbox.view.isColumnHidden(Column.LAB)
    assert window.pane.tabs.isTabVisible(desk.tab_index)
    ref = window.inbox.model.ref_at(0)
    assert ref is not None
    address = hub_address(hub_db.url(), from_file=False)
    assert address is not None

    with Hub.open(address) as other_desk:  # the QC desk, another computer of the lab
        other_desk.append(
            new_event(ref.value, "decision", QC_ACCOUNT.email, {"value": "rescan", "note": "hole"})
        )
        qtbot.waitUntil(lambda: _lab_cell(app, ref) == "Rescan", timeout=LIVE_MS)

        window.inbox.view.select_ref(ref)
        window.pane.tabs.setCurrentIndex(desk.tab_index)
        qtbot.waitUntil(lambda: desk.tab.ref == ref, timeout=WAIT_MS)
        assert QC_ACCOUNT.email in desk.tab.decision_label.text()
        assert "Rescan needed" in desk.tab.decision_label.text()

        qtbot.mouseClick(desk.tab.claim_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: any(e.kind == "claim" for e in other_desk.case_events(ref.value)),
            timeout=WAIT_MS,
        )
        qtbot.waitUntil(lambda: _lab_cell(app, ref) == "Rescan · mine", timeout=WAIT_MS)
        assert desk.tab.holder_label.text().startswith("You hold this case")
        refused = other_desk.append(new_event(ref.value, "claim", QC_ACCOUNT.email))
        assert (refused.outcome, refused.holder) == ("refused", DEMO_ACCOUNT.email)

        other_desk.append(new_event(ref.value, "note", QC_ACCOUNT.email, {"text": "Call Dr K"}))
        qtbot.waitUntil(lambda: desk.tab.history.topLevelItemCount() == 3, timeout=LIVE_MS)
        qtbot.keyClicks(desk.tab.note_edit, "Rescan booked")
        qtbot.mouseClick(desk.tab.note_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: (
                [e.kind for e in other_desk.case_events(ref.value)][-1:] == ["note"]
                and other_desk.case_events(ref.value)[-1].by == DEMO_ACCOUNT.email
            ),
            timeout=WAIT_MS,
        )
        # The tab shows it as sent once the hub has numbered it.
        qtbot.waitUntil(
            lambda: (
                (item := desk.tab.history.topLevelItem(3)) is not None
                and item.text(2) == "Note: Rescan booked"
            ),
            timeout=WAIT_MS,
        )
    history = [
        [desk.tab.history.topLevelItem(i).text(c) for c in (1, 2)]  # type: ignore[union-attr]
        for i in range(desk.tab.history.topLevelItemCount())
    ]
    assert history == [
        [QC_ACCOUNT.email, "Rescan needed — hole"],
        [DEMO_ACCOUNT.email, "Claimed the case"],
        [QC_ACCOUNT.email, "Note: Call Dr K"],
        [DEMO_ACCOUNT.email, "Note: Rescan booked"],
    ]
    screenshot(window, "lab-hub-window")

    # The lab's filters: the cases I hold, those the lab wants rescanned, the unclaimed ones.
    model = window.inbox.model
    for choice in ("mine", "rescan"):
        desk.combo.setCurrentIndex(desk.combo.findData(choice))
        qtbot.waitUntil(lambda: not model.busy and model.rowCount() == 1)
        assert model.ref_at(0) == ref
    desk.combo.setCurrentIndex(desk.combo.findData("unclaimed"))
    qtbot.waitUntil(lambda: not model.busy and model.rowCount() == 7)
    assert ref not in [model.ref_at(i) for i in range(model.rowCount())]
    desk.combo.setCurrentIndex(0)
    qtbot.waitUntil(lambda: not model.busy and model.rowCount() == 8)
    window.inbox.view.select_ref(ref)
    qtbot.waitUntil(lambda: desk.tab.ref == ref and desk.tab.release_button.isEnabled())

    # The hub goes away: the status bar says so and what waits; back, it is sent.
    hub_db.cluster.stop()
    try:
        qtbot.waitUntil(
            lambda: desk.status.text().startswith("Lab hub: not reachable"), timeout=WAIT_MS
        )
        qtbot.mouseClick(desk.tab.release_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "1 waiting to be sent" in desk.status.text(), timeout=WAIT_MS)
        screenshot(window, "lab-hub-window-away")
    finally:
        hub_db.cluster.start()
    _wait_connected(qtbot, desk.status)
    qtbot.waitUntil(lambda: _lab_cell(app, ref) == "Rescan", timeout=WAIT_MS)


@pytest.mark.slow
def test_two_windows_of_two_people_show_the_same_decision_claim_and_history(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    hub_db: HubDb,
    monkeypatch: pytest.MonkeyPatch,
    screenshot: Callable[..., Path],
) -> None:
    monkeypatch.setenv("SCANINBOX_LAB_URL", hub_db.url())
    server = make_sandbox(cases=8)
    design = make_app()  # the technician's desk
    sign_in_via_dialog(qtbot, design, server.base_url)
    qc = make_app()  # the QC desk: another person of the same laboratory
    sign_in_via_dialog(qtbot, qc, server.base_url, email=QC_ACCOUNT.email)
    for app in (design, qc):
        _wait_connected(qtbot, app.window.lab.status)
    ref = design.window.inbox.model.ref_at(0)
    assert ref is not None
    for app in (design, qc):
        app.window.inbox.view.select_ref(ref)
        app.window.pane.tabs.setCurrentIndex(app.window.lab.tab_index)
        qtbot.waitUntil(lambda app=app: app.window.lab.tab.ref == ref, timeout=WAIT_MS)

    # QC decides in its QC tab; the technician's inbox and Lab tab show it, live.
    qc.window.pane.qc.note.setText("Margin on 16 not captured")
    qc.window.pane.qc.decide("rescan")
    qtbot.waitUntil(lambda: _lab_cell(design, ref) == "Rescan", timeout=LIVE_MS)
    assert QC_ACCOUNT.email in design.window.lab.tab.decision_label.text()
    model = design.window.inbox.model  # the QC column shows the lab's decision too
    qtbot.waitUntil(
        lambda: (
            f"Rescan needed ({QC_ACCOUNT.email})"
            in str(model.data(model.index(0, Column.QC), Qt.ItemDataRole.ToolTipRole))
        ),
        timeout=WAIT_MS,
    )

    # The technician claims it; the QC desk sees who holds it, and its claim is refused.
    qtbot.mouseClick(design.window.lab.tab.claim_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _lab_cell(qc, ref) == f"Rescan · {DEMO_ACCOUNT.email}", timeout=LIVE_MS)
    tab = qc.window.lab.tab
    assert tab.holder_label.text().startswith(f"Held by {DEMO_ACCOUNT.email}")
    assert tab.claim_button.text() == "Take over"
    qtbot.mouseClick(tab.claim_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: f"held by {DEMO_ACCOUNT.email}" in qc.window.message_text,
        timeout=WAIT_MS,
    )
    assert "refused" in qc.window.message_text
    expected = ["Rescan needed — Margin on 16 not captured", "Claimed the case"]
    for app in (design, qc):
        history = app.window.lab.tab.history
        qtbot.waitUntil(
            lambda history=history: (
                [
                    history.topLevelItem(i).text(2)  # type: ignore[union-attr]
                    for i in range(history.topLevelItemCount())
                ]
                == expected
            ),
            timeout=LIVE_MS,
        )

    # Read marks are each person's, and the other desk sees who read the case.
    design.window.cases.mark_shown_read()
    qtbot.waitUntil(lambda: DEMO_ACCOUNT.email in tab.read_label.text(), timeout=WAIT_MS)
    assert tab.read_label.text().startswith("Read by ")

    # Side by side, the inbox wide enough for its Lab column.
    shots = []
    for app, name in ((design, "lab-hub-design-desk"), (qc, "lab-hub-qc-desk")):
        app.window.resize(1500, 720)
        app.window.splitter.setSizes([900, 600])
        shots.append(screenshot(app.window, name))
    left, right = QImage(str(shots[0])), QImage(str(shots[1]))
    both = QImage(
        left.width() + right.width() + 8, max(left.height(), right.height()), left.format()
    )
    both.fill(QColor("#444444"))
    painter = QPainter(both)
    painter.drawImage(0, 0, left)
    painter.drawImage(left.width() + 8, 0, right)
    painter.end()
    assert both.save(str(shots[0].with_name("lab-hub-two-desks.png")))
