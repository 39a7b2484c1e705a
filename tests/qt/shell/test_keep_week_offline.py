"""File › Keep all cases due this week offline: the cases due this week are pinned, their files
fetched, and the status bar says how many are available offline with every file (issue 8)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from pytestqt.qtbot import QtBot

from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import SandboxServer
from scaninbox.store.offline import refs_due_between, week_of
from tests.qt.shell.conftest import WAIT_MS, sign_in_via_dialog


def test_keep_all_cases_due_this_week_offline(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=40)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window, model = app.window, app.window.inbox.model
    qtbot.waitUntil(lambda: model.rowCount() == 40, timeout=WAIT_MS)
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    first, last = week_of(date.today())
    due = refs_due_between(session.store, first, last)
    assert due
    action = window.menus.keep_week_action
    assert action.isEnabled()
    assert action.text().replace("&", "") == "Keep all cases due this week offline"
    messages: list[str] = []
    window.cases.statusMessage.connect(messages.append)
    action.trigger()
    expected = f"{len(due)} case{'s' if len(due) != 1 else ''} due this week"
    qtbot.waitUntil(lambda: any(m.startswith(expected) for m in messages), timeout=4 * WAIT_MS)
    final = next(m for m in messages if m.startswith(expected))
    assert final.endswith("available offline with every file.")
    for ref in due:
        row = session.store.row(ref)
        assert row is not None
        assert row.pinned
        assert row.fully_cached
