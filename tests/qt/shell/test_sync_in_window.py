"""Background sync in the window: new cases, the offline banner, a session that ends."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from pytestqt.qtbot import QtBot

from scaninbox.domain import FileKind
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.files import FileUnavailableError
from scaninbox.qt.inbox import Column, FilterState
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.status import BannerKind
from scaninbox.sandbox import DEMO_ACCOUNT, SandboxServer
from scaninbox.store import EngineState
from scaninbox.store.offline import is_small
from tests.qt.shell.conftest import WAIT_MS, free_port, run_async, sign_in_via_dialog


def engine_state(app: AppController) -> EngineState | None:
    current = app.session.current if app.session is not None else None
    return current.engine.state if current is not None else None


def test_new_cases_arrive_bold_counted_and_announced(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=12)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window, view, model = app.window, app.window.inbox.view, app.window.inbox.model
    qtbot.waitUntil(lambda: window.windowTitle() == "12 unread", timeout=WAIT_MS)
    picked = model.ref_at(4)
    view.select_ref(picked)
    qtbot.waitUntil(lambda: window.windowTitle() == "11 unread", timeout=WAIT_MS)

    added = server.control.add_case()
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: model.rowCount() == 13, timeout=WAIT_MS)
    position = next(i for i in range(13) if str(model.ref_at(i)) == added)
    font = model.data(model.index(position, Column.PATIENT), Qt.ItemDataRole.FontRole)
    assert isinstance(font, QFont)
    assert font.bold()
    qtbot.waitUntil(lambda: window.windowTitle() == "12 unread", timeout=WAIT_MS)
    assert window.notifier.last is not None
    assert window.notifier.last[0] == "1 case arrived"
    assert window.notifier.via == "status bar"  # Xvfb has no system tray
    assert window.message_text.startswith("1 case arrived: ")
    # The person's place is kept: the same case stays selected and shown.
    assert view.selected_ref == picked
    assert window.pane.case is not None
    assert window.pane.case.ref == picked
    assert window.sync_status.last_sync_label.text().startswith("Synced ")


def test_offline_banner_cached_files_and_coming_back(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    screenshot: Callable[..., Path],
) -> None:
    server = make_sandbox(cases=12, port=free_port())
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window, model, view = app.window, app.window.inbox.model, app.window.inbox.view
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    kept = next(r for r in session.store.rows(limit=20) if r.order_form_count and r.scan_count)
    # Order forms and previews of every case come with the sync (issue 8); the full scans of a
    # case outside the prefetch window (7 days) do not, unless it is pinned.
    weeks_ago = datetime.now(UTC) - timedelta(days=20)
    other = next(
        r
        for r in session.store.rows(limit=20)
        if r.scan_count and r.ref != kept.ref and r.received_at and r.received_at < weeks_ago
    )
    window.cases.set_pinned(kept.ref, True)
    qtbot.waitUntil(lambda: session.store.row(kept.ref).fully_cached, timeout=WAIT_MS)  # type: ignore[union-attr]
    position = model.position_of(kept.ref)
    assert position is not None
    qtbot.waitUntil(
        lambda: (
            model.data(model.index(position, Column.OFFLINE), Qt.ItemDataRole.AccessibleTextRole)
            == "Kept available offline; every file is on this computer"
        ),
        timeout=WAIT_MS,
    )
    assert not window.banner.isVisible()

    server.stop()
    window.sync_now()
    qtbot.waitUntil(lambda: window.banner.kind == BannerKind.OFFLINE, timeout=WAIT_MS)
    assert window.banner.isVisible()
    assert window.banner.text.startswith("Offline — showing cases as of ")
    assert window.sync_status.state_text == "Offline"
    screenshot(window, "shell-offline-banner")

    # Cached details and files still work; a file never downloaded says so plainly.
    view.select_ref(kept.ref)
    assert window.pane.case is not None
    assert window.pane.case.ref == kept.ref
    stored = session.store.case(kept.ref)
    assert stored is not None
    assert stored.case.order_form is not None
    form = stored.case.order_form.filename or ""
    assert app.provider.cached_path(kept.ref, FileKind.ORDER_FORM, form, None) is not None
    view.select_ref(other.ref)
    other_stored = session.store.case(other.ref)
    assert other_stored is not None
    scan = next(
        f.spec
        for f in other_stored.files
        if f.spec.kind is FileKind.SCAN and not is_small(f.spec) and not f.cached
    )
    with pytest.raises(FileUnavailableError, match="Not available offline"):
        run_async(
            qtbot,
            app.provider.fetch(
                other.ref, FileKind.SCAN, scan.name, scan.file_type, lambda *_: None
            ),
        )

    server.start()  # same port, same data: the engine retries by itself
    qtbot.waitUntil(lambda: not window.banner.isVisible(), timeout=WAIT_MS)
    # The banner goes with the first answer (a page of the sync); the sync then ends online.
    qtbot.waitUntil(lambda: engine_state(app) is EngineState.ONLINE, timeout=WAIT_MS)
    assert window.sync_status.state_text == "Online"


def test_an_ended_session_asks_to_sign_in_over_the_window_and_keeps_everything(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    screenshot: Callable[..., Path],
) -> None:
    server = make_sandbox(cases=60)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window, view, model = app.window, app.window.inbox.view, app.window.inbox.model
    window.inbox.set_filter_state(FilterState(statuses=frozenset({"new", "accepted"})))
    qtbot.waitUntil(lambda: not model.busy, timeout=WAIT_MS)
    picked = model.ref_at(model.rowCount() - 3)
    view.select_ref(picked)
    view.scrollToBottom()
    scrolled = view.verticalScrollBar().value()
    assert scrolled > 0
    window.pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)

    server.control.expire_tokens()
    window.sync_now()
    qtbot.waitUntil(lambda: app.dialog is not None and app.dialog.isVisible(), timeout=WAIT_MS)
    dialog = app.dialog
    assert dialog is not None
    assert dialog.parent() is window
    assert dialog.windowModality() == Qt.WindowModality.WindowModal
    assert dialog.email_edit.text() == DEMO_ACCOUNT.email
    assert dialog.email_edit.isReadOnly()
    assert dialog.windowTitle() == "Sign in again"
    assert window.banner.kind == BannerKind.SIGNED_OUT
    screenshot(window, "shell-session-ended")
    screenshot(dialog, "shell-sign-in-again")

    def kept() -> None:
        assert view.selected_ref == picked
        assert window.pane.case is not None
        assert window.pane.case.ref == picked
        assert model.filter_state.statuses == {"new", "accepted"}
        assert window.inbox.filters.status_button.selected == {"new", "accepted"}
        assert view.verticalScrollBar().value() == scrolled
        assert window.pane.tabs.currentIndex() == CasePane.PRESCRIPTION_TAB

    kept()
    seen_before = len(server.control.requests)
    qtbot.keyClicks(dialog.password_edit, DEMO_ACCOUNT.password)
    qtbot.mouseClick(dialog.sign_in_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: app.dialog is None or dialog.error_label.text() != "", timeout=WAIT_MS)
    assert app.dialog is None, dialog.error_label.text()
    qtbot.waitUntil(
        lambda: any(
            r.path == "/unified-cases" and r.status == 200
            for r in server.control.requests[seen_before:]
        ),
        timeout=WAIT_MS,
    )
    qtbot.waitUntil(lambda: engine_state(app) is EngineState.ONLINE, timeout=WAIT_MS)
    assert not window.banner.isVisible()
    kept()


def test_opening_a_case_refreshes_it_from_the_service_without_moving_the_list(
    qtbot: QtBot, make_app: Callable[..., AppController], make_sandbox: Callable[..., SandboxServer]
) -> None:
    server = make_sandbox(cases=12)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window, model = app.window, app.window.inbox.model
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    row = next(r for r in session.store.rows(limit=12) if r.status == "new")
    position = model.position_of(row.ref)
    assert position is not None
    server.control.set_status(str(row.ref), "accepted")  # changed on the server only
    window.inbox.view.select_ref(row.ref)
    assert window.pane.header.status_badge.text() == "New"  # the stored copy, at once
    qtbot.waitUntil(lambda: window.pane.header.status_badge.text() == "Accepted", timeout=WAIT_MS)
    status = model.index(position, Column.STATUS)
    qtbot.waitUntil(lambda: model.data(status) == "Accepted", timeout=WAIT_MS)
    assert model.position_of(row.ref) == position  # the list did not move
    assert window.inbox.view.selected_ref == row.ref


def test_the_demo_starts_its_sandbox_signs_in_and_says_so(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = make_app(demo=True)
    model = app.window.inbox.model
    qtbot.waitUntil(lambda: model.rowCount() > 0 and not model.busy, timeout=60_000)
    qtbot.waitUntil(lambda: app.window.windowTitle().startswith("Demo — "))
    current = app.session.current  # type: ignore[union-attr]
    assert current is not None
    assert current.demo
    assert current.account.environment == "demo"
    assert current.account.base_url.startswith("http://127.0.0.1:")
    assert app.dialog is None
    assert app.window.menus.account_label.text().endswith("— Demo")
