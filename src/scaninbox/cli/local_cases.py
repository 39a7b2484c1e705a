"""Cases, one case and its files from the local store: ``--offline`` and ``--search``.

What ``cases``, ``case`` and ``download`` call instead of the service when the person asked for
``--offline``, when the service cannot be reached (``answer_locally_when_offline``), or for a
full-text ``--search`` (which syncs first when online, then searches the store). Output stays
with those commands; this module only produces the data.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TypeVar

from scaninbox.api.errors import TransportError
from scaninbox.api.wire import UnifiedCase
from scaninbox.cli.case_files import plan_case_files
from scaninbox.cli.errors import EXIT_NOT_FOUND, CliError
from scaninbox.cli.output import write_line
from scaninbox.cli.store_commands import open_local_store, run_with_store
from scaninbox.cli.text_layout import clean, human_size
from scaninbox.domain import CaseRef
from scaninbox.store import CaseFilter, CaseStore, FileSpec, MalformedRecord, SyncEngine
from scaninbox.store.errors import StoreError

__all__ = [
    "LocalListing",
    "answer_locally_when_offline",
    "copy_cached_files",
    "local_case",
    "local_listing",
    "search_listing",
]

_T = TypeVar("_T")
_DEFAULT_PAGE_SIZE = 20  # the service's default, so --offline pages the same way


@dataclass
class LocalListing:
    """Cases from the store, in the inbox order (newest first), and how many match in all."""

    cases: list[UnifiedCase] = field(default_factory=list)
    total: int = 0
    page: int = 1
    page_size: int = 0
    complete: bool = True
    malformed: list[MalformedRecord] = field(default_factory=list)


def case_filter(
    *,
    text: str = "",
    date_from: date | None = None,
    date_to: date | None = None,
    status: str | None = None,
) -> CaseFilter:
    return CaseFilter(
        text=text,
        statuses=frozenset({status}) if status else frozenset(),
        received_from=date_from,
        received_to=date_to,
    )


def local_listing(
    args: argparse.Namespace,
    f: CaseFilter,
    *,
    page: int | None = None,
    page_size: int | None = None,
    all_pages: bool = False,
) -> LocalListing:
    """``cases --offline``: a page (or all) of the matching stored cases."""
    with open_local_store(args) as local:
        return _listing(local.store, f, page=page, page_size=page_size, all_pages=all_pages)


def search_listing(
    args: argparse.Namespace,
    f: CaseFilter,
    *,
    page: int | None = None,
    page_size: int | None = None,
    all_pages: bool = False,
) -> LocalListing:
    """``cases --search`` online: bring the store up to date, then search it."""

    async def work(engine: SyncEngine) -> LocalListing:
        await engine.sync_now()
        return _listing(engine.store, f, page=page, page_size=page_size, all_pages=all_pages)

    return run_with_store(args, work)


def local_case(args: argparse.Namespace, ref: CaseRef) -> UnifiedCase:
    """``case REF --offline``: the case as last received."""
    with open_local_store(args) as local:
        stored = local.store.case(ref)
    if stored is None:
        raise CliError(f"Case {ref} is not in the local store.", EXIT_NOT_FOUND)
    return stored.wire


def copy_cached_files(args: argparse.Namespace, ref: CaseRef, dest: Path) -> int:
    """``download REF --offline``: copy the cached files under the same safe names as a
    download; list what is not cached and exit 4 when anything is missing."""
    with open_local_store(args) as local:
        stored = local.store.case(ref)
        if stored is None:
            raise CliError(f"Case {ref} is not in the local store.", EXIT_NOT_FOUND)
        planned, skipped = plan_case_files(stored.case)
        for note in skipped:
            print(f"Warning: {note}", file=sys.stderr)
        missing: list[str] = []
        for item in planned:
            spec = FileSpec.of(item.kind, item.server_name, item.file_type)
            source = local.cache.cached_path(ref, spec) if spec is not None else None
            if source is None:
                missing.append(item.server_name or item.local_name)
                continue
            dest.mkdir(parents=True, exist_ok=True)
            target = dest / item.local_name
            _copy_atomically(source, target)
            write_line(f"{target}  ({human_size(target.stat().st_size)})")
    if missing:
        for name in missing:
            print(f"Not available offline: {clean(name)}", file=sys.stderr)
        raise CliError(
            f"{len(missing)} of {len(planned)} files of case {ref} are not available offline; "
            "sync with --with-files or pin the case while online.",
            EXIT_NOT_FOUND,
        )
    return 0


def answer_locally_when_offline(
    args: argparse.Namespace, online: Callable[[], _T], local: Callable[[], _T]
) -> _T:
    """Run ``online``; when the service cannot be reached, say so and answer from the store."""
    try:
        return online()
    except TransportError as exc:
        try:
            with open_local_store(args) as opened:
                synced = opened.store.last_sync_at()
        except (CliError, StoreError):
            raise exc from None
        when = synced.isoformat(timespec="minutes") if synced else "never"
        print(
            f"Warning: {exc} Answering from the local store (last sync: {when}).",
            file=sys.stderr,
        )
        return local()


def _listing(
    store: CaseStore, f: CaseFilter, *, page: int | None, page_size: int | None, all_pages: bool
) -> LocalListing:
    total = store.count(f)
    malformed = store.malformed()
    if all_pages:
        return LocalListing(store.wire_cases(f), total, 1, total, True, malformed)
    size = page_size or _DEFAULT_PAGE_SIZE
    number = page or 1
    cases = store.wire_cases(f, offset=(number - 1) * size, limit=size)
    return LocalListing(cases, total, number, size, number * size >= total, malformed)


def _copy_atomically(source: Path, target: Path) -> None:
    temp = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        with source.open("rb") as src, temp.open("wb") as out:
            shutil.copyfileobj(src, out, 1024 * 1024)
            out.flush()
            os.fsync(out.fileno())
        temp.replace(target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
