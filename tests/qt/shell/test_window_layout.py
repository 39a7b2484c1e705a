"""The window's first-run layout gives the case (and its 3D view) the room, the inbox just its
key columns; a layout file from before that change keeps the person's columns and filters."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings, QSize
from pytestqt.qtbot import QtBot

from scaninbox.qt.app_controller import AppController
from scaninbox.qt.inbox import Column, FilterState
from scaninbox.qt.main_window import MainWindow
from scaninbox.qt.ui_state import UI_STATE_VERSION
from scaninbox.qt.window_layout import default_window_size, inbox_share
from scaninbox.sandbox import SandboxServer
from tests.qt.shell.conftest import show_window, sign_in_via_dialog, wait_for_rows

KEY_COLUMNS = (Column.RECEIVED, Column.PATIENT, Column.WORK, Column.DELIVERY, Column.STATUS)


def shown_in_full(window: MainWindow, column: Column) -> bool:
    view = window.inbox.view
    header = view.horizontalHeader()
    right = header.sectionViewportPosition(column) + header.sectionSize(column)
    return header.sectionViewportPosition(column) >= 0 and right <= view.viewport().width()


def test_at_1280_by_800_the_case_gets_the_room_and_the_key_columns_show_in_full(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=40)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    wait_for_rows(qtbot, app, minimum=40)
    window = app.window
    assert window.size() == QSize(1280, 870)  # 85 % of the 1280×1024 test screen's height
    inbox_px, case_px = window.splitter.sizes()
    assert inbox_px == window.inbox.view.width_to_show(Column.STATUS) < 660
    assert case_px >= 620  # it was 580 before the 3D view got the room
    assert all(shown_in_full(window, column) for column in KEY_COLUMNS)
    assert not shown_in_full(window, Column.DENTIST)  # the next column is the case's room
    window.hide()


def test_a_wider_window_widens_the_case_not_the_inbox(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    window = show_window(qtbot, make_app(start=False))
    inbox_px, case_px = window.splitter.sizes()
    window.resize(window.width() + 300, window.height())
    qtbot.waitUntil(lambda: window.splitter.sizes()[1] == case_px + 300)
    assert window.splitter.sizes()[0] == inbox_px
    window.hide()


def test_an_older_layout_file_keeps_columns_and_filters_but_not_the_old_split(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    first = make_app(start=False)
    window = show_window(qtbot, first)
    window.splitter.setSizes([700, window.width() - 700])  # the old default
    window.inbox.view.horizontalHeader().resizeSection(Column.PATIENT, 160)
    filters = FilterState(text="berg")
    window.inbox.set_filter_state(filters)
    window.save_ui_state()
    window.hide()
    old = QSettings(str(first.ui_state.path), QSettings.Format.IniFormat)
    old.setValue("version", 1)  # as the layout before the 3D view got the room wrote it
    old.sync()

    second = show_window(qtbot, make_app(start=False))
    header = second.inbox.view.horizontalHeader()
    assert header.sectionSize(Column.PATIENT) == 160
    assert second.inbox.filters.state == filters
    wanted = second.inbox.view.width_to_show(Column.STATUS)
    assert second.splitter.sizes()[0] == wanted < 700
    check = QSettings(str(first.ui_state.path), QSettings.Format.IniFormat)
    assert str(check.value("version")) == str(UI_STATE_VERSION)
    second.hide()


def test_an_unknown_layout_version_starts_from_the_defaults(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    first = make_app(start=False)
    first.window.inbox.view.horizontalHeader().resizeSection(Column.PATIENT, 180)
    first.window.save_ui_state()
    future = QSettings(str(first.ui_state.path), QSettings.Format.IniFormat)
    future.setValue("version", 99)
    future.sync()
    second = show_window(qtbot, make_app(start=False))
    assert second.inbox.view.horizontalHeader().sectionSize(Column.PATIENT) == 136
    second.hide()


def test_the_share_rules() -> None:
    assert inbox_share(620, 1280, case_min_px=560) == [620, 660]
    assert inbox_share(900, 1280, case_min_px=560) == [704, 576]  # at most 55 %
    assert inbox_share(620, 1000, case_min_px=560) == [440, 560]  # the case keeps its minimum
    assert default_window_size(None) == QSize(1280, 800)
