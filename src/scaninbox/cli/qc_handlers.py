"""``scaninbox qc``: QC of a case (service or local store) or of scan files.

Files: ``--upper``/``--lower``/``--bite`` are checked as they are (their own coordinates); with
``--teeth`` the coverage check treats those teeth as fixed work. A case: its full-resolution
scans from the file cache (downloaded when missing; ``--offline`` uses cached files only), its
work and data, and the stored cases that might duplicate it. File mode imports neither the API
client nor the store, so it starts fast.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scaninbox.cli.case_scans import cached_scan_paths, fetched_scan_paths
from scaninbox.cli.errors import EXIT_NOT_FOUND, EXIT_QC_FAILED, EXIT_USAGE, CliError
from scaninbox.domain import Case, CaseRef, Jaw, full_scans, parse_fdi

if TYPE_CHECKING:
    from scaninbox.cli.local_store import LocalStore
    from scaninbox.cli.options import GlobalOptions
    from scaninbox.cli.qc_commands import QcOptions
    from scaninbox.domain import ScanFile
    from scaninbox.qc import QcRun, ScanInput
    from scaninbox.qc.report import Decision
    from scaninbox.qc.rescan_pack import LabContact
    from scaninbox.scans import Orientation
    from scaninbox.store import CaseStore, SyncEngine

__all__ = ["parse_teeth", "run"]


@dataclass(frozen=True, slots=True)
class _CaseOutcome:
    run: QcRun
    case: Case
    decision: Decision | None
    orientation: Orientation
    contact: LabContact | None = None
    decision_json: dict[str, str] | None = None  # as --json prints it (--decide's words)


def run(options: GlobalOptions, args: QcOptions) -> int:
    from scaninbox.cli.qc_output import print_result
    from scaninbox.qc import check_scans

    report: Path | None = args.report
    for pdf, what in ((report, "report"), (args.rescan_pack, "rescan pack")):
        if pdf is not None and not pdf.parent.is_dir():
            folder = str(pdf.parent)
            raise CliError(f"The folder {folder!r} for the {what} does not exist.", EXIT_USAGE)
    files = [args.upper, args.lower, args.bite, args.upper_pre_prep, args.lower_pre_prep]
    if args.ref is not None:
        if any(f is not None for f in files) or args.teeth is not None:
            raise CliError(
                "Give a case REF or scan files (--upper, --lower, --bite, --upper-pre-prep, "
                "--lower-pre-prep, --teeth), not both.",
                EXIT_USAGE,
            )
        from scaninbox.cli.arguments import case_ref
        from scaninbox.cli.ref_lookup import resolve_ref

        ref = resolve_ref(options, case_ref(args.ref))
        outcome = _check_case(options, args, ref)
        qc = outcome.run
        title = f"case {ref}"
        case_json = {"case": str(ref), "decision": outcome.decision_json}
        if outcome.decision is not None:
            when = outcome.decision.when.astimezone().strftime("%Y-%m-%d %H:%M")
            title += f" — decision: {outcome.decision.decision} ({outcome.decision.who}, {when})"
    else:
        if args.decide is not None or args.note is not None or args.rescan_pack is not None:
            raise CliError("--decide, --note and --rescan-pack are for a case REF.", EXIT_USAGE)
        if args.upper is None:
            raise CliError("Give a case REF, or scan files starting with --upper FILE.", EXIT_USAGE)
        teeth = parse_teeth(args.teeth) if args.teeth is not None else []
        inputs = _file_inputs(args)
        qc = check_scans(inputs, teeth=teeth)
        outcome = None
        case_json = None
        title = ", ".join(item.label for item in inputs)
    print_result(qc.result, as_json=args.json, title=title, case=case_json)
    if report is not None:
        _write_report(qc, report, outcome)
    if args.rescan_pack is not None and outcome is not None:
        _write_rescan_pack(qc, args.rescan_pack, outcome)
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
    given = (
        (args.upper, Jaw.UPPER, False),
        (args.lower, Jaw.LOWER, False),
        (args.bite, Jaw.BITE, False),
        (args.upper_pre_prep, Jaw.UPPER, True),
        (args.lower_pre_prep, Jaw.LOWER, True),
    )
    for path, jaw, before in given:
        if path is None:
            continue
        if not Path(path).is_file():
            raise CliError(f"The scan file {str(path)!r} does not exist.", EXIT_USAGE)
        inputs.append(ScanInput(Path(path), jaw, before_preparation=before))
    return inputs


@contextlib.contextmanager
def _person_language() -> Iterator[None]:
    """The report and the rescan pack are written in the person's language (``[ui] language``
    in the settings file, else the system's); the command line's other output stays English."""
    from scaninbox.paths import app_paths
    from scaninbox.settings import SettingsError, load_settings

    try:
        choice = load_settings(app_paths()).ui_language
    except SettingsError:
        choice = None
    if not _may_speak_other_than_english(choice):
        yield  # plain English, without loading Qt for it
        return
    from scaninbox.qt.runtime.language import speaking

    with speaking(choice):
        yield


def _may_speak_other_than_english(choice: str | None) -> bool:
    """Whether the person's language may be other than English. On Linux the system's
    language is in LANGUAGE / LC_ALL / LC_MESSAGES / LANG, which Qt reads; elsewhere only Qt
    knows it."""
    from scaninbox.language import LANGUAGES

    if choice is not None:
        return choice != "en"
    if not sys.platform.startswith("linux"):
        return True
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for name in os.environ.get(variable, "").split(":"):
            code = name.split("_")[0].split(".")[0].split("@")[0].lower()
            if code in LANGUAGES and code != "en":
                return True
    return False


def _write_report(qc: QcRun, path: Path, outcome: _CaseOutcome | None) -> None:
    # VTK's native code may print warnings to standard output while it renders the pictures;
    # they must not mix with the result printed there (``--json``): send them to stderr.
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        with _person_language():
            _report(qc, path, outcome)
    except OSError as exc:
        raise CliError(f"The report {str(path)!r} could not be written: {exc.strerror}.") from None
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def _report(qc: QcRun, path: Path, outcome: _CaseOutcome | None) -> None:
    from scaninbox.qc.report import write_report

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


def _write_rescan_pack(qc: QcRun, path: Path, outcome: _CaseOutcome) -> None:
    from scaninbox.qc.rescan_pack import unnamed_lab, write_rescan_pack

    sys.stdout.flush()  # VTK's native warnings while it renders go to stderr (see above)
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        with _person_language():
            write_rescan_pack(
                qc,
                path,
                case=outcome.case,
                contact=outcome.contact or unnamed_lab(),
                orientation=outcome.orientation,
            )
    except OSError as exc:
        raise CliError(
            f"The rescan pack {str(path)!r} could not be written: {exc.strerror}."
        ) from None
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
    from scaninbox.paths import app_paths
    from scaninbox.portal_turns import PortalTurns
    from scaninbox.qc.report import Decision
    from scaninbox.services.qc_work import (
        check_case_scans,
        lab_contact,
        record_decision,
        report_orientation,
    )
    from scaninbox.store.qc_store import qc_decision

    stored = store.case(ref)
    if stored is None:  # removed meanwhile
        raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
    case = stored.case
    # The same scans (by content) checked before: their checks stand, the work and the case
    # data are checked afresh. A report needs the meshes for its pictures: a fresh run.
    pictures = args.report is not None or args.rescan_pack is not None
    checked = check_case_scans(store, case, scans, paths, fresh=pictures)
    if checked.reused:
        print(
            f"The scans are unchanged since {checked.checked_at.astimezone():%Y-%m-%d %H:%M}: "
            "their checks are reused.",
            file=sys.stderr,
        )
    if args.decide is not None:
        from scaninbox.services.lab_link import decision_author, share_decision

        record_decision(store, ref, args.decide, note=args.note or "", who=decision_author(store))
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
    decision_json = None
    if recorded is not None:
        decision_json = {
            "decision": recorded.decision,
            "label": recorded.label,
            "note": recorded.note,
            "who": recorded.who,
            "when": recorded.decided_at.isoformat(),
        }
    return _CaseOutcome(checked.run, case, decision, orientation, lab_contact(store), decision_json)
