"""`Mesh` → `pyvista.PolyData` without copying the big arrays.

VTK takes float32 points and int32 triangle connectivity as they are (``from_regular_faces``
shares the face array); point normals become the active normals (so no filter recomputes them)
and colours become uint8 point scalars named ``colours``.
"""

from __future__ import annotations

from typing import Any, cast

from scaninbox.scans import Mesh

__all__ = ["COLOURS", "NORMALS", "to_polydata"]

COLOURS = "colours"
NORMALS = "Normals"


def to_polydata(mesh: Mesh) -> Any:
    """The mesh as a ``pyvista.PolyData`` sharing its arrays (do not modify them afterwards)."""
    import pyvista as pv

    # pyvista's annotations ask for float64/int64; VTK takes float32/int32 as they are.
    poly = pv.PolyData.from_regular_faces(cast(Any, mesh.points), cast(Any, mesh.faces), deep=False)
    if mesh.normals is not None:
        poly.point_data.set_array(mesh.normals, NORMALS)
        poly.point_data.active_normals_name = NORMALS
    if mesh.colours is not None:
        poly.point_data.set_array(mesh.colours, COLOURS)
    return poly
