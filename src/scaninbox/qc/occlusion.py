"""Bite-through and clearance between an upper and a lower arch in the same frame.

For every point of one arch within the search window of the other, the signed closest-point
distance to the other arch's triangles (`scaninbox.qc.distance`). Points behind the other
surface lie inside it: joined along the arch's edges they form the **bite-through** regions;
a region's depth is its deepest point's distance, its area the area of its triangles (a triangle
with one or two corners inside counts a third or two thirds). Both arches are asked, so a region
shows on the surface that goes in. When nothing goes in, the **clearance** is the smallest
distance found.

The window starts at 1 mm (contacts and penetrations of a bite are well under that) and widens
fourfold while an answer reaches its edge: when no point is near (arches apart) or a region is
about as deep as the window. So the answer is exact, and costs little for arches in occlusion.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from scaninbox.qc.distance import F64, Distances, Surface, column_means, near_boxes
from scaninbox.qc.figures import kept, mm_text, number_text
from scaninbox.qc.findings import Finding, Severity
from scaninbox.qc.scan_checks import ScanGeometry
from scaninbox.qc.thresholds import QcThresholds
from scaninbox.qc.topology import components

__all__ = ["Arch", "OcclusionResult", "check_occlusion", "surface_of"]

_FIRST_WINDOW_MM = 1.0
_SAMPLE = 400  # points of an arch asked for an upper bound of the gap when the arches are apart


@dataclass(frozen=True, slots=True)
class Arch:
    jaw: str
    file: str
    geometry: ScanGeometry


@dataclass(frozen=True, slots=True)
class OcclusionResult:
    findings: list[Finding]
    in_occlusion: bool
    clearance_mm: float | None
    # Per arch (by jaw): the other arch's surface for more questions (room for the material),
    # whether its sides are read flipped, and the arch's points found within the window.
    surfaces: dict[str, Surface] = field(default_factory=dict)
    flipped: dict[str, bool] = field(default_factory=dict)
    near: dict[str, Distances] = field(default_factory=dict)


def surface_of(geometry: ScanGeometry, stop: threading.Event | None = None) -> Surface:
    return Surface(geometry.points, geometry.faces, geometry.edges, stop=stop)


def check_occlusion(
    upper: Arch,
    lower: Arch,
    thresholds: QcThresholds | None = None,
    *,
    stop: threading.Event | None = None,
) -> OcclusionResult:
    """``stop`` set: `QcStopped` within a few thousand queries (see `qc.stopping`)."""
    limits = thresholds or QcThresholds()
    surfaces = {id(a): surface_of(a.geometry, stop) for a in (upper, lower)}
    pairs = ((upper, lower), (lower, upper))
    p = {id(a): a.geometry.points.astype(np.float64) for a in (upper, lower)}
    flip = {id(b): not surfaces[id(b)].faces_toward(column_means(p[id(a)])) for a, b in pairs}
    answers = [(a, b, _distances(surfaces[id(b)], p[id(a)], flip[id(b)])) for a, b in pairs]

    findings: list[Finding] = []
    for a, b, d in answers:
        findings += _bite_through(a, b, d, limits)
    findings.sort(key=lambda f: -f.number("depth_mm"))
    antagonist = {a.jaw: surfaces[id(b)] for a, b in pairs}
    flipped = {a.jaw: flip[id(b)] for a, b in pairs}
    near = {a.jaw: d for a, _b, d in answers}
    if findings:
        return OcclusionResult(findings, True, 0.0, antagonist, flipped, near)
    best: tuple[float, Arch, npt.NDArray[np.float64]] | None = None
    for a, _b, d in answers:
        if len(d.index):
            i = int(np.argmin(np.abs(d.signed)))
            gap = float(abs(d.signed[i]))
            if best is None or gap < best[0]:
                best = (gap, a, p[id(a)][d.index[i]])
    if best is None:  # cannot happen: the window grows to the whole scene
        return OcclusionResult([], False, None, antagonist, flipped, near)
    gap, arch, where = best
    apart = gap > limits.occlusion_max_gap_mm
    message = f"Smallest distance between the arches: {mm_text(gap)}"
    message += " — the arches are not in occlusion." if apart else "."
    finding = Finding(
        "clearance",
        Severity.WARN if apart else Severity.INFO,
        message,
        (float(where[0]), float(where[1]), float(where[2])),
        {"min_mm": kept(gap), "jaw": arch.jaw, "file": arch.file},
    )
    return OcclusionResult([finding], not apart, gap, antagonist, flipped, near)


def _distances(surface: Surface, points: F64, flip: bool) -> Distances:
    """Signed distances of the arch's points to the other surface: every point within the
    first window, and — while an answer reaches the window's edge — farther ones: when none was
    near (arches apart), all within the nearest distance of a sample; else those near the
    deepest points."""
    window = _FIRST_WINDOW_MM
    found = surface.distances(points, window, flip=flip)
    reach = _diagonal(points) + _diagonal(surface.points)
    while window < reach:
        if not len(found.index):
            # Nothing near: the arches are apart. The nearest distance of a sample of points is
            # at least the smallest one, so a window that wide holds the answer, and few points.
            sample = points[:: max(1, len(points) // _SAMPLE)]
            window = max(window * 1.5, surface.nearest(sample) * 1.001 + 1e-6)
            found = surface.distances(points, window, flip=flip)
            continue
        deep = found.index[found.signed < -0.75 * window]
        if not len(deep):
            break
        window *= 4
        # Only points near the deep ones can be deeper still.
        near = near_boxes(points[deep], points[deep], points, window)
        asked = np.setdiff1d(near, found.index, assume_unique=True)
        more = surface.distances(points, window, flip=flip, among=asked)
        found = Distances(
            np.concatenate([found.index, more.index]),
            np.concatenate([found.signed, more.signed]),
            np.concatenate([found.closest, more.closest]),
        )
    return found


def _diagonal(points: F64) -> float:
    """The length of the points' bounding box diagonal (column by column: quicker than along
    the short axis of an (N, 3) array)."""
    sides = [float(points[:, k].max()) - float(points[:, k].min()) for k in range(3)]
    return float(np.sqrt(sum(side * side for side in sides)))


def _bite_through(a: Arch, b: Arch, d: Distances, limits: QcThresholds) -> list[Finding]:
    geometry = a.geometry
    n = len(geometry.points)
    depth = np.zeros(n)
    inside_points = d.index[d.signed < 0]
    if not len(inside_points):
        return []
    depth[inside_points] = -d.signed[d.signed < 0]
    inside = depth > 0
    e = geometry.edges
    both = inside[e.a] & inside[e.b]
    label = components(n, e.a[both], e.b[both])
    corners_in = inside[geometry.faces].sum(axis=1)
    touched = np.flatnonzero(corners_in > 0)
    # A touched triangle's region: that of its first corner inside.
    first_in = np.argmax(inside[geometry.faces[touched]], axis=1)
    face_region = label[geometry.faces[touched, first_in]]
    share = geometry.face_area[touched] * corners_in[touched] / 3
    regions = np.unique(label[inside_points])
    findings = []
    for region in regions:
        members = inside_points[label[inside_points] == region]
        deepest = members[int(np.argmax(depth[members]))]
        worst = float(depth[deepest])
        if worst < limits.bite_through_min_mm:
            continue
        square_mm = float(share[face_region == region].sum())
        if worst >= limits.bite_through_fail_mm:
            severity = Severity.FAIL
        elif worst >= limits.bite_through_warn_mm:
            severity = Severity.WARN
        else:
            severity = Severity.INFO
        where = geometry.points[deepest].astype(np.float64)
        findings.append(
            Finding(
                "bite_through",
                severity,
                f"The {a.jaw} arch lies up to {mm_text(worst)} inside the {b.jaw} arch "
                f"over {number_text(square_mm, 1)} mm².",
                (float(where[0]), float(where[1]), float(where[2])),
                {
                    "depth_mm": kept(worst),
                    "area_mm2": kept(square_mm, 2),
                    "jaw": a.jaw,
                    "against": b.jaw,
                    "file": a.file,
                },
            )
        )
    return findings
