"""One answer to "online, offline or signed out?", followed by every pane: tested with the real
sandbox stopped and started again on the same port."""

from __future__ import annotations

import socket
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.domain import FileKind
from scaninbox.qt.account.connectivity import Connectivity
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.case_pane.file_status import FileState
from scaninbox.qt.files import FileUnavailableError
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.status import BannerKind
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseRow, EngineState
from tests.qt.shell.conftest import (
    WAIT_MS,
    current_dialog,
    free_port,
    run_async,
    sign_in_via_dialog,
    wait_for_rows,
)


def _uncached_case_with_order_form(app: AppController) -> CaseRow:
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    return next(
        r for r in session.store.rows(limit=50) if r.order_form_count and not r.cached_count
    )


def _show_order_form(app: AppController, row: CaseRow) -> None:
    window = app.window
    window.inbox.view.select_ref(row.ref)
    window.pane.tabs.setCurrentIndex(CasePane.ORDER_FORM_TAB)


def test_a_case_shown_while_the_server_was_gone_loads_when_it_is_back(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=12, port=free_port())
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window, form = app.window, app.window.pane.order_form
    assert window.connectivity.state is Connectivity.ONLINE
    row = _uncached_case_with_order_form(app)

    server.stop()  # the status bar still says "Online": nothing has noticed yet
    _show_order_form(app, row)
    qtbot.waitUntil(lambda: form.status.state is FileState.OFFLINE, timeout=WAIT_MS)
    # The failed download tells the engine, and the whole window agrees it is offline.
    qtbot.waitUntil(lambda: window.connectivity.state is Connectivity.OFFLINE, timeout=WAIT_MS)
    assert window.sync_status.state_text == "Offline"
    assert window.banner.kind == BannerKind.OFFLINE

    server.start()  # same port: the engine retries by itself
    qtbot.waitUntil(lambda: window.connectivity.state is Connectivity.ONLINE, timeout=WAIT_MS)
    # The case on screen is tried again without anyone clicking.
    qtbot.waitUntil(lambda: form.status.state is not FileState.OFFLINE, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: form.page_count > 0, timeout=WAIT_MS)
    assert window.sync_status.state_text == "Online"
    assert not window.banner.isVisible()


def test_retry_is_offered_only_while_online(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    """Retry asks the service again: offline it cannot succeed, so the order form and the
    attachments say it can be tried once the connection is back instead — and offer it then."""
    server = make_sandbox(cases=12, port=free_port())
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window, pane = app.window, app.window.pane
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    row = next(
        r
        for r in session.store.rows(limit=50)
        if r.order_form_count and r.misc_count and not r.cached_count
    )

    server.stop()
    _show_order_form(app, row)
    qtbot.waitUntil(lambda: window.connectivity.state is Connectivity.OFFLINE, timeout=WAIT_MS)
    pane.tabs.setCurrentIndex(CasePane.ATTACHMENTS_TAB)  # its files are asked for now: offline
    bars = [pane.order_form.status, *(tile.status for tile in pane.attachments.tiles)]
    assert len(bars) > 1
    qtbot.waitUntil(lambda: all(b.state is FileState.OFFLINE for b in bars), timeout=WAIT_MS)
    for bar in bars:
        assert not bar.retry_button.isVisibleTo(bar)
        assert bar.offline_note.isVisibleTo(bar)
        assert bar.offline_note.text() == "Retry once the connection is back."

    server.start()  # same port: the engine retries by itself, and the case is shown again
    qtbot.waitUntil(lambda: window.connectivity.state is Connectivity.ONLINE, timeout=WAIT_MS)
    images = [t for t in pane.attachments.tiles if t.is_image]
    assert images
    qtbot.waitUntil(lambda: all(t.has_thumbnail for t in images), timeout=WAIT_MS)
    pane.tabs.setCurrentIndex(CasePane.ORDER_FORM_TAB)
    form = pane.order_form
    qtbot.waitUntil(lambda: form.page_count > 0, timeout=WAIT_MS)
    assert not form.status.offline_note.isVisibleTo(form.status)


def test_a_file_whose_storage_is_out_of_reach_reads_as_offline_and_the_engine_is_asked(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=12)
    # Bound but never listening: storage refuses every connection while the service answers.
    # Moved before signing in, so no download (the prefetch's either) can have got through.
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as nowhere:
        nowhere.bind(("127.0.0.1", 0))
        server.control.move_storage(f"http://127.0.0.1:{nowhere.getsockname()[1]}")
        app = make_app()
        sign_in_via_dialog(qtbot, app, server.base_url)
        window, form = app.window, app.window.pane.order_form
        row = _uncached_case_with_order_form(app)
        syncs_before = _listings(server)

        _show_order_form(app, row)
        # Not "the file is broken": the network is, as when the service cannot be reached
        # (a link fetched before the connection went is how this happens for real).
        qtbot.waitUntil(lambda: form.status.state is FileState.OFFLINE, timeout=WAIT_MS)
        assert form.status.message_label.text() == "File storage cannot be reached"
        assert form.status.retry_button.isVisible()
        # ... and the engine was asked to find out; the service answers, so it stays online.
        qtbot.waitUntil(lambda: _listings(server) > syncs_before, timeout=WAIT_MS)
        engine = app.session.current.engine  # type: ignore[union-attr]
        qtbot.waitUntil(lambda: engine.state is EngineState.ONLINE, timeout=WAIT_MS)
        assert window.connectivity.state is Connectivity.ONLINE

    server.control.move_storage(None)

    # The sync may show the case again, reloading the order form with a link handed out before
    # storage came back: Retry is pressed whenever it is offered, until the form opens.
    def retried() -> bool:
        if form.status.retry_button.isVisible():
            qtbot.mouseClick(form.status.retry_button, Qt.MouseButton.LeftButton)
        return form.page_count > 0

    qtbot.waitUntil(retried, timeout=WAIT_MS)
    assert form.status.state is FileState.READY


def _listings(server: SandboxServer) -> int:
    return sum(1 for r in server.control.requests if r.path == "/unified-cases")


def test_working_offline_an_uncached_case_says_so_and_asks_nothing(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=12)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    app.window.menus.sign_out_action.trigger()
    dialog = current_dialog(qtbot, app)
    assert dialog.extra_button is not None
    qtbot.mouseClick(dialog.extra_button, Qt.MouseButton.LeftButton)  # "Work offline"
    wait_for_rows(qtbot, app, minimum=12)
    window, form = app.window, app.window.pane.order_form
    assert window.connectivity.state is Connectivity.WORKING_OFFLINE
    requests_before = len(server.control.requests)

    row = _uncached_case_with_order_form(app)
    _show_order_form(app, row)
    qtbot.waitUntil(lambda: form.status.state is FileState.OFFLINE, timeout=WAIT_MS)
    stored = app.session.current.store.case(row.ref)  # type: ignore[union-attr]
    assert stored is not None
    assert stored.case.order_form is not None
    name = stored.case.order_form.filename or ""
    with pytest.raises(FileUnavailableError, match="you are working offline"):
        run_async(
            qtbot, app.provider.fetch(row.ref, FileKind.ORDER_FORM, name, None, lambda *_: None)
        )
    # Not "your session has ended", and no sign-in dialog popping up over the window.
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    assert not session.expired
    assert app.dialog is None
    assert window.banner.kind == BannerKind.WORKING_OFFLINE
    assert len(server.control.requests) == requests_before
