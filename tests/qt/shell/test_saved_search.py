"""The search kept for the next start is one the person ran — never keys that only reached the
box (a password typed while the sign-in dialog had lost the focus once ended up there)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.ui_state import UiState
from scaninbox.sandbox import SandboxServer
from tests.qt.shell.conftest import WAIT_MS, current_dialog, sign_in_via_dialog


def _kept_search(app: AppController) -> str:
    app.window.save_ui_state()
    return UiState(app.paths).filters.text


def test_a_search_is_kept_once_it_was_run_and_not_while_it_is_typed(
    qtbot: QtBot, make_app: Callable[..., AppController], sandbox: SandboxServer
) -> None:
    app = make_app()
    sign_in_via_dialog(qtbot, app, sandbox.base_url)
    bar = app.window.inbox.filters
    bar.focus_search()
    qtbot.keyClicks(bar.search, "berg")
    qtbot.waitUntil(lambda: app.window.inbox.model.filter_state.text == "berg", timeout=WAIT_MS)
    assert _kept_search(app) == ""  # shown live, but not run yet

    qtbot.keyClick(bar.search, Qt.Key.Key_Return)
    assert _kept_search(app) == "berg"

    bar.search.clear()  # the clear button: always meant
    qtbot.waitUntil(lambda: app.window.inbox.model.filter_state.text == "", timeout=WAIT_MS)
    assert _kept_search(app) == ""


def test_keys_that_reach_the_search_box_while_the_sign_in_dialog_is_open_are_not_kept(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app()
    current_dialog(qtbot, app)
    bar = app.window.inbox.filters
    qtbot.keyClicks(bar.search, "s3cret")
    qtbot.keyClick(bar.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bar.state.text == "s3cret", timeout=WAIT_MS)
    assert _kept_search(app) == ""
    assert "s3cret" not in app.paths.config_dir.joinpath("ui.ini").read_text()
