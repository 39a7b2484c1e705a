"""Mesh → PolyData hands VTK the very same arrays (no copies) with normals and colours set."""

from __future__ import annotations

from typing import Any

import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy

from scaninbox.render import to_polydata
from scaninbox.render.polydata import COLOURS, NORMALS, cell_array, point_arrays
from scaninbox.scans.mesh import Mesh


def test_no_copies_and_active_normals(coloured_arch: Mesh) -> None:
    poly = to_polydata(coloured_arch)
    assert poly.GetNumberOfPoints() == coloured_arch.n_points
    assert poly.GetNumberOfCells() == coloured_arch.n_faces
    assert np.shares_memory(_numpy(poly.GetPoints().GetData()), coloured_arch.points)
    connectivity = _numpy(poly.GetPolys().GetConnectivityArray())
    assert connectivity.dtype == np.int32
    assert np.shares_memory(connectivity, coloured_arch.faces)
    normals = poly.GetPointData().GetNormals()
    assert normals is not None
    assert np.shares_memory(_numpy(normals), coloured_arch.normals)
    colours = _numpy(poly.GetPointData().GetArray("colours"))
    assert colours.dtype == np.uint8
    assert colours.shape == (coloured_arch.n_points, 3)


def test_a_soup_without_normals_has_none(arch: Mesh) -> None:
    soup = Mesh(
        np.ascontiguousarray(arch.points[arch.faces].reshape(-1, 3)),
        np.arange(arch.n_faces * 3, dtype=np.int32).reshape(-1, 3),
    )
    poly = to_polydata(soup)
    assert poly.GetPointData().GetNormals() is None
    assert poly.GetNumberOfCells() == arch.n_faces


def test_the_triangles_read_back_as_given(arch: Mesh) -> None:
    poly = to_polydata(arch)
    assert poly.GetCell(5).GetNumberOfPoints() == 3
    assert [poly.GetCell(5).GetPointId(i) for i in range(3)] == arch.faces[5].tolist()
    assert np.allclose(poly.GetPoint(int(arch.faces[5][1])), arch.points[arch.faces[5][1]])


def _numpy(array: Any) -> np.ndarray:
    result: np.ndarray = vtk_to_numpy(array)  # type: ignore[no-untyped-call]
    return result


def test_the_shared_arrays_outlive_the_mesh_as_long_as_vtk_draws_them(arch: Mesh) -> None:
    """VTK holds the numpy arrays it draws from: dropping every Python reference to the mesh
    leaves the actor's data intact, and releasing the actor releases the arrays (no leak)."""
    import gc
    import weakref

    from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

    assert arch.normals is not None
    rgba = np.random.default_rng(3).integers(0, 256, (arch.n_points, 4), dtype=np.uint8)
    mesh = Mesh(
        arch.points.copy(),
        arch.faces.copy(),
        colours=rgba,
        normals=arch.normals.copy(),
        welded=True,
    )
    expected = mesh.points.copy(), mesh.faces.copy(), arch.normals.copy(), rgba.copy()
    held = [weakref.ref(a) for a in (mesh.points, mesh.faces, mesh.normals, rgba)]
    mapper = vtkPolyDataMapper()
    mapper.SetInputData(to_polydata(mesh))
    actor = vtkActor()
    actor.SetMapper(mapper)
    del mesh, mapper, rgba
    gc.collect()
    assert all(ref() is not None for ref in held)
    poly = actor.GetMapper().GetInput()
    np.testing.assert_array_equal(_numpy(poly.GetPoints().GetData()), expected[0])
    np.testing.assert_array_equal(
        _numpy(poly.GetPolys().GetConnectivityArray()).reshape(-1, 3), expected[1]
    )
    data = poly.GetPointData()
    np.testing.assert_array_equal(_numpy(data.GetNormals()), expected[2])
    np.testing.assert_array_equal(_numpy(data.GetArray(COLOURS)), expected[3])
    del actor, poly, data
    gc.collect()
    gc.collect()
    assert all(ref() is None for ref in held)


def test_the_arrays_keep_their_names_types_and_widths(coloured_arch: Mesh) -> None:
    """What the scene and the colour maps look arrays up by: the same VTK types, names and
    component counts numpy_to_vtk gave (float32 xyz, uint8 RGB or RGBA, int32 connectivity)."""
    rgba = np.full((coloured_arch.n_points, 4), 200, np.uint8)
    for mesh, width in ((coloured_arch, 3), (coloured_arch.replace(colours=rgba), 4)):
        poly = to_polydata(mesh)
        data = poly.GetPointData()
        found = {
            "points": poly.GetPoints().GetData(),
            "normals": data.GetNormals(),
            "colours": data.GetArray(COLOURS),
            "connectivity": poly.GetPolys().GetConnectivityArray(),
        }
        shapes = {k: (a.GetDataTypeAsString(), a.GetNumberOfComponents()) for k, a in found.items()}
        assert shapes == {
            "points": ("float", 3),
            "normals": ("float", 3),
            "colours": ("unsigned char", width),
            "connectivity": ("int", 1),
        }
        assert found["normals"].GetName() == NORMALS
        assert data.GetNumberOfArrays() == 2  # normals and colours, nothing else
        assert found["colours"].GetNumberOfTuples() == mesh.n_points
        assert poly.GetPolys().IsStorage64Bit() is False
        np.testing.assert_array_equal(_numpy(found["colours"]), mesh.colours)
        assert np.shares_memory(_numpy(found["colours"]), mesh.colours)


def test_the_bounds_are_the_meshes_own(arch: Mesh) -> None:
    """The points' array is swapped under a new vtkPoints: its cached bounds must follow."""
    bounds = to_polydata(arch).GetBounds()
    np.testing.assert_allclose(bounds, arch.bounds, rtol=0, atol=1e-6)


def test_the_piece_helpers_share_memory_too(coloured_arch: Mesh) -> None:
    arrays = point_arrays(coloured_arch)
    assert np.shares_memory(_numpy(arrays.points), coloured_arch.points)
    assert arrays.colours is not None
    assert arrays.colours.GetName() == COLOURS
    flat = coloured_arch.faces.reshape(-1)
    cells = cell_array(flat[3:9])
    assert cells.GetNumberOfCells() == 2
    assert np.shares_memory(_numpy(cells.GetConnectivityArray()), coloured_arch.faces)
    # Indices of another type are converted (a copy), never read as the wrong type.
    widened = cell_array(flat[3:9].astype(np.int64))
    np.testing.assert_array_equal(_numpy(widened.GetConnectivityArray()), flat[3:9])


def test_colours_sliced_from_wider_rows_read_back_as_given(arch: Mesh) -> None:
    """A Mesh checks its colours' type and shape, not their layout: colours taken as a slice
    of wider rows (RGB of RGBA) are laid out for VTK, not read as if they were contiguous."""
    rgba = np.arange(len(arch.points) * 4, dtype=np.uint32).astype(np.uint8).reshape(-1, 4)
    rgb = rgba[:, :3]
    assert not rgb.flags.c_contiguous
    mesh = Mesh(arch.points, arch.faces, colours=rgb, welded=arch.welded)
    poly = to_polydata(mesh)
    read = vtk_to_numpy(poly.GetPointData().GetArray(COLOURS))
    assert np.array_equal(read, rgb)
