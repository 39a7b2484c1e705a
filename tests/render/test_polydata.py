"""Mesh → PolyData hands VTK the very same arrays (no copies) with normals and colours set."""

from __future__ import annotations

import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy

from scaninbox.render import to_polydata
from scaninbox.scans.mesh import Mesh


def test_no_copies_and_active_normals(coloured_arch: Mesh) -> None:
    poly = to_polydata(coloured_arch)
    assert poly.n_points == coloured_arch.n_points
    assert poly.n_cells == coloured_arch.n_faces
    assert np.shares_memory(np.asarray(poly.points), coloured_arch.points)
    connectivity = vtk_to_numpy(poly.GetPolys().GetConnectivityArray())  # type: ignore[no-untyped-call]
    assert connectivity.dtype == np.int32
    assert np.shares_memory(connectivity, coloured_arch.faces)
    normals = poly.point_data.active_normals
    assert normals is not None
    assert np.shares_memory(np.asarray(normals), coloured_arch.normals)
    colours = np.asarray(poly.point_data["colours"])
    assert colours.dtype == np.uint8
    assert colours.shape == (coloured_arch.n_points, 3)


def test_a_soup_without_normals_has_none(arch: Mesh) -> None:
    soup = Mesh(
        np.ascontiguousarray(arch.points[arch.faces].reshape(-1, 3)),
        np.arange(arch.n_faces * 3, dtype=np.int32).reshape(-1, 3),
    )
    poly = to_polydata(soup)
    assert poly.point_data.active_normals is None
    assert poly.n_cells == arch.n_faces
