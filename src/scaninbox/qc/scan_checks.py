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
from scaninbox.scans import Mesh, run_parts, weld_points

__all__ = ["ScanGeometry", "check_mesh", "weld_mesh"]

_DEGENERATE_AREA_MM2 = 1e-10
_BLOCK = 32768  # triangles per block: a block's temporaries stay in the CPU cache
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
    # Degenerate and repeated triangles are reported, then left out of everything else (they
    # would count as non-manifold edges twice over).
    # A soup's corners lie one after the other: its areas are read in order, not gathered.
    soup_area = None if mesh.welded else _soup_areas(mesh.points)
    findings, kept = _bad_triangles(points, all_faces, limits, soup_area)
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
        points,
        edges=edges,
        point_label=label,
        label_of_piece=int(pieces[main]) if main >= 0 else -1,
        limits=limits,
    )
    findings += hole_findings
    fragment_faces, fragment_findings = _fragments(
        points,
        bite=jaw == "bite",
        faces=faces,
        area=area,
        face_piece=face_piece,
        piece_faces=piece_faces,
        main=main,
        limits=limits,
    )
    findings += fragment_findings
    findings += _non_manifold(points, edges, limits)

    columns = [np.ascontiguousarray(points[:, k]) for k in range(3)]
    lengths = _edge_lengths(columns, edges) if len(edges.a) else np.zeros(1)
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


def _edge_lengths(columns: list[npt.NDArray[np.float32]], edges: Edges) -> npt.NDArray[np.float32]:
    """Each edge's length, from the points' coordinate columns (numpy is several times slower
    along the short axis of an (N, 3) array), in float32: a figure shown to 0.1 µm needs no
    more (the mean is summed in float64)."""
    lengths = np.zeros(len(edges.a), np.float32)
    for a in range(0, len(lengths), _BLOCK):
        ends_a, ends_b = edges.a[a : a + _BLOCK], edges.b[a : a + _BLOCK]
        squares = lengths[a : a + len(ends_a)]
        for column in columns:
            step = column[ends_a] - column[ends_b]
            step *= step
            squares += step
        np.sqrt(squares, out=squares)
    return lengths


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
    points: npt.NDArray[np.float32],
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
    loops: Loops = boundary_loops(points, edges, boundary)
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
    points: npt.NDArray[np.float32],
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
        centre = points[_distinct(faces[own])].astype(np.float64).mean(axis=0)
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


def _non_manifold(
    points: npt.NDArray[np.float32], edges: Edges, limits: QcThresholds
) -> list[Finding]:
    bad = np.flatnonzero(edges.uses > 2)
    if not len(bad):
        return []
    # Centre of the largest cluster of such edges, so the finding points at a real place.
    nodes, local = np.unique(np.concatenate([edges.a[bad], edges.b[bad]]), return_inverse=True)
    label = components(len(nodes), local[: len(bad)], local[len(bad) :])
    roots, of_node = np.unique(label, return_inverse=True)
    biggest = int(np.argmax(np.bincount(of_node)))
    centre = points[nodes[of_node == biggest]].astype(np.float64).mean(axis=0)
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
    points: npt.NDArray[np.float32],
    faces: npt.NDArray[np.int32],
    limits: QcThresholds,
    area: npt.NDArray[np.float64] | None = None,
) -> tuple[list[Finding], tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]]:
    """Findings for degenerate and duplicate triangles, and the other faces with their areas."""
    findings = []
    total = max(1, len(faces))
    if area is None:
        area = _areas(points, faces)
    degenerate = _degenerate(faces, area)
    count = int(np.count_nonzero(degenerate))
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
    proper = np.flatnonzero(~degenerate) if count else None
    rows = faces if proper is None else faces[proper]
    first = _first_of_each(rows, len(points))
    duplicates = 0 if first is None else len(rows) - len(first)
    if first is not None and duplicates:
        findings.append(
            Finding(
                "duplicate_triangles",
                _share(duplicates, total, limits),
                f"{duplicates} duplicate triangles (the same three points twice).",
                None,
                {"triangles": duplicates},
            )
        )
        proper = first if proper is None else proper[first]
    if proper is None:
        return findings, (faces, area)
    return findings, (np.ascontiguousarray(faces[proper]), area[proper])


def _degenerate(
    faces: npt.NDArray[np.int32], area: npt.NDArray[np.float64]
) -> npt.NDArray[np.bool_]:
    """Triangles without area, or with a point twice."""
    out = np.empty(len(faces), bool)
    for a in range(0, len(faces), _BLOCK):
        b = min(a + _BLOCK, len(faces))
        f0, f1, f2 = (faces[a:b, k] for k in range(3))
        bad = out[a:b]
        np.less_equal(area[a:b], _DEGENERATE_AREA_MM2, out=bad)
        bad |= f0 == f1
        bad |= f1 == f2
        bad |= f0 == f2
    return out


def _soup_areas(soup: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    corners = soup.reshape(-1, 9)
    area = np.empty(len(corners))

    def part(start: int, stop: int) -> None:
        for a in range(start, stop, _BLOCK):
            b = min(a + _BLOCK, stop)
            # One transposing copy per block: then every step runs on contiguous rows.
            t = corners[a:b].T.copy()
            u = [t[3] - t[0], t[4] - t[1], t[5] - t[2]]
            _cross_areas(u, [t[6] - t[0], t[7] - t[1], t[8] - t[2]], area[a:b])

    run_parts(part, len(corners))
    return area


def _areas(
    points: npt.NDArray[np.float32], faces: npt.NDArray[np.int32]
) -> npt.NDArray[np.float64]:
    """The areas of an indexed mesh's triangles, from the corners in float64."""
    area = np.empty(len(faces))
    for start in range(0, len(faces), _BLOCK):
        f = faces[start : start + _BLOCK]
        a, b, c = (points[f[:, k]].astype(np.float64) for k in range(3))
        u = [b[:, k] - a[:, k] for k in range(3)]
        _cross_areas(u, [c[:, k] - a[:, k] for k in range(3)], area[start : start + len(f)])
    return area


def _cross_areas(
    u: list[npt.NDArray[Any]], v: list[npt.NDArray[Any]], out: npt.NDArray[np.float64]
) -> None:
    """Half the length of u × v into ``out``, the vectors given as their three coordinate
    columns (each column a contiguous array: quicker than working along the short axis of
    (N, 3) arrays). The cross product in the columns' own type, its squares summed in float64."""
    ux, uy, uz = u
    vx, vy, vz = v
    out[:] = 0.0
    for cross in (uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx):
        square = cross.astype(np.float64)
        square *= square
        out += square
    np.sqrt(out, out=out)
    out *= 0.5


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


def _first_of_each(faces: npt.NDArray[np.int32], n_points: int) -> npt.NDArray[np.int64] | None:
    """Indices of the first triangle of each distinct set of three points, in order; None when
    no set comes twice (the usual case: no list of every index is made for it)."""
    if n_points < (1 << 21):  # three indices fit one int64 key: a plain sort finds repeats
        key = np.empty(len(faces), np.int64)
        for a in range(0, len(faces), _BLOCK):
            low, middle, high = _sorted_rows(faces[a : a + _BLOCK])
            block = key[a : a + len(low)]
            np.multiply(low, n_points, out=block)
            block += middle
            block *= n_points
            block += high
        ordered = np.sort(key)
        if not len(ordered) or bool(np.all(ordered[1:] != ordered[:-1])):
            return None
        _distinct, first = np.unique(key, return_index=True)
    else:
        rows = np.stack(_sorted_rows(faces), axis=1).view(np.dtype((np.void, 24))).reshape(-1)
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
