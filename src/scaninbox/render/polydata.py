"""`Mesh` → ``vtkPolyData`` without copying the big arrays (and without importing pyvista).

VTK takes float32 points and int32 triangle connectivity as they are (a fixed-size cell array
over the face array itself, no offsets); point normals become the active normals (so no filter
recomputes them) and colours become uint8 point scalars named ``colours``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from scaninbox.scans import Mesh

__all__ = ["COLOURS", "NORMALS", "PointArrays", "cell_array", "point_arrays", "to_polydata"]

COLOURS = "colours"
NORMALS = "Normals"


@dataclass(frozen=True, slots=True)
class PointArrays:
    """A mesh's per-point arrays as VTK arrays over its memory (None where it has none)."""

    points: Any
    normals: Any | None
    colours: Any | None


def point_arrays(mesh: Mesh) -> PointArrays:
    """The mesh's points, normals (named `NORMALS`) and colours (named `COLOURS`) for VTK."""
    normals = colours = None
    if mesh.normals is not None:
        normals = _shared(mesh.normals, np.float32)
        normals.SetName(NORMALS)
    if mesh.colours is not None:
        colours = _shared(mesh.colours, np.uint8)
        colours.SetName(COLOURS)
    return PointArrays(_shared(mesh.points, np.float32), normals, colours)


def cell_array(flat_faces: np.ndarray) -> Any:
    """Triangles (three point indices each, one flat int32 array) as a ``vtkCellArray`` over
    the array itself."""
    from vtkmodules.vtkCommonDataModel import vtkCellArray

    cells = vtkCellArray()
    cells.Use32BitStorage()
    cells.SetData(3, _shared(flat_faces, np.int32))
    return cells


def to_polydata(mesh: Mesh) -> Any:
    """The mesh as a ``vtkPolyData`` sharing its arrays (do not modify them afterwards)."""
    from vtkmodules.vtkCommonCore import vtkPoints
    from vtkmodules.vtkCommonDataModel import vtkPolyData

    arrays = point_arrays(mesh)
    points = vtkPoints()
    points.SetData(arrays.points)
    poly = vtkPolyData()
    poly.SetPoints(points)
    poly.SetPolys(cell_array(mesh.faces.reshape(-1)))
    data = poly.GetPointData()
    if arrays.normals is not None:
        data.SetNormals(arrays.normals)
    if arrays.colours is not None:
        data.AddArray(arrays.colours)
    return poly


def _shared(array: np.ndarray, dtype: type[np.generic]) -> Any:
    """A VTK array over ``array``'s memory (a copy only if it is not already ``dtype``, C order).

    VTK keeps a reference to the numpy array for as long as the VTK array lives."""
    from vtkmodules.util.numpy_support import numpy_to_vtk

    ready = np.ascontiguousarray(array, dtype=dtype)
    return numpy_to_vtk(ready, deep=False)  # type: ignore[no-untyped-call]
