"""The window's demo service runs in a process of its own: started for the demo, stopped when the
app quits, and a crash of it is told in the status bar in plain words."""

from __future__ import annotations

import os
import select
import signal
import threading
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.demo_process import DemoSandbox
from scaninbox.qt.shell.app_controller import AppController
from tests.qt.shell.conftest import WAIT_MS, shut_down

pytestmark = pytest.mark.skipif(
    not hasattr(os, "pidfd_open"), reason="waits for other processes' ends with pidfd_open"
)


def _ended_within(pid: int, timeout_s: float) -> bool:
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([handle], [], [], timeout_s)[0])
    finally:
        os.close(handle)


def _demo_process(app: AppController) -> DemoSandbox:
    assert app.session is not None
    server = app.session.demo_sandbox
    assert server is not None
    return server


def test_the_demo_service_is_a_child_process_stopped_when_the_app_quits(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app(demo=True)
    model = app.window.inbox.model
    qtbot.waitUntil(lambda: model.rowCount() > 0, timeout=60_000)
    server = _demo_process(app)
    assert server.pid != os.getpid()
    assert server.running
    current = app.session.current  # type: ignore[union-attr]
    assert current is not None
    assert current.account.base_url == server.base_url
    shut_down(qtbot, app)
    assert _ended_within(server.pid, 0), "the demo service outlived the app"
    assert app.session.demo_sandbox is None  # type: ignore[union-attr]


def test_a_crash_of_the_demo_service_is_told_until_read(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app(demo=True)
    qtbot.waitUntil(lambda: app.window.inbox.model.rowCount() > 0, timeout=60_000)
    server = _demo_process(app)
    # Where the signal is emitted: a direct connection runs in the emitting thread. Emitting on
    # the process's reader thread risks the GUI-thread deadlock (docs/architecture.md).
    emitted_on: list[int] = []
    app.session.demoStopped.connect(  # type: ignore[union-attr]
        lambda _message: emitted_on.append(threading.get_ident()),
        Qt.ConnectionType.DirectConnection,
    )
    os.kill(server.pid, signal.SIGKILL)
    messages = app.window.messages  # an error: whole, and on screen until it is closed
    qtbot.waitUntil(
        lambda: messages.error.startswith("The demo service stopped unexpectedly"),
        timeout=WAIT_MS,
    )
    assert messages.error == (
        "The demo service stopped unexpectedly (it was ended by signal 9). Quit Scan Inbox and "
        "start it again to go on with the demo."
    )
    assert emitted_on == [threading.get_ident()]
    # The cases already here stay; the window carries on.
    assert app.window.inbox.model.rowCount() > 0
