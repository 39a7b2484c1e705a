"""How far a prefetch has got: files done of those it set out to fetch, and bytes.

`SyncEngine.prefetch` plans the files it will fetch (those missing among the cases it will look
at), then counts each one as it arrives or fails, with the bytes received, and tells its
listeners (`SyncListener.on_prefetch_progress`): the command line's progress line and the
window's status bar follow it. A large account's prefetch takes minutes; without this they
showed nothing but one file's bytes at a time.

Progress by bytes comes at most every `_EVERY_S` (a download reports every chunk); a file done
is told at once.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from time import monotonic

from scaninbox.domain import CaseRef
from scaninbox.store.derive import FileSpec
from scaninbox.store.events import DownloadProgress, PrefetchProgress, SyncListener

__all__ = ["PrefetchTally"]

_EVERY_S = 0.25

Key = tuple[CaseRef, FileSpec]


class PrefetchTally(SyncListener):
    """Listens to the engine's downloads while a prefetch runs; ``tell`` gets the progress."""

    def __init__(self, plan: set[Key], tell: Callable[[PrefetchProgress], None]) -> None:
        self._left = set(plan)
        self._total = len(plan)
        self._done = 0
        self._bytes = 0
        self._receiving: dict[Key, int] = {}
        self._tell = tell
        self._told_at = 0.0

    def start(self) -> None:
        self._report()

    def finish(self) -> None:
        self._report(finished=True)

    def on_download_progress(self, progress: DownloadProgress) -> None:
        key = (progress.ref, progress.file)
        if key in self._left:
            self._receiving[key] = progress.done_bytes
            if monotonic() - self._told_at >= _EVERY_S:
                self._report()

    def on_file_ready(self, ref: CaseRef, file: FileSpec, path: Path) -> None:
        self._file_done((ref, file))

    def on_file_failed(self, ref: CaseRef, file: FileSpec, message: str) -> None:
        self._file_done((ref, file))

    def _file_done(self, key: Key) -> None:
        if key not in self._left:
            return
        self._left.discard(key)
        self._done += 1
        self._bytes += self._receiving.pop(key, 0)
        self._report()

    def _report(self, *, finished: bool = False) -> None:
        self._told_at = monotonic()
        receiving = sum(self._receiving.values())
        self._tell(PrefetchProgress(self._done, self._total, self._bytes + receiving, finished))
