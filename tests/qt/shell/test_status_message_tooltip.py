"""A status bar message too long for the room left beside the permanent widgets is cut: the
whole of it is the status bar's tooltip while it is shown, and the tooltip goes with it."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot

from scaninbox.qt.shell.app_controller import AppController
from tests.qt.timeouts import EXPOSED_MS


def test_a_long_message_is_readable_whole_on_hover(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app(start=False)
    window = app.window
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window, timeout=EXPOSED_MS)
    text = (
        "Die Einstellungsdatei wurde nicht verwendet: /home/labor/.config/scaninbox/"
        "settings.toml: network.max_answer_mb muss eine Zahl von 1 bis 1024 sein. " * 2
    )
    window.show_message(text)
    bar = window.statusBar()
    assert bar.currentMessage() == text
    assert bar.fontMetrics().horizontalAdvance(text) > bar.width()  # it does not fit
    assert bar.toolTip() == text
    bar.clearMessage()
    assert bar.toolTip() == ""
