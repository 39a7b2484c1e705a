"""The inbox in the window: filters through the bar, the keyboard, the context menu (read marks,
the reference, a QC check of the case)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from scaninbox.domain import Urgency, delivery_urgency, full_scans, is_open_status
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.inbox import Column, DatePreset, FilterState
from scaninbox.qt.inbox.filters import DuePreset, to_case_filter
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import SandboxServer
from scaninbox.store.qc_store import qc_result
from tests.qt.shell.conftest import WAIT_MS, activate, sign_in_via_dialog


def signed_in(
    qtbot: QtBot, make_app: Callable[..., AppController], server: SandboxServer
) -> AppController:
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    return app


def shown_refs(app: AppController) -> list[object]:
    model = app.window.inbox.model
    return [model.ref_at(i) for i in range(model.rowCount())]


def test_the_filter_bar_filters_through_the_store(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    sandbox: SandboxServer,
    screenshot: Callable[..., Path],
) -> None:
    app = signed_in(qtbot, make_app, sandbox)
    bar, model = app.window.inbox.filters, app.window.inbox.model
    store = app.session.current.store  # type: ignore[union-attr]
    total = store.count()

    # Search: applied once typing pauses, not on every key.
    # QTest types Latin-1 keys only: pick a plain surname.
    patients = [r.patient for r in store.rows(limit=60) if r.patient and r.patient.isascii()]
    surname = patients[1].split()[-1]
    qtbot.keyClicks(bar.search, surname)
    assert model.filter_state.text == ""  # debounced
    qtbot.waitUntil(lambda: model.filter_state.text == surname and not model.busy, timeout=WAIT_MS)
    expected = [r.ref for r in store.rows(to_case_filter(model.filter_state), limit=1000)]
    assert shown_refs(app) == expected
    assert 0 < len(expected) < total
    assert bar.count_label.text() == f"{len(expected)} of {total} cases"
    assert bar.clear_button.isVisible()

    # Status: the menu stays open while several are ticked.
    menu = bar.status_button.menu_widget
    menu.popup(bar.status_button.mapToGlobal(QPoint(0, bar.status_button.height())))
    qtbot.waitUntil(menu.isVisible, timeout=WAIT_MS)
    new = next(a for a in menu.actions() if a.text() == "New")
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(new).center())
    assert menu.isVisible()
    assert new.isChecked()
    screenshot(menu, "shell-filter-status-menu")
    menu.hide()
    qtbot.waitUntil(lambda: model.filter_state.statuses == {"new"} and not model.busy)
    assert bar.status_button.text() == "Status: New"

    # Clear, then the received date: presets and custom dates.
    qtbot.mouseClick(bar.clear_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: model.filter_state == FilterState() and not model.busy)
    assert model.rowCount() == total
    assert bar.search.text() == ""
    bar.date_combo.setCurrentIndex(list(DatePreset).index(DatePreset.LAST_7_DAYS))
    qtbot.waitUntil(lambda: model.filter_state.preset is DatePreset.LAST_7_DAYS and not model.busy)
    week = model.rowCount()
    assert week == store.count(to_case_filter(model.filter_state)) < total
    assert not bar.from_edit.isVisible()
    bar.date_combo.setCurrentIndex(list(DatePreset).index(DatePreset.CUSTOM))
    assert bar.from_edit.isVisible()
    assert bar.to_edit.isVisible()
    bar.from_edit.setDate(date(2001, 1, 1))
    bar.to_edit.setDate(date(2001, 1, 31))
    qtbot.waitUntil(lambda: model.filter_state.custom_to == date(2001, 1, 31) and not model.busy)
    assert model.rowCount() == 0
    assert app.window.inbox.empty_label.text() == "No cases match these filters."
    screenshot(bar, "shell-filter-bar-custom-dates")

    # Portal.
    bar.date_combo.setCurrentIndex(0)
    portal_menu = bar.source_button.menu_widget
    portal = next(a for a in portal_menu.actions() if a.isCheckable() and a.text() != "Any")
    portal.trigger()
    qtbot.waitUntil(lambda: model.filter_state.sources == {portal.text()} and not model.busy)
    rows = [model.row_at(i) for i in range(model.rowCount())]
    assert rows
    assert all(r is not None and r.source == portal.text() for r in rows)


def test_keyboard_arrows_enter_ctrl_f_and_f5(
    qtbot: QtBot, make_app: Callable[..., AppController], sandbox: SandboxServer
) -> None:
    app = signed_in(qtbot, make_app, sandbox)
    window, view, model = app.window, app.window.inbox.view, app.window.inbox.model
    view.setFocus()  # makes the first row current, but opens nothing
    assert window.pane.case is None
    qtbot.keyClick(view, Qt.Key.Key_Down)  # selects that first row (does not skip it)
    assert view.currentIndex().row() == 0
    assert view.selected_ref == model.ref_at(0)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 2
    qtbot.waitUntil(lambda: window.pane.case is not None, timeout=WAIT_MS)
    assert window.pane.case.ref == model.ref_at(2)  # type: ignore[union-attr]
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert window.pane.case.ref == model.ref_at(1)  # type: ignore[union-attr]

    window.pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert window.pane.tabs.currentIndex() == CasePane.SCANS_TAB
    assert not view.hasFocus()

    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(window.inbox.filters.search.hasFocus, timeout=WAIT_MS)

    lists_before = sum(1 for r in sandbox.control.requests if r.path == "/unified-cases")
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(
        lambda: (
            sum(1 for r in sandbox.control.requests if r.path == "/unified-cases") > lists_before
        ),
        timeout=WAIT_MS,
    )


def test_the_context_menu_marks_unread_and_copies_the_reference(
    qtbot: QtBot, make_app: Callable[..., AppController], sandbox: SandboxServer
) -> None:
    app = signed_in(qtbot, make_app, sandbox)
    view, model = app.window.inbox.view, app.window.inbox.model
    assert view.select_ref(model.ref_at(0))
    qtbot.waitUntil(lambda: not model.row_at(0).unread, timeout=WAIT_MS)  # type: ignore[union-attr]
    rect = view.visualRect(model.index(0, 4))
    view.customContextMenuRequested.emit(rect.center())
    menu = next(w for w in QApplication.topLevelWidgets() if w.objectName() == "caseContextMenu")
    assert isinstance(menu, QMenu)
    qtbot.waitUntil(menu.isVisible, timeout=WAIT_MS)
    texts = [a.text() for a in menu.actions() if a.text()]
    assert texts == [
        "Mark as unread",
        "Keep available offline",
        "Check scans (QC)",
        "Copy reference",
    ]
    next(a for a in menu.actions() if a.text() == "Copy reference").trigger()
    menu.hide()
    assert QGuiApplication.clipboard().text() == str(model.ref_at(0))
    view.markReadRequested.emit(model.ref_at(0), False)
    qtbot.waitUntil(lambda: model.row_at(0).unread, timeout=WAIT_MS)  # type: ignore[union-attr]


def test_the_context_menu_checks_a_case_s_scans_in_its_qc_tab(
    qtbot: QtBot, make_app: Callable[..., AppController], sandbox: SandboxServer
) -> None:
    app = signed_in(qtbot, make_app, sandbox)
    window = app.window
    view, model = window.inbox.view, window.inbox.model
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    refs = [model.ref_at(i) for i in range(model.rowCount())]
    with_scans = [
        (row, ref)
        for row, ref in enumerate(refs)
        if ref is not None
        and (stored := session.store.case(ref)) is not None
        and full_scans(stored.case.scan_files)
    ]
    # Not the case shown now: the check waits for the clicked case to load, not the old one.
    shown = window.pane.case.ref if window.pane.case else None
    row, ref = next((r, f) for r, f in with_scans if f != shown)
    assert qc_result(session.store, ref) is None
    window.pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)

    view.customContextMenuRequested.emit(view.visualRect(model.index(row, 4)).center())
    menu = next(w for w in QApplication.topLevelWidgets() if w.objectName() == "caseContextMenu")
    qtbot.waitUntil(menu.isVisible, timeout=WAIT_MS)
    next(a for a in menu.actions() if a.text() == "Check scans (QC)").trigger()
    menu.hide()

    qtbot.waitUntil(lambda: qc_result(session.store, ref) is not None, timeout=8 * WAIT_MS)
    assert window.pane.case is not None
    assert window.pane.case.ref == ref
    assert window.pane.tabs.currentIndex() == CasePane.QC_TAB
    first = qc_result(session.store, ref)
    assert first is not None

    qc_tab = window.pane.qc
    qtbot.waitUntil(lambda: qc_tab.state_label.text() != "Checking the scans…", timeout=WAIT_MS)

    # Asked again while its QC tab shows: it looks again (switching tabs would do nothing), and
    # the scans being unchanged, the kept verdict stands.
    view.qcRequested.emit(ref)
    assert qc_tab.state_label.text() == "Checking the scans…"
    qtbot.waitUntil(lambda: qc_tab.state_label.text() != "Checking the scans…", timeout=WAIT_MS)
    assert qc_result(session.store, ref) == first


def test_a_case_is_marked_read_only_once_it_was_shown_for_a_moment(
    qtbot: QtBot, make_app: Callable[..., AppController], sandbox: SandboxServer
) -> None:
    app = signed_in(qtbot, make_app, sandbox)
    window, view, model = app.window, app.window.inbox.view, app.window.inbox.model
    unread = [i for i in range(model.rowCount()) if model.row_at(i).unread][:3]  # type: ignore[union-attr]
    assert len(unread) == 3
    first, passed, stopped = (model.ref_at(i) for i in unread)
    # Arrowing through: each case shows, none long enough to count as looked at...
    for ref in (first, passed, stopped):
        view.select_ref(ref)
        assert window.pane.case is not None
        assert window.pane.case.ref == ref
    # ...until the selection rests on one.
    qtbot.waitUntil(lambda: not model.row_at(unread[2]).unread, timeout=WAIT_MS)  # type: ignore[union-attr]
    assert model.row_at(unread[0]).unread  # type: ignore[union-attr]
    assert model.row_at(unread[1]).unread  # type: ignore[union-attr]
    store = app.session.current.store  # type: ignore[union-attr]
    assert store.row(first).unread  # type: ignore[union-attr]
    assert store.row(passed).unread  # type: ignore[union-attr]
    qtbot.waitUntil(
        lambda: window.windowTitle() == f"{store.unread_count()} unread", timeout=WAIT_MS
    )
    assert "Scan Inbox" not in window.windowTitle()  # the platform adds the name itself

    # Opening a case (Enter) is looking at it on purpose: read at once.
    view.select_ref(first)
    assert window.cases.read_pending
    window.open_case(first)
    assert not window.cases.read_pending  # not waiting for the moment to pass
    qtbot.waitUntil(lambda: not store.row(first).unread, timeout=WAIT_MS)  # type: ignore[union-attr]


def test_due_and_unread_filters_home_end_and_next_unread(
    qtbot: QtBot, make_app: Callable[..., AppController], sandbox: SandboxServer
) -> None:
    app = signed_in(qtbot, make_app, sandbox)
    window, bar, model, view = (
        app.window, app.window.inbox.filters, app.window.inbox.model, app.window.inbox.view,
    )  # fmt: skip
    store = app.session.current.store  # type: ignore[union-attr]
    every = store.rows(limit=1000)
    today = date.today()

    def shown_rows() -> list[Any]:
        return [model.row_at(i) for i in range(model.rowCount())]

    bar.due_combo.setCurrentIndex(bar.due_combo.findData(DuePreset.OVERDUE.value))
    qtbot.waitUntil(lambda: model.filter_state.due is DuePreset.OVERDUE and not model.busy)
    overdue = [
        r.ref
        for r in every
        if delivery_urgency(r.delivery_date, status=r.status, today=today) is Urgency.OVERDUE
    ]  # the domain's rule: open work only
    assert overdue  # the demo data has late cases
    assert [r.ref for r in shown_rows()] == overdue
    assert bar.count_label.text() == f"{len(overdue)} of {len(every)} cases"

    bar.due_combo.setCurrentIndex(bar.due_combo.findData(DuePreset.THIS_WEEK.value))
    qtbot.waitUntil(lambda: model.filter_state.due is DuePreset.THIS_WEEK and not model.busy)
    week = [
        r.ref
        for r in every
        if r.delivery_date and 0 <= (r.delivery_date - today).days < 7 and is_open_status(r.status)
    ]
    assert [r.ref for r in shown_rows()] == week

    bar.due_combo.setCurrentIndex(0)
    qtbot.mouseClick(bar.unread_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: model.filter_state.unread_only and not model.busy, timeout=WAIT_MS)
    assert [r.ref for r in shown_rows()] == [r.ref for r in every if r.unread]
    assert app.ui_state.filters.unread_only  # kept for the next start
    qtbot.mouseClick(bar.unread_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not model.filter_state.unread_only and not model.busy)

    # Home and End: the first and the last case (not the first and last column).
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert view.selected_ref == model.ref_at(model.rowCount() - 1)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.selected_ref == model.ref_at(0)

    # N: the next unread case below the selection.
    store.mark_read([model.ref_at(0), model.ref_at(1)])  # type: ignore[list-item]
    model.refresh()
    qtbot.waitUntil(lambda: not model.busy, timeout=WAIT_MS)
    activate(qtbot, app)
    view.setFocus()
    first_unread = next(i for i in range(model.rowCount()) if model.row_at(i).unread)  # type: ignore[union-attr]
    qtbot.keyClick(view, Qt.Key.Key_N)
    assert view.selected_ref == model.ref_at(first_unread)
    following = next(
        i
        for i in range(first_unread + 1, model.rowCount())
        if model.row_at(i).unread  # type: ignore[union-attr]
    )
    window.menus.next_unread_action.trigger()
    assert view.selected_ref == model.ref_at(following)


def test_sorting_keeps_the_horizontal_scroll_and_the_arrow_points_the_usual_way(
    qtbot: QtBot, make_app: Callable[..., AppController], sandbox: SandboxServer
) -> None:
    app = signed_in(qtbot, make_app, sandbox)
    window, model, view = app.window, app.window.inbox.model, app.window.inbox.view
    window.splitter.setSizes([420, 900])  # the table is narrower than its columns
    view.select_ref(model.ref_at(3))  # the selection is kept across the sort
    header = view.horizontalHeader()
    bar = view.horizontalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 100, timeout=WAIT_MS)
    bar.setValue(bar.maximum())
    scrolled = bar.value()

    header.setSortIndicator(Column.DENTIST, Qt.SortOrder.AscendingOrder)
    qtbot.waitUntil(lambda: model.sort_column is Column.DENTIST and not model.busy)
    assert bar.value() == scrolled

    # Newest first (descending): the arrow points down; A→Z: up.
    bar.setValue(0)
    header.setSortIndicator(Column.RECEIVED, Qt.SortOrder.DescendingOrder)
    qtbot.waitUntil(lambda: model.sort_column is Column.RECEIVED and not model.busy)
    assert _arrow_points(header, Column.RECEIVED) == "down"
    header.setSortIndicator(Column.RECEIVED, Qt.SortOrder.AscendingOrder)
    qtbot.waitUntil(lambda: not model.sort_descending and not model.busy)
    assert _arrow_points(header, Column.RECEIVED) == "up"


def _arrow_points(header: Any, column: int) -> str:
    """Which way the sort arrow drawn in ``column``'s header points: a triangle is wide at its
    base, so the half of the arrow holding more ink is the side it points away from."""
    image = header.grab().toImage()
    left = header.sectionViewportPosition(column)
    right = left + header.sectionSize(column)
    background = image.pixelColor(left + 3, 3).lightnessF()
    ink = [
        (x, y)
        for x in range(right - 24, right - 2)  # Fusion draws the arrow at the right edge
        for y in range(image.height())
        if abs(image.pixelColor(x, y).lightnessF() - background) > 0.3
    ]
    assert len(ink) >= 6, "no sort arrow drawn"
    top, bottom = min(y for _x, y in ink), max(y for _x, y in ink)
    middle = (top + bottom) / 2
    width_at = {y: sum(1 for _x, yy in ink if yy == y) for y in range(top, bottom + 1)}
    upper = sum(w for y, w in width_at.items() if y < middle)
    lower = sum(w for y, w in width_at.items() if y > middle)
    return "down" if upper > lower else "up"
