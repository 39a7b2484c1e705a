"""Margins: the finish line of a prepared tooth, and holes that open it.

**With a scan taken before the preparation** (`margins_from_reduction`): the preparation scan's
points that lie at least ``MARGIN_REDUCTION_MM`` (0.2 mm) inside the pre-preparation scan are
the prepared zone (`clearance_field.reduction_field`, the measure of the reduction map); each
connected zone is one preparation, and its margin is the zone's edge — the zone's points with a
neighbour outside it. The tooth is the estimate along the arch (`arch_frame`) at the zone's
middle. How sure: the line is where the two scans part by 0.2 mm, so it lies within about the
scans' point spacing of the true finish line when the pre-preparation scan covers the tooth;
a rescan of the gingiva beside it (moved tissue) can add a stretch.

**Without one** (`estimated_margins`) the margin is estimated on each prescribed prepared tooth
from its shape (`qc.finish_line`): the outer edge of the chamfer or shoulder, the sharpest
convex crease round the tooth's neck below its axial walls, followed round the tooth's axis and
closed. How sure, per margin: ``confidence`` (the share of the way round on a clear crease) and
``closed``; on preparations seeded on the labelled real arch the line lies a median 0.2 mm (90th
percentile 0.8 mm) from the true finish line, on the sandbox's chamfers a median 0.4–0.8 mm from
the line a pre-preparation scan gives. A margin estimated with a confidence under
``UNCLEAR_BELOW`` is a ``warn``: no clear finish line shows (an unprepared tooth, or the margin
under gingiva, blood or saliva).

**Holes at a margin**: a hole within ``at_margin_mm`` (1 mm) of a margin is ``fail`` whatever its
size — an open margin cannot be designed to — with ``at_margin`` true and the ``tooth``; the
other holes of that scan keep their grading with ``at_margin`` false.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scaninbox.qc.arch_frame import ArchFrame, arch_frame, tooth_positions
from scaninbox.qc.clearance_field import reduction_field
from scaninbox.qc.figures import kept, mm_text
from scaninbox.qc.findings import Finding, ScanResult, Severity
from scaninbox.qc.finish_line import finish_lines
from scaninbox.qc.occlusion import Arch, surface_of
from scaninbox.qc.scan_checks import ScanGeometry
from scaninbox.qc.topology import components

__all__ = [
    "MARGIN_REDUCTION_MM",
    "UNCLEAR_BELOW",
    "Margin",
    "estimated_margins",
    "holes_at_margins",
    "margin_findings",
    "margins_from_reduction",
]

MARGIN_REDUCTION_MM = 0.2
_LEAST_ZONE_POINTS = 30  # fewer prepared points than this is noise, not a preparation
F64 = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Margin:
    tooth: int  # FDI (estimated along the arch); 0 when it could not be placed
    points: npt.NDArray[np.int64]  # indices into the preparation scan's points, on the line
    length_mm: float
    edges: npt.NDArray[np.int64]  # the scan's edges joining two of them: the line to draw
    estimated: bool = False  # from the shape alone (no pre-preparation scan)
    confidence: float = 1.0  # an estimate's: 0–1 (`qc.finish_line`)
    closed: bool = True  # an estimate's: found all round the tooth

    def segments(self, geometry: ScanGeometry) -> npt.NDArray[np.int64]:
        """The line to draw, as pairs of point indices: the scan's edges along it, or (an
        estimate: one point per sector) its points joined round in order."""
        if len(self.edges):
            e = geometry.edges
            return np.stack([e.a[self.edges], e.b[self.edges]], axis=1).astype(np.int64)
        ring = self.points
        return np.stack([ring, np.roll(ring, -1)], axis=1).astype(np.int64)


def margins_from_reduction(
    prepared: Arch, before: ScanGeometry, frame: ArchFrame | None = None
) -> tuple[list[Margin], ArchFrame]:
    """The margins of ``prepared`` found against the ``before`` (pre-preparation) scan."""
    geometry = prepared.geometry
    removed = reduction_field(geometry.points, surface_of(before))
    zone = np.nan_to_num(removed, nan=0.0) >= MARGIN_REDUCTION_MM
    e = geometry.edges
    label = components(len(zone), e.a[zone[e.a] & zone[e.b]], e.b[zone[e.a] & zone[e.b]])
    found_frame = frame or arch_frame(geometry.points, e, upper=prepared.jaw == "upper")
    fdi, _where = tooth_positions(geometry.points, found_frame, upper=prepared.jaw == "upper")
    # A zone point with a neighbour outside the zone lies on the zone's edge.
    crossing = zone[e.a] != zone[e.b]
    on_edge = np.zeros(len(zone), bool)
    on_edge[np.where(zone[e.a], e.a, e.b)[crossing]] = True
    margins = []
    for region in np.unique(label[zone]):
        members = np.flatnonzero(zone & (label == region))
        if len(members) < _LEAST_ZONE_POINTS:
            continue
        line = members[on_edge[members]]
        if not len(line):
            continue
        teeth = fdi[members][fdi[members] > 0]
        tooth = int(np.bincount(teeth).argmax()) if len(teeth) else 0
        line_points = geometry.points[line].astype(np.float64)
        on_line = np.zeros(len(zone), bool)
        on_line[line] = True
        drawn = np.flatnonzero(on_line[e.a] & on_line[e.b])
        margins.append(Margin(tooth, line, _length(line_points, found_frame), drawn))
    return margins, found_frame


def _length(points: F64, frame: ArchFrame) -> float:
    """The line's length, seen along the occlusal axis: the perimeter of its points' convex
    hull (a preparation's margin is near enough convex from above; the edges of a band of
    triangles along the line would count its zigzags)."""
    x, y = frame.plane(points)
    hull = _hull(np.stack([x, y], axis=1))
    if len(hull) < 2:
        return 0.0
    closed = np.vstack([hull, hull[:1]])
    return float(np.linalg.norm(np.diff(closed, axis=0), axis=1).sum())


def _hull(xy: F64) -> F64:
    """Andrew's monotone chain."""
    pts = np.unique(np.round(xy, 4), axis=0)
    if len(pts) < 3:
        return pts

    def half(seq: F64) -> list[F64]:
        out: list[F64] = []
        for p in seq:
            while len(out) >= 2 and _turn(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return np.array(lower[:-1] + upper[:-1])


def _turn(o: F64, a: F64, b: F64) -> float:
    return float((a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]))


# Below this an estimated margin is unclear (`qc.finish_line`: the share of the line on a clear
# crease): a ``warn`` — an unclear margin is the first cause of crown remakes.
UNCLEAR_BELOW = 0.4


def margin_findings(arch: Arch, margins: Sequence[Margin]) -> list[Finding]:
    """A finding per margin: where it is found, how, how long it is — ``info``, or ``warn``
    for an estimate that finds no clear finish line round the tooth."""
    findings = []
    for margin in margins:
        centre = arch.geometry.points[margin.points].astype(np.float64).mean(axis=0)
        tooth = f"tooth {margin.tooth}" if margin.tooth else "a prepared tooth"
        figures: dict[str, float | int | str | list[float]] = {
            "tooth": margin.tooth,
            "length_mm": kept(margin.length_mm),
            "method": "estimated from the shape" if margin.estimated else "pre-preparation scan",
        }
        severity = Severity.INFO
        if not margin.estimated:
            how = (
                "the edge of the prepared zone (0.2 mm or more removed since the "
                "pre-preparation scan)"
            )
        else:
            how = (
                "estimated from the shape (no pre-preparation scan): the sharpest convex "
                f"crease followed round the tooth's neck; confidence {margin.confidence:.2f} ("
                + _sureness(margin)
                + ")"
            )
            figures["confidence"] = margin.confidence
            figures["closed"] = margin.closed
            if margin.confidence < UNCLEAR_BELOW:
                severity = Severity.WARN
        figures |= {"jaw": arch.jaw, "file": arch.file}
        findings.append(
            Finding(
                "margin",
                severity,
                f"The margin of {tooth}: {how}; {mm_text(margin.length_mm)} long.",
                (float(centre[0]), float(centre[1]), float(centre[2])),
                figures,
            )
        )
    return findings


def _sureness(margin: Margin) -> str:
    share = f"a clear finish line along {margin.confidence:.0%} of the way round"
    if margin.confidence >= UNCLEAR_BELOW:
        return share + ("" if margin.closed else ", with gaps: check them by eye")
    return (
        share + ": the margin is unclear — the tooth may be unprepared, or the finish line "
        "covered by gingiva, blood or saliva"
    )


def estimated_margins(arch: Arch, frame: ArchFrame, teeth: Sequence[int]) -> list[Margin]:
    """The margins of the prepared ``teeth`` estimated from the shape: the finish line of each
    (`qc.finish_line`), with how sure it is."""
    lines = finish_lines(arch.geometry, frame, list(teeth), upper=arch.jaw == "upper")
    points = arch.geometry.points.astype(np.float64)
    return [
        Margin(
            line.tooth,
            line.points,
            _length(points[line.points], frame),
            np.zeros(0, np.int64),
            estimated=True,
            confidence=line.confidence,
            closed=line.closed,
        )
        for line in lines
    ]


def holes_at_margins(
    scan: ScanResult,
    geometry: ScanGeometry,
    margins: Sequence[Margin],
    *,
    at_margin_mm: float = 1.0,
) -> ScanResult:
    """``scan`` with each hole marked ``at_margin`` (and failed, with its ``tooth``) when any
    of its edge points lies within ``at_margin_mm`` of a margin."""
    holes = [i for i, f in enumerate(scan.findings) if f.kind == "hole"]
    if not holes or not margins:
        return scan
    findings = list(scan.findings)
    for order, index in enumerate(holes):
        finding = findings[index]
        loop = geometry.hole_loops[order] if order < len(geometry.hole_loops) else None
        tooth = _near_margin(geometry, loop, margins, at_margin_mm) if loop is not None else None
        figures = dict(finding.figures)
        figures["at_margin"] = tooth is not None
        if tooth is None:
            findings[index] = dataclasses.replace(finding, figures=figures)
            continue
        figures["tooth"] = tooth
        findings[index] = dataclasses.replace(
            finding,
            severity=Severity.FAIL,
            message=finding.message.rstrip(".")
            + f", at the margin of tooth {tooth}: an open margin cannot be designed to.",
            figures=figures,
        )
    return dataclasses.replace(scan, findings=tuple(findings))


def _near_margin(
    geometry: ScanGeometry,
    loop: npt.NDArray[np.int64],
    margins: Sequence[Margin],
    reach: float,
) -> int | None:
    edges = geometry.edges
    ends = np.unique(np.concatenate([edges.a[loop], edges.b[loop]]))
    hole = geometry.points[ends].astype(np.float64)
    for margin in margins:
        line = geometry.points[margin.points].astype(np.float64)
        for start in range(0, len(line), 2048):
            chunk = line[start : start + 2048]
            gap = np.min(np.linalg.norm(hole[:, None, :] - chunk[None, :, :], axis=2))
            if gap <= reach:
                return margin.tooth
    return None
