"""Signing out, removing local data, the offline-first start with a remembered session, and
the window's layout kept between runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from scaninbox.credentials import remembered_session
from scaninbox.paths import app_paths
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.inbox import Column, DatePreset, FilterState
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.status import BannerKind
from scaninbox.sandbox import DEMO_ACCOUNT, SandboxServer
from scaninbox.store import EngineState, account_folder, known_accounts
from tests.qt.shell.conftest import (
    WAIT_MS,
    current_dialog,
    free_port,
    show_window,
    shut_down,
    sign_in_via_dialog,
    wait_for_rows,
)


def test_sign_out_keeps_local_data_and_remove_local_data_deletes_it(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=12)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    folder = account_folder(app_paths(), session.account)
    store = session.store

    app.window.menus.sign_out_action.trigger()
    dialog = current_dialog(qtbot, app)
    assert store.closed
    assert app.session.current is None
    assert app.window.inbox.model.rowCount() == 0
    assert (folder / "inbox.sqlite3").is_file()
    assert dialog.extra_button is not None
    assert dialog.extra_button.text() == "Work offline"

    sign_in_via_dialog(qtbot, app, server.base_url)
    app.window.menus.remove_data_action.trigger()
    box = app.confirmation
    assert isinstance(box, QMessageBox)
    qtbot.waitUntil(box.isVisible, timeout=WAIT_MS)
    assert "remove the local data" in box.text()
    remove = next(b for b in box.buttons() if b.text() == "Sign out and remove")
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    dialog = current_dialog(qtbot, app)
    assert not folder.exists()
    assert known_accounts(app_paths()) == []
    assert dialog.extra_button is None  # nothing left to work offline with
    assert app.window.statusBar().currentMessage().startswith("The local data was removed")


def test_a_remembered_session_opens_the_store_at_once_even_offline(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    memory_keyring: Any,
) -> None:
    server = make_sandbox(cases=12, port=free_port())
    first = make_app()
    sign_in_via_dialog(qtbot, first, server.base_url, remember=True)
    assert remembered_session(server.base_url, DEMO_ACCOUNT.email) is not None
    shut_down(qtbot, first)

    server.stop()
    second = make_app()
    wait_for_rows(qtbot, second, minimum=12)  # no dialog: the cases come from the store
    qtbot.waitUntil(lambda: second.window.banner.kind == BannerKind.OFFLINE, timeout=WAIT_MS)
    assert second.dialog is None

    server.start()
    second.window.sync_now()
    qtbot.waitUntil(lambda: second.window.banner.kind == BannerKind.NONE, timeout=WAIT_MS)
    current = second.session.current  # type: ignore[union-attr]
    assert current is not None
    # The banner goes with the service's first answer (a page of the sync); the sync ends online.
    qtbot.waitUntil(lambda: current.engine.state is EngineState.ONLINE, timeout=WAIT_MS)


def test_the_layout_and_filters_come_back_after_a_restart(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    window = show_window(qtbot, make_app(start=False))
    window.resize(1200, 760)
    window.splitter.setSizes([800, 400])
    header = window.inbox.view.horizontalHeader()
    header.resizeSection(Column.PATIENT, 222)
    header.moveSection(header.visualIndex(Column.DENTIST), 3)
    header.setSectionHidden(Column.TEETH, True)
    header.setSortIndicator(Column.PATIENT, Qt.SortOrder.AscendingOrder)
    state = FilterState(text="berg", statuses=frozenset({"new"}), preset=DatePreset.LAST_30_DAYS)
    window.inbox.set_filter_state(state)
    window.pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)
    sizes = window.splitter.sizes()
    window.save_ui_state()
    window.hide()

    second = show_window(qtbot, make_app(start=False))
    header = second.inbox.view.horizontalHeader()
    assert second.size().width() == 1200
    assert second.size().height() == 760
    assert second.splitter.sizes() == sizes
    assert header.sectionSize(Column.PATIENT) == 222
    assert header.visualIndex(Column.DENTIST) == 3
    assert header.isSectionHidden(Column.TEETH)
    assert header.sortIndicatorSection() == Column.PATIENT
    assert second.inbox.model.sort_column is Column.PATIENT
    assert not second.inbox.model.sort_descending
    assert second.inbox.filters.state == state
    assert second.inbox.model.filter_state == state
    assert second.inbox.filters.search.text() == "berg"
    assert second.pane.tabs.currentIndex() == CasePane.PRESCRIPTION_TAB
    second.hide()


def test_work_offline_opens_the_last_account_and_signing_in_later_resumes(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=12)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    app.window.menus.sign_out_action.trigger()
    dialog = current_dialog(qtbot, app)
    assert dialog.extra_button is not None
    qtbot.mouseClick(dialog.extra_button, Qt.MouseButton.LeftButton)
    wait_for_rows(qtbot, app, minimum=12)
    window = app.window
    assert window.banner.kind == BannerKind.WORKING_OFFLINE
    assert window.banner.sign_in_button.isVisible()
    requests_before = len(server.control.requests)
    window.inbox.view.select_ref(window.inbox.model.ref_at(0))
    assert window.pane.case is not None  # from the store alone
    assert len(server.control.requests) == requests_before  # nothing was asked of the server

    qtbot.mouseClick(window.banner.sign_in_button, Qt.MouseButton.LeftButton)
    again = current_dialog(qtbot, app)
    assert again.windowTitle() == "Sign in"  # as the open account, which stays open
    assert again.email_edit.text() == DEMO_ACCOUNT.email
    qtbot.keyClicks(again.password_edit, DEMO_ACCOUNT.password)
    qtbot.mouseClick(again.sign_in_button, Qt.MouseButton.LeftButton)
    current = app.session.current  # type: ignore[union-attr]
    assert current is not None
    qtbot.waitUntil(lambda: current.engine.state is EngineState.ONLINE, timeout=WAIT_MS)
    assert window.banner.kind == BannerKind.NONE


def test_a_session_found_ended_by_opening_a_case_asks_to_sign_in(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=12)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    server.control.expire_tokens()
    app.window.inbox.view.select_ref(app.window.inbox.model.ref_at(2))  # refreshes the case
    dialog = current_dialog(qtbot, app)
    assert dialog.windowTitle() == "Sign in again"
    assert app.window.banner.kind == BannerKind.SIGNED_OUT
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)  # "Later"
    qtbot.waitUntil(lambda: app.dialog is None, timeout=WAIT_MS)
    assert app.window.banner.sign_in_button.isVisible()
    assert app.window.pane.case is not None  # the case stays shown from the store


def test_the_offline_option_opens_the_last_account_without_signing_in(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=12)
    first = make_app()
    sign_in_via_dialog(qtbot, first, server.base_url)
    shut_down(qtbot, first)
    requests_before = len(server.control.requests)
    second = make_app(offline=True)
    wait_for_rows(qtbot, second, minimum=12)
    assert second.window.banner.kind == BannerKind.WORKING_OFFLINE
    assert len(server.control.requests) == requests_before
