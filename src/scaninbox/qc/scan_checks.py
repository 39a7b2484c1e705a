"""Per-scan checks: holes, fragments, non-manifold edges, degenerate and duplicate triangles,
and the scan's basic figures.

The scan is first welded (points at identical positions become one, `scaninbox.scans.weld`):
an STL is a triangle soup, and a PLY may repeat points too. Then:

- pieces: points joined by triangle edges (triangles sharing a point are in the same piece);
  the piece with the most triangles is the scan, every other one a **fragment**;
- boundary edges (used by one triangle) of the main piece, joined into loops at shared points:
  the longest loop is the scan's rim, every other one a **hole**: perimeter = the sum of its
  edge lengths, centre = the mean of its points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from scaninbox.qc.findings import Finding, ScanResult, Severity
from scaninbox.qc.thresholds import QcThresholds
from scaninbox.qc.topology import Edges, Loops, boundary_loops, components, unique_edges
from scaninbox.scans import Mesh, weld_points

__all__ = ["ScanGeometry", "check_mesh", "weld_mesh"]

_DEGENERATE_AREA_MM2 = 1e-10
_BITE_PART_SHARE = 0.1  # a bite scan's piece this large beside its largest is a part of it


@dataclass(frozen=True, slots=True)
class ScanGeometry:
    """The welded scan and what the checks learnt about it, for the case checks and the views."""

    points: npt.NDArray[np.float32]
    faces: npt.NDArray[np.int32]
    edges: Edges
    face_area: npt.NDArray[np.float64]
    rim_edges: npt.NDArray[np.int64]  # edge ids of the main piece's rim
    hole_loops: list[npt.NDArray[np.int64]]  # per hole finding (in order), its edge ids
    fragment_faces: list[npt.NDArray[np.int64]]  # per fragment finding (in order), its faces


def weld_mesh(mesh: Mesh) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int32]]:
    """Points at identical positions merged; triangles over the merged points."""
    if not mesh.welded:
        points, inverse = weld_points(mesh.points)
        return points, inverse.reshape(-1, 3)
    points, inverse = weld_points(np.ascontiguousarray(mesh.points))
    return points, np.ascontiguousarray(inverse[mesh.faces], np.int32)


def check_mesh(
    mesh: Mesh, *, jaw: str, file: str, thresholds: QcThresholds | None = None
) -> tuple[ScanResult, ScanGeometry]:
    limits = thresholds or QcThresholds()
    points, all_faces = weld_mesh(mesh)
    n = len(points)
    p = points.astype(np.float64)
    # Degenerate and repeated triangles are reported, then left out of everything else (they
    # would count as non-manifold edges twice over).
    # A soup's corners lie one after the other: its areas are read in order, not gathered.
    soup_area = None if mesh.welded else _soup_areas(mesh.points)
    findings, kept = _bad_triangles(p, all_faces, limits, soup_area)
    faces, area = kept
    if not len(faces):
        findings.append(
            Finding("unreadable", Severity.FAIL, f"The scan {file!r} has no triangle with an area.")
        )
    edges = unique_edges(faces, n)

    label = components(n, edges.a, edges.b)
    pieces, face_piece, piece_faces = _pieces(label[faces[:, 0]], n)
    main = int(np.argmax(piece_faces)) if len(pieces) else -1

    rim_edges, hole_loops, hole_findings = _holes(
        p,
        edges=edges,
        point_label=label,
        label_of_piece=int(pieces[main]) if main >= 0 else -1,
        limits=limits,
    )
    findings += hole_findings
    fragment_faces, fragment_findings = _fragments(
        p,
        bite=jaw == "bite",
        faces=faces,
        area=area,
        face_piece=face_piece,
        piece_faces=piece_faces,
        main=main,
        limits=limits,
    )
    findings += fragment_findings
    findings += _non_manifold(p, edges, limits)

    # Column by column (numpy is several times slower along the short axis of an (N, 3)
    # array); edge lengths in float32 (a figure shown to 0.1 µm needs no more), summed in
    # float64.
    columns = [np.ascontiguousarray(points[:, k]) for k in range(3)]
    squares = np.zeros(len(edges.a), np.float32)
    for column in columns:
        step = column[edges.a] - column[edges.b]
        step *= step
        squares += step
    lengths = np.sqrt(squares) if len(edges.a) else np.zeros(1)
    extent = [float(c.max()) - float(c.min()) if n else 0.0 for c in columns]
    result = ScanResult(
        jaw=jaw,
        file=file,
        triangles=mesh.n_faces,
        findings=tuple(findings),
        vertices=n,
        extent_mm=(extent[0], extent[1], extent[2]),
        mean_edge_mm=float(lengths.mean(dtype=np.float64)),
        area_mm2=float(area.sum()),
    )
    geometry = ScanGeometry(points, faces, edges, area, rim_edges, hole_loops, fragment_faces)
    return result, geometry


def _pieces(
    face_label: npt.NDArray[np.int64], n_points: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(labels, each face's piece, faces per piece), pieces in label order: what `np.unique`
    with inverse and counts gives, by counting (labels are point indices) instead of sorting."""
    counts = np.bincount(face_label, minlength=n_points)
    pieces = np.flatnonzero(counts)
    rank = np.zeros(n_points, np.int64)
    rank[pieces] = np.arange(len(pieces))
    return pieces, rank[face_label], counts[pieces].astype(np.int64)


def _holes(
    p: npt.NDArray[np.float64],
    *,
    edges: Edges,
    point_label: npt.NDArray[np.int64],
    label_of_piece: int,
    limits: QcThresholds,
) -> tuple[npt.NDArray[np.int64], list[npt.NDArray[np.int64]], list[Finding]]:
    empty = np.zeros(0, np.int64)
    if label_of_piece < 0:
        return empty, [], []
    # Boundary edges of the main piece: used once, their points in the main piece.
    main_label = label_of_piece
    boundary = np.flatnonzero((edges.uses == 1) & (point_label[edges.a] == main_label))
    if not len(boundary):
        return empty, [], []
    loops: Loops = boundary_loops(p.astype(np.float32), edges, boundary)
    rim = int(np.argmax(loops.perimeter))
    rim_edges = loops.edge_ids[loops.loop_of_edge == rim]
    # A "loop" of one or two edges encloses nothing: a slit at a non-manifold point, not a hole.
    order = [i for i in np.argsort(-loops.perimeter) if i != rim and loops.edge_count[i] >= 3]
    findings = []
    hole_loops = []
    for i in order:
        perimeter = float(loops.perimeter[i])
        severity = _grade(perimeter, limits.hole_warn_perimeter_mm, limits.hole_fail_perimeter_mm)
        across = perimeter / np.pi
        findings.append(
            Finding(
                "hole",
                severity,
                f"Hole of {perimeter:.2f} mm perimeter (about {across:.2g} mm across).",
                _point(loops.centre[i]),
                {"perimeter_mm": round(perimeter, 3), "edges": int(loops.edge_count[i])},
            )
        )
        hole_loops.append(loops.edge_ids[loops.loop_of_edge == i])
    return rim_edges, hole_loops, findings


def _fragments(
    p: npt.NDArray[np.float64],
    *,
    bite: bool,
    faces: npt.NDArray[np.int32],
    area: npt.NDArray[np.float64],
    face_piece: npt.NDArray[np.int64],
    piece_faces: npt.NDArray[np.int64],
    main: int,
    limits: QcThresholds,
) -> tuple[list[npt.NDArray[np.int64]], list[Finding]]:
    if len(piece_faces) <= 1:
        return [], []
    piece_area = np.bincount(face_piece, area, minlength=len(piece_faces))
    order = np.argsort(-piece_area)
    by_piece = np.argsort(face_piece, kind="stable")
    starts = np.concatenate([[0], np.cumsum(piece_faces)])
    findings = []
    parts = []
    for i in order:
        if i == main:
            continue
        own = by_piece[starts[i] : starts[i + 1]]
        centre = p[_distinct(faces[own])].mean(axis=0)
        square_mm = float(piece_area[i])
        severity = _grade(square_mm, limits.fragment_warn_area_mm2, limits.fragment_fail_area_mm2)
        count = int(piece_faces[i])
        message = (
            f"Floating fragment of {count} triangles ({square_mm:.2f} mm²), not connected "
            "to the arch."
        )
        if bite and square_mm >= _BITE_PART_SHARE * float(piece_area[main]):
            # A bite registration is often taken as separate strips (upper and lower side).
            severity = Severity.INFO
            message = f"Separate part of the bite registration ({square_mm:.0f} mm²)."
        findings.append(
            Finding(
                "fragment",
                severity,
                message,
                _point(centre),
                {"triangles": count, "area_mm2": round(square_mm, 3)},
            )
        )
        parts.append(own.astype(np.int64))
    return parts, findings


def _non_manifold(p: npt.NDArray[np.float64], edges: Edges, limits: QcThresholds) -> list[Finding]:
    bad = np.flatnonzero(edges.uses > 2)
    if not len(bad):
        return []
    # Centre of the largest cluster of such edges, so the finding points at a real place.
    nodes, local = np.unique(np.concatenate([edges.a[bad], edges.b[bad]]), return_inverse=True)
    label = components(len(nodes), local[: len(bad)], local[len(bad) :])
    roots, of_node = np.unique(label, return_inverse=True)
    biggest = int(np.argmax(np.bincount(of_node)))
    centre = p[nodes[of_node == biggest]].mean(axis=0)
    count = len(bad)
    severity = Severity.WARN if count > limits.non_manifold_warn_edges else Severity.INFO
    return [
        Finding(
            "non_manifold",
            severity,
            f"{count} non-manifold edges (shared by more than two triangles) in "
            f"{len(roots)} places.",
            _point(centre),
            {"edges": count, "places": len(roots)},
        )
    ]


def _bad_triangles(
    p: npt.NDArray[np.float64],
    faces: npt.NDArray[np.int32],
    limits: QcThresholds,
    area: npt.NDArray[np.float64] | None = None,
) -> tuple[list[Finding], tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]]:
    """Findings for degenerate and duplicate triangles, and the other faces with their areas."""
    findings = []
    total = max(1, len(faces))
    if area is None:
        area = _areas(p, faces)
    f0, f1, f2 = faces[:, 0], faces[:, 1], faces[:, 2]
    degenerate = (area <= _DEGENERATE_AREA_MM2) | (f0 == f1) | (f1 == f2) | (f0 == f2)
    count = int(degenerate.sum())
    if count:
        findings.append(
            Finding(
                "degenerate",
                _share(count, total, limits),
                f"{count} degenerate triangles (no area).",
                None,
                {"triangles": count},
            )
        )
    proper = np.flatnonzero(~degenerate) if count else np.arange(len(faces))
    first = _first_of_each(_sorted_rows(faces[proper]), len(p))
    duplicates = len(proper) - len(first)
    if duplicates:
        findings.append(
            Finding(
                "duplicate_triangles",
                _share(duplicates, total, limits),
                f"{duplicates} duplicate triangles (the same three points twice).",
                None,
                {"triangles": duplicates},
            )
        )
        proper = proper[first]
    if len(proper) == len(faces):
        return findings, (faces, area)
    return findings, (np.ascontiguousarray(faces[proper]), area[proper])


def _soup_areas(soup: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    corner = soup.reshape(-1, 3, 3)
    return _cross_areas(
        [corner[:, 1, k] - corner[:, 0, k] for k in range(3)],
        [corner[:, 2, k] - corner[:, 0, k] for k in range(3)],
    )


def _areas(p: npt.NDArray[np.float64], faces: npt.NDArray[np.int32]) -> npt.NDArray[np.float64]:
    a, b, c = p[faces[:, 0]], p[faces[:, 1]], p[faces[:, 2]]
    u = [b[:, k] - a[:, k] for k in range(3)]
    return _cross_areas(u, [c[:, k] - a[:, k] for k in range(3)])


def _cross_areas(u: list[npt.NDArray[Any]], v: list[npt.NDArray[Any]]) -> npt.NDArray[np.float64]:
    """Half the length of u × v, the vectors given as their three coordinate columns (each
    column a contiguous array: quicker than working along the short axis of (N, 3) arrays)."""
    ux, uy, uz = u
    vx, vy, vz = v
    total = np.zeros(len(ux))
    for cross in (uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx):
        square = cross.astype(np.float64)
        square *= square
        total += square
    area: npt.NDArray[np.float64] = np.sqrt(total, out=total)
    area *= 0.5
    return area


def _sorted_rows(faces: npt.NDArray[np.int32]) -> list[npt.NDArray[np.int64]]:
    """Each triangle's three point indices in ascending order, as three columns (quicker than
    a row sort, and than working along the short axis of an (N, 3) array)."""
    c0, c1, c2 = (faces[:, k].astype(np.int64) for k in range(3))
    low = np.minimum(np.minimum(c0, c1), c2)
    high = np.maximum(np.maximum(c0, c1), c2)
    middle = c0 + c1
    middle += c2
    middle -= low
    middle -= high
    return [low, middle, high]


def _first_of_each(corners: list[npt.NDArray[np.int64]], n_points: int) -> npt.NDArray[np.int64]:
    """Indices of the first of each distinct row of sorted corners (as columns), in order."""
    low, middle, high = corners
    if n_points < (1 << 21):  # three indices fit one int64 key: a plain sort finds repeats
        key = low * n_points
        key += middle
        key *= n_points
        key += high
        ordered = np.sort(key)
        if not len(ordered) or bool(np.all(ordered[1:] != ordered[:-1])):
            return np.arange(len(key))
        _distinct, first = np.unique(key, return_index=True)
    else:
        rows = np.stack(corners, axis=1).view(np.dtype((np.void, 24))).reshape(-1)
        _distinct, first = np.unique(rows, return_index=True)
    return np.sort(first)


def _distinct(values: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """The distinct values, sorted: what plain ``np.unique`` returns, without its check for a
    masked array, which imports ``numpy.ma`` on the first call of a process."""
    ordered = np.sort(values, axis=None)
    if not len(ordered):
        return ordered
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def _share(count: int, total: int, limits: QcThresholds) -> Severity:
    return Severity.WARN if count / total > limits.bad_triangles_warn_fraction else Severity.INFO


def _grade(value: float, warn_at: float, fail_at: float) -> Severity:
    if value >= fail_at:
        return Severity.FAIL
    return Severity.WARN if value >= warn_at else Severity.INFO


def _point(v: npt.NDArray[np.float64]) -> tuple[float, float, float]:
    return (float(v[0]), float(v[1]), float(v[2]))
