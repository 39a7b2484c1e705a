"""Opening an account: sign in, resume a remembered session, sign out — and the keyring policy.

Both front-ends call these; they differ only in how they ask (a terminal prompt, a dialog) and
in how long they keep the password (the command line keeps it in memory for the one command so
the session renews itself; the window asks again when an 8-hour session ends).

Which e-mail names the account: the one the service's ``/me`` returns, not the one typed. The
service may accept the typed address in another spelling (" Tech@Lab.example "); filing under
its own answer gives one key for the account index, the local data folder and the keyring,
whichever front-end signed in. Older versions of the command line filed the account under the
typed address: ``adopt_typed_email_data`` moves such a folder and keyring entry to the ``/me``
key at the next sign-in, so nobody loses a remembered session or the local cases.

The keyring policy: a session is remembered (``scaninbox.credentials``) only when the person
asked for it and never for the demo (its sandbox signs with a new key every start); signing out
forgets it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from scaninbox import credentials
from scaninbox.api import ApiClient, Session
from scaninbox.paths import AppPaths
from scaninbox.services.targets import DEMO, Target
from scaninbox.store import Account, account_folder, known_accounts, last_account, remember_account

__all__ = [
    "RememberedSession",
    "SignedInAccount",
    "adopt_typed_email_data",
    "file_account",
    "forget_remembered_session",
    "keep_session",
    "last_local_account",
    "remembered_session",
    "remembered_session_of",
    "sign_in",
]

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SignedInAccount:
    """The account a sign-in opened (filed under the ``/me`` e-mail) and its session."""

    account: Account
    session: Session
    typed_email: str = ""


@dataclass(frozen=True, slots=True)
class RememberedSession:
    """A session kept in the keyring, and the account it belongs to."""

    account: Account
    token: str
    expires_at: datetime


async def sign_in(
    client: ApiClient, target: Target, email: str, password: str, *, keep_credentials: bool
) -> SignedInAccount:
    """Sign in on ``client`` and name the account by the e-mail ``/me`` returns.

    The session is not kept here (``keep_session``) and the account is not filed yet
    (``file_account``, once no store of the account is open).
    """
    session = await client.login(email, password, keep_credentials=keep_credentials)
    me = await client.me()
    account = Account(target.environment, client.base_url, me.email)
    return SignedInAccount(account, session, email)


def file_account(paths: AppPaths, signed_in: SignedInAccount) -> None:
    """Record a fresh sign-in as the last account of its target, adopting data filed under the
    typed e-mail. A convenience: an unwritable config folder is logged, not raised."""
    adopt_typed_email_data(paths, signed_in.account, signed_in.typed_email)
    try:
        remember_account(paths, signed_in.account)
    except OSError as exc:
        _log.info("could not remember the last account: %s", exc)


def keep_session(account: Account, session: Session, *, remember: bool) -> bool:
    """Remember the session in the keyring, or forget an older one; True when remembered.

    Blocks on the keyring (D-Bus): call it on a worker thread from the window.
    """
    if account.environment == DEMO:
        return False  # the demo sandbox signs with a new key every start
    if remember:
        return credentials.remember_session(
            account.base_url, account.email, session.token, session.expires_at
        )
    credentials.forget_session(account.base_url, account.email)
    return False


def remembered_session(
    paths: AppPaths, target: Target, email: str | None = None
) -> RememberedSession | None:
    """The session remembered for ``email`` on ``target`` (default: its last account)."""
    if not target.remembers_sessions or target.base_url is None:
        return None
    last = last_account(paths, environment=target.environment, base_url=target.base_url)
    if email and (last is None or last.email.casefold() != email.strip().casefold()):
        last = target.account(email.strip())  # an account filed before, or by another version
    if last is None:
        return None
    return _remembered(last)


def last_local_account(paths: AppPaths) -> Account | None:
    """The most recently used account with local data, not the demo (its address is stale)."""
    accounts = [a for a in known_accounts(paths) if a.environment != DEMO]
    return accounts[0] if accounts else None


def remembered_session_of(account: Account) -> RememberedSession | None:
    """``account``'s remembered session, if the keyring holds a usable one."""
    if account.environment == DEMO:
        return None
    return _remembered(account)


def forget_remembered_session(account: Account) -> bool:
    """Forget ``account``'s remembered session; True when one was kept."""
    if account.environment == DEMO:
        return False
    return credentials.forget_session(account.base_url, account.email)


def adopt_typed_email_data(paths: AppPaths, account: Account, typed_email: str) -> bool:
    """Move local data and a remembered session filed under ``typed_email`` to ``account``.

    True when a folder moved. Nothing moves when the typed address names the same folder, when
    there is nothing under it, or when ``account`` already has its own data (never merge two
    stores; the older one stays where it is).
    """
    typed = Account(account.environment, account.base_url, typed_email.strip())
    if not typed.email or typed.folder_name == account.folder_name:
        return False
    if account.environment != DEMO:
        found = credentials.remembered_session(typed.base_url, typed.email)
        if found is not None:
            credentials.forget_session(typed.base_url, typed.email)
            if credentials.remembered_session(account.base_url, account.email) is None:
                credentials.remember_session(account.base_url, account.email, *found)
    old, new = account_folder(paths, typed), account_folder(paths, account)
    if not old.is_dir() or new.exists():
        return False
    try:
        old.replace(new)
    except OSError as exc:  # the data stays usable under the old key; signing in goes on
        _log.warning("could not move local data %s to %s: %s", old.name, new.name, exc)
        return False
    _log.info("local data filed under the typed e-mail moved to %s", new.name)
    return True


def _remembered(account: Account) -> RememberedSession | None:
    found = credentials.remembered_session(account.base_url, account.email)
    if found is None:
        return None
    token, expires_at = found
    return RememberedSession(account, token, expires_at)
