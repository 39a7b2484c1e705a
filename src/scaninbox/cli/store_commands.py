"""``scaninbox sync``, ``pin`` / ``unpin`` and ``cache info|prune|clear``: the local store.

Online commands sign in and open the signed-in account's store (``local_store.run_with_store``);
commands that need no service (``unpin``, ``cache``, and ``pin`` with ``--offline``) find the
account in the account index instead (``local_store.open_local_store``).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from scaninbox.cli.arguments import byte_size, case_ref, iso_date
from scaninbox.cli.deferred import NoOptions, deferred

if TYPE_CHECKING:
    from scaninbox.domain import CaseRef  # read by `case_ref` when the command runs

__all__ = ["JsonOptions", "PruneOptions", "RefOptions", "SyncCommandOptions", "register"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SyncCommandOptions:
    date_from: date | None = None
    full: bool = False
    with_files: bool = False
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> SyncCommandOptions:
        return cls(
            date_from=iso_date(args.date_from, "--from"),
            full=bool(args.full),
            with_files=bool(args.with_files),
            json=bool(args.json),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class RefOptions:
    ref: CaseRef

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> RefOptions:
        return cls(ref=case_ref(args.ref))


@dataclass(frozen=True, slots=True, kw_only=True)
class JsonOptions:
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> JsonOptions:
        return cls(json=bool(args.json))


@dataclass(frozen=True, slots=True, kw_only=True)
class PruneOptions:
    limit: int | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> PruneOptions:
        return cls(limit=args.limit)


_HANDLERS = "scaninbox.cli.store_handlers"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sync = subparsers.add_parser("sync", help="bring the local store up to date with the service")
    sync.add_argument("--from", dest="date_from", metavar="YYYY-MM-DD", help="received on or after")
    sync.add_argument("--full", action="store_true", help="also notice cases that left the list")
    sync.add_argument(
        "--with-files",
        action="store_true",
        help="also download files: the order form and previews of every case, every file of "
        "pinned cases and of cases received since --from (without it: in the last "
        "sync.prefetch_days days, default 7), up to the cache limit",
    )
    sync.add_argument("--json", action="store_true", help="print what changed as JSON")
    sync.set_defaults(handler=deferred(_HANDLERS, "run_sync", SyncCommandOptions.from_args))

    pin = subparsers.add_parser("pin", help="keep a case available offline (fetches its files)")
    pin.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    pin.set_defaults(handler=deferred(_HANDLERS, "run_pin", RefOptions.from_args))
    unpin = subparsers.add_parser("unpin", help="stop keeping a case available offline")
    unpin.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    unpin.set_defaults(handler=deferred(_HANDLERS, "run_unpin", RefOptions.from_args))

    cache = subparsers.add_parser("cache", help="local data: sizes, eviction, removal")
    actions = cache.add_subparsers(dest="cache_action", metavar="ACTION", required=True)
    info = actions.add_parser("info", help="what is stored locally, and how big")
    info.add_argument("--json", action="store_true", help="print as JSON")
    info.set_defaults(handler=deferred(_HANDLERS, "run_cache_info", JsonOptions.from_args))
    prune = actions.add_parser("prune", help="evict least recently used files over the limit")
    prune.add_argument(
        "--limit", metavar="SIZE", type=byte_size, help="e.g. 2GB (default: settings)"
    )
    prune.set_defaults(handler=deferred(_HANDLERS, "run_cache_prune", PruneOptions.from_args))
    clear = actions.add_parser("clear", help="remove this account's local database and files")
    clear.set_defaults(handler=deferred(_HANDLERS, "run_cache_clear", NoOptions.from_args))
