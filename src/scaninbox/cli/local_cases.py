"""Cases, one case and its files from the local store: ``--offline``, ``--search``, fallback.

What ``cases``, ``case`` and ``download`` call instead of the service when the person asked for
``--offline`` (``answer_offline``), when the service cannot be reached
(``answer_locally_when_offline``: one line on stderr says the answer is as of the last sync), or
for a full-text ``--search`` (``search_listing``: an incremental sync first, then the store).
The answers have the same shape as the service's, so the commands show them the same way.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TypeVar

from scaninbox.api import copy_file
from scaninbox.api.errors import TlsError, TransportError
from scaninbox.api.wire import UnifiedCase
from scaninbox.cli.case_files import case_folder, plan_case_files
from scaninbox.cli.case_listing import CaseListing, warn
from scaninbox.cli.errors import EXIT_NETWORK, EXIT_NOT_FOUND, CliError
from scaninbox.cli.local_store import LocalStore, open_local_store, run_with_store
from scaninbox.cli.options import GlobalOptions
from scaninbox.cli.output import write_error, write_line
from scaninbox.cli.text_layout import clean
from scaninbox.domain import CaseRef, format_size, local_minute
from scaninbox.store import (
    CUSTOM_ENVIRONMENT,
    CaseFilter,
    CaseStore,
    FileSpec,
    NoLocalAccountError,
    StoredCase,
    StoreError,
    SyncEngine,
)

__all__ = [
    "ListingQuery",
    "answer_locally_when_offline",
    "answer_offline",
    "case_from_store",
    "copy_cached_files",
    "listing_from_store",
    "search_listing",
]

_log = logging.getLogger(__name__)
_T = TypeVar("_T")
_DEFAULT_PAGE_SIZE = 20  # the service's default, so --offline pages the same way


@dataclass(frozen=True, slots=True)
class ListingQuery:
    """What ``cases`` asks for, whichever source answers."""

    text: str = ""
    date_from: date | None = None
    date_to: date | None = None
    status: str | None = None
    page: int | None = None
    page_size: int | None = None
    all_pages: bool = False

    def case_filter(self) -> CaseFilter:
        return CaseFilter(
            text=self.text,
            statuses=frozenset({self.status}) if self.status else frozenset(),
            received_from=self.date_from,
            received_to=self.date_to,
        )


def listing_from_store(store: CaseStore, query: ListingQuery) -> CaseListing:
    """A page (or all) of the matching stored cases, newest first, like the service's."""
    f = query.case_filter()
    total = store.count(f)
    unreadable = [
        f"Case {m.ref} could not be read at the last sync ({m.field}): {m.reason}"
        for m in store.malformed()
    ]
    if query.all_pages:
        return CaseListing(store.wire_cases(f), unreadable, total, 1, total, complete=True)
    size = query.page_size or _DEFAULT_PAGE_SIZE
    number = query.page or 1
    cases = store.wire_cases(f, offset=(number - 1) * size, limit=size)
    return CaseListing(cases, unreadable, total, number, size, complete=number * size >= total)


def search_listing(options: GlobalOptions, query: ListingQuery) -> CaseListing:
    """``cases --search`` online: bring the store up to date, then search it."""

    async def work(engine: SyncEngine) -> CaseListing:
        await engine.sync_now()
        return listing_from_store(engine.store, query)

    return run_with_store(options, work)


def case_from_store(local: LocalStore, ref: CaseRef) -> UnifiedCase:
    """The case as last received; ``CliError`` (exit 4) when it is not stored."""
    return _stored_case(local, ref).wire


def copy_cached_files(local: LocalStore, ref: CaseRef, parent: Path, template: str) -> int:
    """Copy the cached files of a case into its folder in ``parent`` (named by ``template``),
    as a download would; list what is not cached and fail with exit code 4 when anything is
    missing."""
    case = _stored_case(local, ref).case
    planned, skipped = plan_case_files(case)
    for note in skipped:
        warn(str(note))
    missing: list[str] = []
    dest: Path | None = None
    for item in planned:
        spec = FileSpec.of(item.kind, item.server_name, item.file_type)
        source = local.cache.cached_path(ref, spec) if spec is not None else None
        if source is None:
            missing.append(item.server_name or item.local_name)
            continue
        if dest is None:
            dest = case_folder(parent, case, template)
        try:
            target = copy_file(source, dest, item.local_name)
        except OSError as exc:
            name = clean(item.server_name or item.local_name)
            raise CliError(f"Could not copy {name!r} to {dest}: {exc.strerror or exc}.") from None
        write_line(f"{target}  ({format_size(target.stat().st_size)})")
    if missing:
        for name in missing:
            write_error(f"Not available offline: {clean(name)}")
        raise CliError(
            f"{len(missing)} of {len(planned)} files of case {ref} are not available offline; "
            "pin the case (`scaninbox pin REF`) or sync with --with-files while online.",
            EXIT_NOT_FOUND,
        )
    if not planned:
        write_line(f"Case {ref} has no files to copy.")
    return 0


def answer_offline(options: GlobalOptions, local: Callable[[LocalStore], _T]) -> _T:
    """``--offline``: answer from the store; one plain sentence (exit 4) when it has no cases."""
    try:
        with open_local_store(options) as opened:
            if not _has_cases(opened.store):
                raise _nothing_stored(options, opened)
            return local(opened)
    except NoLocalAccountError:
        raise _nothing_stored(options, None) from None


def answer_locally_when_offline(
    options: GlobalOptions,
    online: Callable[[], _T],
    local: Callable[[LocalStore], _T],
    *,
    doing: str,
    ref: CaseRef | None = None,
) -> _T:
    """Run ``online``; when the service cannot be reached, answer from the store with a note
    "Offline — <doing> as of <last sync>" on stderr. Without local data for the account (or
    for case ``ref``), the network failure stands. With ``--offline``, answer from the store
    straight away (`answer_offline`): every command that can answer locally says so here once."""
    if options.offline:
        return answer_offline(options, local)
    try:
        return online()
    except TlsError:
        raise  # a certificate problem is for the person to see, not to hide behind old data
    except TransportError as exc:
        unreachable = exc
    try:
        with open_local_store(options) as opened:
            store = opened.store
            if not _has_cases(store):
                raise unreachable from None
            if ref is not None and store.row(ref) is None:
                raise CliError(
                    f"{unreachable} Case {ref} is not stored on this computer either.",
                    EXIT_NETWORK,
                ) from None
            synced = store.last_sync_at()
            when = f"as of {local_minute(synced)}" if synced else "(never synced)"
            write_error(f"Offline — {doing} {when}.")
            return local(opened)
    except StoreError as exc:  # no local data, or a store that cannot be read: it cannot help
        _log.info("no local answer while offline: %s", exc)
        raise unreachable from None


def _stored_case(local: LocalStore, ref: CaseRef) -> StoredCase:
    stored = local.store.case(ref)
    if stored is None:
        raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
    return stored


def _has_cases(store: CaseStore) -> bool:
    return store.last_sync_at() is not None or store.count() > 0


def _nothing_stored(options: GlobalOptions, opened: LocalStore | None) -> CliError:
    email = os.environ.get("SCANINBOX_EMAIL", "").strip()
    environment = options.target_environment
    if opened is not None:
        who = f"{opened.account.email} on {opened.account.base_url}"
    elif environment == CUSTOM_ENVIRONMENT:
        who = f"{email} on {options.base_url}" if email else str(options.base_url)
    elif environment is not None:
        who = f"{email or 'any account'} in the {environment} environment"
    else:
        who = email or "any account"
    return CliError(
        f"No cases are stored on this computer for {who}; run `scaninbox sync` while online first.",
        EXIT_NOT_FOUND,
    )
