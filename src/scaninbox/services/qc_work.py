"""QC of one case's local scans — checked, keyed and kept in one place (Qt-free: a worker thread).

`check_case_scans` is the one way a case's scans are checked, whoever asks: ``scaninbox qc REF``,
the background QC (`qc_queue.check_case`) and the QC tab. It

1. keys the scans by their content (`scans_key`: the scans' names and SHA-256, and the QC
   version; a cache blob is named by its hash, so nothing is read for it),
2. reads the kept result and decides how it stands (`standing`: unchecked, stale or current) —
   a current one's scan checks are reused, and only the work and case data are checked again,
3. checks (`scaninbox.qc.check_scans`), and
4. keeps the result with the case (`scaninbox.store.qc_store`: the store holds the SQL).

What a reviewer decides (`record_decision`) is kept here too, so no widget writes to the store.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from scaninbox.domain import Case, CaseRef, ScanFile, is_before_preparation
from scaninbox.qc import QC_VERSION, QcResult, QcRun, ScanInput, check_scans, stop_if_asked

if TYPE_CHECKING:
    from scaninbox.portal_turns import PortalTurns
    from scaninbox.qc.rescan_pack import LabContact
    from scaninbox.scans import Orientation
    from scaninbox.store import CaseStore
    from scaninbox.store.qc_store import QcDecisionRecord, QcResultRecord

__all__ = [
    "CheckedScans",
    "KeptQc",
    "QcStanding",
    "check_case_scans",
    "kept_qc",
    "lab_contact",
    "record_decision",
    "report_orientation",
    "scan_hashes",
    "scans_key",
    "standing",
]

_log = logging.getLogger(__name__)
_BLOB_NAME = re.compile(r"[0-9a-f]{64}")


class QcStanding(StrEnum):
    """How a case's kept QC result stands against its scans as they are now."""

    UNCHECKED = "unchecked"  # no result kept (or one from another QC version)
    STALE = "stale"  # a result of other scans: a file changed since
    CURRENT = "current"  # the result of exactly these scans


@dataclass(frozen=True, slots=True)
class KeptQc:
    """A kept result of this QC version, read back (``result`` None: it could not be read)."""

    record: QcResultRecord
    result: QcResult | None


@dataclass(frozen=True, slots=True)
class CheckedScans:
    """What `check_case_scans` did: the run, the scans' key, whether the kept scan checks were
    reused (then ``checked_at`` is when they were made), and whether the result was kept."""

    run: QcRun
    key: str
    reused: bool
    checked_at: datetime
    kept: bool


# ---------------------------------------------------------------------- keys and standing


def scan_hashes(scans: Sequence[ScanFile], paths: Sequence[Path]) -> list[tuple[ScanFile, str]]:
    """Each scan with its content's SHA-256: a cache blob is named by it (nothing is read), any
    other file is hashed."""
    found: list[tuple[ScanFile, str]] = []
    for scan, path in zip(scans, paths, strict=True):
        if _BLOB_NAME.fullmatch(path.name):
            digest = path.name
        else:
            with path.open("rb") as handle:
                digest = hashlib.file_digest(handle, "sha256").hexdigest()
        found.append((scan, digest))
    return found


def scans_key(hashes: Sequence[tuple[ScanFile, str]]) -> str:
    """The content key of scans with their hashes (`scan_hashes`, or the store's records of
    the cached files): the one key a kept result is compared with."""
    from scaninbox.store.qc_store import files_key  # opening the window loads no SQLite code

    return files_key([(scan.filename or sha, sha) for scan, sha in hashes], QC_VERSION)


def standing(kept: QcResultRecord | None, key: str | None) -> QcStanding:
    """How ``kept`` stands against the scans keyed ``key`` now (None: not every scan is here —
    then the kept result is the last word there is, and counts as current)."""
    if kept is None or kept.qc_version != QC_VERSION:
        return QcStanding.UNCHECKED
    if key is not None and kept.files_key != key:
        return QcStanding.STALE
    return QcStanding.CURRENT


def kept_qc(store: CaseStore, ref: CaseRef) -> KeptQc | None:
    """The kept result of case ``ref`` when it is of this QC version."""
    from scaninbox.store.qc_store import qc_result

    record = qc_result(store, ref)
    if record is None or record.qc_version != QC_VERSION:
        return None
    try:
        result: QcResult | None = QcResult.from_json(json.loads(record.result_json))
    except (ValueError, KeyError, TypeError):
        _log.info("the kept QC result of %s could not be read; it is checked afresh", ref)
        result = None
    return KeptQc(record, result)


# ---------------------------------------------------------------------- check, key and keep


def check_case_scans(
    store: CaseStore,
    case: Case,
    scans: Sequence[ScanFile],
    paths: Sequence[Path],
    *,
    others: Sequence[Case] | None = None,
    fresh: bool = False,
    stop: threading.Event | None = None,
) -> CheckedScans:
    """Check ``case``'s ``scans`` (local ``paths``), reusing the kept scan checks when the kept
    result is current and not ``fresh`` (a report needs the meshes for its pictures: fresh),
    and keep the result with the case. ``others``: cases that might duplicate it (default:
    those the store holds). ``stop`` set: `QcStopped` at the next step, and nothing is kept."""
    key = scans_key(scan_hashes(scans, paths))
    kept = kept_qc(store, case.ref)
    if not fresh and (kept is None or standing(kept.record, key) is not QcStanding.CURRENT):
        kept = _adopt_shared(store, case.ref, key) or kept  # checked at another desk of the lab?
    previous: QcResult | None = None
    if (
        not fresh
        and kept is not None
        and kept.result is not None
        and standing(kept.record, key) is QcStanding.CURRENT
    ):
        previous = kept.result
    if others is None:
        from scaninbox.store.duplicates import StoreDuplicates

        others = tuple(StoreDuplicates(store).duplicate_candidates(case))
    inputs = [
        ScanInput(path, scan.jaw, scan.filename or path.name, is_before_preparation(scan))
        for scan, path in zip(scans, paths, strict=True)
    ]
    run = check_scans(inputs, case=case, others=others, previous=previous, stop=stop)
    stop_if_asked(stop)  # a check stopped at its end is not kept either
    reused = previous is not None and kept is not None
    checked_at = kept.record.checked_at if reused and kept is not None else datetime.now(UTC)
    kept_now = _keep(store, case.ref, run, key, checked_at)
    if kept_now:
        _share(store, case.ref)
    return CheckedScans(run, key, reused, checked_at, kept_now)


def _adopt_shared(store: CaseStore, ref: CaseRef, key: str) -> KeptQc | None:
    """A result of exactly these scans made at another desk of the lab (from the lab hub's
    log, when one is configured) becomes this desk's kept result: the scans are not checked
    again. None when there is none."""
    from scaninbox.services.lab_link import shared_qc_result
    from scaninbox.store.qc_store import save_qc_result

    shared = shared_qc_result(store, ref, key)
    if shared is None or shared.qc_version != QC_VERSION or store.closed:
        return None
    save_qc_result(
        store,
        ref,
        key=key,
        qc_version=shared.qc_version,
        verdict=shared.verdict,
        result_json=shared.result_json,
        checked_at=shared.checked_at,
    )
    return kept_qc(store, ref)


def _share(store: CaseStore, ref: CaseRef) -> None:
    """Put the result kept here on the lab hub, when one is configured, so other desks need
    not check the same scans again (the hub being away only delays it)."""
    from scaninbox.services.lab_link import share_qc_result
    from scaninbox.store.qc_store import qc_result

    if (saved := qc_result(store, ref)) is not None:
        share_qc_result(store, ref, saved)


def _keep(store: CaseStore, ref: CaseRef, run: QcRun, key: str, checked_at: datetime) -> bool:
    from scaninbox.store.qc_store import save_qc_result

    if store.closed:
        return False
    result = run.result
    return save_qc_result(
        store,
        ref,
        key=key,
        qc_version=QC_VERSION,
        verdict=str(result.verdict),
        result_json=json.dumps(result.to_json(), ensure_ascii=False),
        checked_at=checked_at,
    )


def record_decision(
    store: CaseStore, ref: CaseRef, decision: str, *, note: str, who: str
) -> QcDecisionRecord:
    """Keep the reviewer's decision ("ready" or "rescan") for case ``ref``, replacing any."""
    from scaninbox.store.qc_store import set_qc_decision

    return set_qc_decision(store, ref, decision, note=note, who=who)


def report_orientation(store: CaseStore, case: Case, turns: PortalTurns) -> Orientation:
    """The orientation of the QC report's pictures of ``case``: the one the viewer shows its
    scans in — the portal's axis mapping and the turn the person chose for that portal — so
    that what the reviewer signed off is what the PDF shows (the report says which it was)."""
    from scaninbox.scans import resolve_orientation

    mapping = store.axis_mapping(case.source)
    return resolve_orientation(mapping, portal=case.source, turn=turns.turn_for(case.source))


def lab_contact(store: CaseStore) -> LabContact:
    """Who the dentist contacts about a rescan: the signed-in person's laboratory (the first
    organisation of ``/me``), name and e-mail."""
    from scaninbox.qc.rescan_pack import LabContact

    me = store.me()
    if me is None:
        return LabContact("")  # the pack names "the dental laboratory" in its own language
    lab = me.organizations[0].name if me.organizations else ""
    return LabContact(lab or "", me.name or "", me.email)
