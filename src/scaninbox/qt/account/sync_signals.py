"""The sync engine's listener calls as Qt signals, always delivered on the GUI thread.

The engine calls its listeners on the event loop's thread, which under qasync is the GUI
thread; a few calls (download progress) may come from elsewhere in future. Either way a signal
is emitted on the thread that owns this object: a call from another thread is queued through an
internal signal and emitted when the GUI thread gets to it, so slots may touch widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, Signal

from scaninbox.domain import CaseRef
from scaninbox.store import (
    DownloadProgress,
    EngineState,
    FileSpec,
    PrefetchProgress,
    SyncListener,
    SyncReport,
)

__all__ = ["SyncSignals"]


class SyncSignals(QObject):
    """Add ``signals.listener`` to a ``SyncEngine``; connect to the signals below.

    - ``stateChanged(EngineState, str detail)``
    - ``syncStarted(bool full)``, ``syncProgress(int pages, int cases, int server_total)``,
      ``syncFinished(SyncReport)``, ``newCases(list[CaseRef])``
    - ``downloadProgress(DownloadProgress)``, ``fileReady(CaseRef, FileSpec, Path)``,
      ``fileFailed(CaseRef, FileSpec, str)``, ``prefetchProgress(PrefetchProgress)``
    """

    stateChanged = Signal(object, str)
    syncStarted = Signal(bool)
    syncProgress = Signal(int, int, int)
    syncFinished = Signal(object)
    newCases = Signal(object)
    downloadProgress = Signal(object)
    fileReady = Signal(object, object, object)
    fileFailed = Signal(object, object, str)
    prefetchProgress = Signal(object)

    _relay = Signal(str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._relay.connect(self._emit, Qt.ConnectionType.QueuedConnection)
        self.listener = _Listener(self)

    def deliver(self, name: str, *args: Any) -> None:
        """Emit signal ``name`` on this object's thread (now, or queued from another thread)."""
        if QThread.currentThread() is self.thread():
            self._emit(name, args)
        else:
            self._relay.emit(name, args)

    def _emit(self, name: str, args: tuple[Any, ...]) -> None:
        getattr(self, name).emit(*args)


class _Listener(SyncListener):
    """The engine-side half: each listener call becomes one ``deliver``."""

    def __init__(self, signals: SyncSignals) -> None:
        self._signals = signals

    def on_state(self, state: EngineState, detail: str) -> None:
        self._signals.deliver("stateChanged", state, detail)

    def on_sync_started(self, full: bool) -> None:
        self._signals.deliver("syncStarted", full)

    def on_sync_progress(self, pages: int, cases: int, server_total: int) -> None:
        self._signals.deliver("syncProgress", pages, cases, server_total)

    def on_sync_finished(self, report: SyncReport) -> None:
        self._signals.deliver("syncFinished", report)

    def on_new_cases(self, refs: Sequence[CaseRef]) -> None:
        self._signals.deliver("newCases", list(refs))

    def on_download_progress(self, progress: DownloadProgress) -> None:
        self._signals.deliver("downloadProgress", progress)

    def on_file_ready(self, ref: CaseRef, file: FileSpec, path: Path) -> None:
        self._signals.deliver("fileReady", ref, file, path)

    def on_file_failed(self, ref: CaseRef, file: FileSpec, message: str) -> None:
        self._signals.deliver("fileFailed", ref, file, message)

    def on_prefetch_progress(self, progress: PrefetchProgress) -> None:
        self._signals.deliver("prefetchProgress", progress)
