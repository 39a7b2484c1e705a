"""The window's own words in the person's language: every text of the main window (menus, inbox,
status bar), the sign-in dialog and the lab hub's widgets comes through translation (the
pseudo-language finds any that does not), the German reads as German, nothing is cut short in
German on a 1280×720 laptop, and View › Language keeps the choice for the next start and offers
to restart."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from scaninbox.paths import app_paths
from scaninbox.qt.inbox import Column
from scaninbox.qt.runtime.language import QtLanguage
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.main_window import MainWindow
from scaninbox.qt.shell.relaunch import restart_command
from scaninbox.qt.shell.ui_state import UiState
from scaninbox.qt.shell.window_menus import LANGUAGE_NAMES
from scaninbox.sandbox import DEMO_ACCOUNT, SandboxServer
from tests.qt.language.case_texts import case_texts
from tests.qt.language.conftest import catalogues, german, pseudo, pseudo_catalogues
from tests.qt.language.pseudo import untranslated
from tests.qt.shell.conftest import (
    _SHUT_DOWN,
    WAIT_MS,
    current_dialog,
    shut_down,
    sign_in_via_dialog,
    wait_for_rows,
)
from tests.qt.shell.text_fit import clipped
from tests.qt.shell.work_area import wait_fitted, work_area
from tests.qt.timeouts import EXPOSED_MS

__all__ = ["catalogues", "german", "pseudo", "pseudo_catalogues", "work_area"]  # fixtures

# Each language by its own name in View › Language: the same whatever the window speaks.
_OWN_NAMES = [name for _code, name in LANGUAGE_NAMES]
# Shown by the inbox but made by other parts: the case's data, and the domain's words (dates,
# statuses, work summaries: translated in `scaninbox.domain`, not here).
_DATA_COLUMNS = (
    Column.RECEIVED,
    Column.PATIENT,
    Column.WORK,
    Column.DELIVERY,
    Column.STATUS,
    Column.DENTIST,
    Column.CLINIC,
    Column.SOURCE,
    Column.TEETH,
)


def _case_data(window: MainWindow) -> list[str]:
    """The texts of the rows shown that are the cases' own (or the domain's) words."""
    model = window.inbox.model
    texts = [*_OWN_NAMES]
    for row in range(model.rowCount()):
        for column in _DATA_COLUMNS:
            value = model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)
            if value:
                texts.append(str(value))
    for menu in (window.inbox.filters.status_button, window.inbox.filters.source_button):
        texts.extend(action.text() for action in menu.menu_widget.actions())
    case = window.pane.case
    if case is not None:
        texts += case_texts(case)
    return texts


def _all_menus_opened(window: MainWindow) -> Iterator[QMenu]:
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            yield menu


def test_the_main_window_with_cases_and_the_sign_in_dialog_are_all_translated(
    pseudo: QtLanguage,
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=12)
    app = make_app()
    dialog = current_dialog(qtbot, app)
    services = [dialog.service_combo.itemText(i) for i in range(dialog.service_combo.count())]
    assert untranslated(dialog, services) == []
    qtbot.mouseClick(dialog.sign_in_button, Qt.MouseButton.LeftButton)  # nothing typed yet
    assert dialog.error_label.text().startswith("[Please enter")
    assert untranslated(dialog, services) == []

    sign_in_via_dialog(qtbot, app, server.base_url)
    wait_for_rows(qtbot, app, minimum=12)
    window = app.window
    window.inbox.view.selectRow(0)
    qtbot.waitUntil(lambda: window.pane.case is not None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: window.windowTitle().endswith(" unread]"), timeout=WAIT_MS)
    assert window.inbox.model.headerData(
        Column.PATIENT, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole
    ) == ("[Patient]")
    assert untranslated(window, _case_data(window)) == []
    # Every menu of the menu bar, opened as the person would, with its submenus.
    for menu in _all_menus_opened(window):
        menu.popup(window.mapToGlobal(window.rect().center()))
        qtbot.waitUntil(menu.isVisible, timeout=WAIT_MS)
        assert untranslated(menu, _OWN_NAMES) == [], menu.title()
        menu.hide()
    # The inbox's own menus: a case's context menu and the columns menu.
    view = window.inbox.view
    view._on_context_menu(view.visualRect(view.model().index(0, Column.PATIENT)).center())
    context = view.findChild(QMenu, "caseContextMenu")
    assert context is not None
    qtbot.waitUntil(context.isVisible, timeout=WAIT_MS)
    assert untranslated(context) == []
    context.hide()
    view._on_header_menu(view.horizontalHeader().rect().center())
    columns = view.findChild(QMenu, "columnsMenu")
    assert columns is not None
    qtbot.waitUntil(columns.isVisible, timeout=WAIT_MS)
    assert untranslated(columns) == []
    columns.hide()
    # A sentence with a count: the status bar's count of cases (a plural, through translation).
    assert window.inbox.filters.count_label.text() == "[12 case(s)]"
    shut_down(qtbot, app)  # before the sandbox stops: no download cut off


def test_the_window_speaks_german(
    german: QtLanguage,
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=3)
    app = make_app()
    dialog = current_dialog(qtbot, app)
    assert dialog.windowTitle() == "Bei Scan Inbox anmelden"
    assert dialog.sign_in_button.text() == "Anmelden"
    assert dialog.cancel_button.text() == "Abbrechen"
    sign_in_via_dialog(qtbot, app, server.base_url)
    window = app.window
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles == ["&Datei", "&Ansicht", "&Fall", "&Konto"]
    view_menu = window.menuBar().actions()[1].menu()
    assert isinstance(view_menu, QMenu)
    assert [a.text() for a in view_menu.actions() if a.text()] == [
        "&Nächster ungelesener Fall",
        "Spalten &zurücksetzen",
        "&Erscheinungsbild",
        "&Sprache",
    ]
    model = window.inbox.model
    header = [
        model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        for c in (Column.RECEIVED, Column.PATIENT, Column.DELIVERY, Column.DENTIST, Column.CLINIC)
    ]
    assert header == ["Eingang", "Patient", "Liefertermin", "Zahnarzt", "Praxis"]
    filters = window.inbox.filters
    assert filters.search.placeholderText().startswith("Patient, Zahnarzt, Praxis")
    assert filters.count_label.text() == "3 Fälle"
    assert filters.unread_button.text() == "Nur ungelesene"
    assert window.sync_status.last_sync_label.text().startswith("Synchronisiert: ")
    assert window.menus.account_label.text().startswith(DEMO_ACCOUNT.email)  # data as it is
    # The inbox's date columns are as wide as the German dates need, in bold.
    assert window.inbox.view.text_width(Column.RECEIVED) > 0
    shut_down(qtbot, app)  # before the sandbox stops: no download cut off


@pytest.mark.parametrize("work_area", [(1280, 720)], indirect=True)
def test_nothing_is_cut_short_in_german_at_1280_by_720(
    german: QtLanguage,
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    work_area: QRect,
) -> None:
    server = make_sandbox(cases=12)
    app = make_app()
    dialog = current_dialog(qtbot, app)
    wait_fitted(qtbot, dialog, work_area)
    assert clipped(dialog) == []
    qtbot.mouseClick(dialog.sign_in_button, Qt.MouseButton.LeftButton)  # the error shows too
    qtbot.waitUntil(dialog.error_label.isVisible, timeout=WAIT_MS)
    assert clipped(dialog) == []
    sign_in_via_dialog(qtbot, app, server.base_url)
    window = app.window
    wait_fitted(qtbot, window, work_area)
    window.inbox.view.selectRow(0)
    qtbot.waitUntil(lambda: window.pane.case is not None, timeout=WAIT_MS)
    # The window's own parts (the case pane is checked by its own tests).
    for part in (window.inbox, window.statusBar(), window.menuBar()):
        assert clipped(part) == [], type(part).__name__
    header = window.inbox.view.horizontalHeader()
    metrics = header.fontMetrics()
    for column in (Column.RECEIVED, Column.PATIENT, Column.DELIVERY, Column.STATUS):
        title = str(window.inbox.model.headerData(column, Qt.Orientation.Horizontal))
        assert metrics.horizontalAdvance(title) < header.sectionSize(column), title
    shut_down(qtbot, app)  # before the sandbox stops: no download cut off


def _choose(app: AppController, code: str) -> QMessageBox:
    app.language_actions[code].trigger()
    notice = app.language_notice
    assert notice is not None
    return notice


def test_view_language_keeps_the_choice_for_the_next_start_and_offers_a_restart(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app(start=False)
    actions = app.language_actions
    assert [a.text() for a in actions.values()][1:] == ["Deutsch", "English"]
    assert actions["system"].isChecked()
    assert actions["system"].text().startswith("System (")

    notice = _choose(app, "de")
    qtbot.waitUntil(notice.isVisible, timeout=WAIT_MS)
    assert notice.text() == "The new language applies the next time Scan Inbox starts."
    assert "Restart now" in notice.informativeText()
    assert UiState(app_paths()).text_value("language") == "de"  # on disk, for the next start
    assert actions["de"].isChecked()
    later = notice.findChild(QAbstractButton, "restartLater")
    assert later is not None
    qtbot.mouseClick(later, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not notice.isVisible(), timeout=WAIT_MS)
    assert not app.restart_requested

    notice = _choose(app, "en")
    qtbot.waitUntil(notice.isVisible, timeout=WAIT_MS)
    assert UiState(app_paths()).text_value("language") == "en"
    restart = notice.findChild(QAbstractButton, "restartNow")
    assert restart is not None
    with qtbot.waitSignal(app.finished, timeout=WAIT_MS) as finished:
        qtbot.mouseClick(restart, Qt.MouseButton.LeftButton)
    assert finished.args == [0]
    assert app.restart_requested  # `run_gui` starts the app again once it has quit
    _SHUT_DOWN.add(id(app))  # quit already, as a restart does
    app.window.close()


def test_a_restart_runs_the_same_command_line_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "orig_argv", ["/usr/bin/python3", "-m", "scaninbox", "gui", "--demo"])
    assert restart_command() == [sys.executable, "-m", "scaninbox", "gui", "--demo"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "argv", ["/opt/ScanInbox/scaninbox", "gui"])
    assert restart_command() == [sys.executable, "gui"]


def test_the_language_notice_speaks_the_windows_language(
    german: QtLanguage, qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app(start=False)
    assert app.language_actions["de"].text() == "Deutsch"
    notice = _choose(app, "en")
    qtbot.waitUntil(notice.isVisible, timeout=WAIT_MS)
    assert notice.text() == "Die neue Sprache gilt ab dem nächsten Start von Scan Inbox."
    assert notice.windowTitle() == "Sprache"
    later = notice.findChild(QAbstractButton, "restartLater")
    assert later is not None
    assert later.text() == "Später"
    qtbot.mouseClick(later, Qt.MouseButton.LeftButton)


def test_the_date_fields_of_the_filters_write_german_months(
    german: QtLanguage, qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app(start=False)
    edit = app.window.inbox.filters.from_edit
    assert edit.locale().language() == edit.locale().Language.German
    assert edit.displayFormat() == "d. MMM yyyy"


def test_the_fit_check_sees_a_text_cut_short(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

    box = QWidget()
    qtbot.addWidget(box)
    layout = QHBoxLayout(box)
    label = QLabel("Synchronisierung fehlgeschlagen", box)
    label.setFixedWidth(40)
    button = QPushButton("Abmelden und lokale Daten entfernen", box)
    button.setFixedWidth(60)
    layout.addWidget(label)
    layout.addWidget(button)
    box.show()
    qtbot.waitExposed(box, timeout=EXPOSED_MS)
    assert [text for _name, text, _need, _given in clipped(box)] == [label.text(), button.text()]
    label.setFixedWidth(label.sizeHint().width())
    button.setFixedWidth(button.sizeHint().width())
    assert clipped(box) == []
    box.hide()


def test_the_local_files_window_is_all_translated(
    pseudo: QtLanguage, qtbot: QtBot, make_app: Callable[..., AppController], tmp_path: Path
) -> None:
    missing = (tmp_path / "gone.ply", tmp_path / "lost.stl")
    app = make_app(files=missing)
    qtbot.waitUntil(lambda: app._local_files is not None, timeout=WAIT_MS)
    window = app.local_files()
    qtbot.waitUntil(window.banner.isVisible, timeout=WAIT_MS)
    assert window.banner.text().splitlines()[0] == "[%n files could not be opened:]".replace(
        "%n", "2"
    )
    data = [str(path) for path in missing]
    assert untranslated(window.banner, data) == []
    assert untranslated(window.menuBar()) == []
    assert window.windowTitle().startswith("[")
    window.hide()
