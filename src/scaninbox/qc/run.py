"""Running QC: scan files (and their case, when there is one) to a `QcResult`.

`check_scans` reads and checks every scan (on worker threads: numpy releases the GIL; VTK,
needed for the two arches, is imported meanwhile on a spare one),
then the case checks: bite-through or clearance between the upper and lower arch, jaw coverage
for the work, and — for a case — its data. The welded geometry of each scan is kept in the
`QcRun` for pictures and for the app to point at findings.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import numpy as np
import numpy.typing as npt

from scaninbox.domain import Case, Jaw, is_upper
from scaninbox.qc.arch_frame import ArchFrame, arch_frame
from scaninbox.qc.bite import bite_findings
from scaninbox.qc.case_data import case_data_findings
from scaninbox.qc.coverage import WorkItem, coverage_findings, work_items
from scaninbox.qc.distance import load_vtk
from scaninbox.qc.findings import Finding, QcResult, ScanResult, Severity
from scaninbox.qc.margins import (
    estimated_margins,
    holes_at_margins,
    margin_findings,
    margins_from_reduction,
)
from scaninbox.qc.occlusion import Arch, check_occlusion
from scaninbox.qc.room import bridge_abutments, prepared_teeth, room_findings
from scaninbox.qc.scan_checks import ScanGeometry, check_mesh
from scaninbox.qc.stopping import stop_if_asked
from scaninbox.qc.thresholds import QcThresholds
from scaninbox.qc.undercut import undercut_findings
from scaninbox.scans import MeshError, read_mesh

__all__ = ["QcRun", "ScanInput", "check_scans"]

# Findings made from the meshes: taken over from a kept result of the same scans.
_GEOMETRY_KINDS = (
    "bite_through",
    "clearance",
    "jaw_swapped",
    "one_sided_contact",
    "insufficient_room",
    "undercut",
    "abutment_divergence",
    "margin",
)
_GEOMETRY_CHECKS = ("occlusion", "bite", "room", "undercut", "margins")


@dataclass(frozen=True, slots=True)
class ScanInput:
    path: Path
    jaw: Jaw
    name: str = ""  # what the report calls it (default: the file name)
    before_preparation: bool = False  # a pre-preparation scan: not an arch of the bite

    @property
    def label(self) -> str:
        return self.name or self.path.name


@dataclass(frozen=True, slots=True)
class QcRun:
    result: QcResult
    inputs: tuple[ScanInput, ...]
    geometry: dict[int, ScanGeometry] = field(default_factory=dict)  # by index into inputs
    # The margins' lines (pairs of that scan's point indices), by index into inputs.
    margin_lines: dict[int, npt.NDArray[np.int64]] = field(default_factory=dict)


def check_scans(
    inputs: Sequence[ScanInput],
    *,
    case: Case | None = None,
    teeth: Sequence[int] = (),
    others: Iterable[Case] = (),
    today: date | None = None,
    thresholds: QcThresholds | None = None,
    previous: QcResult | None = None,
    stop: threading.Event | None = None,
) -> QcRun:
    """QC of ``inputs``; the work comes from ``case`` (its worktypes), else from ``teeth``
    (fixed work on those teeth). ``others`` are cases that might duplicate ``case``.

    ``previous`` is a result of the same scans (same content: the caller checks): its scan
    checks and bite-through / clearance are taken over instead of reading the files again; the
    work and case data are checked afresh. The run then has no geometry (no pictures).

    ``stop``, once set (from any thread), ends the run with `QcStopped` at its next step: before
    each scan, before the bite, and every few thousand of the bite's queries (`qc.stopping`)."""
    stop_if_asked(stop)
    limits = thresholds or QcThresholds()
    checks = ["scans", "holes", "fragments", "mesh"] if inputs else []
    findings: list[Finding] = []
    if previous is not None and [s.file for s in previous.scans] == [i.label for i in inputs]:
        findings += [f for f in previous.findings if f.kind in _GEOMETRY_KINDS]
        checks += [c for c in _GEOMETRY_CHECKS if c in previous.checks]
        in_occlusion = any(
            f.kind == "bite_through" or (f.kind == "clearance" and f.severity is not Severity.WARN)
            for f in findings
        )
        return _with_case_checks(
            QcRun(QcResult(previous.scans, (), ()), tuple(inputs)),
            checks,
            findings,
            in_occlusion,
            case=case,
            teeth=teeth,
            others=others,
            today=today,
            limits=limits,
        )
    workers = max(1, min(len(inputs), os.cpu_count() or 1))
    arch_jaws = {i.jaw for i in inputs if not i.before_preparation}
    with ThreadPoolExecutor(workers + 1) as pool:
        if {Jaw.UPPER, Jaw.LOWER} <= arch_jaws:  # bite-through / clearance will need VTK
            pool.submit(load_vtk)
        checked = list(pool.map(lambda item: _check_one(item, limits, stop), inputs))
    scans = tuple(result for result, _geometry in checked)
    geometry = {i: g for i, (_r, g) in enumerate(checked) if g is not None}

    arches: dict[Jaw, Arch] = {}
    for i, item in enumerate(inputs):
        usable = i in geometry and len(geometry[i].faces) > 0
        if usable and not item.before_preparation and item.jaw in (Jaw.UPPER, Jaw.LOWER):
            arches.setdefault(item.jaw, Arch(str(item.jaw), item.label, geometry[i]))
    in_occlusion = False
    frames: dict[str, ArchFrame] = {}  # each arch's frame, worked out once for every check
    margin_lines: dict[int, npt.NDArray[np.int64]] = {}
    scans = _with_margins(
        inputs,
        scans,
        margin_lines=margin_lines,
        geometry=geometry,
        arches=arches,
        frames=frames,
        findings=findings,
        checks=checks,
        stop=stop,
        prepared=[p.tooth for p in prepared_teeth(case.worktypes)] if case is not None else [],
    )
    if Jaw.UPPER in arches and Jaw.LOWER in arches:
        stop_if_asked(stop)
        checks.append("occlusion")
        upper, lower = arches[Jaw.UPPER], arches[Jaw.LOWER]
        occlusion = check_occlusion(upper, lower, limits, stop=stop)
        findings += occlusion.findings
        in_occlusion = occlusion.in_occlusion
        stop_if_asked(stop)
        if in_occlusion:
            checks.append("bite")
            bite, frame = bite_findings(upper, lower, occlusion, limits)
            findings += bite
            prepared = prepared_teeth(case.worktypes) if case is not None else []
            if prepared and not any(f.kind == "jaw_swapped" for f in bite):
                stop_if_asked(stop)
                checks.append("room")
                if frame is not None:
                    frames["upper"] = frame
                by_jaw = {"upper": upper, "lower": lower}
                findings += room_findings(prepared, by_jaw, occlusion, limits, frames)
    if case is not None and not any(f.kind == "jaw_swapped" for f in findings):
        findings += _undercuts(case, arches, limits=limits, frames=frames, checks=checks, stop=stop)
    return _with_case_checks(
        QcRun(QcResult(scans, (), ()), tuple(inputs), geometry, margin_lines),
        checks,
        findings,
        in_occlusion,
        case=case,
        teeth=teeth,
        others=others,
        today=today,
        limits=limits,
    )


def _undercuts(
    case: Case,
    arches: dict[Jaw, Arch],
    *,
    limits: QcThresholds,
    frames: dict[str, ArchFrame],
    checks: list[str],
    stop: threading.Event | None,
) -> list[Finding]:
    """Undercuts and abutment divergence of the case's prepared teeth on the arches there are."""
    prepared = prepared_teeth(case.worktypes)
    here = {str(jaw) for jaw in arches}
    if not any(("upper" if is_upper(p.tooth) else "lower") in here for p in prepared):
        return []
    stop_if_asked(stop)
    checks.append("undercut")
    return undercut_findings(
        [p.tooth for p in prepared],
        bridge_abutments(case.worktypes),
        {str(jaw): arch for jaw, arch in arches.items()},
        limits,
        frames,
    )


def _with_margins(
    inputs: Sequence[ScanInput],
    scans: tuple[ScanResult, ...],
    *,
    geometry: dict[int, ScanGeometry],
    arches: dict[Jaw, Arch],
    frames: dict[str, ArchFrame],
    findings: list[Finding],
    checks: list[str],
    stop: threading.Event | None,
    margin_lines: dict[int, npt.NDArray[np.int64]],
    prepared: Sequence[int] = (),
) -> tuple[ScanResult, ...]:
    """Margins found against each pre-preparation scan (`qc.margins`) — or, for prepared
    teeth of a jaw without one, estimated from the shape — their findings added to
    ``findings``; the preparation scan's holes marked at a margin or not."""
    out = list(scans)
    done: set[str] = set()
    for i, item in enumerate(inputs):
        arch = arches.get(item.jaw)
        if not item.before_preparation or arch is None or i not in geometry:
            continue
        stop_if_asked(stop)
        margins, frame = margins_from_reduction(arch, geometry[i], frames.get(arch.jaw))
        frames[arch.jaw] = frame
        checks.append("margins")
        findings += margin_findings(arch, margins)
        index = next(k for k, other in enumerate(inputs) if other.label == arch.file)
        out[index] = holes_at_margins(out[index], arch.geometry, margins)
        if margins:
            margin_lines[index] = np.concatenate([m.segments(arch.geometry) for m in margins])
        done.add(arch.jaw)
    for jaw, arch in arches.items():
        teeth = [t for t in prepared if ("upper" if is_upper(t) else "lower") == str(jaw)]
        if not teeth or arch.jaw in done:
            continue
        stop_if_asked(stop)
        frame = frames.get(arch.jaw) or arch_frame(
            arch.geometry.points, arch.geometry.edges, upper=arch.jaw == "upper"
        )
        frames[arch.jaw] = frame
        estimated = estimated_margins(arch, frame, teeth)
        checks.append("margins")
        findings += margin_findings(arch, estimated)
        index = next(k for k, other in enumerate(inputs) if other.label == arch.file)
        out[index] = holes_at_margins(out[index], arch.geometry, estimated)
        if estimated:
            margin_lines[index] = np.concatenate([m.segments(arch.geometry) for m in estimated])
    return tuple(out)


def _with_case_checks(
    run: QcRun,
    checks: list[str],
    findings: list[Finding],
    in_occlusion: bool,
    *,
    case: Case | None,
    teeth: Sequence[int],
    others: Iterable[Case],
    today: date | None,
    limits: QcThresholds,
) -> QcRun:
    """``run`` with the coverage and case data checks added to ``findings``."""
    inputs = run.inputs
    items = work_items(case.worktypes) if case is not None else []
    if case is None and teeth:
        items = [WorkItem(tuple(teeth), fixed=True, label="the work")]
    if items:
        checks.append("coverage")
        if any(item.needs_antagonist for item in items):
            checks.append("antagonist")
        jaws = {item.jaw for item in inputs if not item.before_preparation}
        findings += coverage_findings(
            items,
            jaws,
            has_bite=Jaw.BITE in jaws,
            in_occlusion=in_occlusion,
        )
    if case is not None:
        checks += ["order_form", "patient", "delivery_date", "work", "contact_required"]
        checks.append("duplicate_case")
        findings += case_data_findings(
            case, today=today or date.today(), others=others, thresholds=limits
        )
        if not inputs:
            findings.append(Finding("coverage", Severity.FAIL, "The case has no scans."))
            checks.append("coverage")
    result = QcResult(run.result.scans, tuple(findings), tuple(dict.fromkeys(checks)))
    return QcRun(result, inputs, run.geometry, run.margin_lines)


def _check_one(
    item: ScanInput, limits: QcThresholds, stop: threading.Event | None
) -> tuple[ScanResult, ScanGeometry | None]:
    stop_if_asked(stop)
    try:
        mesh = read_mesh(item.path, name=item.label)
    except MeshError as exc:
        finding = Finding("unreadable", Severity.FAIL, str(exc))
        return ScanResult(str(item.jaw), item.label, 0, (finding,), readable=False), None
    if mesh.n_faces == 0:
        finding = Finding("unreadable", Severity.FAIL, f"The scan {item.label!r} has no triangles.")
        return ScanResult(str(item.jaw), item.label, 0, (finding,), readable=False), None
    return check_mesh(mesh, jaw=str(item.jaw), file=item.label, thresholds=limits)
