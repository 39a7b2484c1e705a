"""Binary and ASCII STL readers on tiny hand-made files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.scans import MeshError, ScanFormat, read_mesh, sniff_format

from .meshfiles import TETRA_FACES, TETRA_POINTS, arch_mesh, ascii_stl, binary_stl, soup_of


def test_binary_stl_is_a_soup_of_its_triangles() -> None:
    mesh = read_mesh(binary_stl(TETRA_POINTS, TETRA_FACES), name="tetra.stl")
    assert mesh.source == "binary STL"
    assert not mesh.welded
    assert mesh.points.dtype == np.float32
    assert mesh.points.flags.c_contiguous
    assert mesh.faces.dtype == np.int32
    np.testing.assert_array_equal(mesh.points, soup_of(TETRA_POINTS, TETRA_FACES))
    np.testing.assert_array_equal(mesh.faces, np.arange(12).reshape(4, 3))


def test_soups_alive_together_share_one_read_only_face_array() -> None:
    """Every soup's faces are 0, 1, 2, …: soups read at the same time (a case's arches) hold one
    array between them, which no step may write into, and which goes with the last of them."""
    import gc
    import weakref

    points, faces = arch_mesh(60, 12)
    upper = read_mesh(binary_stl(points, faces), name="upper.stl")
    lower = read_mesh(binary_stl(points[:, ::-1].copy(), faces[:-30]), name="lower.stl")
    assert np.shares_memory(upper.faces, lower.faces)
    assert not upper.faces.flags.writeable
    np.testing.assert_array_equal(lower.faces, np.arange(3 * lower.n_faces).reshape(-1, 3))
    larger = read_mesh(binary_stl(*arch_mesh(90, 12)), name="larger.stl")
    np.testing.assert_array_equal(larger.faces, np.arange(3 * larger.n_faces).reshape(-1, 3))
    assert upper.faces.base is not None
    shared = weakref.ref(upper.faces.base)
    del upper, lower
    gc.collect()
    assert shared() is None  # the larger soup has its own; nothing holds the first any more


def test_binary_stl_whose_header_starts_with_solid_is_still_binary(tmp_path: Path) -> None:
    data = binary_stl(TETRA_POINTS, TETRA_FACES, header=b"solid exported by a scanner")
    path = tmp_path / "scan.stl"
    path.write_bytes(data)
    assert sniff_format(path) is ScanFormat.STL_BINARY
    mesh = read_mesh(path)
    assert mesh.n_faces == 4
    np.testing.assert_array_equal(mesh.points, soup_of(TETRA_POINTS, TETRA_FACES))


def test_large_binary_stl_is_read_through_a_memory_map(tmp_path: Path) -> None:
    points, faces = arch_mesh(300, 60)  # ~35k triangles, 1.8 MB: above the mapping threshold
    path = tmp_path / "arch.stl"
    path.write_bytes(binary_stl(points, faces))
    mesh = read_mesh(path)
    np.testing.assert_array_equal(mesh.points, soup_of(points, faces))
    assert mesh.name == "arch.stl"


@pytest.mark.parametrize(
    ("number", "newline", "upper"),
    [
        ("{:.9g}", "\n", False),
        ("{!r}", "\r\n", False),
        ("{:e}", "\n", False),
        ("{:.15E}", "\n", True),
        ("{:+.10f}", "\n", False),
    ],
)
def test_ascii_stl_gives_the_same_points_as_float_would(
    number: str, newline: str, upper: bool
) -> None:
    points = TETRA_POINTS * np.float32(12.345) - np.float32(3.3)
    data = ascii_stl(points, TETRA_FACES, number=number, newline=newline, upper=upper)
    mesh = read_mesh(data, name="tetra.stl")
    assert mesh.source == "ASCII STL"
    expected = np.array(
        [[float(number.format(float(c))) for c in p] for p in soup_of(points, TETRA_FACES)],
        np.float32,
    )
    np.testing.assert_array_equal(mesh.points, expected)


def test_ascii_stl_of_a_real_shape_matches_its_binary_twin() -> None:
    points, faces = arch_mesh()
    text = read_mesh(ascii_stl(points, faces, number="{!r}"), name="arch.stl")
    binary = read_mesh(binary_stl(points, faces), name="arch.stl")
    # repr() of a float32 widened to float64 parses back to the very same float32.
    np.testing.assert_array_equal(text.points, binary.points)


def test_ascii_stl_with_several_solids_and_odd_spacing() -> None:
    first = ascii_stl(TETRA_POINTS, TETRA_FACES[:2], name="a")
    second = ascii_stl(TETRA_POINTS + 5, TETRA_FACES[2:], name="b")
    messy = (
        (first + second).replace(b"vertex ", b"vertex\t  ").replace(b"outer loop", b"outer  loop")
    )
    mesh = read_mesh(messy, name="two.stl")
    expected = np.concatenate(
        [soup_of(TETRA_POINTS, TETRA_FACES[:2]), soup_of(TETRA_POINTS + 5, TETRA_FACES[2:])]
    )
    np.testing.assert_array_equal(mesh.points, expected)


def test_ascii_stl_without_a_final_newline() -> None:
    data = ascii_stl(TETRA_POINTS, TETRA_FACES).rstrip()
    assert read_mesh(data, name="t.stl").n_faces == 4


def test_ascii_stl_with_a_word_where_a_number_belongs_names_the_line() -> None:
    data = ascii_stl(TETRA_POINTS, TETRA_FACES).replace(b"vertex 1 0 0", b"vertex 1 zero 0", 1)
    with pytest.raises(MeshError, match=r"'t.stl'.*line \d+: 'zero' is not a number"):
        read_mesh(data, name="t.stl")


def test_ascii_stl_with_a_missing_vertex() -> None:
    lines = ascii_stl(TETRA_POINTS, TETRA_FACES).split(b"\n")
    del lines[3]  # the first facet's first vertex
    with pytest.raises(MeshError, match=r"t\.stl"):
        read_mesh(b"\n".join(lines), name="t.stl")
