"""`Mesh` → ``vtkPolyData`` without copying the big arrays (and without importing pyvista).

VTK takes float32 points and int32 triangle connectivity as they are (a fixed-size cell array
over the face array itself, no offsets); point normals become the active normals (so no filter
recomputes them) and colours become uint8 point scalars named ``colours``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from scaninbox.scans import Mesh

__all__ = ["COLOURS", "NORMALS", "to_polydata"]

COLOURS = "colours"
NORMALS = "Normals"


def to_polydata(mesh: Mesh) -> Any:
    """The mesh as a ``vtkPolyData`` sharing its arrays (do not modify them afterwards)."""
    from vtkmodules.vtkCommonCore import vtkPoints
    from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData

    points = vtkPoints()
    points.SetData(_shared(mesh.points, np.float32))
    cells = vtkCellArray()
    cells.Use32BitStorage()
    cells.SetData(3, _shared(mesh.faces.reshape(-1), np.int32))
    poly = vtkPolyData()
    poly.SetPoints(points)
    poly.SetPolys(cells)
    data = poly.GetPointData()
    if mesh.normals is not None:
        normals = _shared(mesh.normals, np.float32)
        normals.SetName(NORMALS)
        data.SetNormals(normals)
    if mesh.colours is not None:
        colours = _shared(mesh.colours, np.uint8)
        colours.SetName(COLOURS)
        data.AddArray(colours)
    return poly


def _shared(array: np.ndarray, dtype: type[np.generic]) -> Any:
    """A VTK array over ``array``'s memory (a copy only if it is not already ``dtype``, C order).

    VTK keeps a reference to the numpy array for as long as the VTK array lives."""
    from vtkmodules.util.numpy_support import numpy_to_vtk

    ready = np.ascontiguousarray(array, dtype=dtype)
    return numpy_to_vtk(ready, deep=False)  # type: ignore[no-untyped-call]
