"""Getting case files into the cache: on demand (``ensure``), for a pinned case, or prefetched.

At most ``parallel`` downloads run at once; two requests for the same file share one download.
Each download goes through ``ApiClient.download`` into the cache's scratch folder (atomically),
then ``FileCache.add`` verifies it and moves it into place — hashing and the bookkeeping write
run on worker threads, so the event loop never waits for the disk.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

from scaninbox.api import ApiClient
from scaninbox.api.errors import ApiError, SessionExpiredError, TransportError
from scaninbox.api.wire import SignedFileLink
from scaninbox.domain import CaseRef, FileKind
from scaninbox.language import translate
from scaninbox.store.derive import FileSpec
from scaninbox.store.errors import (
    NotCachedError,
    StoreError,
    StoreFullError,
    disk_is_full,
    file_error_text,
)
from scaninbox.store.events import DownloadProgress, FetchReport, SyncListener
from scaninbox.store.filecache import FileCache

__all__ = ["FileFetcher", "ProgressFn"]

_log = logging.getLogger(__name__)
ProgressFn = Callable[[DownloadProgress], None]


class FileFetcher:
    """Downloads case files into ``cache`` with ``client``, reporting to ``listener``."""

    def __init__(
        self,
        client: ApiClient,
        cache: FileCache,
        *,
        parallel: int = 3,
        listener: SyncListener | None = None,
    ) -> None:
        self._client = client
        self._cache = cache
        self._slots = asyncio.Semaphore(max(1, parallel))
        self._listener = listener or SyncListener()
        self._running: dict[tuple[CaseRef, FileSpec], asyncio.Task[Path]] = {}

    async def ensure(
        self, ref: CaseRef, spec: FileSpec, *, progress: ProgressFn | None = None
    ) -> Path:
        """The verified cached copy of a file, downloading it first when needed."""
        cached = await asyncio.to_thread(self._cache.cached_path, ref, spec)
        if cached is not None:
            return cached
        key = (ref, spec)
        task = self._running.get(key)
        if task is None:
            task = asyncio.create_task(self._download(ref, spec, progress))
            self._running[key] = task
            task.add_done_callback(lambda _t: self._running.pop(key, None))
            task.add_done_callback(_retrieved)
        return await asyncio.shield(task)

    async def fetch_case(
        self, ref: CaseRef, only: Callable[[FileSpec], bool] | None = None
    ) -> FetchReport:
        """Fetch every file of a case that is not cached yet (``only``: those it accepts);
        failures are reported, not raised, except a connection failure or an ended session,
        which is raised (TransportError, SessionExpiredError) once the rest ended: asking for
        the next files would only fail again."""
        report = FetchReport()
        stored = await asyncio.to_thread(self._cache.store.case, ref)
        if stored is None:
            raise NotCachedError(
                translate("StoreError", "Case {ref} is not in the local store.").format(ref=ref)
            )
        wanted = [f for f in stored.files if only is None or only(f.spec)]
        missing = [f for f in stored.missing_files if only is None or only(f.spec)]
        report.already_cached = len(wanted) - len(missing)
        results = await asyncio.gather(
            *(self._fetch_one(ref, f.spec) for f in missing), return_exceptions=True
        )
        offline: TransportError | SessionExpiredError | None = None
        for file, outcome in zip(missing, results, strict=True):
            if isinstance(outcome, Path):
                report.fetched.append((ref, file.spec, outcome))
            elif isinstance(outcome, TransportError | SessionExpiredError):
                offline = outcome
                report.failed.append((ref, file.spec, str(outcome)))
            elif isinstance(outcome, ApiError | StoreError):
                report.failed.append((ref, file.spec, str(outcome)))
                report.disk_full |= isinstance(outcome, StoreFullError) or bool(
                    getattr(outcome, "disk_full", False)
                )
            elif isinstance(outcome, OSError):
                report.failed.append((ref, file.spec, file_error_text(outcome, file.spec.name)))
                report.disk_full |= disk_is_full(outcome)
            elif isinstance(outcome, BaseException):
                raise outcome
        if offline is not None:
            raise offline
        return report

    async def aclose(self) -> None:
        """Cancel downloads still running and wait for them to end."""
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _fetch_one(self, ref: CaseRef, spec: FileSpec) -> Path:
        try:
            return await self.ensure(ref, spec)
        except (ApiError, StoreError) as exc:
            self._listener.on_file_failed(ref, spec, str(exc))
            raise
        except OSError as exc:  # keeping it in the cache: its name, never the cache's paths
            self._listener.on_file_failed(ref, spec, file_error_text(exc, spec.name))
            raise

    async def _download(self, ref: CaseRef, spec: FileSpec, progress: ProgressFn | None) -> Path:
        async with self._slots:
            # Another request may have finished this file while we waited for a slot.
            cached = await asyncio.to_thread(self._cache.cached_path, ref, spec, verify=False)
            if cached is not None:
                return cached
            temp = self._cache.scratch_path()

            def report(done: int, total: int | None) -> None:
                event = DownloadProgress(ref, spec, done, total)
                self._listener.on_download_progress(event)
                if progress is not None:
                    progress(event)

            _log.debug("downloading %s of case %s", spec, ref)
            # Errors name the scan and the cache, not the scratch file it is written to.
            result = await self._client.download(
                self._link(ref, spec),
                temp,
                progress=report,
                name=spec.name,
                where=translate("StoreWhat", "the local file cache"),
            )
            # add() deletes a download it refuses; anything else left in the scratch folder
            # goes with it when the cache closes (or on the next open after a crash).
            path = await asyncio.to_thread(
                self._cache.add,
                ref,
                spec,
                result.path,
                size_bytes=result.size_bytes,
                sha256=result.sha256,
            )
        self._listener.on_file_ready(ref, spec, path)
        return path

    def _link(self, ref: CaseRef, spec: FileSpec) -> Callable[[], Awaitable[SignedFileLink]]:
        client = self._client
        if spec.kind is FileKind.SCAN:
            return lambda: client.scan_file_link(ref, spec.name, spec.file_type)
        if spec.kind is FileKind.ORDER_FORM:
            return lambda: client.order_form_link(ref)
        return lambda: client.misc_file_link(ref, spec.name)


def _retrieved(task: asyncio.Task[Path]) -> None:
    """Mark a shared download's failure as seen: when everyone waiting for it was cancelled
    (a newer case, the engine stopping), its SessionExpiredError or TransportError is not a
    bug, and asyncio would otherwise report it as "never retrieved"."""
    if not task.cancelled():
        task.exception()
