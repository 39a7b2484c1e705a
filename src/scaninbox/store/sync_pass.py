"""One sync: decide incremental or full, page through ``/unified-cases``, save, finish.

Each page is saved with the cursor of the next one, so a pass that is killed or cut off is
resumed by the next pass from one page before where it stopped (cases that arrived meanwhile
push the list down a little; saving a page twice changes nothing). A listing that stops making
progress (a page again, only cases already seen, more pages than ``NetworkLimits.max_pages``)
ends the pass with ``IncompleteListingError`` before ``finish_sync``, so a full reconcile never
removes cases it did not get to see.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import Any

from scaninbox.api import ApiClient, CaseDictPage, IncompleteListingError, PagingGuard
from scaninbox.api.errors import ForbiddenError, NotFoundError, ProtocolError
from scaninbox.store.case_store import CaseStore
from scaninbox.store.events import SyncListener, SyncReport
from scaninbox.store.records import PageResult, SyncCursor
from scaninbox.store.writer import StoreWriter

__all__ = ["SyncPass", "fewer_collections", "save_account_details"]

_log = logging.getLogger(__name__)

# A pass allocates a few hundred objects a case (JSON, wire models, columns) that die with their
# page. At Python's default (a young-generation collection every 700 allocations, and with them
# the older generations' passes over every object the program holds) the cyclic collector took
# 10-15 % of a first sync's client CPU: 0.34-0.36 ms a case against 0.29-0.31 with collections
# 70 times rarer (5,000 cases, interleaved runs). Reference counting still frees every page at
# once; only cyclic garbage, which a pass makes next to none of, waits a little longer.
_PASS_GC_THRESHOLD = 50_000


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
    ) -> None:
        self._client = client
        self._store = store
        self._writer = writer
        self._page_size = page_size
        self._overlap = timedelta(days=overlap_days)
        self._full_every = max(1, full_reconcile_every)
        self._clock = clock
        self._listener = listener

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
                f"The service sent page {result.page} when asked for page {page}; "
                "the list of cases cannot be read completely"
            )
        return result

    async def run(self, cursor: SyncCursor, *, resumed: bool, initial: bool) -> SyncReport:
        with fewer_collections():
            return await self._run(cursor, resumed=resumed, initial=initial)

    async def _run(self, cursor: SyncCursor, *, resumed: bool, initial: bool) -> SyncReport:
        started = self._clock()
        page = max(1, cursor.next_page - (1 if resumed else 0))
        totals, pages, server_total, listed = PageResult(), 0, 0, 0
        guard = PagingGuard(self._client.limits.max_pages)
        result = await self._fetch(cursor, page, cursor.page_size)
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
            try:
                cursor = replace(cursor, page_size=result.page_size)
                saved, cursor = await self._writer.run(
                    self._store.save_page, cursor, result.page, result.items, result.malformed
                )
            except BaseException:
                if ahead is not None:
                    ahead.cancel()
                    await asyncio.gather(ahead, return_exceptions=True)
                raise
            totals.new += saved.new
            totals.changed += saved.changed
            totals.malformed += saved.malformed
            pages, server_total = pages + 1, result.total
            listed += len(result.items) + len(result.malformed)
            self._listener.on_sync_progress(pages, listed, server_total)
            if stopped is not None:
                raise stopped
            if ahead is None:
                break
            result = await ahead
        removed = await self._writer.run(self._store.finish_sync, cursor)
        new = tuple(dict.fromkeys(totals.new))
        return SyncReport(
            full=cursor.full,
            initial=initial,
            resumed=resumed,
            date_from=cursor.date_from,
            started_at=started,
            finished_at=self._clock(),
            server_total=server_total,
            pages=pages,
            new=new,
            changed=tuple(dict.fromkeys(r for r in totals.changed if r not in new)),
            removed=tuple(removed),
            malformed=totals.malformed,
        )


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
