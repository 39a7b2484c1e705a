"""Face and point normals: direction, length, area weighting."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from scaninbox.scans import face_normals, point_normals, refine, soup_face_normals
from scaninbox.scans.mesh import Mesh

from .meshfiles import TETRA_FACES, TETRA_POINTS, soup_of

_T = TypeVar("_T")


def _with_peak_memory(work: Callable[[], _T]) -> tuple[_T, int]:
    """What ``work`` returns, and the most memory (bytes) it held beyond what it started with."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        start = tracemalloc.get_traced_memory()[0]
        result = work()
        return result, tracemalloc.get_traced_memory()[1] - start
    finally:
        tracemalloc.stop()


def _sphere(n: int = 24) -> tuple[np.ndarray, np.ndarray]:
    """A closed UV sphere of radius 2 around (1, 2, 3), outward winding."""
    theta = np.linspace(0, np.pi, n + 1)[1:-1]
    phi = np.linspace(0, 2 * np.pi, 2 * n, endpoint=False)
    t, p = np.meshgrid(theta, phi, indexing="ij")
    ring = np.stack([np.sin(t) * np.cos(p), np.sin(t) * np.sin(p), np.cos(t)], -1).reshape(-1, 3)
    points = np.concatenate([[[0, 0, 1]], ring, [[0, 0, -1]]]) * 2 + [1, 2, 3]
    m = 2 * n
    faces = [[0, 1 + (j + 1) % m, 1 + j] for j in range(m)]
    for i in range(n - 2):
        for j in range(m):
            a, b = 1 + i * m + j, 1 + i * m + (j + 1) % m
            faces += [[a, b, b + m], [a, b + m, a + m]]
    last = len(points) - 1
    faces += [[last, 1 + (n - 2) * m + j, 1 + (n - 2) * m + (j + 1) % m] for j in range(m)]
    # Built clockwise seen from outside; reversed to the outward (counter-clockwise) winding.
    return points.astype(np.float32), np.ascontiguousarray(np.array(faces, np.int32)[:, ::-1])


def test_face_normals_point_out_of_the_tetrahedron_with_twice_the_area() -> None:
    normals = face_normals(TETRA_POINTS, TETRA_FACES)
    centroid = TETRA_POINTS.mean(axis=0)
    face_centres = TETRA_POINTS[TETRA_FACES].mean(axis=1)
    assert (np.einsum("ij,ij->i", normals, face_centres - centroid) > 0).all()
    np.testing.assert_allclose(np.linalg.norm(normals[:3], axis=1), [1, 1, 1])  # right triangles
    np.testing.assert_allclose(np.linalg.norm(normals[3]), np.sqrt(3), rtol=1e-6)


def test_soup_face_normals_equal_indexed_ones() -> None:
    np.testing.assert_array_equal(
        soup_face_normals(soup_of(TETRA_POINTS, TETRA_FACES)),
        face_normals(TETRA_POINTS, TETRA_FACES),
    )


def test_smooth_normals_of_a_sphere_are_radial() -> None:
    points, faces = _sphere()
    normals = point_normals(points, faces)
    radial = (points - [1, 2, 3]) / 2
    assert normals.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(normals, axis=1), 1, rtol=1e-5)
    assert np.einsum("ij,ij->i", normals, radial).min() > 0.99


def test_refined_soup_has_the_same_normals_as_the_indexed_mesh() -> None:
    points, faces = _sphere()
    soup = Mesh(soup_of(points, faces), np.arange(len(faces) * 3, dtype=np.int32).reshape(-1, 3))
    refined = refine(soup)
    assert refined.normals is not None
    assert refined.n_points == len(points)
    expected = point_normals(points, faces)
    # Match the welded points back to the original numbering by coordinates.
    order = {tuple(p): i for i, p in enumerate(points.tolist())}
    index = np.array([order[tuple(p)] for p in refined.points.tolist()])
    np.testing.assert_allclose(refined.normals, expected[index], atol=1e-5)


def test_big_triangles_weigh_more() -> None:
    # A corner shared by a big triangle in the z=0 plane and a small one in the x=0 plane.
    points = np.array([[0, 0, 0], [10, 0, 0], [0, 10, 0], [0, 0.1, 0], [0, 0, 0.1]], np.float32)
    faces = np.array([[0, 1, 2], [0, 3, 4]], np.int32)
    normal = point_normals(points, faces)[0]
    assert normal[2] > 0.99
    assert 0 < normal[0] < 0.01


def test_an_isolated_point_keeps_a_zero_normal() -> None:
    points = np.vstack([TETRA_POINTS, [[5, 5, 5]]]).astype(np.float32)
    normals = point_normals(points, TETRA_FACES)
    np.testing.assert_array_equal(normals[4], [0, 0, 0])
    assert np.isfinite(normals).all()


def test_point_normals_sum_in_working_memory_of_an_index_a_column_and_one_axis() -> None:
    """`accumulate_normals` runs beside both arches' first look, the viewer's peak memory: its
    working memory beyond the result is one corner's intp index and one float64 column (8 bytes
    a triangle each) and one axis's float64 sums with bincount's result (8 bytes a point each) —
    not the three axes' columns and sums at once (at least 16 bytes a point more)."""
    from scaninbox.scans.normals import accumulate_normals

    rng = np.random.default_rng(7)
    n_points, n_faces = 100_000, 200_000
    corners = rng.integers(0, n_points, n_faces * 3).astype(np.int32)
    weights = rng.standard_normal((n_faces, 3)).astype(np.float32)
    bound = 16 * n_faces + (8 + 8 + 12) * n_points + 64 * 1024  # + the float32 result, slack
    normals, peak = _with_peak_memory(lambda: accumulate_normals(weights, corners, n_points))
    assert normals.shape == (n_points, 3)
    assert peak <= bound, f"{peak / 2**20:.1f} MiB working memory, at most {bound / 2**20:.1f}"


def test_soup_point_normals_are_the_accumulated_face_normals_without_holding_them() -> None:
    """A soup's refine computes each axis's face weights from the soup into the column its
    sums read: the same normals bit for bit, without the 12 bytes a triangle of weights beside
    the weld (the viewer's peak memory, benchmarks/memory_case.py)."""
    from scaninbox.scans.normals import accumulate_normals, soup_point_normals

    rng = np.random.default_rng(11)
    n_points, n_faces = 100_000, 200_000
    soup = rng.standard_normal((n_faces * 3, 3)).astype(np.float32)
    corners = rng.integers(0, n_points, n_faces * 3).astype(np.int32)
    expected = accumulate_normals(soup_face_normals(soup), corners, n_points)
    bound = 16 * n_faces + (8 + 8 + 12) * n_points + 64 * 1024  # as for accumulate_normals
    normals, peak = _with_peak_memory(lambda: soup_point_normals(soup, corners, n_points))
    assert normals.tobytes() == expected.tobytes()
    assert peak <= bound, f"{peak / 2**20:.1f} MiB working memory, at most {bound / 2**20:.1f}"
