"""One hostile case in the window: the inbox shows the others and the status bar says which
case could not be read (issue 9)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import SandboxServer
from tests.qt.shell.conftest import WAIT_MS, sign_in_via_dialog


def test_a_case_with_an_impossible_date_is_named_and_the_rest_shown(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    screenshot: Callable[..., Path],
) -> None:
    server = make_sandbox(cases=12)
    hostile = server.control.case_refs()[5]
    server.control.override_members(
        hostile, {"acceptedData.receivedDate": "9999-12-31T23:59:59-23:59"}
    )
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window, model = app.window, app.window.inbox.model
    label = window.sync_status.unreadable_label
    qtbot.waitUntil(label.isVisible, timeout=WAIT_MS)
    assert model.rowCount() == 11
    assert hostile not in {str(model.ref_at(i)) for i in range(11)}
    assert label.text() == "1 case could not be read"
    assert label.toolTip().startswith(f"case {hostile}: acceptedData.receivedDate: ")
    assert "outside the years" in label.toolTip()
    screenshot(window, "hostile-case-status-bar")
