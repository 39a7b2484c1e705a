"""A morning without the mouse, from the sign-in dialog on, under a real window manager, with key
events delivered the way the system delivers them (to the window that has the keyboard, not to a
chosen widget): Tab from the search box to the case list (one stop: rows by the arrow keys), on to
the case's sections and its controls; Ctrl+Tab / Ctrl+PgDn and back switch the sections and keep
the case; Ctrl+1 … Ctrl+5 go to a section (Ctrl+1 puts the keyboard in the 3D view); the QC
decisions have keys of their own; Ctrl+L goes back to the list. Every key is in a menu."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import DEMO_ACCOUNT, SandboxServer
from scaninbox.store.qc_store import qc_decision
from tests.qt.shell.conftest import WAIT_MS, current_dialog, sign_in_via_dialog, wait_for_rows
from tests.qt.window_manager import window_manager

__all__ = ["window_manager"]  # the fixture, imported to be used here

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier


def press(key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
    """One key, to whichever window has the keyboard (as the system would send it)."""
    window = QGuiApplication.focusWindow()
    assert window is not None, "no window has the keyboard"
    QTest.keyClick(window, key, modifiers)


def focus() -> QWidget | None:
    return QApplication.focusWidget()


def within(widget: QWidget) -> bool:
    found = focus()
    return found is not None and (found is widget or widget.isAncestorOf(found))


def type_text(text: str) -> None:
    """Letters into the field that has the keyboard (QTest types ASCII only)."""
    field = focus()
    assert field is not None
    QTest.keyClicks(field, text)


def sign_in_by_keyboard(qtbot: QtBot, app: AppController, base_url: str) -> None:
    """The first start's dialog: the keyboard starts in the empty address; Tab, Tab, Enter."""
    dialog = current_dialog(qtbot, app)
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is dialog.windowHandle(), timeout=WAIT_MS)
    assert focus() is dialog.url_edit
    type_text(base_url)
    press(Qt.Key.Key_Tab)
    assert focus() is dialog.email_edit
    type_text(DEMO_ACCOUNT.email)
    press(Qt.Key.Key_Tab)
    assert focus() is dialog.password_edit
    type_text(DEMO_ACCOUNT.password)
    press(Qt.Key.Key_Return)
    wait_for_rows(qtbot, app)


def test_a_whole_case_without_the_mouse(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    sandbox: SandboxServer,
    window_manager: subprocess.Popen[bytes],
) -> None:
    app = make_app(load_viewer=True)  # the real 3D view: it takes the keyboard in its section
    sign_in_by_keyboard(qtbot, app, sandbox.base_url)
    qtbot.waitUntil(lambda: app.viewer.viewport is not None, timeout=WAIT_MS)
    window = app.window
    view, pane, search = window.inbox.view, window.pane, window.inbox.filters.search
    tabs = pane.tabs
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is window.windowHandle(), timeout=WAIT_MS)

    # Ctrl+F, then Tab until the list: the filter controls may come between, the pane never.
    press(Qt.Key.Key_F, CTRL)
    qtbot.waitUntil(search.hasFocus, timeout=WAIT_MS)
    for _ in range(12):
        press(Qt.Key.Key_Tab)
        if view.hasFocus():
            break
        assert within(window.inbox), f"Tab left the inbox for {focus()!r} before the list"
    assert view.hasFocus()
    assert window.pane.case is None  # reaching the list opens nothing

    # Rows by the arrow keys: the first Down selects the first case (not the second).
    press(Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: pane.case is not None, timeout=WAIT_MS)
    assert view.selected_ref == window.inbox.model.ref_at(0)
    press(Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: view.selected_ref == window.inbox.model.ref_at(1), timeout=WAIT_MS)
    qtbot.waitUntil(
        lambda: pane.case is not None and pane.case.ref == view.selected_ref, timeout=WAIT_MS
    )
    case = pane.case
    assert case is not None

    # Left and Right never walk the cells (they bring the columns off to the side into view);
    # the list is one stop for Tab: the next Tab leaves it, the list where it was.
    bar = view.horizontalScrollBar()
    column = view.currentIndex().column()
    press(Qt.Key.Key_Right)
    assert view.currentIndex().column() == column
    assert bar.value() > 0
    press(Qt.Key.Key_Left)
    assert bar.value() == 0
    press(Qt.Key.Key_Right)
    scroll = bar.value()
    press(Qt.Key.Key_Tab)
    assert within(pane), f"Tab from the list went to {focus()!r}, not into the case"
    assert bar.value() == scroll
    assert view.selected_ref == case.ref

    # Tab goes on to the section tabs, and into the section shown.
    for _ in range(12):
        if isinstance(focus(), QTabBar):
            break
        press(Qt.Key.Key_Tab)
    assert focus() is tabs.tabBar()
    press(Qt.Key.Key_Tab)
    assert within(tabs.currentWidget()), f"Tab after the section tabs went to {focus()!r}"

    # Ctrl+Tab / Ctrl+PgDn and back, from the list too: sections change, the case stays.
    press(Qt.Key.Key_L, CTRL)
    qtbot.waitUntil(view.hasFocus, timeout=WAIT_MS)
    tabs.setCurrentIndex(CasePane.SCANS_TAB)
    seen = []
    for key, modifiers in (
        (Qt.Key.Key_Tab, CTRL),
        (Qt.Key.Key_PageDown, CTRL),
        (Qt.Key.Key_Tab, CTRL),
        (Qt.Key.Key_Tab, CTRL),
        (Qt.Key.Key_Tab, CTRL | SHIFT),
        (Qt.Key.Key_PageUp, CTRL),
    ):
        before = tabs.currentIndex()
        press(key, modifiers)
        assert tabs.currentIndex() != before, f"{key!r} with {modifiers!r} changed no section"
        assert tabs.isTabEnabled(tabs.currentIndex())
        seen.append(tabs.currentIndex())
        assert view.selected_ref == case.ref
        assert pane.case is not None
        assert pane.case.ref == case.ref
    assert len(set(seen)) >= 3

    # A section by number; Ctrl+1 gives the keyboard to the 3D view.
    press(Qt.Key.Key_2, CTRL)
    assert tabs.currentIndex() == CasePane.PRESCRIPTION_TAB
    press(Qt.Key.Key_1, CTRL)
    assert tabs.currentIndex() == CasePane.SCANS_TAB
    qtbot.waitUntil(lambda: within(tabs.widget(CasePane.SCANS_TAB)), timeout=WAIT_MS)
    # From the 3D view too; the keyboard stays with the sections, not lost with the hidden view.
    press(Qt.Key.Key_Tab, CTRL)
    assert tabs.currentIndex() == CasePane.PRESCRIPTION_TAB
    assert focus() is tabs.tabBar()
    press(Qt.Key.Key_5, CTRL)
    assert tabs.currentIndex() == CasePane.QC_TAB

    # The QC decision by key, for the case on screen.
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    qtbot.waitUntil(pane.qc.rescan_button.isEnabled, timeout=WAIT_MS)
    press(Qt.Key.Key_R, CTRL | SHIFT)
    qtbot.waitUntil(lambda: qc_decision(session.store, case.ref) is not None, timeout=WAIT_MS)
    decision = qc_decision(session.store, case.ref)
    assert decision is not None
    assert decision.decision == "rescan"

    # Back to the list, on to the next case: its own sections, the list still one stop.
    press(Qt.Key.Key_L, CTRL)
    qtbot.waitUntil(view.hasFocus, timeout=WAIT_MS)
    press(Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: pane.case is not None and pane.case.ref != case.ref, timeout=WAIT_MS)


def test_down_in_the_search_box_goes_on_to_the_results(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    sandbox: SandboxServer,
    window_manager: subprocess.Popen[bytes],
) -> None:
    app = make_app()
    sign_in_via_dialog(qtbot, app, sandbox.base_url)
    window = app.window
    view, model = window.inbox.view, window.inbox.model
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is window.windowHandle(), timeout=WAIT_MS)
    # A case further down, whose surname no case above has: the search brings it to the top.
    rows = [model.row_at(i) for i in range(model.rowCount())]
    names = [(row.patient or "") if row is not None else "" for row in rows]
    wanted = next(
        i
        for i in range(3, len(names))
        if names[i]
        and names[i].split()[-1].isascii()  # QTest types ASCII letters only
        and not any(names[i].split()[-1] in above for above in names[:i])
    )
    surname = names[wanted].split()[-1]

    press(Qt.Key.Key_F, CTRL)
    qtbot.waitUntil(window.inbox.filters.search.hasFocus, timeout=WAIT_MS)
    QTest.keyClicks(window.inbox.filters.search, surname)
    press(Qt.Key.Key_Down)  # runs the search typed and goes on to its first result
    qtbot.waitUntil(view.hasFocus, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: not model.busy and view.selected_ref is not None, timeout=WAIT_MS)
    row = model.row_at(0)
    assert row is not None
    assert surname in (row.patient or "")
    assert view.selected_ref == row.ref
    qtbot.waitUntil(lambda: window.pane.case is not None, timeout=WAIT_MS)


def test_every_window_key_is_shown_in_a_menu(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app()
    menus = app.window.menus
    shown = {
        action.shortcut().toString()
        for menu in app.window.menuBar().findChildren(type(menus.theme_menu))
        for action in menu.actions()
        if not action.shortcut().isEmpty()
    }
    for keys in ("Ctrl+Tab", "Ctrl+Shift+Tab", "Ctrl+1", "Ctrl+5", "Ctrl+L"):
        assert keys in shown, f"{keys} is in no menu"
    for action in (menus.ready_action, menus.rescan_action):
        assert not action.shortcut().isEmpty()
        assert action.shortcut().toString() in shown
