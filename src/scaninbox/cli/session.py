"""What online commands share: which service, which account, a signed-in client.

The service comes from ``--base-url`` (or ``SCANINBOX_BASE_URL``), ``--env NAME`` (an address in
the settings) or ``--demo`` (the built-in sandbox, started in this process on a free loopback
port and signed in as the demo user). Credentials come from ``SCANINBOX_EMAIL`` /
``SCANINBOX_PASSWORD``, else are asked for on a terminal.

Sign-in memory has one home each: the session token in the OS keyring (``scaninbox.credentials``;
in memory only when there is none), and which account signed in where in the account index
(``scaninbox.store.accounts``), which also finds the account's local store. So a later command
finds the remembered session without asking, and ``--offline`` finds the store.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import logging
import os
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import httpx

from scaninbox import credentials
from scaninbox.api import ApiClient, Session, check_base_url, make_http_client
from scaninbox.api.errors import SessionExpiredError
from scaninbox.api.limits import NetworkLimits
from scaninbox.cli.errors import EXIT_AUTH, EXIT_USAGE, CliError
from scaninbox.paths import app_paths, ensure_private_dir
from scaninbox.settings import load_settings
from scaninbox.store.accounts import (
    CUSTOM_ENVIRONMENT,
    DEMO_ENVIRONMENT,
    Account,
    last_account,
    remember_account,
)

__all__ = [
    "SignedIn",
    "Target",
    "api_client",
    "ask_credentials",
    "environment_of",
    "forget_session",
    "open_target",
    "run_online",
    "run_signed_in",
    "sign_in",
]

_log = logging.getLogger(__name__)
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Target:
    """The service a command talks to. ``demo_login`` is set for the built-in sandbox."""

    base_url: str
    environment: str = CUSTOM_ENVIRONMENT
    ca_bundle: Path | None = None
    demo_login: tuple[str, str] | None = None

    @property
    def remembers_sessions(self) -> bool:
        # The demo sandbox gets a new port and a new signing key each start.
        return self.demo_login is None

    def account(self, email: str) -> Account:
        return Account(self.environment, self.base_url, email)


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A signed-in client and the account it is signed in as (which names its local store)."""

    client: ApiClient
    account: Account


def environment_of(args: argparse.Namespace) -> str | None:
    """The environment the command line names: demo, a settings name, custom, or none."""
    if getattr(args, "demo", False):
        return DEMO_ENVIRONMENT
    if getattr(args, "environment", None):
        return str(args.environment)
    return CUSTOM_ENVIRONMENT if getattr(args, "base_url", None) else None


@contextmanager
def open_target(args: argparse.Namespace) -> Iterator[Target]:
    """The chosen service; for ``--demo`` the sandbox runs until the block ends."""
    environment = environment_of(args)
    if environment == DEMO_ENVIRONMENT:
        from scaninbox.sandbox import DEMO_ACCOUNT, SandboxConfig, SandboxServer

        config = SandboxConfig(
            host="127.0.0.1", port=0, cache_dir=ensure_private_dir(app_paths().sandbox_cache_dir)
        )
        with SandboxServer(config) as server:
            login = (DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
            yield Target(server.base_url, DEMO_ENVIRONMENT, None, login)
        return
    settings = load_settings(app_paths())
    if environment is None:
        raise CliError(
            "Which inbox service? Use --base-url URL (or SCANINBOX_BASE_URL), --env NAME, "
            "or --demo for the built-in demo.",
            EXIT_USAGE,
        )
    if environment == CUSTOM_ENVIRONMENT:
        url = str(args.base_url)
    else:
        named = settings.environment(environment)
        if named.base_url is None:
            raise CliError(
                f"The {named.label} environment has no address yet: set "
                f"environments.{environment}.base_url in {app_paths().settings_file} "
                f"or SCANINBOX_{environment.upper()}_URL.",
                EXIT_USAGE,
            )
        url = named.base_url
    yield Target(check_base_url(url), environment, settings.ca_bundle)


def run_online(args: argparse.Namespace, work: Callable[[ApiClient], Awaitable[_T]]) -> _T:
    """Run ``work`` with a signed-in client (remembered session, else a fresh sign-in)."""
    return run_signed_in(args, lambda signed_in: work(signed_in.client))


def run_signed_in(args: argparse.Namespace, work: Callable[[SignedIn], Awaitable[_T]]) -> _T:
    """Like ``run_online``, for work that also needs to know the account (its local store)."""
    with open_target(args) as target:
        return asyncio.run(_run_signed_in(target, work))


async def _run_signed_in(target: Target, work: Callable[[SignedIn], Awaitable[_T]]) -> _T:
    async with make_http_client(ca_bundle=target.ca_bundle) as http:
        client = api_client(http, target)
        resumed = _resume_session(client, target)
        if resumed is None:
            email, _session, _remembered = await sign_in(client, target)
            return await work(SignedIn(client, target.account(email)))
        try:
            return await work(SignedIn(client, target.account(resumed)))
        except SessionExpiredError:
            # The remembered session was refused (e.g. signed out elsewhere): sign in afresh.
            credentials.forget_session(target.base_url, resumed)
            email, _session, _remembered = await sign_in(client, target)
            return await work(SignedIn(client, target.account(email)))


def api_client(http: httpx.AsyncClient, target: Target) -> ApiClient:
    """A client of ``target`` with the settings' network limits (deadlines, size caps)."""
    return ApiClient(
        http, target.base_url, limits=NetworkLimits.from_settings(load_settings(app_paths()))
    )


async def sign_in(client: ApiClient, target: Target) -> tuple[str, Session, bool]:
    """Sign in with credentials; returns (e-mail, session, remembered in the keyring)."""
    email, password = target.demo_login or ask_credentials(target)
    session = await client.login(email, password, keep_credentials=True)
    try:
        remember_account(app_paths(), target.account(email))
    except OSError as exc:  # remembering the account is a convenience, not a requirement
        _log.info("could not remember the last account: %s", exc)
    if not target.remembers_sessions:
        return email, session, False
    remembered = credentials.remember_session(
        target.base_url, email, session.token, session.expires_at
    )
    return email, session, remembered


def ask_credentials(target: Target) -> tuple[str, str]:
    """E-mail and password from the environment, else asked for on the terminal."""
    email = os.environ.get("SCANINBOX_EMAIL", "").strip()
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
    email = _configured_or_last_email(target)
    return credentials.forget_session(target.base_url, email) if email else False


def _resume_session(client: ApiClient, target: Target) -> str | None:
    """Continue a remembered session on ``client``; its e-mail, or None when there is none."""
    if not target.remembers_sessions:
        return None
    email = _configured_or_last_email(target)
    found = credentials.remembered_session(target.base_url, email) if email else None
    if email is None or found is None:
        return None
    token, expires_at = found
    client.use_session(token, expires_at)
    return email


def _configured_or_last_email(target: Target) -> str | None:
    return os.environ.get("SCANINBOX_EMAIL", "").strip() or _last_email(target)


def _last_email(target: Target) -> str | None:
    account = last_account(app_paths(), environment=target.environment, base_url=target.base_url)
    return account.email if account is not None else None
