"""The undercut map's field: per point of a jaw scan, its undercut depth (mm) on the best path of
insertion of the prepared tooth it belongs to; NaN off the prepared teeth's walls.

The same walls, the same axis search and the same depths as the ``undercut`` finding
(`scaninbox.qc.undercut`): the map shows where the finding's depth lies and what is around it.
The arch frame is the jaw scan's own (`arch_frame`), as the finding's is when the case has no
scan of the opposing jaw in occlusion. A level of detail of the same scan takes each of its
points' value from the nearest point of the full scan (`carried_over`): one axis per tooth,
so the map does not change when the view switches meshes. CPU work for a worker thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from scaninbox.domain import is_upper
from scaninbox.qc.arch_frame import arch_frame
from scaninbox.qc.occlusion import Arch
from scaninbox.qc.scan_checks import ScanGeometry, check_mesh
from scaninbox.qc.thresholds import QcThresholds
from scaninbox.qc.undercut import best_axis, tooth_walls
from scaninbox.scans import Mesh, weld_points

__all__ = ["carried_over", "teeth_of_jaw", "undercut_field"]

F32 = npt.NDArray[np.float32]


def teeth_of_jaw(teeth: Sequence[int], jaw: str) -> list[int]:
    """The teeth of ``teeth`` (FDI) in ``jaw`` ("upper" or "lower")."""
    return [t for t in teeth if is_upper(t) == (jaw == "upper")]


def undercut_field(
    mesh: Mesh,
    jaw: str,
    teeth: Sequence[int],
    thresholds: QcThresholds | None = None,
    progress: Callable[[float], None] | None = None,
) -> F32:
    """Per point of ``mesh`` (a scan of ``jaw``): its undercut depth on the best axis of the
    prepared tooth (of ``teeth``) whose walls it is on; NaN elsewhere. ``progress`` is told
    the share of the teeth done."""
    limits = thresholds or QcThresholds()
    geometry, inverse = _geometry(mesh)
    welded = np.full(len(geometry.points), np.nan, np.float32)
    mine = teeth_of_jaw(teeth, jaw)
    if mine and len(geometry.faces):
        frame = arch_frame(geometry.points, geometry.edges, upper=jaw == "upper")
        arch = Arch(jaw, mesh.name or "", geometry)
        shares: dict[int, tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]] = {}
        for done, tooth in enumerate(mine):
            found = tooth_walls(arch, frame, tooth, shares)
            if found is not None:
                region, index = found
                result = best_axis(
                    region.points,
                    region.weights,
                    region.normals,
                    region.balanced,
                    frame.occlusal,
                    max_tilt_deg=limits.max_tilt_deg,
                )
                welded[index] = result.depth
            if progress is not None:
                progress((done + 1) / len(mine))
    field: F32 = welded[inverse]
    return field


def carried_over(
    values: F32, source: npt.NDArray[np.floating], points: npt.NDArray[np.floating]
) -> F32:
    """``values`` (per point of ``source``) carried to each of ``points`` from its nearest
    point of ``source`` (VTK's static point locator)."""
    from vtkmodules.util import numpy_support
    from vtkmodules.vtkCommonCore import vtkPoints
    from vtkmodules.vtkCommonDataModel import vtkPolyData, vtkStaticPointLocator

    support = numpy_support
    poly = vtkPolyData()
    vtk_points = vtkPoints()
    vtk_points.SetData(
        support.numpy_to_vtk(np.ascontiguousarray(source, np.float64), deep=True)  # type: ignore[no-untyped-call]
    )
    poly.SetPoints(vtk_points)
    locator = vtkStaticPointLocator()
    locator.SetDataSet(poly)
    locator.BuildLocator()
    query = np.asarray(points, np.float64)
    nearest = np.fromiter(
        (locator.FindClosestPoint(p) for p in query.tolist()), np.int64, len(query)
    )
    out: F32 = np.asarray(values, np.float32)[nearest]
    return out


def _geometry(mesh: Mesh) -> tuple[ScanGeometry, npt.NDArray[np.int64]]:
    """The scan as QC reads it (`check_mesh`: welded, degenerate and repeated triangles left
    out) and, per point of ``mesh``, its welded point."""
    _result, geometry = check_mesh(mesh, jaw="", file=mesh.name or "")
    _points, inverse = weld_points(np.ascontiguousarray(mesh.points))  # as `weld_mesh` welds
    return geometry, np.asarray(inverse, np.int64).reshape(-1)
