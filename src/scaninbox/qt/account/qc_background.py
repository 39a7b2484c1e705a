"""Scan QC in the background: cases are checked as their scans land in the file cache.

The Qt side of `scaninbox.services.qc_queue`: it hears of arriving scan files (the sync's
prefetch and offline downloads, a download for the viewer or the QC tab — every one goes through
the engine's fetcher, which reports ``fileReady``), looks at every cached case without a current
result when an account opens, keeps the bounded `QcQueue`, and checks one case at a time on ONE
worker thread of its own, at a lower CPU priority than the window. The GUI thread only keeps the
queue and emits signals: reading the store for a case, QC itself and keeping the result all run
on the worker, in one call (`scaninbox.services.qc_queue.check_case`; each thread reads the
store through its own connection; the result is written through the store's one writer).
Signing out (``detach``) empties the queue and sets the stop: a check still running ends at its
next step and nothing of it is kept.

While held (``hold``, until ``release``) cases are still queued — the inbox shows them as
"checking" — but none is checked: at start the first case's full-resolution frame comes first
(`scaninbox.qt.shell.qc_hold`), since a check shares the machine's cores and Python's lock with
reading and drawing it.

Signals: ``started(CaseRef)``, ``checked(CaseRef)`` (a result was kept), ``failed(CaseRef,
str)``, ``pendingChanged()`` (the set of cases waiting or being checked changed — the inbox
shows them as "checking").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import date
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal

from scaninbox.domain import CaseRef
from scaninbox.language import translate
from scaninbox.qt.runtime import async_bridge

if TYPE_CHECKING:
    from scaninbox.services.qc_queue import QcCandidate, QcQueue
    from scaninbox.store import CaseStore, FileCache

__all__ = ["BackgroundQc"]

_log = logging.getLogger(__name__)
_T = TypeVar("_T")
_NICENESS = 10  # Linux: the worker yields the CPU to the window and the sync


def _lower_priority() -> None:
    """Run on the worker thread as it starts: on Linux a thread has its own nice value (and the
    check's own helper threads inherit it)."""
    if hasattr(os, "setpriority") and hasattr(threading, "get_native_id"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), _NICENESS)


def _nothing() -> None:
    """A marker handed to the worker: its future is done when the work before it is."""


class BackgroundQc(QObject):
    started = Signal(object)
    checked = Signal(object)
    failed = Signal(object, str)
    pendingChanged = Signal()

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        enabled: bool = True,
        queue_limit: int | None = None,
        today: Callable[[], date] = date.today,
    ) -> None:
        super().__init__(parent)
        self.enabled = enabled
        self._queue_limit = queue_limit
        self._today = today
        self._store: CaseStore | None = None
        self._cache: FileCache | None = None
        self._queue: QcQueue | None = None
        self._arrived: dict[CaseRef, bool] = {}  # case → someone wants it now
        self._running: CaseRef | None = None
        self._executor: ThreadPoolExecutor | None = None
        self._generation = 0  # a new account (or none) makes older work's results void
        # Set when the account closes or the app quits: the check under way on the worker then
        # ends at its next step instead of running to its end for nobody (a quit waited for it).
        self._stop = threading.Event()
        self._held = False

    # ------------------------------------------------------------------ holding back

    def hold(self) -> None:
        """Check nothing until `release` (cases that arrive meanwhile wait in the queue)."""
        self._held = True

    def release(self) -> None:
        """Check the waiting cases now (nothing when not held)."""
        if self._held:
            self._held = False
            if self._queue is not None:
                self._pump_soon()

    @property
    def held(self) -> bool:
        return self._held

    # ------------------------------------------------------------------ the open account

    def attach(self, store: CaseStore, cache: FileCache) -> None:
        """An account opened: look for cached cases without a current result."""
        self.detach()
        if not self.enabled:
            return
        from scaninbox.services.qc_queue import QcQueue  # the QC package: imports worth deferring

        self._store, self._cache = store, cache
        self._queue = QcQueue(self._queue_limit) if self._queue_limit else QcQueue()
        async_bridge.run(self._look_at_cache(), owner=self, key="startup", name="QC at start")

    def detach(self) -> None:
        """The account closes (sign-out, another account): forget the queue, stop checking."""
        self._generation += 1
        self._stop.set()
        self._stop = threading.Event()  # for the next account's checks
        async_bridge.cancel_owned(self)
        had = bool(self._arrived) or self._running is not None or bool(self._queue)
        self._store = self._cache = None
        self._queue = None
        self._arrived.clear()
        self._running = None
        if had:
            self.pendingChanged.emit()

    def close(self) -> None:
        """The app quits: stop, and let the worker thread end once its call returns."""
        self.detach()
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ what to check

    def cases_synced(self, _report: object = None) -> None:
        """A sync ended: cases it brought that list no scan are checked (no file will arrive
        for them to be heard of otherwise)."""
        if self._queue is not None and async_bridge.running_task(self, "synced") is None:
            async_bridge.run(
                self._look_at_cache(without_scans_only=True),
                owner=self,
                key="synced",
                name="QC of cases without scans",
            )

    def files_arrived(self, ref: CaseRef) -> None:
        """A file of ``ref`` landed in the cache: check the case once all its scans are here."""
        self._arrive(ref, wanted=False)

    def check_now(self, ref: CaseRef) -> None:
        """Someone is looking at ``ref``: check it before the others (if its scans are here)."""
        self._arrive(ref, wanted=True)

    def is_pending(self, ref: CaseRef) -> bool:
        """Waiting or being checked (its kept result, if any, is not current)."""
        queue = self._queue
        return ref == self._running or (queue is not None and ref in queue)

    @property
    def running(self) -> CaseRef | None:
        return self._running

    def worker_idle(self) -> Future[None]:
        """Done once everything handed to the worker so far has finished (for tests and
        orderly shutdowns; a check under way when the account closed ends at its next step)."""
        if self._executor is None:
            done: Future[None] = Future()
            done.set_result(None)
            return done
        return self._executor.submit(_nothing)

    def pending(self) -> list[CaseRef]:
        """The case being checked, then the waiting ones in the order they will be checked."""
        waiting = self._queue.refs() if self._queue is not None else []
        return ([self._running] if self._running is not None else []) + waiting

    def _arrive(self, ref: CaseRef, *, wanted: bool) -> None:
        if self._queue is None:
            return
        self._arrived[ref] = self._arrived.get(ref, False) or wanted
        self._pump_soon()

    # ------------------------------------------------------------------ the worker

    def _pump_soon(self) -> None:
        if async_bridge.running_task(self, "pump") is None:
            async_bridge.run(self._pump(), owner=self, key="pump", name="background QC")

    async def _on_worker(self, fn: Callable[..., _T], *args: Any) -> _T:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(
                max_workers=1, thread_name_prefix="scaninbox-qc", initializer=_lower_priority
            )
        return await asyncio.wrap_future(self._executor.submit(fn, *args))

    async def _look_at_cache(self, *, without_scans_only: bool = False) -> None:
        from scaninbox.services.qc_queue import (
            candidates,
            cases_with_cached_scans,
            unchecked_cases_without_scans,
        )

        store, generation = self._store, self._generation
        if store is None:
            return

        def look() -> list[QcCandidate]:
            # A case that lists no scan waits for no file: checked now, it fails ("no
            # scans") in the inbox as `scaninbox qc` says, instead of an empty QC cell.
            refs = unchecked_cases_without_scans(store)
            if not without_scans_only:
                refs = cases_with_cached_scans(store) + refs
            return candidates(store, refs, self._today())

        try:
            found = await self._on_worker(look)
        except (RuntimeError, OSError) as exc:  # the store closed under us, or a disk fault
            _log.info("background QC could not look at the cache: %s", exc)
            return
        if generation != self._generation or self._queue is None:
            return
        for candidate in found:
            self._queue.offer(candidate)
        self.pendingChanged.emit()
        self._pump_soon()

    async def _pump(self) -> None:
        """Check waiting cases one at a time until none is left."""
        while self._store is not None and self._queue is not None:
            generation = self._generation
            if self._arrived:
                if not await self._take_arrivals():
                    return
                continue
            if self._held:  # `release` starts the pump again
                return
            next_one = self._queue.pop()
            if next_one is None:
                return
            if not await self._check(next_one.ref) or generation != self._generation:
                return

    async def _take_arrivals(self) -> bool:
        """Queue the arrived cases whose scans are all here; False when the account changed."""
        from scaninbox.services.qc_queue import candidates

        store, generation = self._store, self._generation
        arrived, self._arrived = self._arrived, {}
        if store is None:
            return False
        today = self._today()
        found = await self._on_worker(candidates, store, list(arrived), today)
        if generation != self._generation or self._queue is None:
            return False
        for candidate in found:
            self._queue.offer(candidate, wanted=arrived.get(candidate.ref, False))
        # Someone waits on these, and nothing here can check them (a scan went from the cache
        # meanwhile, the case was removed): say so rather than leave "checking" on screen.
        queued = {candidate.ref for candidate in found}
        for ref, wanted in arrived.items():
            if wanted and ref not in queued:
                self.failed.emit(
                    ref, translate("BackgroundQc", "its scans are not all on this computer")
                )
        self.pendingChanged.emit()
        return True

    async def _check(self, ref: CaseRef) -> bool:
        """Check ``ref`` on the worker and keep its result; False when the account changed."""
        from scaninbox.services.qc_queue import check_case

        store, cache, generation = self._store, self._cache, self._generation
        if store is None or cache is None:
            return False
        self._running = ref
        self.started.emit(ref)
        try:
            # Checked and kept on the worker (`qc_work.check_case_scans`); an account that
            # closes meanwhile sets the stop, and nothing of its check is kept.
            checked = await self._on_worker(check_case, store, cache, ref, self._stop)
            saved = checked is not None and checked.outcome.kept
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # an unreadable file, a damaged store: say so, go on
            if generation != self._generation:
                return False
            _log.warning("background QC of %s failed: %s", ref, exc)
            self._running = None
            self.failed.emit(ref, str(exc))
            self.pendingChanged.emit()
            return True
        if generation != self._generation:
            return False
        self._running = None
        if saved:
            self.checked.emit(ref)
        self.pendingChanged.emit()
        return True
