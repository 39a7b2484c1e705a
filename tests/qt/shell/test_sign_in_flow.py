"""Signing in through the dialog opens the account's store, syncs, and fills the inbox."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import SandboxServer
from tests.qt.shell.conftest import WAIT_MS, sign_in_via_dialog


def test_first_start_asks_to_sign_in_then_shows_the_synced_cases(
    qtbot: QtBot, make_app: Callable[..., AppController], sandbox: SandboxServer, screenshot
) -> None:
    app = make_app()
    sign_in_via_dialog(qtbot, app, sandbox.base_url)
    window = app.window
    model = window.inbox.model
    session = app.session.current if app.session else None
    assert session is not None
    assert model.rowCount() == session.store.count() > 0
    unread = session.store.unread_count()
    qtbot.waitUntil(lambda: window.windowTitle() == f"{unread} unread", timeout=WAIT_MS)

    view = window.inbox.view
    first_row = view.visualRect(model.index(0, 4)).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=first_row)
    qtbot.waitUntil(lambda: window.pane.case is not None, timeout=WAIT_MS)
    first = model.ref_at(0)
    assert window.pane.case is not None
    assert window.pane.case.ref == first
    # Opening the case marks it read: its row is no longer bold.
    qtbot.waitUntil(
        lambda: model.data(model.index(0, 4), Qt.ItemDataRole.FontRole) is None, timeout=WAIT_MS
    )
    window.pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)
    screenshot(window, "shell-main-window")
    # The dark palette, chosen in View › Theme (persisted for the next start).
    dark = next(a for a in window.menus.theme_menu.actions() if a.text() == "Dark")
    dark.trigger()
    assert app.ui_state.text_value("theme") == "dark"
    assert window.palette().color(QPalette.ColorRole.Window).lightnessF() < 0.5
    screenshot(window, "shell-main-window-dark")
