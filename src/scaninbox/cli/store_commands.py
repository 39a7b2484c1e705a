"""``scaninbox sync``, ``pin`` / ``unpin`` and ``cache info|prune|clear``: the local store.

Online commands sign in (``cli.session``), ask ``/me`` who the account is, and open that
account's store (``scaninbox.store.accounts``). Commands that need no service (``unpin``,
``cache``, and everything with ``--offline``) find the account from the local index instead.
``open_local_store`` / ``run_with_store`` are also what ``cases``/``case``/``download`` use for
``--offline`` and ``--search`` (see ``cli.local_cases``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from scaninbox.api import ApiClient
from scaninbox.cli.errors import EXIT_NOT_FOUND, EXIT_USAGE, CliError
from scaninbox.cli.output import print_json, write_line
from scaninbox.cli.session import run_online
from scaninbox.cli.store_output import (
    ProgressListener,
    cache_info_json,
    cache_info_text,
    sync_json,
    sync_text,
)
from scaninbox.cli.text_layout import clean, human_size
from scaninbox.domain import CaseRef
from scaninbox.paths import app_paths
from scaninbox.settings import load_settings
from scaninbox.store import (
    Account,
    CaseStore,
    FetchReport,
    FileCache,
    NoLocalAccountError,
    NotCachedError,
    StoreError,
    SyncEngine,
    SyncOptions,
    account_folder,
    remember_account,
    remove_local_data,
    resolve_account,
)

__all__ = [
    "LocalStore",
    "environment_of",
    "open_local_store",
    "plain_store_errors",
    "register",
    "run_with_store",
]

_T = TypeVar("_T")
_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*([KMGT]?)B?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class LocalStore:
    account: Account
    store: CaseStore
    cache: FileCache


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sync = subparsers.add_parser("sync", help="bring the local store up to date with the service")
    sync.add_argument("--from", dest="date_from", metavar="YYYY-MM-DD", help="received on or after")
    sync.add_argument("--full", action="store_true", help="also notice cases that left the list")
    sync.add_argument(
        "--with-files",
        action="store_true",
        help="also download the files of pinned cases and of cases received in the last "
        "sync.prefetch_days days (settings; default 7)",
    )
    sync.add_argument("--json", action="store_true", help="print what changed as JSON")
    sync.set_defaults(handler=_sync)

    pin = subparsers.add_parser("pin", help="keep a case available offline (fetches its files)")
    pin.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    pin.set_defaults(handler=_pin)
    unpin = subparsers.add_parser("unpin", help="stop keeping a case available offline")
    unpin.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    unpin.set_defaults(handler=_unpin)

    cache = subparsers.add_parser("cache", help="local data: sizes, eviction, removal")
    actions = cache.add_subparsers(dest="cache_action", metavar="ACTION", required=True)
    info = actions.add_parser("info", help="what is stored locally, and how big")
    info.add_argument("--json", action="store_true", help="print as JSON")
    info.set_defaults(handler=_cache_info)
    prune = actions.add_parser("prune", help="evict least recently used files over the limit")
    prune.add_argument("--limit", metavar="SIZE", type=_size, help="e.g. 2GB (default: settings)")
    prune.set_defaults(handler=_cache_prune)
    clear = actions.add_parser("clear", help="remove this account's local database and files")
    clear.set_defaults(handler=_cache_clear)


# ------------------------------------------------------------------ opening the store


def environment_of(args: argparse.Namespace) -> str | None:
    """The environment the command line names: demo, a settings name, custom, or none."""
    if getattr(args, "demo", False):
        return "demo"
    if getattr(args, "environment", None):
        return str(args.environment)
    return "custom" if getattr(args, "base_url", None) else None


@contextmanager
def plain_store_errors() -> Iterator[None]:
    """Store failures as one sentence with the contract's exit code (4: not here)."""
    try:
        yield
    except (NotCachedError, NoLocalAccountError) as exc:
        raise CliError(str(exc), EXIT_NOT_FOUND) from None
    except StoreError as exc:
        raise CliError(str(exc)) from None


@contextmanager
def open_local_store(args: argparse.Namespace) -> Iterator[LocalStore]:
    """The store of the account the command line names, without the network (``--offline``)."""
    paths = app_paths()
    environment = environment_of(args)
    with plain_store_errors():
        account = resolve_account(
            paths,
            environment=None if environment == "custom" else environment,
            base_url=getattr(args, "base_url", None) if environment == "custom" else None,
            email=_env_email(),
        )
        limit = load_settings(paths).cache_limit_bytes
        with (
            CaseStore.open(account_folder(paths, account)) as store,
            FileCache.open(store, limit_bytes=limit) as cache,
        ):
            yield LocalStore(account, store, cache)


def run_with_store(args: argparse.Namespace, work: Callable[[SyncEngine], Awaitable[_T]]) -> _T:
    """Sign in, open the signed-in account's store, and run ``work`` with a sync engine."""
    paths = app_paths()
    settings = load_settings(paths)

    async def signed_in(client: ApiClient) -> _T:
        me = await client.me()
        account = Account(environment_of(args) or "custom", client.base_url, me.email)
        with (
            plain_store_errors(),
            CaseStore.open(account_folder(paths, account)) as store,
            FileCache.open(store, limit_bytes=settings.cache_limit_bytes) as cache,
        ):
            remember_account(paths, account)
            engine = SyncEngine(client, store, cache, SyncOptions.from_settings(settings))
            engine.add_listener(ProgressListener())
            try:
                return await work(engine)
            finally:
                await engine.stop()

    return run_online(args, signed_in)


# ------------------------------------------------------------------ commands


def _sync(args: argparse.Namespace) -> int:
    if getattr(args, "offline", False):
        raise CliError("sync needs the service; it cannot run with --offline.", EXIT_USAGE)
    date_from = _date(args.date_from)

    async def work(engine: SyncEngine) -> int:
        report = await engine.sync_now(full=args.full, date_from=date_from)
        files = await engine.prefetch() if args.with_files else None
        malformed = engine.store.malformed()
        if args.json:
            print_json(sync_json(report, files, malformed))
        else:
            write_line(sync_text(report, files, malformed, engine.store))
        return 0

    return run_with_store(args, work)


def _pin(args: argparse.Namespace) -> int:
    ref = _ref(args.ref)
    if getattr(args, "offline", False):
        with open_local_store(args) as local:
            if not local.store.set_pinned(ref, True):
                raise CliError(f"Case {ref} is not in the local store.", EXIT_NOT_FOUND)
        write_line(f"Case {ref} is pinned; its files are fetched at the next online sync.")
        return 0

    async def work(engine: SyncEngine) -> FetchReport:
        await engine.refresh_case(ref)  # the newest file list, and the case if never synced
        return await engine.set_pinned(ref, True)

    report = run_with_store(args, work)
    for _case, spec, path in report.fetched:
        write_line(f"{clean(spec)}  ({human_size(path.stat().st_size)})")
    write_line(
        f"Case {ref} is kept available offline: {len(report.fetched)} file(s) fetched, "
        f"{report.already_cached} already here."
    )
    if report.failed:
        for _case, spec, reason in report.failed:
            print(f"Could not fetch {clean(spec)}: {clean(reason)}", file=sys.stderr)
        raise CliError(f"{len(report.failed)} file(s) of case {ref} could not be fetched.")
    return 0


def _unpin(args: argparse.Namespace) -> int:
    ref = _ref(args.ref)
    with open_local_store(args) as local:
        if not local.store.set_pinned(ref, False):
            raise CliError(f"Case {ref} is not in the local store.", EXIT_NOT_FOUND)
    write_line(f"Case {ref} is no longer pinned; its files may be evicted when space is needed.")
    return 0


def _cache_info(args: argparse.Namespace) -> int:
    with open_local_store(args) as local:
        if args.json:
            print_json(cache_info_json(local.account, local.store, local.cache))
        else:
            write_line(cache_info_text(local.account, local.store, local.cache))
    return 0


def _cache_prune(args: argparse.Namespace) -> int:
    with open_local_store(args) as local:
        before = local.cache.usage()
        report = local.cache.evict(args.limit)
        local.cache.collect_garbage()
    limit = args.limit if args.limit is not None else before.limit_bytes
    write_line(
        f"Evicted {report.files_removed} file(s), {human_size(report.bytes_freed)} freed; "
        f"limit {human_size(limit)}."
    )
    if report.over_limit_bytes:
        write_line(
            f"Pinned cases keep {human_size(report.over_limit_bytes)} above the limit "
            "(`scaninbox unpin REF` lets them go)."
        )
    return 0


def _cache_clear(args: argparse.Namespace) -> int:
    try:
        with open_local_store(args) as local:
            account = local.account
    except CliError:
        write_line("There is no local data to remove.")
        return 0
    freed = remove_local_data(app_paths(), account)
    write_line(f"Removed the local data of {account.email} ({human_size(freed)}).")
    return 0


# ------------------------------------------------------------------ helpers


def _env_email() -> str | None:
    return os.environ.get("SCANINBOX_EMAIL", "").strip() or None


def _ref(text: str) -> CaseRef:
    try:
        return CaseRef.parse(text)
    except ValueError:
        raise CliError(
            f"{text!r} is neither a case guid nor a numeric case id.", EXIT_USAGE
        ) from None


def _date(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise CliError(f"--from needs a date like 2026-03-31, not {text!r}.", EXIT_USAGE) from None


def _size(text: str) -> int:
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 500MB or 2GB")
    power = " KMGT".index(match[2].upper() or " ")
    return int(float(match[1]) * 1000**power)  # decimal units, as sizes are printed
