"""The case pane's and the 3D viewer's files, from the store's file cache and the sync engine.

``StoreFileProvider`` implements ``CaseFileProvider`` over whichever account is open (none
before sign-in). ``cached_path`` answers from the cache alone (size checked; the full hash is
checked by ``fetch``, off the GUI thread). ``fetch`` goes through the engine's fetcher, so a
file the background prefetch is already downloading is shared, not fetched twice. Being
offline, signed out, or asking for a file the store does not know become
``FileUnavailableError`` ("not available offline"); an ended session is also reported to the
window so it can ask the person to sign in again.

The window's ``ConnectivityWatch`` decides what is tried: working offline or with an ended
session, nothing is asked of the service (and working offline is not a session that ended). A
download that finds the service unreachable while the window still says "Online" asks the
engine to sync, so the status bar, the banner and every pane learn it together.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from scaninbox.domain import CaseRef, FileKind
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.account.connectivity import Connectivity, ConnectivityWatch
from scaninbox.qt.files.providers import FileUnavailableError, ProgressCallback

if TYPE_CHECKING:
    from scaninbox.store import DownloadProgress, FileSpec, SyncEngine

__all__ = ["STORAGE_UNREACHABLE", "StoreFileProvider"]

STORAGE_UNREACHABLE = QT_TRANSLATE_NOOP(
    "StoreFileProvider", "File storage cannot be reached right now."
)

# Nothing is asked of the service in these states.
_NOT_TRYING = (Connectivity.NO_ACCOUNT, Connectivity.WORKING_OFFLINE, Connectivity.SIGNED_OUT)


class StoreFileProvider:
    """``CaseFileProvider`` over the open account's cache (``set_engine``)."""

    def __init__(self, *, on_session_expired: Callable[[BaseException], None] | None = None):
        self._engine: SyncEngine | None = None
        self._on_session_expired = on_session_expired
        self._connectivity: ConnectivityWatch | None = None

    def set_engine(self, engine: SyncEngine | None) -> None:
        self._engine = engine

    def set_connectivity(self, watch: ConnectivityWatch) -> None:
        self._connectivity = watch

    def cached_path(
        self, ref: CaseRef, kind: FileKind, filename: str, file_type: str | None
    ) -> Path | None:
        engine, spec = self._engine, _spec(kind, filename, file_type)
        if engine is None or spec is None or engine.store.closed:
            return None
        return engine.cache.cached_path(ref, spec, verify=False)

    async def fetch(
        self,
        ref: CaseRef,
        kind: FileKind,
        filename: str,
        file_type: str | None,
        progress: ProgressCallback,
    ) -> Path:
        from scaninbox.api.errors import (
            SessionExpiredError,
            StorageUnreachableError,
            TransportError,
        )
        from scaninbox.store import NotCachedError

        engine = self._engine
        if engine is None or engine.store.closed:
            raise FileUnavailableError(Connectivity.NO_ACCOUNT.unavailable_reason)
        watch = self._connectivity
        if watch is not None and watch.state in _NOT_TRYING:
            raise FileUnavailableError(watch.state.unavailable_reason)
        spec = _spec(kind, filename, file_type)
        if spec is None:
            raise FileUnavailableError(
                translate(
                    "StoreFileProvider",
                    "{file} cannot be downloaded: the case does not say what kind of file it is.",
                ).format(file=filename)
                if filename
                else translate(
                    "StoreFileProvider",
                    "This file cannot be downloaded: the case does not say what kind of file it "
                    "is.",
                )
            )

        def report(event: DownloadProgress) -> None:
            progress(event.done_bytes, event.total_bytes)

        try:
            return await engine.fetcher.ensure(ref, spec, progress=report)
        except TransportError as exc:
            engine.request_sync()  # the engine finds out, and every pane follows it
            if isinstance(exc, StorageUnreachableError):  # maybe the service still answers
                raise FileUnavailableError(
                    translate("StoreFileProvider", STORAGE_UNREACHABLE),
                    headline=translate("StoreFileProvider", "File storage cannot be reached"),
                ) from exc
            raise FileUnavailableError(Connectivity.OFFLINE.unavailable_reason) from exc
        except SessionExpiredError as exc:
            if self._on_session_expired is not None:
                self._on_session_expired(exc)
            raise FileUnavailableError(Connectivity.SIGNED_OUT.unavailable_reason) from exc
        except NotCachedError as exc:
            raise FileUnavailableError(str(exc)) from exc


def _spec(kind: FileKind, filename: str, file_type: str | None) -> FileSpec | None:
    from scaninbox.store import FileSpec

    return FileSpec.of(kind, filename, file_type)
