"""Which folder holds which account's local data, and which account was used last.

One folder per environment + account (``accounts/<env>-<hash>/``: database and file cache), so
staging never mixes with production and one user never sees another's organisation. The folder
name carries no e-mail address: the hash is of the service address and the e-mail.

A small index (``accounts.json`` in the config folder, no secrets) remembers the last account
signed in per environment (per address for a custom one). It is the program's only memory of who
signed in where: ``--offline`` opens the right database from it without signing in, and the
command line and the window find a remembered session (``scaninbox.credentials``) and suggest
the e-mail address from it. The built-in demo sandbox listens on a new port every run; its data
is filed under the environment ``demo`` whatever its address.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scaninbox.language import os_reason, translate
from scaninbox.paths import AppPaths, ensure_private_dir
from scaninbox.store.errors import (
    NoLocalAccountError,
    StoreError,
    disk_full_error,
    disk_is_full,
)

__all__ = [
    "CUSTOM_ENVIRONMENT",
    "DEMO_ENVIRONMENT",
    "Account",
    "account_folder",
    "folder_size_bytes",
    "known_accounts",
    "last_account",
    "remember_account",
    "remove_local_data",
    "resolve_account",
]

DEMO_ENVIRONMENT = "demo"
CUSTOM_ENVIRONMENT = "custom"
_INDEX_NAME = "accounts.json"
_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-in identity on one service: where its local data lives.

    ``environment`` is a named environment (``production``, ``staging``, ``demo``) or
    ``custom`` for an address given with ``--base-url``.
    """

    environment: str
    base_url: str
    email: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "base_url", self.base_url.rstrip("/"))

    @property
    def index_key(self) -> str:
        """The index entry this account fills: the environment, or the address when custom."""
        return self.base_url if self.environment == CUSTOM_ENVIRONMENT else self.environment

    @property
    def folder_name(self) -> str:
        identity = DEMO_ENVIRONMENT if self.environment == DEMO_ENVIRONMENT else self.base_url
        digest = hashlib.sha256(f"{identity}\n{self.email.casefold()}".encode()).hexdigest()
        return f"{_slug(self)}-{digest[:16]}"


def account_folder(paths: AppPaths, account: Account) -> Path:
    """The folder of ``account``'s database and files (not created here)."""
    return paths.accounts_dir / account.folder_name


def remember_account(paths: AppPaths, account: Account) -> None:
    """Record ``account`` as the last one used in its environment."""
    index = _read_index(paths)
    index[account.index_key] = {
        "environment": account.environment,
        "base_url": account.base_url,
        "email": account.email,
        "used_at": time.time(),
    }
    _write_index(paths, index)


def last_account(paths: AppPaths, *, environment: str, base_url: str) -> Account | None:
    """The account last signed in to ``environment`` (``custom``: at ``base_url``), whether
    or not it has local data; None when there is none."""
    key = base_url.rstrip("/") if environment == CUSTOM_ENVIRONMENT else environment
    entry = _read_index(paths).get(key)
    return _account(entry) if entry is not None else None


def known_accounts(paths: AppPaths) -> list[Account]:
    """Accounts with local data, most recently used first."""
    entries = sorted(_read_index(paths).values(), key=lambda e: -float(e.get("used_at", 0)))
    accounts = [_account(e) for e in entries]
    return [a for a in accounts if a is not None and account_folder(paths, a).is_dir()]


def resolve_account(
    paths: AppPaths,
    *,
    environment: str | None = None,
    base_url: str | None = None,
    email: str | None = None,
) -> Account:
    """The account to open without the network (``--offline``).

    ``base_url`` means a custom address, ``environment`` a named one; with neither, the only
    account on this computer (or the most recent one). ``email`` picks among accounts.
    """
    accounts = known_accounts(paths)
    if base_url is not None:
        accounts = [a for a in accounts if a.base_url == base_url.rstrip("/")]
    elif environment is not None:
        accounts = [a for a in accounts if a.environment == environment]
    if email:
        accounts = [a for a in accounts if a.email.casefold() == email.casefold()]
    if not accounts:
        where = base_url or environment or translate("StoreWhat", "any service")
        if email:
            text = translate(
                "StoreError",
                "There is no local data for {where} for {email} yet: sync once while online "
                "(`scaninbox sync`), then it works offline.",
            )
        else:
            text = translate(
                "StoreError",
                "There is no local data for {where} yet: sync once while online "
                "(`scaninbox sync`), then it works offline.",
            )
        raise NoLocalAccountError(text.format(where=where, email=email))
    return accounts[0]


def remove_local_data(paths: AppPaths, account: Account) -> int:
    """Delete the account's database and cached files (close them first); returns bytes freed."""
    folder = account_folder(paths, account)
    freed = folder_size_bytes(folder)
    if folder.exists():
        # Rename first so a crash half-way leaves no half-deleted store that looks usable.
        doomed = folder.with_name(f".removing-{folder.name}-{os.getpid()}")
        try:
            folder.rename(doomed)
        except OSError as exc:
            raise StoreError(
                translate(
                    "StoreError", "The local data in {folder} cannot be removed: {reason}."
                ).format(folder=folder, reason=os_reason(exc))
            ) from exc
        shutil.rmtree(doomed, ignore_errors=True)
    index = _read_index(paths)
    if index.pop(account.index_key, None) is not None:
        _write_index(paths, index)
    return freed


def folder_size_bytes(folder: Path) -> int:
    total = 0
    for path in folder.rglob("*") if folder.exists() else ():
        with contextlib.suppress(OSError):
            if path.is_file():
                total += path.stat().st_size
    return total


def _slug(account: Account) -> str:
    if account.environment != CUSTOM_ENVIRONMENT:
        return _SLUG.sub("-", account.environment.lower()).strip("-") or "env"
    host = account.base_url.split("://", 1)[-1].split("/", 1)[0]
    return _SLUG.sub("-", host.lower()).strip("-")[:40] or "custom"


def _account(entry: dict[str, Any]) -> Account | None:
    try:
        return Account(str(entry["environment"]), str(entry["base_url"]), str(entry["email"]))
    except KeyError:
        return None


def _read_index(paths: AppPaths) -> dict[str, dict[str, Any]]:
    path = paths.config_dir / _INDEX_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        return {}  # an unreadable index only means --offline must be told the account again
    return {k: v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}


def _write_index(paths: AppPaths, index: dict[str, dict[str, Any]]) -> None:
    folder = ensure_private_dir(paths.config_dir)
    path = folder / _INDEX_NAME
    temp = folder / f".{_INDEX_NAME}.{os.getpid()}.tmp"
    try:
        fd = os.open(temp, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(index, handle, indent=2, sort_keys=True)
            handle.flush()
            os.fsync(handle.fileno())
        temp.replace(path)
    except OSError as exc:
        # A write or flush error names no file (the disk with no byte left): say which, plainly.
        with contextlib.suppress(OSError):
            temp.unlink()
        if disk_is_full(exc):
            raise disk_full_error(
                translate("StoreWhat", "the list of accounts {path}").format(path=path)
            ) from exc
        reason = os_reason(exc)
        raise StoreError(
            translate(
                "StoreError", "The list of accounts {path} cannot be saved ({reason})."
            ).format(path=path, reason=reason)
        ) from exc
