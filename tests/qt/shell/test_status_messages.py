"""Messages read in full without hovering: a notice that fits goes to the status bar; one too long
for the room beside the status bar's permanent widgets (a path, German running a third longer)
and every error are shown whole in the message area under the window's content, wrapped. An
error stays until it is closed (its button or Esc) or a newer error takes its place; notices
meanwhile come on a line of their own and go after their reading time."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.look.theme import Theme, apply_theme
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.main_window import MainWindow
from scaninbox.qt.shell.message_area import reading_ms

_LONG = (
    "Die Einstellungsdatei wurde nicht verwendet: /home/labor/.config/ScanInbox/settings.toml: "
    "network.max_answer_mb muss eine Zahl von 1 bis 1024 sein; bis sie berichtigt ist, gelten "
    "die Standardwerte."
)


def _window(qtbot: QtBot, make_app: Callable[..., AppController]) -> MainWindow:
    window = make_app(start=False).window
    window.setMinimumSize(0, 0)
    window.resize(1280, 680)  # a 1280×720 screen less the frame (or 1080p at 150 %)
    window.show()
    qtbot.waitExposed(window)
    return window


def _shown_whole(label: QLabel) -> bool:
    return label.isVisible() and label.height() >= label.heightForWidth(label.width())


def _inside(widget: QWidget, window: QWidget) -> bool:
    rect = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    return window.rect().contains(rect)


def test_a_message_too_long_for_the_status_bar_is_shown_whole(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    window = _window(qtbot, make_app)
    bar, area = window.statusBar(), window.messages
    assert bar.fontMetrics().horizontalAdvance(_LONG) > window.status_room()  # does not fit
    window.show_message(_LONG)
    assert bar.currentMessage() == ""  # not cut in the bar
    text = area.notice_row.text_label
    assert text.text() == _LONG
    qtbot.waitUntil(lambda: _shown_whole(text))
    assert _inside(area, window)
    assert area.geometry().bottom() < bar.geometry().top()  # above the status bar
    assert area.notice_timer.isActive()
    assert area.notice_timer.interval() == reading_ms(_LONG) > 10_000

    # A short one goes to the status bar, and the long one makes way for it.
    window.show_message("Saved")
    assert bar.currentMessage() == "Saved"
    assert bar.toolTip() == "Saved"
    qtbot.waitUntil(lambda: not area.isVisible())


def test_an_error_stays_until_it_is_closed_or_a_newer_error_comes(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    window = _window(qtbot, make_app)
    area = window.messages
    first = "The QC report could not be written: Permission denied."
    window.pane.statusError.emit(first)  # the pane's failures reach the window
    qtbot.waitUntil(lambda: _shown_whole(area.error_row.text_label))
    assert area.error == first
    assert area.error_row.close_button.isVisible()
    # A notice does not take its place: it has a line of its own and goes after its time.
    window.show_message(_LONG)
    assert area.error == first
    assert area.notice == _LONG
    area.notice_timer.timeout.emit()  # its reading time is over
    qtbot.waitUntil(lambda: area.notice == "")
    assert area.error == first
    assert area.isVisible()
    assert window.statusBar().currentMessage() == ""

    newer = "The order form could not be saved: the disk is full."
    window.show_error(newer)
    assert area.error == newer
    qtbot.mouseClick(area.error_row.close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not area.isVisible())
    assert area.error == ""

    # Esc closes it where the keyboard is (the text is selectable by keyboard).
    window.show_error(first)
    qtbot.waitUntil(area.error_row.isVisible)
    area.error_row.text_label.setFocus()
    qtbot.keyClick(area.error_row.text_label, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not area.isVisible())


def _contrast(row: QWidget) -> int:
    palette = row.palette()
    text = palette.color(QPalette.ColorRole.WindowText).lightness()
    return abs(text - palette.color(QPalette.ColorRole.Window).lightness())


def test_messages_stay_readable_when_the_look_changes(
    qtbot: QtBot, make_app: Callable[..., AppController], qapp: QApplication
) -> None:
    window = _window(qtbot, make_app)
    area = window.messages
    window.show_message(_LONG)
    window.show_error("The rescan pack could not be written: Permission denied.")
    for theme in (Theme.DARK, Theme.LIGHT):
        apply_theme(qapp, theme)  # the window's View › Theme (make_app restores the look)
        for row in (area.notice_row, area.error_row):
            qtbot.waitUntil(lambda row=row: _contrast(row) > 100)  # type: ignore[misc]
