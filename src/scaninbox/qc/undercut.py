"""Undercuts and the path of insertion of a preparation, and the divergence of a bridge's abutments.

**Undercut along an axis** (`undercut_depths`). A restoration goes onto its preparation along
the insertion axis; a wall point is in undercut when some part of the preparation above it (along
the axis) sticks out farther than it does — the restoration could not pass that bulge. Around the
preparation's centre line, in narrow sectors of azimuth, each point's undercut depth is how far
the widest point above it in its sector lies beyond it (0 for a wall that tapers toward the
occlusal, as a preparation should). This is the dental surveyor's question asked of the scan.

**The best axis** (`best_axis`): of the axes within ``max_tilt_deg`` of the occlusal axis, the
one leaving the least undercut (area × depth); where several leave none (a well-tapered
preparation is free of undercut for a cone of axes), the one nearest the preparation's balanced
direction (its area-weighted mean normal: the axis of a symmetric stump). A coarse search, then
a finer one around the best, to a fraction of a degree.

**Findings**: ``undercut`` for a prepared tooth whose least undercut is still deeper than
``undercut_warn_mm`` (``tooth``, ``depth_mm``, ``area_mm2``, ``center_mm`` at the deepest point,
``axis``); ``abutment_divergence`` for a bridge whose two abutments' best axes are more than
``divergence_warn_deg`` apart (``teeth``, ``angle_deg``): no single path seats the bridge
without grinding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scaninbox.domain import format_teeth, is_upper
from scaninbox.qc.arch_frame import ArchFrame, arch_frame, tooth_positions
from scaninbox.qc.figures import kept, mm_text, number_text
from scaninbox.qc.findings import Finding, Severity
from scaninbox.qc.occlusion import Arch
from scaninbox.qc.thresholds import QcThresholds

__all__ = [
    "AxisResult",
    "Region",
    "best_axis",
    "common_axis",
    "tooth_walls",
    "undercut_depths",
    "undercut_findings",
]

F64 = npt.NDArray[np.float64]
_SECTORS = 48
_PREP_HEIGHT_MM = 7.0  # a preparation's walls: this far below its top, no farther
_CORE = (0.15, 0.85)
_FACING_UP = 0.05  # a surface tilted up more than this (about 3°) is seen from above
_SEARCH_POINTS = 2000  # points the axis search looks at (all of them for the final answer)


@dataclass(frozen=True, slots=True)
class AxisResult:
    axis: F64  # unit, pointing out of the preparation (the restoration comes in along -axis)
    depth: F64  # per point of the region
    score: float


def undercut_depths(
    points: F64, axis: F64, normals: F64 | None = None, *, sectors: int = _SECTORS
) -> F64:
    """Each point's undercut depth (mm) along ``axis`` (see the module's docstring). With
    ``normals``, only points whose surface faces sideways or away from the axis count: a point
    of the occlusal table, seen from above, is never an undercut however it lies to the rim."""
    a = axis / np.linalg.norm(axis)
    centre = points.mean(axis=0)
    rel = points - centre
    height = rel @ a
    flat = rel - np.outer(height, a)
    u = _cross(a, np.array([1.0, 0.0, 0.0] if abs(a[0]) < 0.9 else [0.0, 1.0, 0.0]))
    u /= np.linalg.norm(u)
    v = _cross(a, u)
    x, y = flat @ u, flat @ v
    radius = np.hypot(x, y)
    sector = ((np.arctan2(y, x) + np.pi) / (2 * np.pi) * sectors).astype(np.int64) % sectors
    # Highest first within each sector: the running widest above every point. One running
    # maximum over all sectors at once: each sector is lifted above every earlier one.
    order = np.lexsort((-height, sector))
    r_sorted = radius[order]
    lift = (float(radius.max()) + 1.0) * sector[order]
    widest = np.maximum.accumulate(r_sorted + lift) - lift
    depth: F64 = np.empty_like(radius)
    depth[order] = widest - r_sorted
    if normals is not None:
        depth[normals @ a > _FACING_UP] = 0.0
    return depth


@dataclass(frozen=True, slots=True)
class Region:
    """A preparation's wall points with their surface shares and unit normals."""

    points: F64
    weights: F64
    normals: F64
    balanced: F64  # its area-weighted mean normal (unit)

    def sample(self) -> Region:
        stride = max(1, len(self.points) // _SEARCH_POINTS)
        return Region(
            self.points[::stride],
            self.weights[::stride] * stride,
            self.normals[::stride],
            self.balanced,
        )


def best_axis(
    points: F64,
    weights: F64,
    normals: F64,
    balanced: F64,
    start: F64,
    *,
    max_tilt_deg: float = 25.0,
) -> AxisResult:
    """The insertion axis with the least undercut (see the module's docstring). ``weights``:
    each point's share of the surface (mm²); ``normals``: its unit normal; ``balanced``: the
    tie-break direction; ``start``: the occlusal axis the search is centred on."""
    region = Region(points, weights, normals, balanced)
    axis, score = common_axis([region], start, max_tilt_deg=max_tilt_deg)
    return AxisResult(axis, undercut_depths(points, axis, normals), score)


def common_axis(
    regions: Sequence[Region], start: F64, *, max_tilt_deg: float = 25.0
) -> tuple[F64, float]:
    """The one axis leaving the least undercut on all ``regions`` together (each around its
    own centre line), and its score (undercut area × depth, mm³, plus the tie-break)."""
    start = start / np.linalg.norm(start)
    some = [r.sample() for r in regions]
    balanced = sum((r.balanced for r in regions), np.zeros(3))
    balanced = balanced / max(float(np.linalg.norm(balanced)), 1e-12)
    best: F64 = start
    best_score = np.inf
    coarse = max_tilt_deg / 4
    stages = ((coarse, max_tilt_deg, False), (1.0, coarse / 2, True), (0.25, 0.5, True))
    for step, reach, around_best in stages:
        for axis in _cone(best if around_best else start, reach, step):
            if float(axis @ start) < np.cos(np.radians(max_tilt_deg + 1e-6)):
                continue
            score = sum(
                float((undercut_depths(r.points, axis, r.normals) * r.weights).sum()) for r in some
            )
            score += 1e-4 * _degrees(axis, balanced)
            if score < best_score:
                best, best_score = axis, score
    return best, best_score


def _cone(middle: F64, reach_deg: float, step_deg: float) -> list[F64]:
    u = np.cross(middle, [1.0, 0.0, 0.0] if abs(middle[0]) < 0.9 else [0.0, 1.0, 0.0])
    u /= np.linalg.norm(u)
    v = np.cross(middle, u)
    axes = [middle]
    tilt = step_deg
    while tilt <= reach_deg + 1e-9:
        count = max(6, round(2 * np.pi * tilt / step_deg))
        for k in range(count):
            phi = 2 * np.pi * k / count
            t = np.radians(tilt)
            axes.append(
                np.cos(t) * middle + np.sin(t) * (np.cos(phi) * u + np.sin(phi) * v),
            )
        tilt += step_deg
    return axes


def _cross(a: F64, b: F64) -> F64:
    """The cross product of two 3-vectors (`np.cross` costs more than the rest of a small
    undercut question)."""
    return np.array(
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    )


def _degrees(a: F64, b: F64) -> float:
    return float(np.degrees(np.arccos(np.clip(float(a @ b), -1.0, 1.0))))


# ---------------------------------------------------------------------- findings


def undercut_findings(
    prepared: Sequence[int],
    bridges: Sequence[tuple[int, int]],
    arches: dict[str, Arch],
    thresholds: QcThresholds | None = None,
    frames: dict[str, ArchFrame] | None = None,
) -> list[Finding]:
    """``undercut`` per prepared tooth with one left on its best axis; ``abutment_divergence``
    per bridge (its two end abutments) whose axes diverge."""
    limits = thresholds or QcThresholds()
    known = frames if frames is not None else {}
    axes: dict[int, F64] = {}
    regions: dict[int, Region] = {}
    starts: dict[int, F64] = {}
    shares: dict[int, tuple[F64, F64]] = {}  # per arch: each point's area and normal
    findings: list[Finding] = []
    for tooth in prepared:
        jaw = "upper" if is_upper(tooth) else "lower"
        arch = arches.get(jaw)
        if arch is None:
            continue
        frame = known.get(jaw)
        if frame is None:
            frame = arch_frame(arch.geometry.points, arch.geometry.edges, upper=jaw == "upper")
            known[jaw] = frame
        region = _region(arch, frame, tooth, shares)
        if region is None:
            continue
        regions[tooth], starts[tooth] = region, frame.occlusal
        axis, finding = _undercut_of(arch, region, frame.occlusal, tooth, limits)
        axes[tooth] = axis
        if finding is not None:
            findings.append(finding)
    for first, last in bridges:
        if first not in regions or last not in regions:
            continue
        # A bridge seats along one axis: when none leaves both abutments free of undercut,
        # they diverge (by the angle between their own best axes).
        pair = [regions[first], regions[last]]
        common, _score = common_axis(pair, starts[first], max_tilt_deg=limits.max_tilt_deg)
        worst = max(float(undercut_depths(r.points, common, r.normals).max()) for r in pair)
        if worst < limits.undercut_warn_mm:
            continue
        angle = _degrees(axes[first], axes[last])
        findings.append(
            Finding(
                "abutment_divergence",
                Severity.WARN,
                f"The bridge's abutments {format_teeth([first, last])} diverge by "
                f"{number_text(angle, 1)}°: no single path seats the bridge without an "
                f"undercut ({mm_text(worst)} deep on the best common path; teeth located by "
                "estimate along the arch).",
                None,
                {
                    "teeth": format_teeth([first, last]),
                    "angle_deg": kept(angle, 1),
                    "depth_mm": kept(worst),
                },
            )
        )
    return findings


def tooth_walls(
    arch: Arch, frame: ArchFrame, tooth: int, surface_shares: dict[int, tuple[F64, F64]]
) -> tuple[Region, npt.NDArray[np.int64]] | None:
    """`_region` and the indices of its points in the arch's geometry."""
    return _region_and_index(arch, frame, tooth, surface_shares)


def _region(
    arch: Arch, frame: ArchFrame, tooth: int, surface_shares: dict[int, tuple[F64, F64]]
) -> Region | None:
    found = _region_and_index(arch, frame, tooth, surface_shares)
    return found[0] if found is not None else None


def _region_and_index(
    arch: Arch, frame: ArchFrame, tooth: int, surface_shares: dict[int, tuple[F64, F64]]
) -> tuple[Region, npt.NDArray[np.int64]] | None:
    """The walls of ``tooth`` (the middle of its estimated stretch, from its top down to
    `_PREP_HEIGHT_MM` below it)."""
    geometry = arch.geometry
    points = geometry.points.astype(np.float64)
    fdi, where = tooth_positions(geometry.points, frame, upper=arch.jaw == "upper")
    height = frame.height(points)
    mine = (fdi == tooth) & (where >= _CORE[0]) & (where <= _CORE[1])
    if mine.sum() < 30:
        return None
    top = float(np.quantile(height[mine], 0.99))
    chosen = np.flatnonzero(mine & (height >= top - _PREP_HEIGHT_MM))
    weights, normals = surface_shares.get(id(geometry)) or _point_areas(
        geometry.faces, geometry.face_area, points, len(points)
    )
    surface_shares[id(geometry)] = (weights, normals)
    region = region_of(points[chosen], weights[chosen], normals[chosen], frame.occlusal)
    return region, chosen


def region_of(points: F64, weights: F64, normals: F64, occlusal: F64) -> Region:
    """A `Region`, its balanced direction from its normals (the occlusal axis when they say
    nothing, or point inward: a scan wound inside out)."""
    balanced = (normals * weights[:, None]).sum(axis=0)
    if float(np.linalg.norm(balanced)) < 1e-9 or float(balanced @ occlusal) <= 0:
        balanced = occlusal
    return Region(points, weights, normals, balanced / np.linalg.norm(balanced))


def _undercut_of(
    arch: Arch, region: Region, occlusal: F64, tooth: int, limits: QcThresholds
) -> tuple[F64, Finding | None]:
    result = best_axis(
        region.points,
        region.weights,
        region.normals,
        region.balanced,
        occlusal,
        max_tilt_deg=limits.max_tilt_deg,
    )
    deep = result.depth >= limits.undercut_warn_mm
    if not deep.any():
        return result.axis, None
    deepest = int(np.argmax(result.depth))
    worst = float(result.depth[deepest])
    area = float(region.weights[deep].sum())
    place = region.points[deepest]
    severity = Severity.FAIL if worst >= limits.undercut_fail_mm else Severity.WARN
    return result.axis, Finding(
        "undercut",
        severity,
        f"Tooth {format_teeth([tooth])}: an undercut {mm_text(worst)} deep over "
        f"{number_text(area, 1)} mm² on the best path of insertion (tooth located by estimate "
        "along the arch).",
        (float(place[0]), float(place[1]), float(place[2])),
        {
            "tooth": tooth,
            "depth_mm": kept(worst),
            "area_mm2": kept(area, 2),
            "axis": [round(float(c), 4) for c in result.axis],
            "tooth_estimated": True,
            "jaw": arch.jaw,
            "file": arch.file,
        },
    )


def _point_areas(
    faces: npt.NDArray[np.int32], face_area: F64, points: F64, n: int
) -> tuple[F64, F64]:
    """Each point's share of the surface (a third of its triangles' areas) and its
    area-weighted normal."""
    share = np.zeros(n)
    for k in range(3):
        share += np.bincount(faces[:, k], weights=face_area / 3, minlength=n)
    p = points
    cross = np.cross(p[faces[:, 1]] - p[faces[:, 0]], p[faces[:, 2]] - p[faces[:, 0]])
    normals = np.zeros((n, 3))
    for k in range(3):
        for c in range(3):
            normals[:, c] += np.bincount(faces[:, k], weights=cross[:, c], minlength=n)
    size = np.linalg.norm(normals, axis=1, keepdims=True)
    return share, normals / np.maximum(size, 1e-12)
