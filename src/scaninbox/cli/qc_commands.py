"""``scaninbox qc REF [--rescan-pack FILE.pdf] | --upper FILE [--lower FILE] [--bite FILE]
[--upper-pre-prep FILE] [--lower-pre-prep FILE] [--teeth 16,26]``: scan QC.

Declares the arguments; `scaninbox.cli.qc_handlers` does the work when the command runs.
Exit codes: 0 when nothing fails (pass or warn), 6 when a check fails, the others as for every
command (2 usage, 4 case not found, 5 network…).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from scaninbox.cli.deferred import deferred

__all__ = ["QcOptions", "QcStatsOptions", "register"]


@dataclass(frozen=True, slots=True, kw_only=True)
class QcOptions:
    """``scaninbox qc``: a case, or scan files; output; report; the local decision."""

    ref: str | None = None
    upper: Path | None = None
    lower: Path | None = None
    bite: Path | None = None
    upper_pre_prep: Path | None = None
    lower_pre_prep: Path | None = None
    teeth: str | None = None
    json: bool = False
    report: Path | None = None
    rescan_pack: Path | None = None
    decide: str | None = None
    note: str | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> QcOptions:
        return cls(
            ref=args.ref,
            upper=args.upper,
            lower=args.lower,
            bite=args.bite,
            upper_pre_prep=args.upper_pre_prep,
            lower_pre_prep=args.lower_pre_prep,
            teeth=args.teeth,
            json=args.json,
            report=args.report,
            rescan_pack=args.rescan_pack,
            decide=args.decide,
            note=args.note,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class QcStatsOptions:
    """``scaninbox qc-stats``: the scorecard, by clinic or portal."""

    by: str = "clinic"
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> QcStatsOptions:
        return cls(by=args.by, json=args.json)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    _register_qc(subparsers)
    stats = subparsers.add_parser(
        "qc-stats",
        help="the QC scorecard per clinic or portal and month, over the local store",
        description=(
            "Per clinic (or portal) and month, over the cases checked on this computer: how "
            "many were checked, the share with each kind of finding (warn or fail), how many "
            "failed and how many rescans were decided."
        ),
    )
    stats.add_argument("--by", choices=("clinic", "portal"), default="clinic")
    stats.add_argument("--json", action="store_true", help="print the scorecard as one object")
    stats.set_defaults(
        handler=deferred("scaninbox.cli.qc_output", "run_stats", QcStatsOptions.from_args)
    )


def _register_qc(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "qc",
        help="check a case's scans for holes, fragments, bite-through and missing data",
        description=(
            "Quality control of a case (from the service or the local store) or of scan files: "
            "holes, floating fragments, mesh faults, bite-through and clearance between the "
            "arches, jaw coverage for the work and the case data. Exit 0 when nothing fails "
            "(pass or warn), 6 when a check fails."
        ),
    )
    parser.add_argument("ref", nargs="?", metavar="REF", help="case guid or numeric id")
    parser.add_argument("--upper", type=Path, metavar="FILE", help="upper arch scan file")
    parser.add_argument("--lower", type=Path, metavar="FILE", help="lower arch scan file")
    parser.add_argument("--bite", type=Path, metavar="FILE", help="bite registration scan file")
    parser.add_argument(
        "--upper-pre-prep",
        type=Path,
        metavar="FILE",
        help="the upper jaw scanned before the preparation (finds the margins)",
    )
    parser.add_argument(
        "--lower-pre-prep",
        type=Path,
        metavar="FILE",
        help="the lower jaw scanned before the preparation (finds the margins)",
    )
    parser.add_argument(
        "--teeth",
        metavar="FDI,...",
        help="teeth of fixed work on the files, e.g. 16,26 (checks jaw coverage)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--report", type=Path, metavar="FILE.pdf", help="write a PDF report")
    parser.add_argument(
        "--rescan-pack",
        type=Path,
        metavar="FILE.pdf",
        help="write a rescan request for the dentist: each problem in plain words with a "
        "picture, what to rescan, the case and the lab's contact (a case REF only)",
    )
    parser.add_argument(
        "--decide",
        choices=("ready", "rescan"),
        help="record the local QC decision for the case: ready to accept, or rescan needed",
    )
    parser.add_argument("--note", metavar="TEXT", help="a note with the decision")
    parser.set_defaults(
        handler=deferred("scaninbox.cli.qc_handlers", "run", QcOptions.from_args, own_threads=True)
    )
