"""The sync engine: pulls ``/unified-cases`` into the store in the background, fetches files.

- ``start()`` syncs at once, then every ``interval_s``; ``sync_now()`` / ``request_sync()`` sync
  on demand; ``stop()`` ends it all.
- A sync is incremental (from the newest stored received date minus an overlap window) or a full
  reconcile (the first one, every ``full_reconcile_every``-th, or on demand), which also notices
  cases that left the list. Each page is saved with a cursor, and pages are committed a few at
  a time (``commit_interval_s``), so a sync that is killed or cut off resumes one page before
  the last committed one (saving is idempotent).
- The service unreachable → state ``offline``, retried with a growing pause until it answers;
  the session ended → state ``signed_out`` until ``resume()`` (no busy loop); another service
  error → state ``error``, retried at the next interval.
- After a sync, files are prefetched (`prefetch`): order forms and previews of every case,
  every file of pinned and recent cases (``prefetch_days``); see `scaninbox.store.offline`.

Store writes run on one worker thread of the engine's own, so the event loop (the GUI thread
under qasync) never waits for the disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from time import monotonic

from scaninbox.api import ApiClient
from scaninbox.api.errors import (
    ApiError,
    SessionExpiredError,
    TransportError,
)
from scaninbox.domain import CaseRef
from scaninbox.language import translate
from scaninbox.settings import Settings
from scaninbox.store.case_store import CaseStore
from scaninbox.store.derive import FileSpec
from scaninbox.store.errors import StoreError
from scaninbox.store.events import EngineState, FetchReport, Listeners, SyncListener, SyncReport
from scaninbox.store.fetcher import FileFetcher
from scaninbox.store.filecache import FileCache
from scaninbox.store.offline import cases_missing_files, is_small, refs_due_between
from scaninbox.store.records import StoredCase
from scaninbox.store.sync_pass import COMMIT_INTERVAL_S, SyncPass, save_account_details
from scaninbox.store.sync_progress import PrefetchTally
from scaninbox.store.writer import StoreWriter

__all__ = ["SyncEngine", "SyncOptions"]

_log = logging.getLogger(__name__)
_PREFETCH_SHARE = 0.9  # of the cache limit that prefetching may fill


@dataclass(frozen=True, slots=True)
class SyncOptions:
    interval_s: float = 120.0
    full_reconcile_every: int = 30  # every Nth sync is a full reconcile
    overlap_days: int = 2
    page_size: int = 100
    prefetch_days: int = 7  # 0: prefetch only pinned cases
    parallel_downloads: int = 3
    offline_retry_min_s: float = 5.0  # first pause when offline; doubles up to interval_s
    # Saved pages are committed together at most this long after the last commit (0: each
    # page alone); see ``sync_pass``.
    commit_interval_s: float = COMMIT_INTERVAL_S

    @classmethod
    def from_settings(cls, settings: Settings) -> SyncOptions:
        return cls(
            interval_s=settings.sync_interval_s,
            full_reconcile_every=settings.full_reconcile_every,
            prefetch_days=settings.prefetch_days,
            parallel_downloads=settings.parallel_downloads,
        )


class SyncEngine:
    """Keeps one account's store in step with the service. Use on one event loop."""

    def __init__(
        self,
        client: ApiClient,
        store: CaseStore,
        cache: FileCache,
        options: SyncOptions | None = None,
        *,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        timer: Callable[[], float] = monotonic,
    ) -> None:
        self.options = options or SyncOptions()
        self.store = store
        self.cache = cache
        self._client = client
        self._clock = clock
        self._listeners = Listeners()
        self.fetcher = FileFetcher(
            client, cache, parallel=self.options.parallel_downloads, listener=self._listeners
        )
        self._state = EngineState.STOPPED
        self._detail = ""
        self._lock = asyncio.Lock()
        self._writer = StoreWriter()
        cache.attach_writer(self._writer)  # files opened on the GUI thread are noted here
        self._pass = SyncPass(
            client,
            store,
            self._writer,
            page_size=self.options.page_size,
            overlap_days=self.options.overlap_days,
            full_reconcile_every=self.options.full_reconcile_every,
            clock=clock,
            listener=self._listeners,
            commit_interval_s=self.options.commit_interval_s,
            timer=timer,
        )
        self._wake = asyncio.Event()
        self._wake_full = False
        self._loop_task: asyncio.Task[None] | None = None
        self._prefetch_task: asyncio.Task[FetchReport] | None = None
        self._details_fresh = False
        # Cases whose order form and previews are all cached, with the change they were
        # checked at: the small-file pass looks at each case once, not at every sync.
        self._small_done: dict[CaseRef, float] = {}

    # ------------------------------------------------------------------ observing

    @property
    def state(self) -> EngineState:
        return self._state

    @property
    def state_detail(self) -> str:
        """Why the engine is offline / in error / signed out, in plain words."""
        return self._detail

    def add_listener(self, listener: SyncListener) -> None:
        self._listeners.add(listener)

    def remove_listener(self, listener: SyncListener) -> None:
        self._listeners.remove(listener)

    # ------------------------------------------------------------------ running

    def start(self) -> None:
        """Sync at once, then every interval, in a background task of the running loop."""
        if self._loop_task is None or self._loop_task.done():
            self._loop_task = asyncio.get_running_loop().create_task(self._run())

    def request_sync(self, *, full: bool = False) -> None:
        """Ask the background task for a sync now (a refresh button, a sign-in, a new URL)."""
        self._wake_full = self._wake_full or full
        self._wake.set()

    def resume(self) -> None:
        """The person signed in again: leave ``signed_out`` and sync."""
        self.request_sync()

    async def stop(self) -> None:
        """Stop syncing and downloading; the store stays open (its owner closes it)."""
        for task in (self._loop_task, self._prefetch_task):
            if task is not None:
                task.cancel()
        for task in (self._loop_task, self._prefetch_task):
            if task is not None:
                await asyncio.gather(task, return_exceptions=True)
        await self.fetcher.aclose()
        self.cache.attach_writer(None)
        self._writer.close()
        self._set_state(EngineState.STOPPED)

    async def sync_now(self, *, full: bool = False, date_from: date | None = None) -> SyncReport:
        """Sync once (waiting for one already running). Raises the ``ApiError`` that stopped it,
        after reporting it as a state change."""
        async with self._lock:
            before = (self._state, self._detail)
            self._set_state(EngineState.SYNCING)
            try:
                cursor, resumed, initial = await self._pass.prepare(full, date_from)
                self._listeners.on_sync_started(cursor.full)
                if cursor.full or not self._details_fresh:
                    await save_account_details(self._client, self.store, self._writer)
                    self._details_fresh = True
                report = await self._pass.run(cursor, resumed=resumed, initial=initial)
            except TransportError as exc:
                self._set_state(EngineState.OFFLINE, str(exc))
                raise
            except SessionExpiredError as exc:
                self._set_state(EngineState.SIGNED_OUT, str(exc))
                raise
            except (ApiError, StoreError) as exc:  # StoreError: e.g. the disk is full
                self._set_state(EngineState.ERROR, str(exc))
                raise
            except asyncio.CancelledError:
                self._set_state(*before)
                raise
            except Exception:
                self._set_state(
                    EngineState.ERROR,
                    translate("StoreError", "The sync failed unexpectedly; see the log."),
                )
                raise
            self._set_state(EngineState.ONLINE)
        self._listeners.on_sync_finished(report)
        if report.new and not report.initial:
            self._listeners.on_new_cases(report.new)
        return report

    async def prefetch(self, since: date | None = None) -> FetchReport:
        """Make cases available offline, never evicting what it has just fetched:

        1. the order forms and scan previews of every listed case (small);
        2. every file of pinned cases, whatever the cache limit;
        3. every file of the cases received since ``since`` (asked for: up to the cache limit)
           or, without it, in the last ``prefetch_days`` (up to 90 % of the limit), newest
           first. Cases that did not fit are counted in ``left_out``.
        """
        room_bytes = (1.0 if since is not None else _PREFETCH_SHARE) * self.cache.limit_bytes
        if since is not None:
            received_since: datetime | None = datetime.combine(since, time.min, UTC)
        elif self.options.prefetch_days > 0:
            received_since = self._clock() - timedelta(days=self.options.prefetch_days)
        else:
            received_since = None
        report = FetchReport()
        plan, wanted = await asyncio.to_thread(self._prefetch_plan, received_since)
        tally = PrefetchTally(plan, self._listeners.on_prefetch_progress)
        self._listeners.add(tally)
        tally.start()
        try:
            await self._fetch_small_files(report, room_bytes)
            for position, ref in enumerate(wanted):
                if report.disk_full:  # every next file would fail alike
                    _log.info("prefetch stopped: the disk is full")
                    break
                if self.cache.stored_bytes() >= room_bytes:
                    row = self.store.row(ref)
                    if row is None or not row.pinned:  # pinned come first: the rest are not
                        _log.info("prefetch stopped: the file cache is nearly full")
                        report.left_out += len(wanted) - position
                        break
                report.merge(await self.fetcher.fetch_case(ref))
        finally:
            self._listeners.remove(tally)
            tally.finish()
        return report

    def _prefetch_plan(
        self, received_since: datetime | None
    ) -> tuple[set[tuple[CaseRef, FileSpec]], list[CaseRef]]:
        """The files a prefetch sets out to fetch (for its progress), and the cases whose
        files it fetches after the small ones (on a worker thread: it reads every case)."""
        plan: set[tuple[CaseRef, FileSpec]] = set()
        for ref, updated_at in cases_missing_files(self.store):
            stored = None if self._small_done.get(ref) == updated_at else self.store.case(ref)
            if stored is not None:
                plan.update((ref, f.spec) for f in stored.missing_files if is_small(f.spec))
        wanted = self.store.cases_needing_files(received_since)
        for ref in wanted:
            stored = self.store.case(ref)
            if stored is not None:
                plan.update((ref, f.spec) for f in stored.missing_files)
        return plan, wanted

    async def _fetch_small_files(self, report: FetchReport, room_bytes: float) -> None:
        """Order forms and previews of every listed case. A case whose small files are all
        here is remembered (until it changes), so later syncs do not look at it again."""
        for ref, updated_at in await asyncio.to_thread(cases_missing_files, self.store):
            if self._small_done.get(ref) == updated_at:
                continue
            if self.cache.stored_bytes() >= room_bytes or report.disk_full:
                return
            part = await self.fetcher.fetch_case(ref, only=is_small)
            report.merge(part)
            if not part.failed:
                self._small_done[ref] = updated_at

    async def keep_due_offline(self, first: date, last: date) -> tuple[int, FetchReport]:
        """Pin every listed case due ``first`` … ``last`` and fetch all their files; returns
        how many cases that was and what fetching did (a connection failure is raised: the
        cases stay pinned, and the next sync fetches their files)."""
        refs = await asyncio.to_thread(refs_due_between, self.store, first, last)

        def pin_all() -> None:
            for ref in refs:
                self.store.set_pinned(ref, True)

        await self._writer.run(pin_all)
        report = FetchReport()
        for ref in refs:
            report.merge(await self.fetcher.fetch_case(ref))
        return len(refs), report

    async def mark_read(self, refs: Sequence[CaseRef], *, read: bool = True) -> int:
        """``CaseStore.mark_read`` on the store's write thread (never blocks the event loop)."""
        return await self._writer.run(self.store.mark_read, refs, read=read)

    async def set_pinned(self, ref: CaseRef, pinned: bool = True) -> FetchReport:
        """Keep a case available offline: pin it and fetch all its files (unpin: just unpin)."""
        if not await self._writer.run(self.store.set_pinned, ref, pinned):
            raise StoreError(
                translate("StoreError", "Case {ref} is not in the local store; sync first.").format(
                    ref=ref
                )
            )
        if not pinned:
            return FetchReport()
        return await self.fetcher.fetch_case(ref)

    async def refresh_case(self, ref: CaseRef) -> StoredCase | None:
        """Fetch one case again (e.g. when it is opened) so a status change shows at once."""
        wire = await self._client.get_case(ref)
        await self._writer.run(self.store.upsert_case, wire)
        return self.store.case(ref)

    # ------------------------------------------------------------------ internals

    async def _run(self) -> None:
        delay_s = 0.0
        failures = 0
        while True:
            if delay_s > 0:
                await self._sleep_or_wake(delay_s)
            full, self._wake_full = self._wake_full, False
            self._wake.clear()
            try:
                await self.sync_now(full=full)
            except TransportError:
                failures += 1
                delay_s = min(
                    self.options.interval_s,
                    self.options.offline_retry_min_s * 2 ** (failures - 1),
                )
                continue
            except SessionExpiredError:
                await self._wake.wait()  # resume() after the person signed in again
                delay_s = 0.0
                continue
            except ApiError:
                delay_s = self.options.interval_s
                continue
            except Exception:
                _log.exception("sync failed unexpectedly")
                delay_s = self.options.interval_s
                continue
            failures = 0
            delay_s = self.options.interval_s
            self._start_prefetch()

    async def _sleep_or_wake(self, delay_s: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=delay_s)

    def _start_prefetch(self) -> None:
        if self._prefetch_task is not None and not self._prefetch_task.done():
            return
        self._prefetch_task = asyncio.get_running_loop().create_task(self._prefetch_quietly())

    async def _prefetch_quietly(self) -> FetchReport:
        try:
            return await self.prefetch()
        except (ApiError, StoreError) as exc:  # e.g. offline again: the sync loop notices
            _log.info("prefetch stopped: %s", exc)
        except Exception:
            _log.exception("prefetch failed unexpectedly")
        return FetchReport()

    def _set_state(self, state: EngineState, detail: str = "") -> None:
        if (state, detail) == (self._state, self._detail):
            return
        self._state, self._detail = state, detail
        self._listeners.on_state(state, detail)
