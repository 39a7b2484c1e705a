"""``scaninbox qc``: QC of a case (service or local store) or of scan files.

Files: ``--upper``/``--lower``/``--bite`` are checked as they are (their own coordinates); with
``--teeth`` the coverage check treats those teeth as fixed work. A case: its full-resolution
scans from the file cache (downloaded when missing; ``--offline`` uses cached files only), its
work and data, and the stored cases that might duplicate it. File mode imports neither the API
client nor the store, so it starts fast.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scaninbox.cli.case_scans import cached_scan_paths, fetched_scan_paths
from scaninbox.cli.errors import EXIT_NOT_FOUND, EXIT_QC_FAILED, EXIT_USAGE, CliError
from scaninbox.domain import (
    Case,
    CaseRef,
    Jaw,
    full_scans,
    is_before_preparation,
    parse_fdi,
)

if TYPE_CHECKING:
    from scaninbox.cli.local_store import LocalStore
    from scaninbox.cli.options import GlobalOptions
    from scaninbox.cli.qc_commands import QcOptions
    from scaninbox.domain import ScanFile
    from scaninbox.qc import QcRun, ScanInput
    from scaninbox.qc.report import Decision
    from scaninbox.scans import Orientation
    from scaninbox.store import CaseStore, SyncEngine

__all__ = ["parse_teeth", "run"]


@dataclass(frozen=True, slots=True)
class _CaseOutcome:
    run: QcRun
    case: Case
    decision: Decision | None
    orientation: Orientation


def run(options: GlobalOptions, args: QcOptions) -> int:
    from scaninbox.cli.qc_output import print_result
    from scaninbox.qc import check_scans

    report: Path | None = args.report
    if report is not None and not report.parent.is_dir():
        folder = str(report.parent)
        raise CliError(f"The folder {folder!r} for the report does not exist.", EXIT_USAGE)
    files = [args.upper, args.lower, args.bite]
    if args.ref is not None:
        if any(f is not None for f in files) or args.teeth is not None:
            raise CliError(
                "Give a case REF or scan files (--upper, --lower, --bite, --teeth), not both.",
                EXIT_USAGE,
            )
        from scaninbox.cli.arguments import case_ref

        ref = case_ref(args.ref)
        outcome = _check_case(options, args, ref)
        qc = outcome.run
        title = f"case {ref}"
        if outcome.decision is not None:
            when = outcome.decision.when.astimezone().strftime("%Y-%m-%d %H:%M")
            title += f" — decision: {outcome.decision.decision} ({outcome.decision.who}, {when})"
    else:
        if args.decide is not None or args.note is not None:
            raise CliError("--decide and --note are for a case REF.", EXIT_USAGE)
        if args.upper is None:
            raise CliError("Give a case REF, or scan files starting with --upper FILE.", EXIT_USAGE)
        teeth = parse_teeth(args.teeth) if args.teeth is not None else []
        inputs = _file_inputs(args)
        qc = check_scans(inputs, teeth=teeth)
        outcome = None
        title = ", ".join(item.label for item in inputs)
    print_result(qc.result, as_json=args.json, title=title)
    if report is not None:
        _write_report(qc, report, outcome)
    return EXIT_QC_FAILED if qc.result.verdict == "fail" else 0


def parse_teeth(text: str) -> list[int]:
    """``"16,26"`` → [16, 26]; `CliError` (usage) naming what is not an FDI tooth."""
    teeth = []
    for part in text.replace(" ", "").split(","):
        tooth = parse_fdi(part)
        if tooth is None:
            raise CliError(
                f"{part!r} is not an FDI tooth number (11–48, deciduous 51–85); "
                "give e.g. --teeth 16,26.",
                EXIT_USAGE,
            )
        teeth.append(tooth)
    return teeth


def _file_inputs(args: QcOptions) -> list[ScanInput]:
    from scaninbox.qc import ScanInput

    inputs = []
    for path, jaw in ((args.upper, Jaw.UPPER), (args.lower, Jaw.LOWER), (args.bite, Jaw.BITE)):
        if path is None:
            continue
        if not Path(path).is_file():
            raise CliError(f"The scan file {str(path)!r} does not exist.", EXIT_USAGE)
        inputs.append(ScanInput(Path(path), jaw))
    return inputs


def _write_report(qc: QcRun, path: Path, outcome: _CaseOutcome | None) -> None:
    from scaninbox.qc.report import write_report

    # VTK's native code may print warnings to standard output while it renders the pictures;
    # they must not mix with the result printed there (``--json``): send them to stderr.
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        if outcome is None:
            write_report(qc, path)
        else:
            write_report(
                qc,
                path,
                case=outcome.case,
                decision=outcome.decision,
                orientation=outcome.orientation,
            )
    except OSError as exc:
        raise CliError(f"The report {str(path)!r} could not be written: {exc.strerror}.") from None
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


# ------------------------------------------------------------------ a case


def _check_case(options: GlobalOptions, args: QcOptions, ref: CaseRef) -> _CaseOutcome:
    from scaninbox.cli.local_cases import answer_locally_when_offline
    from scaninbox.cli.local_store import run_with_store

    async def fetch(engine: SyncEngine) -> _CaseOutcome:
        return await _check_fetched(args, engine, ref)

    return answer_locally_when_offline(
        options,
        lambda: run_with_store(options, fetch),
        lambda local: _check_cached(args, local, ref),
        doing=f"checking case {ref} with the files kept on this computer",
        ref=ref,
    )


async def _check_fetched(args: QcOptions, engine: SyncEngine, ref: CaseRef) -> _CaseOutcome:
    store = engine.store
    stored = store.case(ref) or await engine.refresh_case(ref)
    if stored is None:
        raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
    scans = full_scans(stored.case.scan_files)
    paths = await fetched_scan_paths(engine, ref, scans)
    if not store.ios_portals():
        await engine.sync_now()  # the portals' axis mappings turn the report's pictures
    return _check_stored(args, store, ref, scans, paths)


def _check_cached(args: QcOptions, local: LocalStore, ref: CaseRef) -> _CaseOutcome:
    stored = local.store.case(ref)
    if stored is None:
        raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
    scans = full_scans(stored.case.scan_files)
    found = cached_scan_paths(local, ref, scans)
    return _check_stored(args, local.store, ref, scans, found)


def _check_stored(
    args: QcOptions,
    store: CaseStore,
    ref: CaseRef,
    scans: list[ScanFile],
    paths: list[Path],
) -> _CaseOutcome:
    """QC of a stored case: run, keep the result with the case, record a decision if asked."""
    import json

    from scaninbox.paths import app_paths
    from scaninbox.portal_turns import PortalTurns
    from scaninbox.qc import QC_VERSION, QcResult, check_scans
    from scaninbox.qc.report import Decision
    from scaninbox.services.qc_work import report_orientation
    from scaninbox.store.duplicates import StoreDuplicates
    from scaninbox.store.qc_store import (
        files_key,
        qc_decision,
        qc_result,
        save_qc_result,
        set_qc_decision,
    )

    stored = store.case(ref)
    if stored is None:  # removed meanwhile
        raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
    case = stored.case
    others = StoreDuplicates(store).duplicate_candidates(case)
    key = files_key(_scan_hashes(scans, paths), QC_VERSION)
    kept = qc_result(store, ref)
    if kept is None or kept.files_key != key:  # checked at another desk of the lab?
        from scaninbox.services.lab_link import shared_qc_result

        kept = shared_qc_result(store, ref, key) or kept
    # The same scans (by content) were checked before: their checks stand; the work and the
    # case data are checked afresh. A report needs the meshes for its pictures: run again.
    previous = None
    if kept is not None and kept.files_key == key and args.report is None:
        previous = QcResult.from_json(json.loads(kept.result_json))
        print(
            f"The scans are unchanged since {kept.checked_at.astimezone():%Y-%m-%d %H:%M}: "
            "their checks are reused.",
            file=sys.stderr,
        )
    run = check_scans(_inputs(scans, paths), case=case, others=others, previous=previous)
    save_qc_result(
        store,
        ref,
        key=key,
        qc_version=QC_VERSION,
        verdict=str(run.result.verdict),
        result_json=json.dumps(run.result.to_json(), ensure_ascii=False),
        checked_at=kept.checked_at if previous is not None and kept is not None else None,
    )
    from scaninbox.services.lab_link import share_qc_result

    if (saved := qc_result(store, ref)) is not None:
        share_qc_result(store, ref, saved)  # other desks of the lab need not check it again
    if args.decide is not None:
        from scaninbox.services.lab_link import decision_author, share_decision

        set_qc_decision(store, ref, args.decide, note=args.note or "", who=decision_author(store))
        for line in share_decision(store, ref, args.decide, args.note or ""):  # the lab hub
            print(line, file=sys.stderr)
    recorded = qc_decision(store, ref)
    decision = (
        Decision(recorded.label, recorded.note, recorded.who, recorded.decided_at)
        if recorded is not None
        else None
    )
    # As the window's viewer shows the case: the portal's mapping and the person's turn for it.
    orientation = report_orientation(store, case, PortalTurns.of(app_paths()))
    return _CaseOutcome(run, case, decision, orientation)


def _scan_hashes(scans: list[ScanFile], paths: list[Path]) -> list[tuple[str, str | None]]:
    """(name, content SHA-256) per scan: the file cache names its blobs by their hash."""
    import hashlib
    import re

    hashes: list[tuple[str, str | None]] = []
    for scan, path in zip(scans, paths, strict=True):
        if re.fullmatch(r"[0-9a-f]{64}", path.name):
            digest = path.name
        else:  # not a cache blob: hash the content
            with path.open("rb") as handle:
                digest = hashlib.file_digest(handle, "sha256").hexdigest()
        hashes.append((scan.filename or path.name, digest))
    return hashes


def _inputs(scans: list[ScanFile], paths: list[Path]) -> list[ScanInput]:
    from scaninbox.qc import ScanInput

    return [
        ScanInput(path, scan.jaw, scan.filename or path.name, is_before_preparation(scan))
        for scan, path in zip(scans, paths, strict=True)
    ]
