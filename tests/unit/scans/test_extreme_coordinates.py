"""Scans whose coordinates are no millimetres of a jaw (points at 1e30 or 3e38, or 1e30 mixed
with 1e-30): refused right after reading in one plain sentence, and every step that sizes an
array from the coordinates (orientation footprint, level of detail, QC's voxel grids) stays
bounded and quiet even when handed such a mesh directly. Warnings fail tests, so a numpy
overflow warning anywhere here fails too."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from scaninbox.qc.clearance_field import _on_points
from scaninbox.qc.distance import near_boxes
from scaninbox.scans import Mesh, MeshError, decimate, estimate_orientation, read_mesh
from scaninbox.scans.validate import MAX_COORDINATE_MM

from .meshfiles import TETRA_FACES, TETRA_POINTS, arch_mesh, ascii_stl, binary_stl, obj, ply


def _far(points: np.ndarray, how: str) -> np.ndarray:
    far = points.astype(np.float64) * 1e30
    if how == "3e38":
        far = points.astype(np.float64) * 3e38
    elif how == "mixed":
        far[1::2] = points[1::2] * 1e-30
    return far.astype(np.float32)


_FORMATS: dict[str, Callable[[np.ndarray, np.ndarray], bytes]] = {
    "upper.stl": binary_stl,
    "ascii.stl": ascii_stl,
    "scan.ply": ply,
    "text.ply": lambda p, f: ply(p, f, fmt="ascii"),
    "scan.obj": obj,
}


@pytest.mark.parametrize("how", ["1e30", "3e38", "mixed"])
@pytest.mark.parametrize("name", list(_FORMATS))
def test_a_scan_with_extreme_coordinates_is_refused_in_one_sentence(name: str, how: str) -> None:
    data = _FORMATS[name](_far(TETRA_POINTS, how), TETRA_FACES)
    with pytest.raises(MeshError) as caught:
        read_mesh(data, name=name)
    largest = "3e38" if how == "3e38" else "1e30"
    assert str(caught.value) == (
        f"Cannot read the scan {name!r}: its coordinates are not in millimetres of a jaw: "
        f"up to {largest} (a jaw is about 100 mm across)."
    )


@pytest.mark.parametrize("name", list(_FORMATS))
def test_a_scan_far_from_its_origin_but_within_the_limit_reads(name: str) -> None:
    points = TETRA_POINTS + np.float32(MAX_COORDINATE_MM - 10)
    mesh = read_mesh(_FORMATS[name](points, TETRA_FACES), name=name)
    assert mesh.points.max() == pytest.approx(MAX_COORDINATE_MM - 9)


def test_a_negative_extreme_is_named_by_its_size() -> None:
    data = binary_stl(TETRA_POINTS * np.float32(-2.5e7), TETRA_FACES)
    with pytest.raises(MeshError, match=r"up to 2\.5e7 \(a jaw"):
        read_mesh(data, name="x.stl")


def _arch(scale: float) -> Mesh:
    points, faces = arch_mesh(120, 24)
    return Mesh(
        np.ascontiguousarray(points.astype(np.float64) * scale, np.float32), faces, welded=True
    )


@pytest.mark.parametrize("scale", [1e30, 1e36])
def test_the_orientation_estimate_does_not_size_its_grid_from_the_extent(scale: float) -> None:
    estimate = estimate_orientation(_arch(scale), "upper")
    plain = estimate_orientation(_arch(1.0), "upper")
    assert estimate is not None
    assert plain is not None
    # The shape is the same at any scale: the same rotation comes out.
    np.testing.assert_allclose(estimate.matrix, plain.matrix, atol=1e-6)


def test_the_level_of_detail_of_an_extreme_mesh_is_the_mesh_itself() -> None:
    mesh = _arch(1e30)
    assert decimate(mesh, 0.1) is mesh


def test_the_level_of_detail_of_a_tiny_triangle_across_a_wide_extent_stays_bounded() -> None:
    # 1e-11 beside ±9e4 (within the readers' limit), and millions of triangles without area
    # asking for as many cells: cells sized from the area alone would number more along the
    # extent than an int64 holds (numpy warns in the cast, and warnings fail tests).
    points = np.array(
        [[0, 0, 0], [1e-11, 0, 0], [0, 1e-11, 0], [-9e4, -9e4, -9e4], [9e4, 9e4, 9e4]],
        np.float32,
    )
    faces = np.empty((4_000_000, 3), np.int32)
    faces[:] = [3, 4, 4]
    faces[0] = [0, 1, 2]
    lod = decimate(Mesh(points, faces, welded=True), 0.1)
    assert lod.n_faces < len(faces)


def test_the_qc_voxel_prefilter_of_a_flat_far_flung_extent_stays_small() -> None:
    low = np.array([[0.0, 0.0, 0.0], [1e30, 1e30, 0.0]])
    high = low + 1.0
    query = np.array([[0.5, 0.5, 1.5], [1e30, 1e30, 50.0], [5e29, 5e29, 0.0]])
    kept = near_boxes(low, high, query, 1.0)
    assert 0 in kept  # a superset: a point within the window is never dropped


def test_the_qc_voxel_prefilter_of_an_infinite_extent_keeps_every_point() -> None:
    low = np.array([[0.0, 0.0, 0.0], [np.inf, 0.0, 0.0]])
    query = np.array([[0.5, 0.5, 0.5], [9.0, 9.0, 9.0]])
    assert near_boxes(low, low + 1.0, query, 1.0).tolist() == [0, 1]


def test_the_reduction_shortcut_over_a_huge_extent_asks_every_point_the_long_way() -> None:
    points = np.array([[0.0, 0.0, 0.0], [1e30, 0.0, 0.0]])
    query = np.array([[0.0, 0.0, 0.0], [1e30, 0.0, 0.0]])
    assert not _on_points(query, points, 0.01).any()
    # Within an ordinary extent the shortcut still finds the shared points.
    assert _on_points(query[:1], points[:1] + 0.001, 0.01).all()
