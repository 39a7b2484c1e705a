"""``scaninbox sync``, ``pin`` / ``unpin`` and ``cache info|prune|clear``: the local store.

Online commands sign in and open the signed-in account's store (``local_store.run_with_store``);
commands that need no service (``unpin``, ``cache``, and ``pin`` with ``--offline``) find the
account in the account index instead (``local_store.open_local_store``).
"""

from __future__ import annotations

import argparse
import sys

from scaninbox.cli.arguments import byte_size, case_ref, iso_date
from scaninbox.cli.errors import EXIT_NOT_FOUND, EXIT_USAGE, CliError
from scaninbox.cli.local_store import open_local_store, run_with_store
from scaninbox.cli.output import print_json, write_line
from scaninbox.cli.store_output import cache_info_json, cache_info_text, sync_json, sync_text
from scaninbox.cli.text_layout import clean, human_size
from scaninbox.paths import app_paths
from scaninbox.store import FetchReport, NoLocalAccountError, SyncEngine, remove_local_data

__all__ = ["register"]


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
    prune.add_argument(
        "--limit", metavar="SIZE", type=byte_size, help="e.g. 2GB (default: settings)"
    )
    prune.set_defaults(handler=_cache_prune)
    clear = actions.add_parser("clear", help="remove this account's local database and files")
    clear.set_defaults(handler=_cache_clear)


# ------------------------------------------------------------------ commands


def _sync(args: argparse.Namespace) -> int:
    if getattr(args, "offline", False):
        raise CliError("sync needs the service; it cannot run with --offline.", EXIT_USAGE)
    date_from = iso_date(args.date_from, "--from")

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
    ref = case_ref(args.ref)
    if getattr(args, "offline", False):
        with open_local_store(args) as local:
            if not local.store.set_pinned(ref, True):
                raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
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
    ref = case_ref(args.ref)
    with open_local_store(args) as local:
        if not local.store.set_pinned(ref, False):
            raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
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
    except NoLocalAccountError:
        write_line("There is no local data to remove.")
        return 0
    freed = remove_local_data(app_paths(), account)
    write_line(f"Removed the local data of {account.email} ({human_size(freed)}).")
    return 0
