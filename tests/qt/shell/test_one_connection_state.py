"""The status bar and the banner say the same thing: while the engine retries a service that went
away (its state flips between "syncing" and "offline"), the status bar said "Syncing…" under a
banner saying "Offline". Tested with the real sandbox stopped and started again on its port."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytestqt.qtbot import QtBot

from scaninbox.qt.account.connectivity import Connectivity
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.status import BannerKind
from scaninbox.sandbox import SandboxServer
from scaninbox.store import EngineState
from tests.qt.shell.conftest import WAIT_MS, free_port, shut_down, sign_in_via_dialog


def test_while_the_service_is_away_both_say_offline(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=6, port=free_port())
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window = app.window
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    seen: list[tuple[Any, str, str]] = []

    def look(state: Any, _detail: str) -> None:
        # Connected after the window's own handler: sees what the window shows for this state.
        seen.append((state, window.sync_status.state_text, window.banner.kind))

    session.signals.stateChanged.connect(look)
    server.stop()
    window.menus.sync_action.trigger()
    qtbot.waitUntil(lambda: window.connectivity.state is Connectivity.OFFLINE, timeout=WAIT_MS)
    # The engine keeps retrying: wait for a few of its attempts.
    qtbot.waitUntil(
        lambda: sum(1 for state, _t, _k in seen if state is EngineState.SYNCING) >= 3,
        timeout=WAIT_MS,
    )
    window.menus.sync_action.trigger()  # F5 while offline: another attempt, still offline
    seen.append((None, window.sync_status.state_text, window.banner.kind))

    offline = [(state, text) for state, text, kind in seen if kind == BannerKind.OFFLINE]
    assert offline
    assert all(text.startswith("Offline") for _state, text in offline), offline

    server.start()
    qtbot.waitUntil(lambda: window.connectivity.state is Connectivity.ONLINE, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: window.sync_status.state_text == "Online", timeout=WAIT_MS)
    assert not window.banner.isVisible()
    shut_down(qtbot, app)  # before the sandbox stops: no download of the reconnected engine cut off
