"""Mesh → PolyData hands VTK the very same arrays (no copies) with normals and colours set."""

from __future__ import annotations

from typing import Any

import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy

from scaninbox.render import to_polydata
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

    mesh = Mesh(arch.points.copy(), arch.faces.copy(), normals=arch.normals.copy(), welded=True)
    expected = mesh.points.copy(), mesh.faces.copy()
    held = [weakref.ref(a) for a in (mesh.points, mesh.faces, mesh.normals)]
    mapper = vtkPolyDataMapper()
    mapper.SetInputData(to_polydata(mesh))
    actor = vtkActor()
    actor.SetMapper(mapper)
    del mesh, mapper
    gc.collect()
    assert all(ref() is not None for ref in held)
    poly = actor.GetMapper().GetInput()
    np.testing.assert_array_equal(_numpy(poly.GetPoints().GetData()), expected[0])
    np.testing.assert_array_equal(
        _numpy(poly.GetPolys().GetConnectivityArray()).reshape(-1, 3), expected[1]
    )
    del actor, poly
    gc.collect()
    assert all(ref() is None for ref in held)
