"""One sync: decide incremental or full, page through ``/unified-cases``, save, finish.

Each page is saved with the cursor of the next one, so a pass that is killed or cut off is
resumed by the next pass from one page before where it stopped (cases that arrived meanwhile
push the list down a little; saving a page twice changes nothing). Pages are saved into one
open transaction and committed together (``CaseStore.save_page(batched=True)``) once
``commit_interval_s`` has passed since the last commit, when the next page is slower than that
in coming, at the end before ``finish_sync``, and on any failure (a page that failed is rolled
back whole; the whole ones before it are kept). A pass killed between two commits loses those
pages and their cursor together, so it resumes from the last committed cursor. Listeners hear
``on_sync_progress`` after each commit, with the committed counts: never ahead of what other
connections can read.

A listing that stops making progress (a page again, only cases already seen, more pages than
``NetworkLimits.max_pages``) ends the pass with ``IncompleteListingError`` before
``finish_sync``, so a full reconcile never removes cases it did not get to see.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any

from scaninbox.api import ApiClient, CaseDictPage, IncompleteListingError, PagingGuard
from scaninbox.api.errors import ForbiddenError, NotFoundError, ProtocolError
from scaninbox.language import translate
from scaninbox.store.case_store import CaseStore
from scaninbox.store.errors import StoreError
from scaninbox.store.events import SyncListener, SyncReport
from scaninbox.store.records import PageResult, SyncCursor
from scaninbox.store.writer import StoreWriter

__all__ = ["COMMIT_INTERVAL_S", "SyncPass", "fewer_collections", "save_account_details"]

_log = logging.getLogger(__name__)

# A pass allocates a few hundred objects a case (JSON, wire models, columns) that die with their
# page. At Python's default (a young-generation collection every 700 allocations, and with them
# the older generations' passes over every object the program holds) the cyclic collector took
# a noticeable share of a first sync's client CPU against collections 70 times rarer
# (benchmarks/README.md, store_sync.py). Reference counting still frees every page at
# once; only cyclic garbage, which a pass makes next to none of, waits a little longer.
_PASS_GC_THRESHOLD = 50_000

# How long saved pages may wait for their COMMIT. Saving a first sync's pages costs less the more
# pages a commit holds, and gains little beyond about ten (benchmarks/README.md, store_sync.py
# --commit-interval). The service is slower than the client, so a second holds about that many pages
# and half a second fewer. Nothing shows the wait: the inbox takes a fresh list at most every few
# seconds while a sync runs, a killed sync redoes at most this interval of pages, and another
# process's write waits at most that long (its busy timeout is 10 s).
COMMIT_INTERVAL_S = 1.0


class _CollectionsHeldBack:
    """Python's collection setting while passes run: raised by the first, restored by the last."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders = 0
        self._saved: tuple[int, int, int] | None = None

    def enter(self) -> None:
        with self._lock:
            if self._holders == 0:
                self._saved = young, *older = gc.get_threshold()
                gc.set_threshold(max(young, _PASS_GC_THRESHOLD), *older)
            self._holders += 1

    def leave(self) -> None:
        with self._lock:
            self._holders -= 1
            if self._holders == 0 and self._saved is not None:
                gc.set_threshold(*self._saved)
                self._saved = None


_held_back = _CollectionsHeldBack()


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect cyclic garbage less often while the block runs (see above); nested and
    overlapping uses restore Python's setting once the last one ends."""
    _held_back.enter()
    try:
        yield
    finally:
        _held_back.leave()


class SyncPass:
    """Runs sync passes of one store against one client."""

    def __init__(
        self,
        client: ApiClient,
        store: CaseStore,
        writer: StoreWriter,
        *,
        page_size: int,
        overlap_days: int,
        full_reconcile_every: int,
        clock: Callable[[], datetime],
        listener: SyncListener,
        commit_interval_s: float = COMMIT_INTERVAL_S,
        timer: Callable[[], float] = time.monotonic,
    ) -> None:
        self._client = client
        self._store = store
        self._writer = writer
        self._page_size = page_size
        self._overlap = timedelta(days=overlap_days)
        self._full_every = max(1, full_reconcile_every)
        self._clock = clock
        self._listener = listener
        self._commit_interval_s = max(0.0, commit_interval_s)
        self._timer = timer

    async def prepare(self, full: bool, date_from: date | None) -> tuple[SyncCursor, bool, bool]:
        """The cursor to run (a resumed one or a new one), whether it resumes, whether initial."""
        state = self._store.sync_state()
        initial = state.last_success_at is None  # also when resuming an unfinished first sync
        cursor = state.cursor
        if cursor is not None and date_from is None and (cursor.full or not full):
            return cursor, True, initial
        full = full or initial or state.last_full_at is None
        full = full or (state.sync_count + 1) % self._full_every == 0
        now = self._clock()
        if not full and date_from is None:
            mark = self._store.synced_through()
            if mark is None or mark > now:  # a watermark in the future is not to be trusted
                full = True
            else:
                date_from = (mark - self._overlap).date()
        cursor = await self._writer.run(
            self._store.begin_sync,
            full=full,
            date_from=None if full else date_from,
            page_size=self._page_size,
            started_at=now.timestamp(),
        )
        return cursor, False, initial

    async def _fetch(self, cursor: SyncCursor, page: int, size: int) -> CaseDictPage:
        result = await self._client.list_case_dicts(
            page=page, page_size=size, date_from=cursor.date_from
        )
        if result.page < page:
            raise ProtocolError(
                translate(
                    "StoreError",
                    "The service sent page {page} when asked for page {asked}; the list of cases "
                    "cannot be read completely",
                ).format(page=result.page, asked=page)
            )
        return result

    async def run(self, cursor: SyncCursor, *, resumed: bool, initial: bool) -> SyncReport:
        with fewer_collections():
            return await self._run(cursor, resumed=resumed, initial=initial)

    async def _run(self, cursor: SyncCursor, *, resumed: bool, initial: bool) -> SyncReport:
        started = self._clock()
        page = max(1, cursor.next_page - (1 if resumed else 0))
        totals = PageResult()
        tally = _Tally(await self._writer.run(self._store.commit_pages))
        guard = PagingGuard(self._client.limits.max_pages)
        result = await self._fetch(cursor, page, cursor.page_size)
        ahead: asyncio.Task[CaseDictPage] | None = None
        try:
            deadline = self._timer() + self._commit_interval_s
            while True:
                guard.check(result, asked=page)
                more = bool(result.items or result.malformed)
                more = more and result.page * result.page_size < result.total
                stopped: IncompleteListingError | None = None
                if more:
                    page = result.page + 1
                    try:
                        guard.check_next(result)
                    except IncompleteListingError as exc:  # raised once this page is saved
                        stopped, more = exc, False
                # The next page is asked for while this one is saved: the network wait and the
                # disk write overlap instead of adding up.
                ahead = (
                    asyncio.create_task(self._fetch(cursor, result.page + 1, result.page_size))
                    if more
                    else None
                )
                arguments = (
                    replace(cursor, page_size=result.page_size),
                    result.page,
                    result.items,
                    result.malformed,
                )
                saved, cursor = await self._writer.run(
                    partial(self._store.save_page, *arguments, batched=True)
                )
                totals.new += saved.new
                totals.changed += saved.changed
                totals.malformed += saved.malformed
                tally.saved(arguments, len(result.items) + len(result.malformed), result.total)
                if stopped is not None:
                    raise stopped
                if ahead is None:
                    break
                # Commit once the budget is spent, and when the next page is slow in coming:
                # what was saved becomes visible (and safe) while the network is waited for.
                if self._timer() < deadline and not ahead.done():
                    await asyncio.wait({ahead}, timeout=max(0.0, deadline - self._timer()))
                if self._timer() >= deadline:
                    await self._commit(tally)
                    deadline = self._timer() + self._commit_interval_s
                result = await ahead
                ahead = None
            await self._commit(tally)
        except BaseException as exc:
            if ahead is not None:
                ahead.cancel()
                await asyncio.gather(ahead, return_exceptions=True)
            await self._commit_after_failure(tally, cancelled=not isinstance(exc, Exception))
            raise
        removed = await self._writer.run(self._store.finish_sync, cursor)
        new = tuple(dict.fromkeys(totals.new))
        return SyncReport(
            full=cursor.full,
            initial=initial,
            resumed=resumed,
            date_from=cursor.date_from,
            started_at=started,
            finished_at=self._clock(),
            server_total=tally.server_total,
            pages=tally.pages,
            new=new,
            changed=tuple(dict.fromkeys(r for r in totals.changed if r not in new)),
            removed=tuple(removed),
            malformed=totals.malformed,
        )

    async def _commit(self, tally: _Tally) -> None:
        """Commit the pages saved since the last commit, then tell the listeners: progress is
        announced only once other connections (the inbox's readers) can read it."""
        if not tally.uncommitted:
            return
        if tally.kept(await self._writer.run(self._store.commit_pages)):
            self._listener.on_sync_progress(tally.pages, tally.listed, tally.server_total)
        if tally.uncommitted:  # lost to a failed COMMIT of another write's (a full disk)
            raise StoreError(
                translate(
                    "StoreError",
                    "The cases this sync saved in its last moments could not be kept; the next "
                    "sync continues from the last ones that were.",
                )
            )

    async def _commit_after_failure(self, tally: _Tally, *, cancelled: bool) -> None:
        """Keep the whole pages saved before a failure (a page that failed was rolled back
        whole, its cursor with it). Queued behind a write still running on the writer thread,
        so a cancelled pass commits that page too. Pages whose batch was lost (its COMMIT
        failed: a disk that filled up) are saved again one transaction each, as far as they
        go. The failure itself is what gets raised; a new one here is only logged."""
        before = tally.pages
        try:
            tally.kept(await self._writer.run(self._store.commit_pages))
            if not cancelled:
                for saved in tally.lost():
                    await self._writer.run(self._store.save_page, *saved)
                    tally.saved_again()
        except Exception:  # e.g. the disk is still full: the next pass resumes from before
            _log.warning("the pages saved before the sync stopped were not kept", exc_info=True)
        if tally.pages > before and not cancelled:  # not while the window may be closing
            self._listener.on_sync_progress(tally.pages, tally.listed, tally.server_total)


class _Tally:
    """Pages a pass saved, and how many of them are committed (what listeners are told).

    A page saved with ``batched=True`` is one unit of the store's batch; ``commit_pages``
    returns how many units were committed so far, so the pass's own are that less the count
    when it began (``base``): whatever committed or lost them, that is what other connections
    can read. Pages not known committed are kept (their input) to be saved again if lost.
    """

    def __init__(self, base: int) -> None:
        self.pages = self.listed = self.server_total = 0
        self._base = base
        self._pending: list[tuple[tuple[Any, ...], int]] = []  # save_page's arguments, listed

    @property
    def uncommitted(self) -> bool:
        return bool(self._pending)

    def saved(self, arguments: tuple[Any, ...], listed: int, server_total: int) -> None:
        self._pending.append((arguments, listed))
        self.server_total = server_total

    def kept(self, units_committed: int) -> bool:
        """Count the pages now committed; True when that is more than before."""
        newly = max(0, min(len(self._pending), units_committed - self._base - self.pages))
        for _arguments, listed in self._pending[:newly]:
            self.pages, self.listed = self.pages + 1, self.listed + listed
        del self._pending[:newly]
        return newly > 0

    def lost(self) -> list[tuple[Any, ...]]:
        """The arguments of ``save_page`` for the pages saved but not committed, in order."""
        return [arguments for arguments, _listed in self._pending]

    def saved_again(self) -> None:
        """The first lost page was saved again on its own (no longer a unit of a batch)."""
        _arguments, listed = self._pending.pop(0)
        self.pages, self.listed = self.pages + 1, self.listed + listed
        self._base -= 1  # units count on from the pages of this pass's batches only


async def save_account_details(client: ApiClient, store: CaseStore, writer: StoreWriter) -> None:
    """Refresh ``/me`` and the portal listings. Only ``/me`` is required: a deployment may refuse
    a portal listing (403) and the inbox still works without it (the last copy is kept)."""
    me = await client.me()
    listings: list[Any] = []
    for fetch, kept in (
        (client.ios_portals, store.ios_portals),
        (client.configured_portals, store.configured_portals),
    ):
        try:
            listings.append(await fetch())
        except (ForbiddenError, NotFoundError) as exc:
            _log.warning("a portal listing is not available: %s", exc)
            listings.append(kept())
    await writer.run(store.save_account_details, me, listings[0], listings[1])
