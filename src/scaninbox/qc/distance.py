"""Signed point-to-triangle distances from points to a scan surface (VTK's static cell locator).

``Surface`` wraps one arch for closest-point queries. The locator finds, for a point, the closest
point on the surface's *triangles* (not its nearest vertex). Whether the point lies in front of
the surface (in the mouth's air) or behind it (inside the tissue) follows from the angle-weighted
pseudo-normal at the closest point (Bærentzen & Aanæs): the face normal inside a triangle, the
sum of the two face normals on an edge, the angle-weighted vertex normal at a corner — the sign
that stays right where the closest point falls on an edge or a corner. A closest point on the
surface's own boundary (its rim, a hole's edge) says nothing about inside or outside: such points
count as outside.

Queries cost microseconds each, so only points that can lie within ``window`` mm of the surface
are asked: the voxels that the triangles' bounding boxes touch, grown by the window, rule out the
rest in whole-array numpy. Callers widen the window when an answer
reaches it (see `scaninbox.qc.occlusion`).

VTK is imported when a surface is built, never at import time.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from scaninbox.qc.stopping import stop_if_asked
from scaninbox.qc.topology import Edges

__all__ = ["Distances", "Surface", "column_means", "load_vtk", "near_boxes"]

F64 = npt.NDArray[np.float64]
_ON_FEATURE = 1e-6  # a barycentric weight below this puts the closest point on an edge/corner
_SPAN = 6  # a triangle box more voxels wide than this is marked on its own
_MOST_VOXELS = 16e6  # the prefilter's grid at most (twice the ~8 million its cells aim at)
_STOP_EVERY = 4096  # closest-point queries between looks at a stop request: a stop acts soon


@dataclass(frozen=True, slots=True)
class Distances:
    """For the query points ``index`` (into the points asked) within the window: signed
    distance (negative = behind the surface), and the closest point on the surface."""

    index: npt.NDArray[np.int64]
    signed: F64
    closest: F64


class Surface:
    def __init__(
        self,
        points: npt.NDArray[np.float32],
        faces: npt.NDArray[np.int32],
        edges: Edges,
        *,
        stop: threading.Event | None = None,
    ) -> None:
        self._stop = stop  # looked at between blocks of closest-point queries
        self.points = points.astype(np.float64)
        self.faces = faces
        # Column by column (numpy is several times slower along the short axis of an (N, 3)
        # array), in float32: the boxes and the facing need no more.
        corner = [
            [np.ascontiguousarray(points[:, k])[faces[:, i]] for k in range(3)] for i in range(3)
        ]
        self._box_low = np.stack(
            [np.minimum(np.minimum(corner[0][k], corner[1][k]), corner[2][k]) for k in range(3)],
            axis=1,
        )
        self._box_high = np.stack(
            [np.maximum(np.maximum(corner[0][k], corner[1][k]), corner[2][k]) for k in range(3)],
            axis=1,
        )
        u = [corner[1][k] - corner[0][k] for k in range(3)]
        v = [corner[2][k] - corner[0][k] for k in range(3)]
        cross = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
        self.vector_area = np.array([c.sum(dtype=np.float64) for c in cross]) / 2
        size = np.zeros(len(faces))
        for c in cross:
            size += np.square(c, dtype=np.float64)
        self.area = float(np.sqrt(size).sum() / 2)
        rim = edges.uses == 1
        rim_vertex = np.zeros(len(points), bool)
        rim_vertex[edges.a[rim]] = True
        rim_vertex[edges.b[rim]] = True
        self._rim_vertex = rim_vertex
        # Which triangles meet at each point (built when a closest point first falls on an
        # edge or a corner): normals are worked out only where a query needs them.
        self._around: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None = None
        self._locator: Any = None
        self._poly: Any = None

    def faces_toward(self, point: F64) -> bool:
        """False when the surface as a whole clearly faces away from ``point`` (an arch's
        triangles wound inside out); True otherwise, also when undecided (a closed surface)."""
        size = float(np.linalg.norm(self.vector_area))
        if size < 0.2 * self.area:
            return True
        centre = column_means(self.points)
        return float(np.dot(self.vector_area, point - centre)) >= 0

    def candidates(self, query: F64, window: float) -> npt.NDArray[np.int64]:
        """Indices of the query points that may lie within ``window`` mm of the surface."""
        return near_boxes(self._box_low, self._box_high, query, window)

    def distances(
        self,
        query: F64,
        window: float,
        *,
        flip: bool = False,
        among: npt.NDArray[np.int64] | None = None,
    ) -> Distances:
        """Signed distances of the query points (or of those ``among``) within ``window`` mm of
        the surface."""
        if among is None:
            index = self.candidates(query, window)
        else:
            index = among[self.candidates(query[among], window)]
        found, cells, closest, dist = self._closest(query[index], window)
        index, cells, closest, dist = index[found], cells[found], closest[found], dist[found]
        normal, on_rim = self._normals_at(cells, closest)
        side = np.einsum("ij,ij->i", query[index] - closest, normal)
        behind = (side < 0) & ~on_rim
        if flip:
            behind = (side > 0) & ~on_rim
        return Distances(index, np.where(behind, -dist, dist), closest)

    def nearest(self, query: F64) -> float:
        """The smallest distance from the query points to the surface (no window)."""
        from vtkmodules.vtkCommonCore import reference
        from vtkmodules.vtkCommonDataModel import vtkGenericCell

        locator = self._ensure_locator()
        cell = vtkGenericCell()
        cell_id: Any = reference(0)
        sub_id: Any = reference(0)
        d2: Any = reference(0.0)
        spot = [0.0, 0.0, 0.0]
        best = np.inf
        for point in query.tolist():
            locator.FindClosestPoint(point, spot, cell, cell_id, sub_id, d2)
            best = min(best, float(d2.get()))
        return float(np.sqrt(best))

    def _closest(
        self, query: F64, radius: float
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64], F64, F64]:
        from vtkmodules.vtkCommonCore import reference
        from vtkmodules.vtkCommonDataModel import vtkGenericCell

        locator = self._ensure_locator()
        n = len(query)
        cell = vtkGenericCell()
        cell_id: Any = reference(0)
        sub_id: Any = reference(0)
        d2: Any = reference(0.0)
        spot = [0.0, 0.0, 0.0]
        find = locator.FindClosestPointWithinRadius
        # Plain Python lists in the loop (a numpy item write costs more than the query's
        # wrapping), turned into arrays once.
        rows: list[int] = []
        answers: list[float] = []
        points = query.tolist()
        for start in range(0, n, _STOP_EVERY):
            stop_if_asked(self._stop)
            for i, point in enumerate(points[start : start + _STOP_EVERY], start):
                if find(point, radius, spot, cell, cell_id, sub_id, d2):
                    rows.append(i)
                    answers += (cell_id.get(), spot[0], spot[1], spot[2], d2.get())
        found = np.zeros(n, bool)
        cells = np.zeros(n, np.int64)
        closest = np.zeros((n, 3))
        dist2 = np.zeros(n)
        if rows:
            table = np.array(answers).reshape(-1, 5)
            found[rows] = True
            cells[rows] = table[:, 0].astype(np.int64)
            closest[rows] = table[:, 1:4]
            dist2[rows] = table[:, 4]
        return found, cells, closest, np.sqrt(dist2)

    def _normals_at(
        self, cells: npt.NDArray[np.int64], closest: F64
    ) -> tuple[F64, npt.NDArray[np.bool_]]:
        """The pseudo-normal at each closest point, and whether it lies on the boundary."""
        corner = self.points[self.faces[cells]]
        weight = _barycentric(corner, closest)
        zero = weight < _ON_FEATURE
        zeros = zero[:, 0].astype(np.int64) + zero[:, 1] + zero[:, 2]
        normal = self._face_normals(cells)
        on_rim = np.zeros(len(cells), bool)
        edge_rows = np.flatnonzero(zeros == 1)
        if len(edge_rows):
            opposite = np.argmax(zero[edge_rows], axis=1)
            face = self.faces[cells[edge_rows]]
            rows = np.arange(len(edge_rows))
            u = face[rows, (opposite + 1) % 3]
            v = face[rows, (opposite + 2) % 3]
            normal[edge_rows], count = self._edge_normals(u, v)
            on_rim[edge_rows] = count < 2
        corner_rows = np.flatnonzero(zeros >= 2)
        if len(corner_rows):
            which = np.argmax(weight[corner_rows], axis=1)
            vertex = self.faces[cells[corner_rows], which]
            normal[corner_rows] = self._vertex_normals(vertex)
            on_rim[corner_rows] = self._rim_vertex[vertex]
        return normal, on_rim

    def _face_normals(self, cells: npt.NDArray[np.int64]) -> F64:
        corner = self.points[self.faces[cells]]
        cross = np.cross(corner[:, 1] - corner[:, 0], corner[:, 2] - corner[:, 0])
        size = _lengths(cross)
        unit: F64 = cross / np.where(size > 0, size, 1.0)[:, None]
        return unit

    def _ring(self, vertex: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], ...]:
        """(row, face) pairs: every triangle around each of the given points."""
        if self._around is None:
            flat = self.faces.reshape(-1)
            order = np.argsort(flat, kind="stable") // 3
            starts = np.concatenate([[0], np.cumsum(np.bincount(flat, minlength=len(self.points)))])
            self._around = (order.astype(np.int64), starts.astype(np.int64))
        order, starts = self._around
        count = starts[vertex + 1] - starts[vertex]
        row = np.repeat(np.arange(len(vertex)), count)
        local = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
        return row, order[starts[vertex][row] + local]

    def _edge_normals(
        self, u: npt.NDArray[np.int64], v: npt.NDArray[np.int64]
    ) -> tuple[F64, npt.NDArray[np.int64]]:
        """The sum of the unit normals of the triangles on each edge u–v, and how many."""
        row, face = self._ring(u)
        on_edge = np.any(self.faces[face] == v[row][:, None], axis=1)
        row, face = row[on_edge], face[on_edge]
        unit = self._face_normals(face)
        total: F64 = np.stack([np.bincount(row, unit[:, k], len(u)) for k in range(3)], axis=1)
        count: npt.NDArray[np.int64] = np.bincount(row, minlength=len(u)).astype(np.int64)
        return total, count

    def _vertex_normals(self, vertex: npt.NDArray[np.int64]) -> F64:
        """Angle-weighted sums of the unit normals of the triangles around each point."""
        row, face = self._ring(vertex)
        corners = self.faces[face]
        at = np.argmax(corners == vertex[row][:, None], axis=1)
        rows = np.arange(len(face))
        here = self.points[vertex[row]]
        u = self.points[corners[rows, (at + 1) % 3]] - here
        w = self.points[corners[rows, (at + 2) % 3]] - here
        cos = np.einsum("ij,ij->i", u, w) / np.maximum(_lengths(u) * _lengths(w), 1e-300)
        angle = np.arccos(np.clip(cos, -1.0, 1.0))
        unit = self._face_normals(face) * angle[:, None]
        total: F64 = np.stack([np.bincount(row, unit[:, k], len(vertex)) for k in range(3)], axis=1)
        return total

    def _ensure_locator(self) -> Any:
        if self._locator is None:
            from vtkmodules.util import numpy_support
            from vtkmodules.vtkCommonCore import vtkPoints
            from vtkmodules.vtkCommonDataModel import (
                vtkCellArray,
                vtkPolyData,
                vtkStaticCellLocator,
            )

            support: Any = numpy_support  # untyped module
            # VTK reads the surface's own arrays (no copies; a VTK array keeps its numpy
            # array alive): float64 points, and int32 corners as a fixed-size cell array.
            corners = np.ascontiguousarray(self.faces, np.int32).reshape(-1)
            poly = vtkPolyData()
            vtk_points = vtkPoints()
            vtk_points.SetData(support.numpy_to_vtk(self.points, deep=False))
            poly.SetPoints(vtk_points)
            polys = vtkCellArray()
            polys.Use32BitStorage()
            polys.SetData(3, support.numpy_to_vtk(corners, deep=False))
            poly.SetPolys(polys)
            locator = vtkStaticCellLocator()
            locator.SetDataSet(poly)
            locator.BuildLocator()
            self._poly, self._locator = poly, locator
        return self._locator


def column_means(points: F64) -> F64:
    """The mean point (column by column: quicker than along the short axis of (N, 3))."""
    return np.array([points[:, k].mean() for k in range(3)], np.float64)


def load_vtk() -> None:
    """Import the VTK modules the closest-point queries use (a tenth of a second): run on a
    spare thread while the scans are read and checked, so the queries find them loaded."""
    import vtkmodules.util.numpy_support
    import vtkmodules.vtkCommonCore
    import vtkmodules.vtkCommonDataModel  # noqa: F401


def near_boxes(box_low: F64, box_high: F64, query: F64, window: float) -> npt.NDArray[np.int64]:
    """Indices of the query points that may lie within ``window`` mm of one of the boxes: those
    in a voxel a box touches, or within ``window`` of such a voxel (a superset, never less).

    Works column by column (x, y, z each a contiguous pass) and on flat voxel numbers: numpy is
    several times slower along the short axis of an (N, 3) array."""
    if not len(box_low) or not len(query):
        return np.zeros(0, np.int64)
    low = np.array([box_low[:, k].min() for k in range(3)], np.float64) - window
    high = np.array([box_high[:, k].max() for k in range(3)], np.float64) + window
    # Voxels as wide as the window, but never more than ~8 million of them.
    cell = max(window, float(np.prod(high - low) / 8e6) ** (1 / 3))
    if not np.isfinite(high - low).all():
        return np.arange(len(query), dtype=np.int64)  # no grid spans it: every point may be near
    # A flat or long extent (far-flung coordinates) can still ask for more along one or two
    # sides than the volume says: coarser voxels until the grid itself fits.
    while float(np.prod(np.floor((high - low) / cell) + 1)) > _MOST_VOXELS:
        cell *= 2
    shape = np.floor((high - low) / cell).astype(np.int64) + 1
    grid = np.zeros(tuple(shape), bool)
    stride = (int(shape[1] * shape[2]), int(shape[2]), 1)
    first = [((box_low[:, k] - low[k]) / cell).astype(np.int64) for k in range(3)]  # a floor
    last = [((box_high[:, k] - low[k]) / cell).astype(np.int64) for k in range(3)]
    _mark_boxes(grid, first, last, stride)
    for _ in range(int(np.ceil(window / cell))):
        grid = _grown(grid)
    flat = np.zeros(len(query), np.int64)
    inside = np.ones(len(query), bool)
    for k in range(3):
        at = np.floor((query[:, k] - low[k]) / cell).astype(np.int64)
        inside &= (at >= 0) & (at < shape[k])
        at *= stride[k]
        flat += at
    hit = np.zeros(len(query), bool)
    hit[inside] = grid.reshape(-1)[flat[inside]]
    return np.flatnonzero(hit)


def _mark_boxes(
    grid: npt.NDArray[np.bool_],
    first: list[npt.NDArray[np.int64]],
    last: list[npt.NDArray[np.int64]],
    stride: tuple[int, int, int],
) -> None:
    """Set every voxel of the boxes first..last (inclusive, per axis), in flat whole-array
    writes. Most of a scan's triangle boxes span one or two voxels along each axis: their voxels
    are their eight corners (first or last along each axis), eight writes for all of them. The
    wider ones list each of their voxels (np.repeat); the rare much wider box is filled alone."""
    flat = grid.reshape(-1)  # a view: the grid is C-contiguous
    span = [last[k] - first[k] for k in range(3)]
    base = first[0] * stride[0] + first[1] * stride[1] + first[2]
    widest = np.maximum(np.maximum(span[0], span[1]), span[2])
    small = np.flatnonzero(widest <= 1)
    start = base[small]
    step = [span[k][small] * stride[k] for k in range(3)]
    for pick in range(8):
        at = start.copy()
        for axis in range(3):
            if pick >> axis & 1:
                at += step[axis]
        flat[at] = True
    wide = np.flatnonzero((widest > 1) & (widest <= _SPAN))
    size = [span[k][wide] + 1 for k in range(3)]
    count = size[0] * size[1] * size[2]
    owner = np.repeat(np.arange(len(wide)), count)
    local = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
    plane = (size[1] * size[2])[owner]
    row = size[2][owner]
    at = base[wide][owner] + (local // plane) * stride[0]
    at += ((local % plane) // row) * stride[1]
    at += local % row
    flat[at] = True
    for box in np.flatnonzero(widest > _SPAN).tolist():
        i0, j0, k0 = (int(first[k][box]) for k in range(3))
        i1, j1, k1 = (int(last[k][box]) for k in range(3))
        grid[i0 : i1 + 1, j0 : j1 + 1, k0 : k1 + 1] = True


def _grown(grid: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """The voxels and their 26 neighbours (one step along each axis in turn)."""
    for axis in range(3):
        grown = grid.copy()
        ahead = [slice(None)] * 3
        behind = [slice(None)] * 3
        ahead[axis], behind[axis] = slice(1, None), slice(None, -1)
        grown[tuple(ahead)] |= grid[tuple(behind)]
        grown[tuple(behind)] |= grid[tuple(ahead)]
        grid = grown
    return grid


def _lengths(v: F64) -> F64:
    """Row lengths (quicker than np.linalg.norm along a short axis)."""
    lengths: F64 = np.sqrt(np.einsum("ij,ij->i", v, v))
    return lengths


def _barycentric(corner: F64, point: F64) -> F64:
    v0 = corner[:, 1] - corner[:, 0]
    v1 = corner[:, 2] - corner[:, 0]
    v2 = point - corner[:, 0]
    d00 = np.einsum("ij,ij->i", v0, v0)
    d01 = np.einsum("ij,ij->i", v0, v1)
    d11 = np.einsum("ij,ij->i", v1, v1)
    d20 = np.einsum("ij,ij->i", v2, v0)
    d21 = np.einsum("ij,ij->i", v2, v1)
    denominator = d00 * d11 - d01 * d01
    safe = np.where(np.abs(denominator) > 1e-300, denominator, 1.0)
    w1 = (d11 * d20 - d01 * d21) / safe
    w2 = (d00 * d21 - d01 * d20) / safe
    return np.stack([1 - w1 - w2, w1, w2], axis=1)
