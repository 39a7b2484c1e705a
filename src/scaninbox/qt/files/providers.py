"""How the case pane gets a case's files: an injected provider, so the pane knows no store.

The window passes an adapter over the store's file cache; tests pass a provider over a local
folder. Both answer the same two questions: "is this file already on this computer?" (at once,
without the network) and "get it for me" (a coroutine that may download it, reporting progress).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from scaninbox.domain import Case, CaseRef, FileKind
from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "OFFLINE_HEADLINE",
    "CaseFile",
    "CaseFileProvider",
    "FileUnavailableError",
    "ProgressCallback",
    "case_files",
]

ProgressCallback = Callable[[int, int | None], None]
"""``progress(received_bytes, total_bytes)``; ``total_bytes`` is None when the size is unknown."""


OFFLINE_HEADLINE = QT_TRANSLATE_NOOP("CaseFiles", "Not available offline")


class FileUnavailableError(Exception):
    """The file is not on this computer and cannot be fetched now (offline, signed out, its
    storage out of reach). ``headline`` is the few words a file's status shows; the message
    says why."""

    def __init__(self, reason: str, *, headline: str = OFFLINE_HEADLINE) -> None:
        super().__init__(reason)
        self.headline = (
            translate("CaseFiles", headline) if headline == OFFLINE_HEADLINE else headline
        )


class CaseFileProvider(Protocol):
    """Where the pane's files come from.

    ``cached_path`` answers from the local cache only and must not block on the network.
    ``fetch`` returns a complete, verified local copy: a cached one when it is good, otherwise a
    fresh download, reporting progress on the GUI thread (or through a thread-safe callback).
    It raises :class:`FileUnavailableError` when the file cannot be had now (offline), and any
    other exception with a plain-words message for other failures (an expired link that could not
    be renewed, a server error, a damaged file). The pane calls ``fetch`` again for Retry, also
    after it found a cached file it could not open, so ``fetch`` should re-verify what it returns.
    Cancelling the awaiting task must stop the download and leave nothing half-written.
    """

    def cached_path(
        self, ref: CaseRef, kind: FileKind, filename: str, file_type: str | None
    ) -> Path | None: ...

    async def fetch(
        self,
        ref: CaseRef,
        kind: FileKind,
        filename: str,
        file_type: str | None,
        progress: ProgressCallback,
    ) -> Path: ...


@dataclass(frozen=True, slots=True)
class CaseFile:
    """One file of a case, as the pane asks its provider for it."""

    ref: CaseRef
    kind: FileKind
    filename: str
    file_type: str | None = None

    @property
    def key(self) -> str:
        """Identifies the file within its case (used for task keys)."""
        return f"{self.kind}:{self.file_type or ''}:{self.filename}"


def case_files(case: Case) -> list[CaseFile]:
    """Every file of ``case`` that has a name: scans, then the order form, then attachments."""
    files = [
        CaseFile(case.ref, FileKind.SCAN, scan.filename, scan.file_type)
        for scan in case.scan_files
        if scan.filename
    ]
    if case.order_form is not None and case.order_form.filename:
        files.append(CaseFile(case.ref, FileKind.ORDER_FORM, case.order_form.filename))
    files.extend(
        CaseFile(case.ref, FileKind.MISC, misc.filename)
        for misc in case.misc_files
        if misc.filename
    )
    return files
