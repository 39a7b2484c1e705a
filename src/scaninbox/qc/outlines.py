"""The exact shape of a hole, a fragment or an estimated margin finding, for marking it in 3D.

A QC result keeps each finding's centre and figures (the JSON contract); what the window draws
when a finding is clicked — a hole's boundary loop, a fragment's own triangles — is worked out
again from the scan file, with the same checks (`scan_checks.check_mesh`), and matched to the
clicked finding by kind and centre. So stored results stay small and unchanged, and the mark is
exactly what QC measured. Everything is in the scan file's own coordinates. A margin estimated
from the shape (`qc.margins.estimated_margins`) is worked out again for every tooth of the
file's jaw and matched the same way; a margin found against a pre-preparation scan needs that
scan too and is not drawn here (its finding's ring marks the place).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from scaninbox.qc.scan_checks import ScanGeometry, check_mesh
from scaninbox.scans import read_mesh

__all__ = ["FindingShape", "ScanShapes", "scan_shapes"]

# A kept finding matches a shape worked out again when their centres are this close (the same
# file gives the same centre to the last digit; a changed file gives no match: no wrong mark).
_MATCH_MM = 0.05
_UNDERCUT_SHOWN_MM = 0.1  # the undercut tinted: as deep as the check warns of


@dataclass(frozen=True, slots=True)
class FindingShape:
    """A hole's boundary (``lines``: point pairs, in loop order when the loop is simple) or a
    fragment's triangles (``faces``), over ``points``."""

    kind: str  # "hole", "fragment", "margin" or "undercut" (its triangles, as a fragment's)
    centre_mm: tuple[float, float, float]
    points: npt.NDArray[np.float32]  # (n, 3)
    lines: npt.NDArray[np.int64]  # (m, 2) into points; empty for a fragment
    faces: npt.NDArray[np.int64]  # (k, 3) into points; empty for a hole
    closed_loop: npt.NDArray[np.int64] | None = None  # a simple hole: its points in order
    # The way the surface around a hole faces (its triangles' mean normal, unit length): where
    # to look into the hole from outside. None for a fragment.
    outward: tuple[float, float, float] | None = None


@dataclass(frozen=True, slots=True)
class ScanShapes:
    """The hole and fragment shapes of one scan file, in the order of its findings (and its
    geometry, for an undercut worked out when it is asked for: it needs the finding's axis)."""

    shapes: tuple[FindingShape, ...]
    geometry: ScanGeometry | None = None
    jaw: str = ""

    def match(
        self, kind: str, centre_mm: tuple[float, float, float], figures: Mapping[str, object]
    ) -> FindingShape | None:
        """The shape of the finding of ``kind`` centred at ``centre_mm`` (None: no such)."""
        if kind == "undercut":
            return self._undercut(centre_mm, figures)
        best: FindingShape | None = None
        best_distance = _MATCH_MM
        for shape in self.shapes:
            if shape.kind != kind:
                continue
            distance = math.dist(shape.centre_mm, centre_mm)
            if distance <= best_distance:
                best, best_distance = shape, distance
        if best is not None and kind == "hole":
            edges = figures.get("edges")
            if isinstance(edges, int) and edges != len(best.lines):
                return None  # the same place, another loop: the file changed
        return best

    def _undercut(
        self, centre_mm: tuple[float, float, float], figures: Mapping[str, object]
    ) -> FindingShape | None:
        """The triangles of the tooth's walls in undercut along the finding's axis (its deepest
        point must be the finding's centre: else the file changed, and nothing is drawn)."""
        from scaninbox.qc.arch_frame import arch_frame
        from scaninbox.qc.occlusion import Arch
        from scaninbox.qc.undercut import tooth_walls, undercut_depths

        geometry, tooth, axis = self.geometry, figures.get("tooth"), figures.get("axis")
        if geometry is None or not isinstance(tooth, int) or not isinstance(axis, list):
            return None
        upper = self.jaw == "upper"
        frame = arch_frame(geometry.points, geometry.edges, upper=upper)
        found = tooth_walls(Arch(self.jaw, "", geometry), frame, tooth, {})
        if found is None:
            return None
        region, index = found
        depth = undercut_depths(region.points, np.asarray(axis, np.float64), region.normals)
        deepest = region.points[int(np.argmax(depth))]
        if math.dist(tuple(float(v) for v in deepest), centre_mm) > _MATCH_MM:
            return None
        deep = np.zeros(len(geometry.points), bool)
        deep[index[depth >= _UNDERCUT_SHOWN_MM]] = True
        faces = np.flatnonzero(deep[geometry.faces].any(axis=1))  # the deepest point included
        if not len(faces):
            return None
        return _fragment(geometry, faces, centre_mm, kind="undercut")


def scan_shapes(path: Path, *, jaw: str, name: str) -> ScanShapes:
    """Read ``path`` and work out the shape of each of its hole and fragment findings.

    Raises `scaninbox.scans.MeshError` (or OSError) when the file cannot be read."""
    mesh = read_mesh(path, name=name)
    result, geometry = check_mesh(mesh, jaw=jaw, file=name)
    holes = [f for f in result.findings if f.kind == "hole"]
    fragments = [f for f in result.findings if f.kind == "fragment"]
    shapes: list[FindingShape] = []
    for finding, edge_ids in zip(holes, geometry.hole_loops, strict=False):
        if finding.center_mm is not None:
            shapes.append(_hole(geometry, edge_ids, finding.center_mm))
    for finding, face_ids in zip(fragments, geometry.fragment_faces, strict=False):
        if finding.center_mm is not None:
            shapes.append(_fragment(geometry, face_ids, finding.center_mm))
    if jaw in ("upper", "lower"):
        shapes += _margins(geometry, jaw, name)
    return ScanShapes(tuple(shapes), geometry, jaw)


def _margins(geometry: ScanGeometry, jaw: str, name: str) -> list[FindingShape]:
    """The estimated margin of every tooth of the jaw, as a closed line (sector order)."""
    from scaninbox.qc.arch_frame import arch_frame
    from scaninbox.qc.margins import estimated_margins
    from scaninbox.qc.occlusion import Arch

    if not len(geometry.faces):
        return []
    frame = arch_frame(geometry.points, geometry.edges, upper=jaw == "upper")
    quadrants = (1, 2) if jaw == "upper" else (3, 4)
    teeth = [q * 10 + p for q in quadrants for p in range(1, 8)]
    shapes = []
    for margin in estimated_margins(Arch(jaw, name, geometry), frame, teeth):
        points = np.ascontiguousarray(geometry.points[margin.points], np.float32)
        centre = points.astype(np.float64).mean(axis=0)
        n = len(points)
        lines = np.stack([np.arange(n), (np.arange(n) + 1) % n], axis=1).astype(np.int64)
        shapes.append(
            FindingShape(
                "margin",
                (float(centre[0]), float(centre[1]), float(centre[2])),
                points,
                lines,
                np.zeros((0, 3), np.int64),
                np.arange(n, dtype=np.int64),
            )
        )
    return shapes


def _hole(
    geometry: ScanGeometry, edge_ids: npt.NDArray[np.int64], centre: tuple[float, float, float]
) -> FindingShape:
    a = geometry.edges.a[edge_ids]
    b = geometry.edges.b[edge_ids]
    used, local = np.unique(np.concatenate([a, b]), return_inverse=True)
    lines = np.stack([local[: len(a)], local[len(a) :]], axis=1).astype(np.int64)
    return FindingShape(
        "hole",
        centre,
        np.ascontiguousarray(geometry.points[used], np.float32),
        lines,
        np.zeros((0, 3), np.int64),
        _loop_order(lines, len(used)),
        _facing(geometry, used),
    )


def _facing(
    geometry: ScanGeometry, rim_points: npt.NDArray[np.int64]
) -> tuple[float, float, float] | None:
    """The area-weighted mean normal of the triangles touching the rim points."""
    on_rim = np.zeros(len(geometry.points), bool)
    on_rim[rim_points] = True
    around = geometry.faces[on_rim[geometry.faces].any(axis=1)]
    if not len(around):
        return None
    p = geometry.points.astype(np.float64)
    a, b, c = p[around[:, 0]], p[around[:, 1]], p[around[:, 2]]
    total = np.cross(b - a, c - a).sum(axis=0)
    length = float(np.linalg.norm(total))
    if length == 0:
        return None
    return (float(total[0] / length), float(total[1] / length), float(total[2] / length))


def _fragment(
    geometry: ScanGeometry,
    face_ids: npt.NDArray[np.int64],
    centre: tuple[float, float, float],
    kind: str = "fragment",
) -> FindingShape:
    corners = geometry.faces[face_ids]
    used, local = np.unique(corners, return_inverse=True)
    return FindingShape(
        kind,
        centre,
        np.ascontiguousarray(geometry.points[used], np.float32),
        np.zeros((0, 2), np.int64),
        local.reshape(-1, 3).astype(np.int64),
    )


def _loop_order(lines: npt.NDArray[np.int64], n_points: int) -> npt.NDArray[np.int64] | None:
    """The points of a simple loop (every point on two of its edges) in walking order."""
    if n_points < 3 or len(lines) != n_points:
        return None
    degree = np.bincount(lines.ravel(), minlength=n_points)
    if not np.all(degree == 2):
        return None  # a loop through a pinch point: drawn as separate edges
    neighbours: list[list[int]] = [[] for _ in range(n_points)]
    for u, v in lines.tolist():
        neighbours[u].append(v)
        neighbours[v].append(u)
    order = [0]
    previous, current = -1, 0
    for _ in range(n_points - 1):
        first, second = neighbours[current]
        following = second if first == previous else first
        previous, current = current, following
        order.append(current)
    if len(set(order)) != n_points:
        return None  # more than one loop after all
    return np.asarray(order, np.int64)
