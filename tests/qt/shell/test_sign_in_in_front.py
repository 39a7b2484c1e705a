"""The sign-in dialog stays in front, with the keyboard, while the 3D viewer arrives behind it
(a real window manager decides stacking and focus here; the real viewer is loaded)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.shell.app_controller import AppController
from tests.qt.shell.conftest import WAIT_MS, current_dialog
from tests.qt.window_manager import window_manager

__all__ = ["window_manager"]  # the fixture, imported to be used here


def _has_keyboard(app: AppController) -> bool:
    dialog = app.dialog
    return dialog is not None and QGuiApplication.focusWindow() is dialog.windowHandle()


def test_the_dialog_keeps_the_front_and_the_keys_when_the_3d_viewer_arrives(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    window_manager: subprocess.Popen[bytes],
) -> None:
    app = make_app(load_viewer=True)  # no account yet: the dialog asks to sign in
    dialog = current_dialog(qtbot, app)
    qtbot.waitUntil(lambda: _has_keyboard(app), timeout=WAIT_MS)
    native_window = int(app.window.winId())

    qtbot.waitUntil(lambda: app.viewer.viewport is not None, timeout=WAIT_MS)
    # Re-creating the window's native window is what made the window manager put it in front.
    assert int(app.window.winId()) == native_window
    assert _has_keyboard(app)

    # Keys the system delivers go to the dialog, never to the inbox's search box.
    focus = QGuiApplication.focusWindow()
    assert focus is not None
    dialog.email_edit.setFocus()
    for letter in "tech":
        QTest.keyClick(focus, Qt.Key(ord(letter.upper())))
    assert dialog.email_edit.text() == "tech"
    assert app.window.inbox.filters.search.text() == ""


def test_sign_in_brings_the_open_dialog_to_the_front(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    window_manager: subprocess.Popen[bytes],
) -> None:
    app = make_app()
    dialog = current_dialog(qtbot, app)
    qtbot.waitUntil(lambda: _has_keyboard(app), timeout=WAIT_MS)
    elsewhere = QWidget()  # another window takes the keyboard (as another program would)
    elsewhere.setWindowTitle("Another window")
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    elsewhere.activateWindow()
    qtbot.waitUntil(lambda: not _has_keyboard(app), timeout=WAIT_MS)

    app.window.menus.sign_in_action.trigger()
    qtbot.waitUntil(lambda: _has_keyboard(app), timeout=WAIT_MS)
    assert app.dialog is dialog  # the same dialog, not a second one
