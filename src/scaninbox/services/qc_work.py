"""QC of one case's local scans: the blocking work, Qt-free so it runs on a worker thread.

A case's full-resolution scans (local paths) are checked with `scaninbox.qc.check_scans`; the
key of the scans' content (the cache names its blobs by their SHA-256) decides whether a kept
result still stands — then only the work and case data are checked again, as ``scaninbox qc``
does. The QC tab and the background queue (`qc_queue`) both run it; neither reads the store
here.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scaninbox.domain import Case, ScanFile, is_before_preparation
from scaninbox.qc import QC_VERSION, QcResult, QcRun, ScanInput, check_scans

if TYPE_CHECKING:
    from scaninbox.portal_turns import PortalTurns
    from scaninbox.scans import Orientation
    from scaninbox.store import CaseStore

__all__ = ["QcJob", "QcOutcome", "report_orientation", "run_qc", "scans_key"]


@dataclass(frozen=True, slots=True)
class QcJob:
    case: Case
    scans: tuple[ScanFile, ...]
    paths: tuple[Path, ...]
    others: tuple[Case, ...] = ()


@dataclass(frozen=True, slots=True)
class QcOutcome:
    run: QcRun
    key: str
    reused: bool


def scans_key(scans: Sequence[ScanFile], paths: Sequence[Path]) -> str:
    """The content key of the scans (a cache blob is named by its hash: no reading needed)."""
    hashes: list[tuple[str, str | None]] = []
    for scan, path in zip(scans, paths, strict=True):
        if re.fullmatch(r"[0-9a-f]{64}", path.name):
            digest = path.name
        else:
            with path.open("rb") as handle:
                digest = hashlib.file_digest(handle, "sha256").hexdigest()
        hashes.append((scan.filename or path.name, digest))
    # Imported here: opening the window loads no SQLite code.
    from scaninbox.store.qc_store import files_key

    return files_key(hashes, QC_VERSION)


def run_qc(
    job: QcJob,
    kept_key: str | None,
    kept: QcResult | None,
    *,
    stop: threading.Event | None = None,
) -> QcOutcome:
    """QC of ``job``; a kept result of the same scans (``kept_key``) is reused for the scans.
    ``stop`` set: `QcStopped` at the run's next step (see `check_scans`)."""
    key = scans_key(job.scans, job.paths)
    previous = kept if kept is not None and kept_key == key else None
    inputs = [
        ScanInput(path, scan.jaw, scan.filename or path.name, is_before_preparation(scan))
        for scan, path in zip(job.scans, job.paths, strict=True)
    ]
    run = check_scans(inputs, case=job.case, others=job.others, previous=previous, stop=stop)
    return QcOutcome(run, key, previous is not None)


def report_orientation(store: CaseStore, case: Case, turns: PortalTurns) -> Orientation:
    """The orientation of the QC report's pictures of ``case``: the one the viewer shows its
    scans in — the portal's axis mapping and the turn the person chose for that portal — so
    that what the reviewer signed off is what the PDF shows (the report says which it was)."""
    from scaninbox.scans import resolve_orientation

    mapping = store.axis_mapping(case.source)
    return resolve_orientation(mapping, portal=case.source, turn=turns.turn_for(case.source))
