"""What online commands share: which service, which account, a signed-in client.

The service comes from ``--base-url`` (or ``SCANINBOX_BASE_URL``), ``--env NAME`` (an address in
the settings) or ``--demo`` (the built-in sandbox, started in this process on a free loopback
port and signed in as the demo user). Credentials come from ``SCANINBOX_EMAIL`` /
``SCANINBOX_PASSWORD``, else are asked for on a terminal.

How an account is opened — targets, sign-in, the e-mail it is filed under, the keyring policy,
resuming — is ``scaninbox.services``' and the window's too; this module only asks on the
terminal and turns failures into exit codes.
"""

from __future__ import annotations

import asyncio
import getpass
import os
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

import httpx

from scaninbox import services
from scaninbox.api import ApiClient, NetworkLimits, Session, make_http_client
from scaninbox.api.errors import SessionExpiredError
from scaninbox.cli.errors import EXIT_AUTH, EXIT_USAGE, CliError
from scaninbox.cli.options import GlobalOptions
from scaninbox.paths import AppPaths, app_paths
from scaninbox.services import Target, TargetError
from scaninbox.settings import Settings, load_settings
from scaninbox.store import Account, last_account

__all__ = [
    "SignedIn",
    "api_client",
    "ask_credentials",
    "forget_session",
    "open_target",
    "run_online",
    "run_signed_in",
    "sign_in",
]

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A signed-in client and the account it is signed in as (which names its local store)."""

    client: ApiClient
    account: Account


@contextmanager
def open_target(options: GlobalOptions, settings: Settings | None = None) -> Iterator[Target]:
    """The chosen service; for ``--demo`` the sandbox runs until the block ends (the demo
    service as the window runs it, `scaninbox.demo_process`).

    ``settings``: when the caller has read them already (they are read once per command)."""
    paths = app_paths()
    if options.is_demo:
        from scaninbox.demo_process import DemoSandbox, DemoSandboxError

        try:
            server = DemoSandbox.launch(paths)
        except DemoSandboxError as exc:
            raise CliError(str(exc)) from None
        try:
            try:
                base_url = server.wait_ready()
            except DemoSandboxError as exc:
                raise CliError(str(exc)) from None
            yield Target(environment=services.DEMO, base_url=base_url, label="Demo")
        finally:
            server.stop()
        return
    try:
        target = services.named_target(
            settings or load_settings(paths),
            paths.settings_file,
            environment=options.target_environment,
            base_url=options.base_url,
        )
    except TargetError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    yield target


def run_online(options: GlobalOptions, work: Callable[[ApiClient], Awaitable[_T]]) -> _T:
    """Run ``work`` with a signed-in client (remembered session, else a fresh sign-in)."""
    return run_signed_in(options, lambda signed_in: work(signed_in.client))


def run_signed_in(
    options: GlobalOptions,
    work: Callable[[SignedIn], Awaitable[_T]],
    *,
    settings: Settings | None = None,
) -> _T:
    """Like ``run_online``, for work that also needs to know the account (its local store)."""
    paths = app_paths()
    settings = settings or load_settings(paths)
    with open_target(options, settings) as target:
        return asyncio.run(_run_signed_in(target, paths, settings, work))


def api_client(http: httpx.AsyncClient, target: Target, settings: Settings) -> ApiClient:
    """A client of ``target`` with the settings' network limits (deadlines, size caps)."""
    return ApiClient(http, _url(target), limits=NetworkLimits.from_settings(settings))


async def _run_signed_in(
    target: Target,
    paths: AppPaths,
    settings: Settings,
    work: Callable[[SignedIn], Awaitable[_T]],
) -> _T:
    async with make_http_client(ca_bundle=target.ca_bundle) as http:
        client = api_client(http, target, settings)
        resumed = services.remembered_session(paths, target, _configured_email())
        if resumed is None:
            account, _session, _remembered = await sign_in(client, target, paths)
            return await work(SignedIn(client, account))
        client.use_session(resumed.token, resumed.expires_at)
        try:
            return await work(SignedIn(client, resumed.account))
        except SessionExpiredError:
            # The remembered session was refused (e.g. signed out elsewhere): sign in afresh.
            services.forget_remembered_session(resumed.account)
            account, _session, _remembered = await sign_in(client, target, paths)
            return await work(SignedIn(client, account))


async def sign_in(
    client: ApiClient, target: Target, paths: AppPaths | None = None
) -> tuple[Account, Session, bool]:
    """Sign in with credentials; returns (account, session, remembered in the keyring).

    The command keeps the password in memory while it runs, so a long download renews the
    session itself; the keyring keeps only the session.
    """
    paths = paths or app_paths()
    email, password = services.demo_login() if target.is_demo else ask_credentials(target)
    signed_in = await services.sign_in(client, target, email, password, keep_credentials=True)
    services.file_account(paths, signed_in)
    remembered = services.keep_session(signed_in.account, signed_in.session, remember=True)
    return signed_in.account, signed_in.session, remembered


def ask_credentials(target: Target) -> tuple[str, str]:
    """E-mail and password from the environment, else asked for on the terminal."""
    email = _configured_email() or ""
    password = os.environ.get("SCANINBOX_PASSWORD", "")
    if email and password:
        return email, password
    if not sys.stdin.isatty():
        raise CliError(
            "No credentials: set SCANINBOX_EMAIL and SCANINBOX_PASSWORD, or run the command "
            "on a terminal to be asked.",
            EXIT_AUTH,
        )
    if not email:
        last = _last_email(target)
        hint = f" [{last}]" if last else ""
        email = input(f"E-mail for {target.base_url}{hint}: ").strip() or (last or "")
    if not password:
        password = getpass.getpass(f"Password for {email}: ")
    if not email or not password:
        raise CliError("Signing in needs an e-mail address and a password.", EXIT_AUTH)
    return email, password


def forget_session(target: Target) -> bool:
    """Forget the remembered session of the configured or last e-mail; True if one was kept."""
    email = _configured_email() or _last_email(target)
    return services.forget_remembered_session(target.account(email)) if email else False


def _url(target: Target) -> str:
    if target.base_url is None:  # named_target and the demo always give one
        raise CliError("Which inbox service? Use --base-url URL.", EXIT_USAGE)
    return target.base_url


def _configured_email() -> str | None:
    return os.environ.get("SCANINBOX_EMAIL", "").strip() or None


def _last_email(target: Target) -> str | None:
    account = last_account(app_paths(), environment=target.environment, base_url=_url(target))
    return account.email if account is not None else None
