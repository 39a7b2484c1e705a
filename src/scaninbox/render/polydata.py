"""`Mesh` → ``vtkPolyData`` without copying the big arrays (and without importing pyvista).

VTK takes float32 points and int32 triangle connectivity as they are (a fixed-size cell array
over the face array itself, no offsets); point normals become the active normals (so no filter
recomputes them) and colours become uint8 point scalars named ``colours``.
"""

from __future__ import annotations

import functools
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
    vtk = _vtk()
    return PointArrays(
        _over(vtk.float32(), mesh.points, 3),
        None if mesh.normals is None else _normals(vtk, mesh.normals),
        None if mesh.colours is None else _colours(vtk, mesh.colours),
    )


def cell_array(flat_faces: np.ndarray) -> Any:
    """Triangles (three point indices each, one flat int32 array) as a ``vtkCellArray`` over
    the array itself."""
    if flat_faces.dtype != np.int32 or not flat_faces.flags.c_contiguous:
        flat_faces = np.ascontiguousarray(flat_faces, dtype=np.int32)
    return _cells(_vtk(), flat_faces)


def to_polydata(mesh: Mesh) -> Any:
    """The mesh as a ``vtkPolyData`` sharing its arrays (do not modify them afterwards).

    As few VTK and Python objects as the result needs, and no imports on the way: a scan's
    first drawable waits for this right after its reader has pushed everything else out of
    the CPU caches (quicker than ``numpy_to_vtk``, measured that way: benchmarks/README.md)."""
    vtk = _vtk()
    poly = vtk.polydata()
    points = vtk.points()
    # A new vtkPoints already holds an empty float32 array: point it at the mesh's points
    # rather than creating a second array to swap in. (No Modified() needed: a new vtkPoints
    # has never computed its bounds, so its first GetBounds reads these.)
    _over(points.GetData(), mesh.points, 3)
    poly.SetPoints(points)
    poly.SetPolys(_cells(vtk, mesh.faces))  # C-contiguous int32 (N, 3): a Mesh's faces are
    if mesh.normals is not None or mesh.colours is not None:
        data = poly.GetPointData()
        if mesh.normals is not None:
            data.SetNormals(_normals(vtk, mesh.normals))
        if mesh.colours is not None:
            data.AddArray(_colours(vtk, mesh.colours))
    return poly


class _Classes:
    """The VTK classes used here, imported on first use (the window shows before VTK loads)."""

    def __init__(self) -> None:
        from vtkmodules.vtkCommonCore import (
            vtkPoints,
            vtkTypeFloat32Array,
            vtkTypeInt32Array,
            vtkTypeUInt8Array,
        )
        from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData

        self.points, self.polydata, self.cell_array = vtkPoints, vtkPolyData, vtkCellArray
        self.float32, self.int32, self.uint8 = (
            vtkTypeFloat32Array,
            vtkTypeInt32Array,
            vtkTypeUInt8Array,
        )


@functools.cache
def _vtk() -> _Classes:
    return _Classes()


def _cells(vtk: _Classes, faces: np.ndarray) -> Any:
    cells = vtk.cell_array()
    # 32-bit connectivity makes a 32-bit cell array whose offsets are implicit (every cell
    # has three points): nothing is allocated per cell.
    cells.SetData(3, _over(vtk.int32(), faces, 1))
    return cells


def _normals(vtk: _Classes, normals: np.ndarray) -> Any:
    array = _over(vtk.float32(), normals, 3)
    array.SetName(NORMALS)
    return array


def _colours(vtk: _Classes, colours: np.ndarray) -> Any:
    # A Mesh checks its colours' type and shape, not their layout (a slice of wider rows).
    colours = np.ascontiguousarray(colours)
    array = _over(vtk.uint8(), colours, colours.shape[1])
    array.SetName(COLOURS)
    return array


def _over(vtk_array: Any, array: np.ndarray, components: int) -> Any:
    """``vtk_array`` (a new VTK array of ``array``'s type) pointed at ``array``'s memory, which
    must be C-contiguous (a `Mesh`'s arrays are).

    What ``numpy_to_vtk(deep=False)`` does without its generic dtype checks (which cost more
    than the rest of the wrap): ``SetVoidArray`` with save=1 (VTK must not free numpy's
    memory), and the numpy array stored on the array's ``vtkBuffer``, where ``numpy_to_vtk``
    stores it, so the memory lives as long as any VTK object holds that buffer, even after
    the mesh and every Python wrapper are gone."""
    if not array.flags.c_contiguous:  # VTK would read the memory as if it were
        raise ValueError("a VTK array can only share C-contiguous memory")
    if components != 1:  # a new array has one
        vtk_array.SetNumberOfComponents(components)
    vtk_array.SetVoidArray(array, array.size, 1)
    vtk_array.GetBuffer()._numpy_reference = array
    return vtk_array
