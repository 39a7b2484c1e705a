"""Who is signed in, and everything that lives as long as that: client, store, cache, engine.

``SessionController`` opens an account in one of three ways and closes it in two:

- ``sign_in(target, email, password, remember=…)``: a fresh sign-in (the dialog). For the demo
  target the sandbox runs first, in a child process of its own on a free loopback port
  (`scaninbox.demo_process`).
- ``open_remembered()``: offline-first start. The last account's store opens at once with the
  session remembered in the keyring; the engine then contacts the service in the background
  (an unreachable service makes it "offline", the cases still show).
- ``open_offline(account)``: the store only, signed out (``--offline``, "Work offline").
- ``sign_out(remove_data=…)``: stop the engine, close the cache and the store, forget the
  remembered session (and, with ``remove_data``, delete the account's database and files).
- ``shutdown()``: the same without forgetting anything (quitting).

A session that ends mid-work (the engine reports ``signed_out``, or any call raised
``SessionExpiredError``) emits ``expired(email)`` once; ``reauthenticate(password)`` signs in
again on the same client, so the engine, store, window and everything the person had open stay
as they were, and the engine resumes. The password is used for that one request and not kept:
an 8-hour session ending asks for it again (the demo keeps its public credentials).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
from PySide6.QtCore import QObject, Signal

from scaninbox import services
from scaninbox.api import ApiClient, NetworkLimits, RetryPolicy, Session, make_http_client
from scaninbox.api.errors import SessionExpiredError
from scaninbox.language import translate
from scaninbox.paths import AppPaths, app_paths
from scaninbox.qt.account.file_provider import StoreFileProvider
from scaninbox.qt.account.sync_signals import SyncSignals
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.runtime.startup_trace import trace
from scaninbox.services import RememberedSession, Target
from scaninbox.settings import Settings
from scaninbox.store import (
    Account,
    CaseStore,
    EngineState,
    FileCache,
    SyncEngine,
    SyncOptions,
    account_folder,
    remember_account,
    remove_local_data,
)

if TYPE_CHECKING:
    from scaninbox.demo_process import DemoSandbox

__all__ = ["AccountSession", "SessionController"]

_log = logging.getLogger(__name__)


@dataclass(eq=False, slots=True)
class AccountSession:
    """The open account and what belongs to it."""

    account: Account
    store: CaseStore
    cache: FileCache
    engine: SyncEngine
    client: ApiClient
    http: httpx.AsyncClient
    signals: SyncSignals
    demo: bool = False
    remember: bool = False
    expired: bool = field(default=False)

    @property
    def signed_in(self) -> bool:
        return self.client.session is not None and not self.expired


class SessionController(QObject):
    """Opens and closes accounts (see the module docstring). One account at a time.

    Signals: ``opened(AccountSession)``, ``closing(AccountSession)`` (before the store closes:
    let go of it), ``expired(str email)``, ``demoStopped(str message)`` (the demo service's
    process ended unasked; the message is plain words).
    """

    opened = Signal(object)
    closing = Signal(object)
    expired = Signal(str)
    demoStopped = Signal(str)

    def __init__(
        self,
        settings: Settings,
        provider: StoreFileProvider,
        *,
        paths: AppPaths | None = None,
        sync_options: SyncOptions | None = None,
        retry: RetryPolicy | None = None,
        demo_sandbox: DemoSandbox | None = None,
        parent: QObject | None = None,
    ) -> None:
        """``demo_sandbox``: the demo service when the app launched it already (it is stopped
        with the session's `shutdown`)."""
        super().__init__(parent)
        self.settings = settings
        self._retry = retry
        self._limits = NetworkLimits.from_settings(settings)
        self.paths = paths or app_paths()
        self.provider = provider
        self._sync_options = sync_options or SyncOptions.from_settings(settings)
        self._current: AccountSession | None = None
        self._sandbox: DemoSandbox | None = None
        if demo_sandbox is not None:
            self._adopt(demo_sandbox)
        self._lock = asyncio.Lock()

    @property
    def current(self) -> AccountSession | None:
        return self._current

    @property
    def sandbox_url(self) -> str | None:
        server = self._sandbox
        return server.base_url if server is not None else None

    @property
    def demo_sandbox(self) -> DemoSandbox | None:
        """The demo service's process, once the demo was asked for."""
        return self._sandbox

    # ------------------------------------------------------------------ opening

    async def sign_in(
        self, target: Target, email: str, password: str, *, remember: bool
    ) -> AccountSession:
        """Sign in and open the account (closing the one open before). Raises ``ApiError``,
        ``StoreError`` or ``OSError`` with a plain message; nothing is left open then.

        The account is filed under the e-mail the service's ``/me`` returns (``services``)."""
        async with self._lock:
            if target.is_demo:
                target, email, password = await self._start_demo(target)
            if not target.base_url:
                raise ValueError(
                    translate("SessionController", "Enter the address of the inbox service.")
                )
            http = await _http_client(target.ca_bundle)
            try:
                client = ApiClient(http, target.base_url, retry=self._retry, limits=self._limits)
                # The window keeps no password: an ended session asks for it again (the demo
                # keeps its public one).
                signed_in = await services.sign_in(
                    client, target, email, password, keep_credentials=target.is_demo
                )
                trace("signed-in")
                await self._close_current(forget=False)
                await asyncio.to_thread(
                    services.adopt_typed_email_data,
                    self.paths,
                    signed_in.account,
                    signed_in.typed_email,
                )
                opened = await self._open(signed_in.account, client, http, demo=target.is_demo)
            except BaseException:
                await http.aclose()
                raise
            opened.remember = remember and not target.is_demo
            await asyncio.to_thread(self._keep_session, opened, signed_in.session)
            opened.engine.start()
            return opened

    async def open_remembered(self) -> AccountSession | None:
        """Open the last account with its remembered session; None when there is none."""
        async with self._lock:
            found = await asyncio.to_thread(self._remembered)
            if found is None:
                return None
            account = found.account
            http = await _http_client(self.settings.ca_bundle)
            try:
                client = ApiClient(http, account.base_url, retry=self._retry, limits=self._limits)
                client.use_session(found.token, found.expires_at)
                opened = await self._open(account, client, http, demo=False)
            except BaseException:
                await http.aclose()
                raise
            opened.remember = True
            opened.engine.start()
            return opened

    async def open_offline(self, account: Account) -> AccountSession:
        """Open ``account``'s store without a session (the engine stays stopped)."""
        async with self._lock:
            await self._close_current(forget=False)
            http = await _http_client(self.settings.ca_bundle)
            try:
                client = ApiClient(http, account.base_url, retry=self._retry, limits=self._limits)
                return await self._open(account, client, http, demo=False)
            except BaseException:
                await http.aclose()
                raise

    def last_account(self) -> Account | None:
        """The most recently used account with local data (the demo's address is stale)."""
        return services.last_local_account(self.paths)

    # ------------------------------------------------------------------ the session ending

    def report_error(self, error: BaseException) -> bool:
        """Let the controller see a failure; True when it meant the session has ended."""
        if isinstance(error, SessionExpiredError):
            self._on_expired()
            return True
        return False

    async def reauthenticate(self, password: str) -> None:
        """Sign in again as the open account on the same client; the engine resumes."""
        current = self._current
        if current is None:
            raise RuntimeError("no account is open")
        client = current.client
        session = await client.login(current.account.email, password, keep_credentials=current.demo)
        me = await client.me()
        if me.email.casefold() != current.account.email.casefold():
            client.sign_out()
            raise ValueError(
                translate(
                    "SessionController",
                    "That password signed in {signed_in}, not {account}. Sign out first to "
                    "change accounts.",
                ).format(signed_in=me.email, account=current.account.email)
            )
        current.expired = False
        await asyncio.to_thread(self._keep_session, current, session)
        if current.engine.state is EngineState.STOPPED:
            current.engine.start()
        else:
            current.engine.resume()

    # ------------------------------------------------------------------ closing

    async def sign_out(self, *, remove_data: bool = False) -> int:
        """Close the open account and forget its session; returns bytes of local data removed."""
        async with self._lock:
            current = self._current
            if current is None:
                return 0
            await self._close_current(forget=True)
            if remove_data:
                return await asyncio.to_thread(remove_local_data, self.paths, current.account)
            return 0

    async def shutdown(self) -> None:
        """Close everything (the app quits); remembered sessions stay remembered."""
        async with self._lock:
            await self._close_current(forget=False)
            server, self._sandbox = self._sandbox, None
            if server is not None:
                await asyncio.to_thread(server.stop)

    # ------------------------------------------------------------------ internals

    async def _open(
        self, account: Account, client: ApiClient, http: httpx.AsyncClient, *, demo: bool
    ) -> AccountSession:
        folder = account_folder(self.paths, account)
        store = await asyncio.to_thread(CaseStore.open, folder)
        try:
            cache = await asyncio.to_thread(
                FileCache.open, store, limit_bytes=self.settings.cache_limit_bytes
            )
            await asyncio.to_thread(remember_account, self.paths, account)
        except BaseException:
            store.close()
            raise
        engine = SyncEngine(client, store, cache, self._sync_options)
        signals = SyncSignals(self)
        engine.add_listener(signals.listener)
        signals.stateChanged.connect(self._on_state)
        opened = AccountSession(account, store, cache, engine, client, http, signals, demo=demo)
        self._current = opened
        self.provider.set_engine(engine)
        self.opened.emit(opened)
        return opened

    async def _close_current(self, *, forget: bool) -> None:
        current, self._current = self._current, None
        if current is None:
            return
        self.closing.emit(current)
        self.provider.set_engine(None)
        try:
            await current.engine.stop()
        finally:
            current.engine.remove_listener(current.signals.listener)
            current.client.sign_out()
            if forget:
                await asyncio.to_thread(services.forget_remembered_session, current.account)
            current.cache.close()
            current.store.close()
            await current.http.aclose()
            current.signals.deleteLater()

    async def _start_demo(self, target: Target) -> tuple[Target, str, str]:
        from scaninbox.demo_process import DemoSandbox

        if self._sandbox is None:
            self._adopt(DemoSandbox.launch(self.paths))
        server = self._sandbox
        assert server is not None
        try:
            base_url = await asyncio.to_thread(server.wait_ready)
            trace("demo-listening")
        except BaseException:
            # Not started (or no longer awaited): the next demo sign-in starts a new one.
            self._sandbox = None
            await asyncio.to_thread(server.stop)
            raise
        email, password = services.demo_login()
        return target.at(base_url), email, password

    def _adopt(self, server: DemoSandbox) -> None:
        self._sandbox = server
        # Called from the process's reader thread: it must not emit there (a Qt emit from a
        # worker can deadlock with the GUI thread; docs/architecture.md, "Threads"), so the
        # loop brings the message to the GUI thread first.
        server.watch_exit(async_bridge.gui_callback(self.demoStopped.emit))

    def _remembered(self) -> RememberedSession | None:
        account = self.last_account()
        return services.remembered_session_of(account) if account is not None else None

    @staticmethod
    def _keep_session(opened: AccountSession, session: Session) -> None:
        if not opened.demo:  # the demo sandbox signs with a new key every start
            services.keep_session(opened.account, session, remember=opened.remember)

    def _on_state(self, state: EngineState, _detail: str) -> None:
        if state is EngineState.SIGNED_OUT:
            self._on_expired()

    def _on_expired(self) -> None:
        current = self._current
        if current is None or current.expired:
            return
        current.expired = True
        _log.info("the session of %s ended", current.account.environment)
        self.expired.emit(current.account.email)


async def _http_client(ca_bundle: Path | None) -> httpx.AsyncClient:
    """`make_http_client` on a worker thread: reading the certificate stores takes a noticeable time
    (benchmarks/README.md), most of it in OpenSSL, which lets other Python threads run (at start-up:
    the 3D import)."""
    return await asyncio.to_thread(make_http_client, ca_bundle=ca_bundle)
