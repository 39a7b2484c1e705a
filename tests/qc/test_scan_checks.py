"""Per-scan QC: holes, fragments and mesh faults made at known places are found, located and
measured (perimeter within 5 %, centre within 0.5 mm); a clean arch passes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.qc import Severity, Verdict
from scaninbox.qc.scan_checks import check_mesh
from scaninbox.scans import read_mesh
from tests.qc.shapes import arch, mesh, opening, punch, side_tip, soup


def _kinds(findings: tuple[object, ...]) -> list[str]:
    return [f.kind for f in findings]  # type: ignore[attr-defined]


@pytest.mark.parametrize("jaw", ["upper", "lower"])
def test_a_clean_arch_has_one_rim_one_piece_and_passes(jaw: str) -> None:
    points, faces = arch(jaw)
    result, geometry = check_mesh(soup(points, faces), jaw=jaw, file="clean.stl")
    assert result.findings == ()
    assert worst_of(result) is Verdict.PASS
    assert len(geometry.rim_edges) > 100  # the rim is there, and it is not called a hole
    assert result.triangles == len(faces)
    assert result.vertices == len(points)
    extent = points.max(axis=0) - points.min(axis=0)
    assert np.allclose(result.extent_mm, extent, atol=1e-3)


def worst_of(result: object) -> Verdict:
    from scaninbox.qc.findings import worst

    return worst(result.findings)  # type: ignore[attr-defined]


def test_holes_punched_on_teeth_are_found_measured_and_graded() -> None:
    points, faces = arch("upper")
    # Two cusp tips on either side of the arch: the lowest points of an upper arch.
    right = side_tip(points)
    left = points[np.argmin(np.where(points[:, 0] > 10, points[:, 2], np.inf))]
    kept, small = punch(points, faces, right, 0.7)
    expected = {}
    expected["small"] = opening(points, faces, small)
    kept, large = punch(points, kept, left, 2.0)
    large_ids = [int(i) for i in np.flatnonzero(_removed_from(points, faces, left, 2.0, small))]
    expected["large"] = opening(points, faces, large_ids)
    assert large  # the punch removed something

    result, geometry = check_mesh(soup(points, kept), jaw="upper", file="holes.stl")
    holes = [f for f in result.findings if f.kind == "hole"]
    assert len(holes) == 2
    by_size = sorted(holes, key=lambda f: float(f.figures["perimeter_mm"]))
    for finding, (perimeter, centre) in zip(
        by_size, (expected["small"], expected["large"]), strict=True
    ):
        measured = float(finding.figures["perimeter_mm"])
        assert measured == pytest.approx(perimeter, rel=0.05)
        assert finding.center_mm is not None
        assert np.linalg.norm(np.array(finding.center_mm) - centre) < 0.5
    small_hole, large_hole = by_size
    # A small hole's centre is where it was punched (a large one on a cusp rises up its walls).
    assert np.linalg.norm(np.array(small_hole.center_mm) - right) < 0.5
    assert small_hole.severity is Severity.WARN  # ~4 mm around
    assert large_hole.severity is Severity.FAIL  # ~12 mm around
    assert len(geometry.hole_loops) == 2


def _removed_from(
    points: np.ndarray, faces: np.ndarray, at: np.ndarray, radius: float, already: list[int]
) -> np.ndarray:
    centroid = points[faces].mean(axis=1)
    mask = np.linalg.norm(centroid - at, axis=1) < radius
    mask[already] = False
    return mask


def test_a_fragment_lifted_off_the_arch_is_found_with_its_size_and_place() -> None:
    points, faces = arch("upper")
    at = points[np.argmin(points[:, 2])]
    kept, removed = punch(points, faces, at, 1.5)
    patch = faces[removed]
    used, local = np.unique(patch, return_inverse=True)
    lifted = points[used] + np.float32([0.0, 0.0, -3.0])  # 3 mm away from the arch
    all_points = np.concatenate([points, lifted])
    all_faces = np.concatenate([kept, local.reshape(-1, 3) + len(points)]).astype(np.int32)
    corner = lifted[local.reshape(-1, 3)].astype(np.float64)
    area = (
        0.5
        * np.linalg.norm(
            np.cross(corner[:, 1] - corner[:, 0], corner[:, 2] - corner[:, 0]), axis=1
        ).sum()
    )

    result, geometry = check_mesh(mesh(all_points, all_faces), jaw="upper", file="frag.ply")
    fragments = [f for f in result.findings if f.kind == "fragment"]
    assert len(fragments) == 1
    fragment = fragments[0]
    assert fragment.figures["triangles"] == len(patch)
    assert float(fragment.figures["area_mm2"]) == pytest.approx(area, rel=1e-3)
    assert fragment.center_mm is not None
    assert np.linalg.norm(np.array(fragment.center_mm) - lifted.mean(axis=0)) < 1e-3
    assert fragment.severity is Severity.WARN
    assert _kinds(result.findings).count("hole") == 1  # where it came from
    assert len(geometry.fragment_faces[0]) == len(patch)


def test_non_manifold_degenerate_and_duplicate_triangles_are_counted() -> None:
    points, faces = arch("lower")
    a, b = faces[5000, 0], faces[5000, 1]  # an inner edge, now shared by a third triangle (a fin)
    fin_tip = (points[a] + points[b]) / 2 + np.float32([0, 0, 2])
    points2 = np.concatenate([points, fin_tip[None, :]])
    fin = [a, b, len(points)]
    degenerate = [faces[10, 0], faces[10, 0], faces[10, 1]]
    duplicate = faces[20][[1, 2, 0]]  # the same triangle, its corners rotated
    faces2 = np.concatenate([faces, [fin, degenerate, duplicate]]).astype(np.int32)
    result, _ = check_mesh(mesh(points2, faces2), jaw="lower", file="faults.ply")
    by_kind = {f.kind: f for f in result.findings}
    assert by_kind["non_manifold"].figures["edges"] == 1
    centre = np.array(by_kind["non_manifold"].center_mm)
    assert np.linalg.norm(centre - (points[a] + points[b]) / 2) < 1e-3
    assert by_kind["degenerate"].figures["triangles"] == 1
    assert by_kind["duplicate_triangles"].figures["triangles"] == 1
    assert "hole" not in by_kind  # the fin's free edges enclose nothing


def test_points_repeated_in_an_indexed_file_are_welded_first() -> None:
    points, faces = arch("upper")
    # A PLY where every triangle has its own corners: still one piece, no holes.
    result, _ = check_mesh(
        mesh(points[faces].reshape(-1, 3), np.arange(3 * len(faces)).reshape(-1, 3)),
        jaw="upper",
        file="x.ply",
    )
    assert result.findings == ()
    assert result.vertices == len(points)


def test_example_01_agrees_with_vtk_connectivity_and_feature_edges(realscans: Path) -> None:
    """The real arch, against pyvista's clean + connectivity + feature edges (independent)."""
    import pyvista as pv

    path = realscans / "Example_01_binary.stl"
    result, _ = check_mesh(read_mesh(path), jaw="upper", file=path.name)

    surface = pv.read(path).clean()
    pieces = surface.connectivity("all")
    sizes = np.bincount(np.asarray(pieces.cell_data["RegionId"]))
    fragments = [f for f in result.findings if f.kind == "fragment"]
    assert sorted(int(f.figures["triangles"]) for f in fragments) == sorted(
        int(s) for s in sizes if s != sizes.max()
    )
    main = pieces.extract_cells(np.flatnonzero(pieces.cell_data["RegionId"] == sizes.argmax()))
    loops = (
        main.extract_surface(algorithm="dataset_surface")
        .extract_feature_edges(
            boundary_edges=True, non_manifold_edges=False, feature_edges=False, manifold_edges=False
        )
        .connectivity("all")
    )
    ids = np.asarray(loops.cell_data["RegionId"])
    lengths = loops.compute_cell_sizes(length=True, area=False, volume=False).cell_data["Length"]
    perimeters = np.bincount(ids, weights=lengths)
    edge_counts = np.bincount(ids)
    expected = sorted(
        (p for p, n in zip(perimeters, edge_counts, strict=True) if n >= 3),
        reverse=True,
    )[1:]  # the longest loop is the rim
    holes = [f for f in result.findings if f.kind == "hole"]
    assert [float(h.figures["perimeter_mm"]) for h in holes] == pytest.approx(expected, rel=0.01)
    # What Example_01 really has: small holes (info) and a floating island a technician removes.
    assert all(h.severity is Severity.INFO for h in holes)
    assert any(f.severity is Severity.WARN for f in fragments)
    non_manifold = [f for f in result.findings if f.kind == "non_manifold"]
    assert len(non_manifold) == 1
    assert result.mean_edge_mm == pytest.approx(0.365, abs=0.01)


def test_a_bite_registration_in_two_strips_is_not_a_failed_fragment() -> None:
    upper, upper_faces = arch("upper", spacing_mm=0.5)
    lower, lower_faces = arch("lower", spacing_mm=0.5)
    points = np.concatenate([upper, lower])
    faces = np.concatenate([upper_faces, lower_faces + len(upper)]).astype(np.int32)
    as_bite, _ = check_mesh(mesh(points, faces), jaw="bite", file="bite.ply")
    (part,) = as_bite.findings
    assert part.kind == "fragment"
    assert part.severity is Severity.INFO
    assert "part of the bite" in part.message
    as_arch, _ = check_mesh(mesh(points, faces), jaw="upper", file="upper.ply")
    (fragment,) = as_arch.findings
    assert fragment.severity is Severity.FAIL


def test_a_scan_of_only_degenerate_triangles_fails_in_plain_words() -> None:
    points = np.array([[0, 0, 0], [1, 0, 0], [2, 0, 0]], np.float32)  # all on one line
    faces = np.array([[0, 1, 2], [0, 2, 1]], np.int32)
    result, geometry = check_mesh(mesh(points, faces), jaw="upper", file="flat.ply")
    kinds = {f.kind: f for f in result.findings}
    assert kinds["unreadable"].severity is Severity.FAIL
    assert "no triangle with an area" in kinds["unreadable"].message
    assert kinds["degenerate"].figures["triangles"] == 2
    assert len(geometry.faces) == 0


def test_repeated_triangles_are_found_among_millions_of_points() -> None:
    # Past 2²¹ points three indices no longer fit one int64 key: rows are compared whole.
    from scaninbox.qc.scan_checks import _first_of_each

    big = 3_000_000
    faces = np.array(
        [[big - 1, 5, 2_500_000], [7, 8, 9], [2_500_000, big - 1, 5], [7, 8, 10]], np.int32
    )
    assert _first_of_each(faces, big).tolist() == [0, 1, 3]


def _plain_edges(faces: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every distinct triangle side once (sorted pairs) and how many triangles use it, by
    plain ``np.unique`` on the rows: the reference for the checks' own edge keys."""
    sides = np.sort(faces[:, [0, 1, 1, 2, 2, 0]].reshape(-1, 2), axis=1)
    return np.unique(sides, axis=0, return_counts=True)


def _plain_areas(points: np.ndarray, faces: np.ndarray) -> np.ndarray:
    p = points.astype(np.float64)[faces]
    return 0.5 * np.linalg.norm(np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0]), axis=1)


def test_the_real_arch_figures_agree_with_plain_numpy_across_blocks(realscans: Path) -> None:
    """The checks work block by block and key edges their own way; on the real arch (100k
    triangles: several blocks) with a repeated and a degenerate triangle placed in later blocks,
    as an STL soup and as an indexed mesh, every figure equals what plain whole-array numpy
    gives: the distinct edges and their uses exactly, the areas, the mean edge length."""
    real = read_mesh(realscans / "Example_01_binary.stl")
    _, clean = check_mesh(real, jaw="upper", file="real.stl")
    points, faces = clean.points, clean.faces
    repeated = faces[40_000][[1, 2, 0]]  # the same three points, another order
    collapsed = np.array([faces[70_000][0], faces[70_000][0], faces[70_000][1]], np.int32)
    faulty = np.insert(faces, [65_000, 99_000], [repeated, collapsed], axis=0)

    for scan in (soup(points, faulty), mesh(points, faulty)):
        result, geometry = check_mesh(scan, jaw="upper", file="real.stl")
        triangles = {f.kind: f.figures.get("triangles") for f in result.findings}
        assert triangles["duplicate_triangles"] == 1
        assert triangles["degenerate"] == 1
        # Both left out and nothing else (the weld may number the points anew).
        assert np.array_equal(geometry.points[geometry.faces], points[faces])
        kept = geometry.faces
        pairs, uses = _plain_edges(kept)
        assert np.array_equal(np.stack([geometry.edges.a, geometry.edges.b], axis=1), pairs)
        assert np.array_equal(geometry.edges.uses, uses)
        plain = _plain_areas(geometry.points, kept)
        assert np.allclose(geometry.face_area, plain, rtol=1e-4, atol=1e-9)
        assert result.area_mm2 == pytest.approx(plain.sum(), rel=1e-6)
        ends = geometry.points.astype(np.float64)[pairs]
        mean_edge = np.linalg.norm(ends[:, 1] - ends[:, 0], axis=1).mean()
        assert result.mean_edge_mm == pytest.approx(mean_edge, rel=1e-5)
