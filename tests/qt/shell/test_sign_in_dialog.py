"""The sign-in dialog: a plain message per failure, "Remember me" and the keyring, Cancel."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.credentials import keyring_status
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import DEMO_ACCOUNT, SandboxServer
from tests.qt.shell.conftest import WAIT_MS, current_dialog, fill_dialog, free_port
from tests.qt.shell.servers import SilentServer, UntrustedTlsServer


def attempt(qtbot: QtBot, app: AppController, url: str, password: str) -> str:
    """Try to sign in through the dialog; the message it shows afterwards."""
    dialog = current_dialog(qtbot, app)
    fill_dialog(qtbot, dialog, url, DEMO_ACCOUNT.email, password)
    qtbot.mouseClick(dialog.sign_in_button, Qt.MouseButton.LeftButton)
    assert dialog.busy_bar.isVisible()  # the attempt runs in the background
    qtbot.waitUntil(lambda: not dialog.busy and dialog.error_frame.isVisible(), timeout=WAIT_MS)
    assert dialog.isVisible()
    assert dialog.sign_in_button.isEnabled()
    assert app.session is not None
    assert app.session.current is None
    return dialog.error_label.text()


def test_each_failure_has_its_own_plain_message(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    sandbox: SandboxServer,
    tmp_path: Path,
    screenshot: Callable[..., Path],
) -> None:
    app = make_app()
    dialog = current_dialog(qtbot, app)
    screenshot(dialog, "shell-sign-in")

    wrong_password = attempt(qtbot, app, sandbox.base_url, "not-the-password")
    screenshot(dialog, "shell-sign-in-wrong-password")
    unreachable = attempt(qtbot, app, f"http://127.0.0.1:{free_port()}", DEMO_ACCOUNT.password)
    screenshot(dialog, "shell-sign-in-unreachable")
    with UntrustedTlsServer(tmp_path) as tls:
        untrusted = attempt(qtbot, app, tls.base_url, DEMO_ACCOUNT.password)
    screenshot(dialog, "shell-sign-in-tls")

    assert "password is not correct" in wrong_password
    assert "cannot be reached" in unreachable
    assert "127.0.0.1" in unreachable
    assert "certificate" in untrusted
    assert "could not be verified" in untrusted
    assert len({wrong_password, unreachable, untrusted}) == 3
    assert DEMO_ACCOUNT.password not in wrong_password + unreachable + untrusted
    insecure = attempt(qtbot, app, "http://inbox.example.com", DEMO_ACCOUNT.password)
    assert "not encrypted" in insecure


def test_missing_fields_are_named_before_anything_is_sent(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app()
    dialog = current_dialog(qtbot, app)
    fill_dialog(qtbot, dialog, "https://inbox.example.com", "", "")
    qtbot.mouseClick(dialog.sign_in_button, Qt.MouseButton.LeftButton)
    assert not dialog.busy
    assert dialog.error_label.text() == "Please enter your e-mail address and your password."


def test_remember_me_is_off_without_a_keyring_and_says_why(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    usable, reason = keyring_status()
    assert not usable  # the tests' default: no keyring backend
    app = make_app()
    dialog = current_dialog(qtbot, app)
    assert not dialog.remember_box.isEnabled()
    assert not dialog.remember_box.isChecked()
    assert reason.rstrip(".") in dialog.remember_box.toolTip()
    assert "kept in memory only" in dialog.remember_box.toolTip()


def test_remember_me_is_offered_with_a_keyring(
    qtbot: QtBot, make_app: Callable[..., AppController], memory_keyring: Any
) -> None:
    app = make_app()
    dialog = current_dialog(qtbot, app)
    assert dialog.remember_box.isEnabled()
    assert dialog.remember_box.isChecked()
    assert "keyring" in dialog.remember_box.toolTip()


def test_unconfigured_environments_are_listed_but_disabled(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app()
    dialog = current_dialog(qtbot, app)
    labels = [dialog.service_combo.itemText(i) for i in range(dialog.service_combo.count())]
    assert labels == ["Production", "Staging", "Custom URL", "Demo"]
    production = dialog.service_combo.findData("production")
    tip = dialog.service_combo.itemData(production, Qt.ItemDataRole.ToolTipRole)
    assert "environments.production.base_url" in tip
    assert "SCANINBOX_PRODUCTION_URL" in tip
    model = dialog.service_combo.model()
    assert not model.item(production).isEnabled()  # type: ignore[attr-defined]
    assert dialog.service_combo.currentData() == "custom"  # the first one that can be used


def test_cancel_stops_a_sign_in_that_hangs_and_the_dialog_stays_usable(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app()
    dialog = current_dialog(qtbot, app)
    with SilentServer() as silent:
        fill_dialog(qtbot, dialog, silent.base_url, DEMO_ACCOUNT.email, "secret")
        qtbot.mouseClick(dialog.sign_in_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(silent.accepted.is_set, timeout=WAIT_MS)
        assert dialog.busy
        assert dialog.busy_bar.isVisible()
        assert not dialog.email_edit.isEnabled()
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
        assert not dialog.busy
        assert dialog.isVisible()
        assert dialog.error_label.text() == "Signing in was cancelled."
        assert dialog.email_edit.isEnabled()
        assert dialog.sign_in_button.isEnabled()
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: app.dialog is None, timeout=WAIT_MS)
    assert app.window.inbox.empty_label.text().startswith("Not signed in")
