"""What online commands share: which service, which account, a signed-in client.

The service comes from ``--base-url`` (or ``SCANINBOX_BASE_URL``), ``--env NAME`` (an address in
the settings) or ``--demo`` (the built-in sandbox, started in this process on a free loopback
port and signed in as the demo user). Credentials come from ``SCANINBOX_EMAIL`` /
``SCANINBOX_PASSWORD``, else are asked for on a terminal. A session is remembered in the OS keyring
(service ``scaninbox``, one entry per service address and e-mail) when the system has one, and
only in memory otherwise: the token never goes into a plain file. The last e-mail used per
address is kept (not secret) so a remembered session can be found without asking.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import logging
import os
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from scaninbox.api import ApiClient, Session, check_base_url, make_http_client
from scaninbox.api.errors import SessionExpiredError
from scaninbox.cli.errors import EXIT_AUTH, EXIT_USAGE, CliError
from scaninbox.paths import app_paths, ensure_private_dir
from scaninbox.settings import load_settings

__all__ = [
    "KEYRING_SERVICE",
    "Target",
    "credentials",
    "open_target",
    "remembered_session",
    "run_online",
    "sign_in",
]

KEYRING_SERVICE = "scaninbox"
_MIN_REMAINING_S = 120.0
_log = logging.getLogger(__name__)
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Target:
    """The service a command talks to. ``demo_login`` is set for the built-in sandbox."""

    base_url: str
    ca_bundle: Path | None = None
    demo_login: tuple[str, str] | None = None

    @property
    def remembers_sessions(self) -> bool:
        # The demo sandbox gets a new port and a new signing key each start.
        return self.demo_login is None


@contextmanager
def open_target(args: argparse.Namespace) -> Iterator[Target]:
    """The chosen service; for ``--demo`` the sandbox runs until the block ends."""
    if getattr(args, "demo", False):
        from scaninbox.sandbox import DEMO_ACCOUNT, SandboxConfig, SandboxServer

        config = SandboxConfig(host="127.0.0.1", port=0, cache_dir=app_paths().sandbox_cache_dir)
        with SandboxServer(config) as server:
            yield Target(server.base_url, None, (DEMO_ACCOUNT.email, DEMO_ACCOUNT.password))
        return
    settings = load_settings(app_paths())
    name = getattr(args, "environment", None)
    if name:
        environment = settings.environment(name)
        if environment.base_url is None:
            raise CliError(
                f"The {environment.label} environment has no address yet: set "
                f"environments.{name}.base_url in {app_paths().settings_file} "
                f"or SCANINBOX_{name.upper()}_URL.",
                EXIT_USAGE,
            )
        url = environment.base_url
    elif getattr(args, "base_url", None):
        url = args.base_url
    else:
        raise CliError(
            "Which inbox service? Use --base-url URL (or SCANINBOX_BASE_URL), --env NAME, "
            "or --demo for the built-in demo.",
            EXIT_USAGE,
        )
    yield Target(check_base_url(url), settings.ca_bundle)


def run_online(args: argparse.Namespace, work: Callable[[ApiClient], Awaitable[_T]]) -> _T:
    """Run ``work`` with a signed-in client (remembered session, else a fresh sign-in)."""
    with open_target(args) as target:
        return asyncio.run(_run_signed_in(target, work))


async def _run_signed_in(target: Target, work: Callable[[ApiClient], Awaitable[_T]]) -> _T:
    async with make_http_client(ca_bundle=target.ca_bundle) as http:
        client = ApiClient(http, target.base_url)
        resumed = remembered_session(target) if target.remembers_sessions else None
        if resumed is None:
            await sign_in(client, target)
            return await work(client)
        email, session = resumed
        client.use_session(session.token, session.expires_at)
        try:
            return await work(client)
        except SessionExpiredError:
            # The remembered session was refused (e.g. signed out elsewhere): sign in afresh.
            _forget(target.base_url, email)
            await sign_in(client, target)
            return await work(client)


async def sign_in(client: ApiClient, target: Target) -> tuple[str, Session, bool]:
    """Sign in with credentials; returns (e-mail, session, remembered in the keyring)."""
    email, password = target.demo_login or credentials(target.base_url)
    session = await client.login(email, password, keep_credentials=True)
    remembered = False
    if target.remembers_sessions:
        _save_last_email(target.base_url, email)
        remembered = _remember(target.base_url, email, session)
    return email, session, remembered


def credentials(base_url: str) -> tuple[str, str]:
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
        last = _last_email(base_url)
        hint = f" [{last}]" if last else ""
        email = input(f"E-mail for {base_url}{hint}: ").strip() or (last or "")
    if not password:
        password = getpass.getpass(f"Password for {email}: ")
    if not email or not password:
        raise CliError("Signing in needs an e-mail address and a password.", EXIT_AUTH)
    return email, password


def remembered_session(target: Target) -> tuple[str, Session] | None:
    """A remembered, still valid session for the configured or last e-mail, if any."""
    email = os.environ.get("SCANINBOX_EMAIL", "").strip() or _last_email(target.base_url)
    if not email:
        return None
    raw = _keyring_call("get_password", KEYRING_SERVICE, _key(target.base_url, email))
    if not isinstance(raw, str):
        return None
    try:
        data = json.loads(raw)
        session = Session(str(data["token"]), datetime.fromisoformat(data["expiresAt"]))
    except (ValueError, KeyError, TypeError):
        return None
    if session.expires_at.tzinfo is None or session.seconds_left() < _MIN_REMAINING_S:
        return None
    return email, session


def forget_session(target: Target) -> bool:
    """Remove the remembered session of the configured or last e-mail; True if one was kept."""
    email = os.environ.get("SCANINBOX_EMAIL", "").strip() or _last_email(target.base_url)
    return _forget(target.base_url, email) if email else False


def keyring_available() -> bool:
    try:
        import keyring
        from keyring.backends import fail

        backend = keyring.get_keyring()
    except Exception:  # a broken keyring set-up means "no keyring", not a failed command
        return False
    return not isinstance(backend, fail.Keyring) and getattr(backend, "priority", 1) > 0


def _remember(base_url: str, email: str, session: Session) -> bool:
    if not keyring_available():
        return False
    value = json.dumps(
        {"token": session.token, "expiresAt": session.expires_at.astimezone(UTC).isoformat()}
    )
    return _keyring_call("set_password", KEYRING_SERVICE, _key(base_url, email), value) is not False


def _forget(base_url: str, email: str) -> bool:
    if not keyring_available():
        return False
    return _keyring_call("delete_password", KEYRING_SERVICE, _key(base_url, email)) is not False


def _keyring_call(name: str, *arguments: str) -> Any:
    """A keyring function; False when the keyring fails (locked, absent, entry missing)."""
    if not keyring_available():
        return False
    import keyring
    from keyring.errors import KeyringError

    try:
        return getattr(keyring, name)(*arguments)
    except KeyringError as exc:
        _log.info("keyring %s failed: %s", name, type(exc).__name__)
        return False


def _key(base_url: str, email: str) -> str:
    return f"{base_url}|{email.lower()}"


def _accounts_file() -> Path:
    return app_paths().config_dir / "last_accounts.json"


def _last_email(base_url: str) -> str | None:
    try:
        data = json.loads(_accounts_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    value = data.get(base_url) if isinstance(data, dict) else None
    return value if isinstance(value, str) and value else None


def _save_last_email(base_url: str, email: str) -> None:
    path = _accounts_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    data[base_url] = email
    try:
        ensure_private_dir(path.parent)
        temp = path.with_name(path.name + ".tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=2)
        temp.replace(path)
    except OSError as exc:  # remembering the e-mail is a convenience, not a requirement
        _log.info("could not remember the last account: %s", exc)
