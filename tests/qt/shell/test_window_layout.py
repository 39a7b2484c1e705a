"""The window's first-run layout gives the case (and its 3D view) the room, the inbox just its
key columns — received to status and the QC light beside it; a layout file from before that change
keeps the person's columns and filters."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings, QSize
from PySide6.QtWidgets import QToolBar, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.inbox import COLUMNS, KEY_COLUMNS, Column, FilterState
from scaninbox.qt.look.window_layout import default_window_size, inbox_share
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.main_window import MainWindow
from scaninbox.qt.shell.ui_state import UI_STATE_VERSION
from scaninbox.sandbox import SandboxServer
from tests.qt.case_pane.cases import full_case
from tests.qt.shell.conftest import show_window, sign_in_via_dialog, wait_for_rows


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
    # 85 % of the 1280×1024 test screen's height; as wide as the screen with a frame allowed for
    assert window.size() == QSize(1272, 870)
    inbox_px, case_px = window.splitter.sizes()
    assert inbox_px == window.inbox.view.width_to_show(Column.QC) < 704
    assert case_px >= 576  # it was 580 before the 3D view got the room
    assert Column.QC in KEY_COLUMNS
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
    window.inbox.view.horizontalHeader().resizeSection(Column.PATIENT, 140)
    filters = FilterState(text="berg")
    window.inbox.set_filter_state(filters)
    window.save_ui_state()
    window.hide()
    old = QSettings(str(first.ui_state.path), QSettings.Format.IniFormat)
    old.setValue("version", 1)  # as the layout before the 3D view got the room wrote it
    old.sync()

    second = show_window(qtbot, make_app(start=False))
    header = second.inbox.view.horizontalHeader()
    assert header.sectionSize(Column.PATIENT) == 140
    assert second.inbox.filters.state == filters
    wanted = second.inbox.view.width_to_show(Column.QC)
    assert second.splitter.sizes()[0] == wanted < 704
    assert header.visualIndex(Column.QC) == header.visualIndex(Column.STATUS) + 1
    check = QSettings(str(first.ui_state.path), QSettings.Format.IniFormat)
    assert str(check.value("version")) == str(UI_STATE_VERSION)
    second.hide()


def test_at_1280_by_720_and_1920_by_1080_the_qc_light_and_the_whole_status_show(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=20)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    wait_for_rows(qtbot, app, minimum=20)
    window = app.window
    view = window.inbox.view
    header = view.horizontalHeader()
    status_px = header.sectionSize(Column.STATUS)
    assert status_px > 96  # "In production" in bold did not fit 96 px
    assert status_px >= view.fontMetrics().horizontalAdvance("In production") + 16
    for width, height in ((1280, 720), (1632, 918)):  # 1632×918: 85 % of a 1920×1080 screen
        window.resize(width, height)
        qtbot.waitUntil(lambda w=width: window.width() == w)
        window.apply_default_split()
        qtbot.waitUntil(lambda: shown_in_full(window, Column.QC))
        qc_rect = view.visualRect(view.model().index(0, Column.QC))
        assert view.viewport().rect().contains(qc_rect), (width, qc_rect)
        assert all(shown_in_full(window, column) for column in KEY_COLUMNS)
    window.hide()


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
    assert (
        second.inbox.view.horizontalHeader().sectionSize(Column.PATIENT)
        == COLUMNS[Column.PATIENT].width_px
    )
    second.hide()


def test_the_split_makes_room_for_the_3d_toolbar_until_the_person_moves_it(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    window = show_window(qtbot, make_app(start=False))
    window.resize(1268, 680)  # a 1080p screen at 150 % less the frame
    qtbot.waitUntil(lambda: window.width() == 1268)
    window.apply_default_split()
    before = window.splitter.sizes()[1]
    window.pane.show_case(full_case(), pinned=False, fully_cached=False)
    window.pane.tabs.setCurrentIndex(CasePane.SCANS_TAB)
    # A 3D view whose toolbar needs more than the case has (as at 1280 px in German).
    viewer = QWidget()
    layout = QVBoxLayout(viewer)
    layout.setContentsMargins(0, 0, 0, 0)  # as the viewport's: the toolbar edge to edge
    toolbar = QToolBar(viewer)
    for word in ("Front", "Left", "Right", "Upper", "Lower", "Fit", "Turn", "Measure"):
        toolbar.addAction(word)
    toolbar.addAction("Colours · Save the picture")
    layout.addWidget(toolbar)
    needed = toolbar.sizeHint().width()
    assert needed + 32 > before
    window.pane.set_viewer_widget(viewer)
    qtbot.waitUntil(lambda: toolbar.width() >= toolbar.sizeHint().width())
    assert window.splitter.sizes()[1] > before
    assert window.splitter.sizes()[0] >= window.inbox.view.width_to_show(Column.STATUS)
    # Once the person has moved the border, it stays where they put it.
    window.splitter.splitterMoved.emit(500, 1)
    window.splitter.setSizes([700, 568])
    placed = window.splitter.sizes()
    window.pane.set_viewer_widget(viewer)
    assert window.splitter.sizes() == placed
    window.hide()


def test_the_share_rules() -> None:
    assert inbox_share(620, 1280, case_min_px=560) == [620, 660]
    assert inbox_share(900, 1280, case_min_px=560) == [704, 576]  # at most 55 %
    assert inbox_share(620, 1000, case_min_px=560) == [440, 560]  # the case keeps its minimum
    # The 3D view's toolbar whole (a 1080p screen at 150 %: 1268 px inside the frame): the
    # inbox gives up what it takes, down to its columns up to the status (and 45 % of the
    # width), never the case's minimum.
    keep = {"case_min_px": 560, "inbox_keep_px": 650}
    assert inbox_share(700, 1268, case_wish_px=592, **keep) == [676, 592]
    assert inbox_share(700, 1268, case_wish_px=644, **keep) == [650, 618]  # the status stays
    assert inbox_share(700, 1268, case_wish_px=800, case_min_px=560) == [571, 697]  # 45 %
    assert inbox_share(700, 952, case_wish_px=592, **keep) == [392, 560]
    assert inbox_share(500, 1268, case_wish_px=592, **keep) == [500, 768]  # no need
    assert default_window_size(None) == QSize(1280, 800)
