"""The lab hub's widgets in the person's language: the Lab tab (decision, holder, readers,
history), the inbox's Lab column and filter and the status bar's word on the hub, over a real
hub with a decision and a claim in it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.domain import CaseRef
from scaninbox.lab.config import hub_address
from scaninbox.lab.events import new_event
from scaninbox.lab.hub import Hub
from scaninbox.qt.inbox import Column
from scaninbox.qt.lab.install import LabDesk
from scaninbox.qt.runtime.language import QtLanguage
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import DEMO_ACCOUNT, QC_ACCOUNT, SandboxServer
from tests.lab.conftest import HubDb
from tests.qt.language.conftest import catalogues, german, pseudo, pseudo_catalogues
from tests.qt.language.pseudo import untranslated
from tests.qt.shell.conftest import WAIT_MS, shut_down, sign_in_via_dialog
from tests.qt.shell.text_fit import clipped
from tests.qt.shell.work_area import wait_fitted, work_area

__all__ = ["catalogues", "german", "pseudo", "pseudo_catalogues", "work_area"]  # fixtures

_NOTE = "Bite scan shifted"


def _lab_cell(app: AppController, ref: CaseRef, role: Qt.ItemDataRole) -> str:
    model = app.window.inbox.model
    position = model.position_of(ref)
    assert position is not None
    return str(model.data(model.index(position, Column.LAB), role) or "")


def _desk_with_a_decision_and_a_claim(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    hub_db: HubDb,
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[AppController, LabDesk, CaseRef]:
    """A window on the sandbox and the hub; the QC desk asked for a rescan, this one claimed."""
    monkeypatch.setenv("SCANINBOX_LAB_URL", hub_db.url())
    server = make_sandbox(cases=4)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window = app.window
    desk = window.lab
    ref = window.inbox.model.ref_at(0)
    assert ref is not None
    address = hub_address(hub_db.url(), from_file=False)
    assert address is not None
    with Hub.open(address) as other_desk:
        other_desk.append(
            new_event(ref.value, "decision", QC_ACCOUNT.email, {"value": "rescan", "note": _NOTE})
        )
        window.inbox.view.select_ref(ref)
        window.pane.tabs.setCurrentIndex(desk.tab_index)
        qtbot.waitUntil(lambda: desk.tab.ref == ref, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: QC_ACCOUNT.email in desk.tab.decision_label.text(), timeout=WAIT_MS)
        qtbot.mouseClick(desk.tab.claim_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: any(e.kind == "claim" for e in other_desk.case_events(ref.value)),
            timeout=WAIT_MS,
        )
    qtbot.waitUntil(lambda: desk.tab.history.topLevelItemCount() == 2, timeout=WAIT_MS)
    return app, desk, ref


@pytest.mark.slow
def test_the_lab_widgets_are_all_translated(
    pseudo: QtLanguage,
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    hub_db: HubDb,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, desk, ref = _desk_with_a_decision_and_a_claim(
        qtbot, make_app, make_sandbox, hub_db, monkeypatch
    )
    data = [DEMO_ACCOUNT.email, QC_ACCOUNT.email, _NOTE]
    qtbot.waitUntil(lambda: desk.status.text() == "[Lab hub: connected]", timeout=WAIT_MS)
    assert untranslated(desk.tab, data) == []
    assert untranslated(desk.status, data) == []
    assert untranslated(desk.combo, data) == []
    assert "[<b>[Rescan needed]</b> — " in desk.tab.decision_label.text()
    assert desk.tab.holder_label.text().startswith("[You hold this case since [")  # its date too
    history = desk.tab.history
    words = [history.topLevelItem(i).text(2) for i in range(history.topLevelItemCount())]  # type: ignore[union-attr]
    assert words == [f"[[Rescan needed] — {_NOTE}]", "[Claimed the case]"]
    qtbot.waitUntil(
        lambda: _lab_cell(app, ref, Qt.ItemDataRole.DisplayRole) == "[Rescan] · [mine]",
        timeout=WAIT_MS,
    )
    tip = _lab_cell(app, ref, Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("[[[Rescan] — ")
    assert tip.splitlines()[-1] == f"[Held by {DEMO_ACCOUNT.email}]"
    shut_down(qtbot, app)  # before the sandbox stops: no download cut off


@pytest.mark.slow
def test_the_lab_widgets_speak_german(
    german: QtLanguage,
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    hub_db: HubDb,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, desk, ref = _desk_with_a_decision_and_a_claim(
        qtbot, make_app, make_sandbox, hub_db, monkeypatch
    )
    qtbot.waitUntil(lambda: desk.status.text() == "Labor-Hub: verbunden", timeout=WAIT_MS)
    assert desk.tab.decision_label.text().startswith("<b>Neuer Scan nötig</b> — ")
    assert desk.tab.decision_label.text().endswith(f": {_NOTE}")
    assert desk.tab.holder_label.text().startswith("Sie bearbeiten diesen Fall seit ")
    assert desk.tab.release_button.text() == "Freigeben"
    history = desk.tab.history
    assert history.topLevelItem(1).text(2) == "Fall übernommen"  # type: ignore[union-attr]
    assert desk.combo.itemText(0) == "Labor: alle Fälle"
    qtbot.waitUntil(
        lambda: _lab_cell(app, ref, Qt.ItemDataRole.DisplayRole) == "Neuscan · bei mir",
        timeout=WAIT_MS,
    )
    assert app.window.pane.tabs.tabText(desk.tab_index) == "Labor"
    shut_down(qtbot, app)  # before the sandbox stops: no download cut off


@pytest.mark.slow
@pytest.mark.parametrize("work_area", [(1280, 720)], indirect=True)
def test_nothing_of_the_lab_tab_is_cut_in_german_at_1280_by_720(
    german: QtLanguage,
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    hub_db: HubDb,
    monkeypatch: pytest.MonkeyPatch,
    work_area: QRect,
    screenshot: Callable[[QWidget, str], Path],
) -> None:
    """A 1080p screen at 150 % (1280×720 logical): the Lab tab beside the five others, its
    decision, holder and history, and the status bar's word on the hub, all whole."""
    app, desk, _ref = _desk_with_a_decision_and_a_claim(
        qtbot, make_app, make_sandbox, hub_db, monkeypatch
    )
    window = app.window
    wait_fitted(qtbot, window, work_area)
    qtbot.waitUntil(lambda: desk.status.text() == "Labor-Hub: verbunden", timeout=WAIT_MS)
    tabs = window.pane.tabs.tabBar()
    # Every tab whole and on screen: none behind the tab bar's scroll arrows.
    last = tabs.tabRect(tabs.count() - 1)
    assert last.right() <= tabs.width()
    # Layouts settle in posted events: wait for them, then nothing may be cut off.
    with contextlib.suppress(qtbot.TimeoutError):  # the assertion lists what is cut off
        qtbot.waitUntil(lambda: not clipped(window), timeout=5_000)
    screenshot(window, "lab-tab-german-1280x720")
    assert clipped(window) == []
    shut_down(qtbot, app)  # before the sandbox stops: no download cut off
