"""PLY reader: binary little/big endian and ASCII, colours, normals, polygons, other elements."""

from __future__ import annotations

import numpy as np
import pytest

from scaninbox.scans import read_mesh

from .meshfiles import TETRA_FACES, TETRA_POINTS, ply

COLOURS = np.array([[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0], [10, 20, 30, 40]], np.uint8)
QUAD_POINTS = np.array(
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [2, 0, 0], [2, 1, 0]], np.float32
)


@pytest.mark.parametrize("fmt", ["binary_little_endian", "binary_big_endian", "ascii"])
def test_triangles_in_every_encoding(fmt: str) -> None:
    mesh = read_mesh(ply(TETRA_POINTS, TETRA_FACES.tolist(), fmt=fmt), name="t.ply")
    assert mesh.welded
    assert mesh.source == "PLY"
    np.testing.assert_array_equal(mesh.points, TETRA_POINTS)
    np.testing.assert_array_equal(mesh.faces, TETRA_FACES)
    assert mesh.colours is None
    assert mesh.normals is None


@pytest.mark.parametrize("fmt", ["binary_little_endian", "binary_big_endian", "ascii"])
@pytest.mark.parametrize("channels", [3, 4])
def test_vertex_colours(fmt: str, channels: int) -> None:
    data = ply(TETRA_POINTS, TETRA_FACES.tolist(), fmt=fmt, colours=COLOURS[:, :channels])
    mesh = read_mesh(data, name="c.ply")
    assert mesh.colours is not None
    np.testing.assert_array_equal(mesh.colours, COLOURS[:, :channels])


def test_normals_and_double_coordinates() -> None:
    normals = np.eye(4, 3, dtype=np.float32)
    data = ply(TETRA_POINTS, TETRA_FACES.tolist(), normals=normals, coordinate_type="double")
    mesh = read_mesh(data, name="n.ply")
    np.testing.assert_array_equal(mesh.points, TETRA_POINTS)
    assert mesh.normals is not None
    np.testing.assert_array_equal(mesh.normals, normals)


@pytest.mark.parametrize("fmt", ["binary_little_endian", "ascii"])
def test_quads_become_two_triangles_each(fmt: str) -> None:
    data = ply(QUAD_POINTS, [[0, 1, 2, 3], [1, 4, 5, 2]], fmt=fmt)
    mesh = read_mesh(data, name="q.ply")
    np.testing.assert_array_equal(mesh.faces, [[0, 1, 2], [0, 2, 3], [1, 4, 5], [1, 5, 2]])


@pytest.mark.parametrize("fmt", ["binary_big_endian", "ascii"])
def test_mixed_polygon_sizes(fmt: str) -> None:
    data = ply(QUAD_POINTS, [[0, 1, 2, 3], [1, 4, 5], [2, 5, 4, 1, 0]], fmt=fmt)
    mesh = read_mesh(data, name="m.ply")
    triangles = {tuple(f) for f in mesh.faces.tolist()}
    assert triangles == {(0, 1, 2), (0, 2, 3), (1, 4, 5), (2, 5, 4), (2, 4, 1), (2, 1, 0)}


def test_other_index_types_and_the_vertex_index_name() -> None:
    data = ply(
        TETRA_POINTS,
        TETRA_FACES.tolist(),
        count_type="ushort",
        index_type="uint",
        index_name="vertex_index",
    )
    np.testing.assert_array_equal(read_mesh(data, name="u.ply").faces, TETRA_FACES)


def test_an_element_before_the_vertices_is_skipped_by_its_size() -> None:
    before = "element material 2\nproperty float shine\nproperty uchar id"
    body = np.array([(0.5, 1), (0.25, 2)], dtype=[("s", "<f4"), ("i", "u1")]).tobytes()
    data = ply(TETRA_POINTS, TETRA_FACES.tolist(), before=before, before_body=body)
    mesh = read_mesh(data, name="e.ply")
    np.testing.assert_array_equal(mesh.points, TETRA_POINTS)
    np.testing.assert_array_equal(mesh.faces, TETRA_FACES)


def test_an_element_with_lists_before_the_vertices_is_walked() -> None:
    before = "element group 2\nproperty list uchar int members"
    body = (
        bytes([2]) + np.array([5, 6], "<i4").tobytes() + bytes([1]) + np.array([7], "<i4").tobytes()
    )
    data = ply(TETRA_POINTS, TETRA_FACES.tolist(), before=before, before_body=body)
    np.testing.assert_array_equal(read_mesh(data, name="g.ply").faces, TETRA_FACES)


def test_float_colours_are_scaled_to_bytes() -> None:
    header = (
        "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
        "property float z\nproperty float red\nproperty float green\nproperty float blue\n"
        "element face 1\nproperty list uchar int vertex_indices\nend_header\n"
    )
    body = "0 0 0 1 0 0.5\n1 0 0 0 1 0\n0 1 0 0 0 1\n3 0 1 2\n"
    mesh = read_mesh((header + body).encode(), name="f.ply")
    assert mesh.colours is not None
    np.testing.assert_array_equal(mesh.colours[0], [255, 0, 128])
