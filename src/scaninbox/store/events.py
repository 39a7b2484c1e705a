"""What the sync engine tells its listeners: state changes, sync reports, download progress.

Listeners are plain objects (no Qt here): subclass ``SyncListener`` and override what you need.
They are called on the event loop's thread; the window's bridge turns them into Qt signals. A
listener that raises is logged and does not disturb the engine or the other listeners.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from pathlib import Path

from scaninbox.domain import CaseRef
from scaninbox.store.derive import FileSpec

__all__ = [
    "DownloadProgress",
    "EngineState",
    "FetchReport",
    "Listeners",
    "PrefetchProgress",
    "SyncListener",
    "SyncReport",
]

_log = logging.getLogger(__name__)


class EngineState(StrEnum):
    STOPPED = "stopped"  # not started, or stopped
    ONLINE = "online"  # the last contact with the service worked
    SYNCING = "syncing"
    OFFLINE = "offline"  # the service cannot be reached; retrying by itself
    ERROR = "error"  # the service answered with an error; retrying at the next interval
    SIGNED_OUT = "signed_out"  # the session ended: waiting for the person to sign in again


@dataclass(frozen=True, slots=True)
class SyncReport:
    """What one sync changed in the store."""

    full: bool
    initial: bool  # the store was empty: everything is new, nobody is told case by case
    resumed: bool  # it continued a sync that was interrupted (killed, offline)
    date_from: date | None
    started_at: datetime
    finished_at: datetime
    server_total: int
    pages: int
    new: tuple[CaseRef, ...] = ()
    changed: tuple[CaseRef, ...] = ()
    removed: tuple[CaseRef, ...] = ()
    malformed: int = 0

    @property
    def duration_s(self) -> float:
        return (self.finished_at - self.started_at).total_seconds()


@dataclass(frozen=True, slots=True)
class DownloadProgress:
    ref: CaseRef
    file: FileSpec
    done_bytes: int
    total_bytes: int | None


@dataclass(frozen=True, slots=True)
class PrefetchProgress:
    """A prefetch so far: files done (fetched or failed) of those it set out to fetch, the
    bytes received for them; ``finished`` once it has ended (fewer may be done: it stops at
    the cache limit)."""

    files_done: int
    files_total: int
    bytes_done: int
    finished: bool = False


@dataclass(slots=True)
class FetchReport:
    """What fetching the files of some cases did."""

    fetched: list[tuple[CaseRef, FileSpec, Path]] = field(default_factory=list)
    already_cached: int = 0
    failed: list[tuple[CaseRef, FileSpec, str]] = field(default_factory=list)
    left_out: int = 0  # cases whose files did not fit under the offline cache limit
    disk_full: bool = False  # a file did not fit on the disk: a prefetch stops there

    def merge(self, other: FetchReport) -> None:
        self.fetched += other.fetched
        self.already_cached += other.already_cached
        self.failed += other.failed
        self.left_out += other.left_out
        self.disk_full = self.disk_full or other.disk_full


class SyncListener:
    """Override what you need; every method does nothing by default."""

    def on_state(self, state: EngineState, detail: str) -> None:
        """The engine's state changed; ``detail`` says why in plain words ("" when online)."""

    def on_sync_started(self, full: bool) -> None: ...

    def on_sync_progress(self, pages: int, cases: int, server_total: int) -> None:
        """Pages were saved and committed: ``pages`` and ``cases`` (of the ``server_total``
        listed) so far in this sync, all readable through any connection by now. Comes after
        each commit, a few pages at a time (``SyncOptions.commit_interval_s``)."""

    def on_sync_finished(self, report: SyncReport) -> None: ...

    def on_new_cases(self, refs: Sequence[CaseRef]) -> None:
        """Cases that arrived since the last sync (not sent for the very first sync)."""

    def on_download_progress(self, progress: DownloadProgress) -> None: ...

    def on_file_ready(self, ref: CaseRef, file: FileSpec, path: Path) -> None: ...

    def on_file_failed(self, ref: CaseRef, file: FileSpec, message: str) -> None: ...

    def on_prefetch_progress(self, progress: PrefetchProgress) -> None:
        """How far a prefetch (``sync --with-files``, the window's background one) has got."""


class Listeners(SyncListener):
    """Fans every call out to the registered listeners, shielding each from the others."""

    def __init__(self) -> None:
        self._listeners: list[SyncListener] = []

    def add(self, listener: SyncListener) -> None:
        if listener not in self._listeners:
            self._listeners.append(listener)

    def remove(self, listener: SyncListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def on_state(self, state: EngineState, detail: str) -> None:
        self._each("on_state", state, detail)

    def on_sync_started(self, full: bool) -> None:
        self._each("on_sync_started", full)

    def on_sync_progress(self, pages: int, cases: int, server_total: int) -> None:
        self._each("on_sync_progress", pages, cases, server_total)

    def on_sync_finished(self, report: SyncReport) -> None:
        self._each("on_sync_finished", report)

    def on_new_cases(self, refs: Sequence[CaseRef]) -> None:
        self._each("on_new_cases", refs)

    def on_download_progress(self, progress: DownloadProgress) -> None:
        self._each("on_download_progress", progress)

    def on_file_ready(self, ref: CaseRef, file: FileSpec, path: Path) -> None:
        self._each("on_file_ready", ref, file, path)

    def on_file_failed(self, ref: CaseRef, file: FileSpec, message: str) -> None:
        self._each("on_file_failed", ref, file, message)

    def on_prefetch_progress(self, progress: PrefetchProgress) -> None:
        self._each("on_prefetch_progress", progress)

    def _each(self, method: str, *args: object) -> None:
        for listener in list(self._listeners):
            try:
                getattr(listener, method)(*args)
            except Exception:
                _log.exception("a sync listener failed in %s", method)
