"""Fixtures for the app shell: the whole application controller over a real sandbox.

- ``make_app(**options)``: an ``AppController`` (window shown, 3D viewer off, no tray) with
  fast retries and a sync interval long enough that only the test triggers syncs. It is shut
  down (engine stopped, store closed) at the end of the test.
- ``sign_in_via_dialog(qtbot, app, base_url, …)``: fills the sign-in dialog like a person
  (Custom URL, e-mail, password) and waits until the inbox shows cases.
- ``free_port()``: a loopback port nobody listens on (for "server stopped / back" tests).
"""

from __future__ import annotations

import gc
import socket
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scaninbox.api import RetryPolicy
from scaninbox.qt.look.theme import Theme, apply_theme
from scaninbox.qt.shell.app_controller import AppController, GuiOptions
from scaninbox.qt.shell.main_window import MainWindow
from scaninbox.qt.signin import SignInDialog
from scaninbox.sandbox import DEMO_ACCOUNT
from scaninbox.store import SyncOptions
from tests.keyrings import MemoryKeyring
from tests.qt.gui_collection import collect_only_on_the_gui_thread
from tests.qt.timeouts import EXPOSED_MS

FAST_RETRY = RetryPolicy(attempts=2, base_delay_s=0.01, max_delay_s=0.02)
TEST_SYNC = SyncOptions(interval_s=600, prefetch_days=0, offline_retry_min_s=0.05)
WAIT_MS = 15_000


@pytest.fixture(scope="package", autouse=True)
def _collect_only_on_the_gui_thread(qapp: QApplication) -> Iterator[None]:
    """No collection on worker threads while these tests run (see `tests/qt/gui_collection.py`)."""
    yield from collect_only_on_the_gui_thread(qapp)


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread() -> Iterator[None]:
    """Collect garbage before and after each test, on the GUI thread.

    A finished test leaves Qt objects in reference cycles (qasync's loop timer, models); if a
    collection happened to run on a worker thread during a later test, Qt would warn that their
    timers cannot be stopped from another thread. Collecting here destroys them where they live.
    """
    gc.collect()
    yield
    gc.collect()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def make_app(
    qtbot: QtBot, qt_loop: Any, qapp: QApplication
) -> Iterator[Callable[..., AppController]]:
    started: list[AppController] = []
    # The app's own look (palette and stylesheet), undone afterwards for other Qt tests.
    palette, style_sheet, style = qapp.palette(), qapp.styleSheet(), qapp.style().name()
    apply_theme(qapp, Theme.LIGHT)

    def make(*, start: bool = True, **options: Any) -> AppController:
        options.setdefault("load_viewer", False)
        options.setdefault("use_tray", False)
        controller = AppController(GuiOptions(**options), sync_options=TEST_SYNC, retry=FAST_RETRY)
        started.append(controller)
        if start:
            controller.start()
            qtbot.waitUntil(lambda: controller.session is not None, timeout=WAIT_MS)
        return controller

    yield make
    for controller in started:
        shut_down(qtbot, controller)
        _SHUT_DOWN.discard(id(controller))
    qapp.setStyleSheet(style_sheet)
    qapp.setPalette(palette)
    qapp.setStyle(style)


_SHUT_DOWN: set[int] = set()


def shut_down(qtbot: QtBot, controller: AppController) -> None:
    """Quit as the person would (File › Quit) and wait until everything is closed."""
    if id(controller) in _SHUT_DOWN:
        return
    _SHUT_DOWN.add(id(controller))
    with qtbot.waitSignal(controller.finished, timeout=WAIT_MS):
        controller.quit()
    controller.window.close()
    controller.window.deleteLater()


def current_dialog(qtbot: QtBot, app: AppController) -> SignInDialog:
    qtbot.waitUntil(lambda: app.dialog is not None and app.dialog.isVisible(), timeout=WAIT_MS)
    assert app.dialog is not None
    return app.dialog


def fill_dialog(
    qtbot: QtBot, dialog: SignInDialog, base_url: str, email: str, password: str
) -> None:
    index = dialog.service_combo.findData("custom")
    dialog.service_combo.setCurrentIndex(index)
    dialog.url_edit.clear()
    qtbot.keyClicks(dialog.url_edit, base_url)
    dialog.email_edit.clear()
    qtbot.keyClicks(dialog.email_edit, email)
    dialog.password_edit.clear()
    qtbot.keyClicks(dialog.password_edit, password)


def sign_in_via_dialog(
    qtbot: QtBot,
    app: AppController,
    base_url: str,
    *,
    email: str = DEMO_ACCOUNT.email,
    password: str = DEMO_ACCOUNT.password,
    remember: bool = False,
) -> None:
    dialog = current_dialog(qtbot, app)
    fill_dialog(qtbot, dialog, base_url, email, password)
    if dialog.remember_box.isEnabled():
        dialog.remember_box.setChecked(remember)
    qtbot.mouseClick(dialog.sign_in_button, Qt.MouseButton.LeftButton)
    wait_for_rows(qtbot, app)
    activate(qtbot, app)


def activate(qtbot: QtBot, app: AppController) -> None:
    """Make the window active, as a click on it would (shortcuts need an active window)."""
    app.window.activateWindow()
    qtbot.waitUntil(app.window.isActiveWindow, timeout=WAIT_MS)


def show_window(qtbot: QtBot, app: AppController) -> MainWindow:
    """The app's window, shown and exposed."""
    app.window.show()
    qtbot.waitExposed(app.window, timeout=EXPOSED_MS)
    return app.window


def wait_for_rows(qtbot: QtBot, app: AppController, minimum: int = 1) -> None:
    model = app.window.inbox.model
    qtbot.waitUntil(
        lambda: model.rowCount() >= minimum and app.dialog is None and not model.busy,
        timeout=WAIT_MS,
    )


def run_async(qtbot: QtBot, coro: Any, *, timeout_ms: int = WAIT_MS) -> Any:
    """Run ``coro`` on the test's qasync loop and return its result (Qt keeps running)."""
    from scaninbox.qt.runtime import async_bridge

    async def outcome() -> tuple[bool, Any]:
        # Caught here so an expected failure reaches the test, not the bridge's reporter.
        try:
            return True, await coro
        except Exception as exc:
            return False, exc

    task = async_bridge.run(outcome(), name="test")
    qtbot.waitUntil(task.done, timeout=timeout_ms)
    ok, value = task.result()
    if not ok:
        raise value
    return value


class Synced:
    """A signed-in engine over a real store in a temporary folder (no window)."""

    def __init__(self, qtbot: QtBot, base_url: str, folder: Any) -> None:
        from scaninbox.api import ApiClient, make_http_client
        from scaninbox.store import CaseStore, FileCache, SyncEngine

        self.qtbot = qtbot
        self.http = make_http_client(timeout_s=10)
        self.client = ApiClient(self.http, base_url, retry=FAST_RETRY)
        run_async(qtbot, self.client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password))
        self.store = CaseStore.open(folder)
        self.cache = FileCache.open(self.store)
        self.engine = SyncEngine(self.client, self.store, self.cache, TEST_SYNC)

    def sync(self) -> Any:
        return run_async(self.qtbot, self.engine.sync_now())

    def close(self) -> None:
        run_async(self.qtbot, self.engine.stop())
        run_async(self.qtbot, self.http.aclose())
        self.cache.close()
        self.store.close()


@pytest.fixture
def synced(qtbot: QtBot, qt_loop: Any, sandbox: Any, tmp_path: Any) -> Iterator[Synced]:
    """The shared sandbox's cases synced into a fresh store."""
    found = Synced(qtbot, sandbox.base_url, tmp_path / "account")
    found.sync()
    yield found
    found.close()


@pytest.fixture
def memory_keyring() -> Iterator[Any]:
    import keyring

    backend = MemoryKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)
