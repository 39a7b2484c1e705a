"""The viewer's pipeline: read (path or bytes) → refine → level of detail; format sniffing."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.scans import ScanFormat, build_lod, read_mesh, refine, sniff_format
from scaninbox.scans.mesh import Mesh

from .meshfiles import TETRA_FACES, TETRA_POINTS, arch_mesh, ascii_stl, binary_stl, ply


def test_path_and_bytes_read_alike(tmp_path: Path) -> None:
    data = binary_stl(TETRA_POINTS, TETRA_FACES)
    path = tmp_path / "t.stl"
    path.write_bytes(data)
    from_path = read_mesh(path)
    from_bytes = read_mesh(data)
    np.testing.assert_array_equal(from_path.points, from_bytes.points)
    assert from_path.name == "t.stl"
    assert from_bytes.name == "scan"
    assert read_mesh(str(path), name="shown.stl").name == "shown.stl"


def test_refine_welds_a_soup_and_adds_unit_normals() -> None:
    points, faces = arch_mesh()
    soup = read_mesh(binary_stl(points, faces))
    refined = refine(soup)
    assert refined.welded
    assert refined.n_points == len(points)
    assert refined.n_faces == len(faces)
    assert refined.normals is not None
    np.testing.assert_allclose(np.linalg.norm(refined.normals, axis=1), 1, rtol=1e-5)
    np.testing.assert_array_equal(refined.points[refined.faces], soup.points[soup.faces])
    assert refine(refined) is refined


def test_refine_an_indexed_mesh_only_adds_normals() -> None:
    mesh = read_mesh(ply(TETRA_POINTS, TETRA_FACES.tolist()))
    refined = refine(mesh)
    assert refined.points is mesh.points
    assert refined.faces is mesh.faces
    assert refined.normals is not None


def test_the_input_is_left_as_it_was() -> None:
    points, faces = arch_mesh(60, 12)
    soup = read_mesh(binary_stl(points, faces))
    before = soup.points.copy()
    refine(soup)
    build_lod(soup)
    np.testing.assert_array_equal(soup.points, before)


def test_build_lod_is_coarser() -> None:
    points, faces = arch_mesh(300, 60)
    lod = build_lod(Mesh(points, faces, welded=True))
    assert lod.n_faces < len(faces) / 5


@pytest.mark.parametrize(
    ("data", "name", "kind"),
    [
        (binary_stl(TETRA_POINTS, TETRA_FACES), "a", ScanFormat.STL_BINARY),
        (ascii_stl(TETRA_POINTS, TETRA_FACES), "a", ScanFormat.STL_ASCII),
        (ply(TETRA_POINTS, TETRA_FACES.tolist()), "a", ScanFormat.PLY),
        (b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", "a", ScanFormat.OBJ),
        (b"\x89PNG\r\n\x1a\n....", "a.stl", ScanFormat.PNG),
        (b"\xff\xd8\xff\xe0....", "a", ScanFormat.JPEG),
        (b"OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", "a.off", ScanFormat.OTHER_MESH),
        (b"just text\n", "a.txt", ScanFormat.UNKNOWN),
    ],
)
def test_sniffing_by_content(data: bytes, name: str, kind: ScanFormat) -> None:
    assert sniff_format(data, name=name) is kind


def test_obj_natively_and_off_through_trimesh() -> None:
    obj = read_mesh(b"v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\n", name="t.obj")
    assert obj.welded
    assert obj.n_points == 4
    assert obj.n_faces == 2
    off = read_mesh(b"OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", name="t.off")
    assert off.n_faces == 1


@pytest.mark.timeout(60)
def test_refining_a_large_soup_on_several_threads_does_not_wait_for_itself() -> None:
    # Large enough that every step splits its work over the thread pool, including work
    # that already runs on the pool (face normals while the weld runs).
    points, faces = arch_mesh(900, 160)
    soup = read_mesh(binary_stl(points, faces))
    assert soup.n_points > 400_000
    refined = refine(soup)
    assert refined.n_points == len(points)
    assert refined.normals is not None
    np.testing.assert_array_equal(refined.points[refined.faces], soup.points[soup.faces])


def test_refining_a_soup_needs_little_memory_beyond_the_soup() -> None:
    """Weld and normals keep per point only what they need (no hashes-and-slots-and-z, no
    repeated weights): the refine step's peak is what sets the viewer's peak memory with it."""
    import tracemalloc

    from scaninbox.scans.stl import soup_faces

    from .meshfiles import soup_of

    points, faces = arch_mesh(1000, 101)  # ~200k triangles
    soup = Mesh(soup_of(points, faces), soup_faces(len(faces)))
    tracemalloc.start()
    try:
        refined = refine(soup)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert refined.n_points == len(points)
    # The bound leaves a margin over the measured peak (benchmarks/README.md).
    assert peak < 1.8 * soup.nbytes, peak / soup.nbytes


def test_building_the_lod_needs_little_memory_beyond_the_mesh() -> None:
    """The level of detail is built while the scans are on show: its int32 clusters keep the
    corner lookups at half the width of int64."""
    import tracemalloc

    points, faces = arch_mesh(1000, 101)  # ~200k triangles
    mesh = refine(Mesh(points, faces, welded=True))
    tracemalloc.start()
    try:
        lod = build_lod(mesh)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert 0 < lod.n_faces < mesh.n_faces
    # The bound leaves a margin over the measured peak (benchmarks/README.md).
    assert peak < 2.1 * mesh.nbytes, peak / mesh.nbytes
