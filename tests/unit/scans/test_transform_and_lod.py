"""orient() keeps normals outward (also for mirrors); decimate() makes a sound coarse copy."""

from __future__ import annotations

import numpy as np
import pytest

from scaninbox.scans import build_lod, decimate, face_normals, orient, parse_axis_mapping, refine
from scaninbox.scans.mesh import Mesh
from scaninbox.scans.stl import soup_faces

from .meshfiles import TETRA_FACES, TETRA_POINTS, arch_mesh, soup_of


def _outward(mesh: Mesh) -> bool:
    normals = face_normals(mesh.points, mesh.faces)
    centres = mesh.points[mesh.faces].mean(axis=1)
    return bool((np.einsum("ij,ij->i", normals, centres - mesh.points.mean(axis=0)) > 0).all())


@pytest.mark.parametrize("mapping", ["x,y,z", "x,z,-y", "-x,y,z", "y,x,z", "-x,-y,-z", "z,y,x"])
@pytest.mark.parametrize("welded", [True, False])
def test_orient_keeps_triangles_facing_outward(mapping: str, welded: bool) -> None:
    if welded:
        mesh = refine(Mesh(TETRA_POINTS, TETRA_FACES, welded=True))
    else:
        soup = soup_of(TETRA_POINTS, TETRA_FACES)
        mesh = Mesh(soup, soup_faces(4))
    matrix = parse_axis_mapping(mapping)
    turned = orient(mesh, matrix)
    assert _outward(turned)
    np.testing.assert_allclose(
        turned.points.mean(axis=0), matrix @ mesh.points.mean(axis=0), atol=1e-6
    )
    if welded:
        assert turned.normals is not None
        assert mesh.normals is not None
        np.testing.assert_allclose(turned.normals, mesh.normals @ matrix.T, atol=1e-6)
        # Recomputed smooth normals agree with the carried ones: still outward.
        recomputed = refine(turned.replace(normals=None)).normals
        assert recomputed is not None
        np.testing.assert_allclose(recomputed, turned.normals, atol=1e-5)
    else:
        assert refine(turned).n_points == 4


def test_orient_with_identity_is_the_same_mesh() -> None:
    mesh = Mesh(TETRA_POINTS, TETRA_FACES, welded=True)
    assert orient(mesh, np.eye(3)) is mesh


def test_mirrored_soup_keeps_its_layout() -> None:
    soup = Mesh(soup_of(TETRA_POINTS, TETRA_FACES), soup_faces(4))
    mirrored = orient(soup, parse_axis_mapping("-x,y,z"))
    np.testing.assert_array_equal(mirrored.faces, soup.faces)
    assert _outward(mirrored)


def _copy_of(mesh: Mesh) -> Mesh:
    """``mesh`` with its own writeable arrays (a read soup's shared faces stay shared)."""
    return mesh.replace(
        points=mesh.points.copy(),
        normals=None if mesh.normals is None else mesh.normals.copy(),
        colours=None if mesh.colours is None else mesh.colours.copy(),
        faces=mesh.faces.copy() if mesh.welded else mesh.faces,
    )


@pytest.mark.parametrize("mapping", ["x,z,-y", "-x,y,z", "y,x,z", "-x,-y,-z", "z,y,x"])
@pytest.mark.parametrize("welded", [True, False])
def test_orient_in_place_turns_the_arrays_it_is_given_without_copying_them(
    mapping: str, welded: bool
) -> None:
    """The viewer's loader hands over each scan as read: turned in place, a scan's points are
    not held twice while both arches are turned (the viewer's memory, memory_case.py)."""
    points, faces = arch_mesh(60, 20)
    welded_mesh = refine(Mesh(points, faces, welded=True))
    mesh = welded_mesh if welded else Mesh(soup_of(points, faces), soup_faces(len(faces)))
    colours = (np.arange(mesh.n_points * 3) % 251).astype(np.uint8).reshape(-1, 3)
    mesh = mesh.replace(colours=colours)
    matrix = parse_axis_mapping(mapping)
    expected = orient(_copy_of(mesh), matrix)
    given = _copy_of(mesh)
    turned = orient(given, matrix, in_place=True)
    assert np.shares_memory(turned.points, given.points)
    assert turned.colours is not None
    assert np.shares_memory(turned.colours, given.colours)
    if welded:
        assert np.shares_memory(turned.normals, given.normals)
    for name in ("points", "faces", "normals", "colours"):
        got, want = getattr(turned, name), getattr(expected, name)
        assert (got is None) == (want is None)
        if got is not None:
            assert got.tobytes() == want.tobytes(), name  # bit for bit the copying result


def test_orient_in_place_copies_what_may_not_be_written() -> None:
    """A read soup's faces are shared by every soup alive (read-only); arrays over a file's
    bytes are read-only too: those are copied, never written."""
    points, faces = arch_mesh(60, 20)
    soup = soup_of(points, faces)
    soup.flags.writeable = False
    mesh = Mesh(soup, soup_faces(len(faces)))
    before = soup.copy()
    turned = orient(mesh, parse_axis_mapping("-x,y,z"), in_place=True)
    assert turned.points is not soup
    np.testing.assert_array_equal(soup, before)
    assert turned.faces is mesh.faces
    assert turned.points.tobytes() == orient(mesh, parse_axis_mapping("-x,y,z")).points.tobytes()


def test_decimate_keeps_about_a_tenth_of_a_sound_surface() -> None:
    points, faces = arch_mesh(400, 80)
    mesh = Mesh(points, faces, welded=True)
    coarse = decimate(mesh, 0.1)
    assert 0.05 * mesh.n_faces < coarse.n_faces < 0.2 * mesh.n_faces
    f = coarse.faces
    assert ((f[:, 0] != f[:, 1]) & (f[:, 1] != f[:, 2]) & (f[:, 0] != f[:, 2])).all()
    assert len(np.unique(np.sort(f, axis=1), axis=0)) == len(f)
    assert f.min() >= 0
    assert f.max() < coarse.n_points
    assert np.isin(np.arange(coarse.n_points), f).all()  # no unused points
    np.testing.assert_allclose(coarse.bounds, mesh.bounds, atol=1.0)
    assert coarse.normals is not None
    np.testing.assert_allclose(np.linalg.norm(coarse.normals, axis=1), 1, rtol=1e-5)
    # Still an upper-jaw shell: its summed normals point toward -Z like the original's.
    assert face_normals(coarse.points, coarse.faces).sum(axis=0)[2] < 0


def test_lod_of_a_soup_equals_lod_of_its_welded_mesh_in_size() -> None:
    points, faces = arch_mesh(200, 40)
    soup = Mesh(soup_of(points, faces), soup_faces(len(faces)))
    from_soup = build_lod(soup)
    from_welded = build_lod(refine(soup))
    assert abs(from_soup.n_faces - from_welded.n_faces) <= 0.02 * from_welded.n_faces


def test_decimate_carries_colours() -> None:
    points, faces = arch_mesh(200, 40)
    colours = np.zeros((len(points), 4), np.uint8)
    colours[:, 0] = 200
    colours[:, 3] = 255
    coarse = decimate(Mesh(points, faces, colours=colours, welded=True))
    assert coarse.colours is not None
    assert (coarse.colours == [200, 0, 0, 255]).all()


def test_decimate_rejects_a_bad_fraction() -> None:
    with pytest.raises(ValueError, match="fraction"):
        decimate(Mesh(TETRA_POINTS, TETRA_FACES, welded=True), 0)
