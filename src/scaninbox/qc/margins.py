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
from its shape: a finish line (chamfer or shoulder) is the most concave line round the
preparation, where the tapered wall turns out into the gingiva. Round the tooth's axis, in 36
sectors, the most concave point (curvature from the Laplacian of the surface along its normal)
of the outer part of the wall, at least 3 mm below the preparation's top, is taken. How sure:
on the sandbox's chamfers the points lie a median 0.5–1.0 mm and at most 2.1 mm from the line a
pre-preparation scan gives; on the natural teeth of the labelled real arch a median 1.9 mm from
the gingival line its labels draw (the concave line nearest to a margin a natural tooth has;
the tests measure both); so a hole "at the margin" is judged within that; blood, saliva,
retraction cord or tissue over the margin make the most concave line something else — the
finding says the line was estimated.

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
from scaninbox.qc.occlusion import Arch, surface_of
from scaninbox.qc.scan_checks import ScanGeometry
from scaninbox.qc.topology import components

__all__ = [
    "MARGIN_REDUCTION_MM",
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


def margin_findings(arch: Arch, margins: Sequence[Margin]) -> list[Finding]:
    """An ``info`` finding per margin: where it is found, how, and how long it is."""
    findings = []
    for margin in margins:
        centre = arch.geometry.points[margin.points].astype(np.float64).mean(axis=0)
        tooth = f"tooth {margin.tooth}" if margin.tooth else "a prepared tooth"
        how = (
            "estimated from the shape (no pre-preparation scan): the most concave line round "
            "the preparation, within 1–2 mm of the finish line on a clear chamfer or shoulder"
            if margin.estimated
            else "the edge of the prepared zone (0.2 mm or more removed since the "
            "pre-preparation scan)"
        )
        findings.append(
            Finding(
                "margin",
                Severity.INFO,
                f"The margin of {tooth}: {how}; {mm_text(margin.length_mm)} long.",
                (float(centre[0]), float(centre[1]), float(centre[2])),
                {
                    "tooth": margin.tooth,
                    "length_mm": kept(margin.length_mm),
                    "method": "estimated from the shape"
                    if margin.estimated
                    else "pre-preparation scan",
                    "jaw": arch.jaw,
                    "file": arch.file,
                },
            )
        )
    return findings


_SECTORS = 36
_PREP_HEIGHT_MM = 8.0  # a preparation's walls: this far below its top, no farther
# A margin lies at least this far below the preparation's top: axial walls shorter than 3 mm
# hold no crown (the retention minimum of the preparation guidelines), and a natural tooth's
# fissures and a preparation's rounded top edge, concave too, lie above it.
_BELOW_TOP_MM = 3.0
# In each sector the margin is sought on the outer part of the walls only (this share of the
# sector's widest radius and beyond): a finish line flares out to the gingiva, and a fissure
# or an occlusal groove lies inside.
_OUTER_SHARE = 0.85


def estimated_margins(arch: Arch, frame: ArchFrame, teeth: Sequence[int]) -> list[Margin]:
    """The margins of the prepared ``teeth`` estimated from the shape (see the module's text)."""
    geometry = arch.geometry
    points = geometry.points.astype(np.float64)
    fdi, _where = tooth_positions(geometry.points, frame, upper=arch.jaw == "upper")
    concave = _concavity(geometry, points)
    height = frame.height(points)
    margins = []
    for tooth in teeth:
        mine = np.flatnonzero(fdi == tooth)
        if len(mine) < 50:
            continue
        top = float(np.quantile(height[mine], 0.99))
        region = mine[height[mine] >= top - _PREP_HEIGHT_MM]
        crown = region[height[region] >= top - 1.0]
        centre = points[crown].mean(axis=0)
        rel = points[region] - centre
        flat = rel - np.outer(rel @ frame.occlusal, frame.occlusal)
        x, y = flat @ frame.left, flat @ frame.anterior
        radius = np.hypot(x, y)
        sector = ((np.arctan2(y, x) + np.pi) / (2 * np.pi) * _SECTORS).astype(np.int64)
        chosen = []
        cap = float(np.quantile(radius, 0.9)) if len(radius) else 0.0
        for k in range(_SECTORS):
            here = (sector % _SECTORS == k) & (height[region] <= top - _BELOW_TOP_MM)
            here &= radius <= cap
            if here.any():
                here &= radius >= _OUTER_SHARE * float(radius[here].max())
                candidates = region[here]
                chosen.append(int(candidates[np.argmax(concave[candidates])]))
        if len(chosen) < _SECTORS // 2:
            continue
        line = np.array(chosen, np.int64)
        margins.append(
            Margin(
                tooth,
                line,
                _length(points[line], frame),
                np.zeros(0, np.int64),
                estimated=True,
            )
        )
    return margins


def _concavity(geometry: ScanGeometry, points: F64) -> F64:
    """Per point: how far its neighbours' mean lies out along its normal (mm) — large on a
    concave crease such as a finish line, negative on a ridge."""
    e = geometry.edges
    n = len(points)
    total = np.zeros((n, 3))
    for c in range(3):
        total[:, c] = np.bincount(e.a, weights=points[e.b, c], minlength=n) + np.bincount(
            e.b, weights=points[e.a, c], minlength=n
        )
    count = np.bincount(e.a, minlength=n) + np.bincount(e.b, minlength=n)
    mean = total / np.maximum(count, 1)[:, None]
    faces = geometry.faces
    cross = np.cross(
        points[faces[:, 1]] - points[faces[:, 0]], points[faces[:, 2]] - points[faces[:, 0]]
    )
    normals = np.zeros((n, 3))
    for k in range(3):
        for c in range(3):
            normals[:, c] += np.bincount(faces[:, k], weights=cross[:, c], minlength=n)
    normals /= np.maximum(np.linalg.norm(normals, axis=1, keepdims=True), 1e-12)
    result: F64 = np.einsum("ij,ij->i", mean - points, normals)
    return result


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
