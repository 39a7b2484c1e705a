"""A stored case's scan files as local paths: downloaded when online, from the cache when not.

Shared by the commands that work on a case's scans (`render --case`, `qc REF`). The store is
imported when a function runs, so importing this module loads no SQLite or HTTP code.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from scaninbox.cli.errors import EXIT_NOT_FOUND, EXIT_OTHER, CliError
from scaninbox.domain import CaseRef, FileKind, ScanFile

if TYPE_CHECKING:
    from scaninbox.cli.local_store import LocalStore
    from scaninbox.store import FileSpec, SyncEngine

__all__ = ["cached_scan_paths", "fetched_scan_paths", "scan_spec"]


def scan_spec(scan: ScanFile) -> FileSpec:
    """How the store names ``scan``; exit 1 when the case does not say what kind of file it is."""
    from scaninbox.store import FileSpec

    spec = FileSpec.of(FileKind.SCAN, scan.filename, scan.file_type)
    if spec is None:
        raise CliError(
            f"The scan {scan.filename!r} cannot be fetched: the case does not say what kind of "
            "file it is.",
            EXIT_OTHER,
        )
    return spec


async def fetched_scan_paths(
    engine: SyncEngine, ref: CaseRef, scans: Sequence[ScanFile]
) -> list[Path]:
    """The cached copy of each scan, downloading the missing ones, in order."""
    return [await engine.fetcher.ensure(ref, scan_spec(scan)) for scan in scans]


def cached_scan_paths(local: LocalStore, ref: CaseRef, scans: Sequence[ScanFile]) -> list[Path]:
    """The cached copy of each scan, in order; exit 4 naming every scan that is not there."""
    paths = [local.cache.cached_path(ref, scan_spec(scan)) for scan in scans]
    missing = [scan.filename or "" for scan, path in zip(scans, paths, strict=True) if not path]
    if missing:
        raise CliError(
            f"{len(missing)} of {len(scans)} scans of case {ref} are not available offline: "
            + ", ".join(repr(name) for name in missing)
            + f"; pin the case (`scaninbox pin {ref}`) while online.",
            EXIT_NOT_FOUND,
        )
    return [path for path in paths if path is not None]
