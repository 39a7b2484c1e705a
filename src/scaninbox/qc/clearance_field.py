"""Per-point distance fields for the colour maps: occlusal clearance and tooth reduction.

- **Clearance** (`clearance_field`): for every point of a jaw, the signed closest-point distance
  to its antagonist's *triangles* — positive in the air between the arches, negative where the
  jaw lies inside the antagonist (bite-through). It answers QC's first question: is there room
  for the restoration's material over the prepared tooth?
- **Reduction** (`reduction_field`): for every point of the preparation scan, how far it lies
  behind the scan of the same jaw taken before the preparation — the thickness of tooth that
  was removed there (positive; about zero where nothing was touched, negative where the
  preparation scan lies in front, e.g. a moved gingiva). It is measured from the preparation
  scan's points, so that the map lies on the scan the restoration is made on; the closest-point
  distance between the two surfaces is the same gap seen from the other side.

Both use `scaninbox.qc.distance.Surface` (VTK's static cell locator, pseudo-normals for the
side) exactly as `scaninbox.qc.occlusion` does — the two scans of a case are in one frame (the
scanner's), so the values hold in any frame both are turned into with one matrix, which is how
the viewer shows them. The query is bounded: only points within ``cap_mm`` of the other surface
are asked (a voxel prefilter rules out the rest at numpy speed); the others get NaN ("beyond"),
which no colour map needs to tell apart. Everything here is CPU work for a worker thread.

The worst case (every point of an arch within reach of the antagonist) takes seconds, so the
points asked are asked in chunks of `CHUNK_POINTS` and ``progress(fraction)`` is told after
each: the viewer shows "Measuring… 40 %". A chunk is a plain slice of the same queries, so
chunking changes no value; it costs the prefilter once more per chunk, little against the
queries themselves (benchmarks/README.md, clearance_map.py).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from scaninbox.qc.distance import Surface
from scaninbox.qc.topology import unique_edges
from scaninbox.scans import Mesh, weld_points

__all__ = [
    "CAP_MM",
    "CHUNK_POINTS",
    "UNCHANGED_MM",
    "Progress",
    "clearance_field",
    "reduction_field",
    "surface_of_mesh",
]

CAP_MM = 3.0  # farther than this no clearance or reduction question needs an answer
UNCHANGED_MM = 0.01  # a preparation point this near a point of the scan before: nothing removed

_MOST_CELLS = 1 << 20  # cells along a side of `_on_points`' grid: its int64 keys stay exact

CHUNK_POINTS = 20_000  # points asked between two progress reports: the bar moves often enough

F32 = npt.NDArray[np.float32]
Progress = Callable[[float], None]  # the share of the points asked so far, 0 … 1


def surface_of_mesh(mesh: Mesh) -> Surface:
    """``mesh`` ready for closest-point queries (welded first when it is a soup: the side of a
    point needs the triangles around an edge or a corner, which a soup does not share)."""
    if mesh.welded:
        points, faces = mesh.points, mesh.faces
    else:
        points, inverse = weld_points(np.ascontiguousarray(mesh.points))
        faces = np.ascontiguousarray(inverse[mesh.faces], np.int32)
    points = np.ascontiguousarray(points, np.float32)
    return Surface(points, faces, unique_edges(faces, len(points)))


def clearance_field(
    points: npt.NDArray[np.floating],
    antagonist: Surface,
    *,
    cap_mm: float = CAP_MM,
    progress: Progress | None = None,
) -> F32:
    """Signed distance (mm) of each of ``points`` to the ``antagonist``'s triangles: negative
    inside it (bite-through); NaN farther than ``cap_mm``. ``progress`` is told how far the
    measuring has come (see the module's docstring).

    The antagonist's front is the side that faces the points (as in `check_occlusion`): an arch
    whose triangles are wound inside out is read the right way round."""
    query = np.asarray(points, np.float64)
    flip = not antagonist.faces_toward(query.mean(axis=0)) if len(query) else False
    return _signed(query, antagonist, cap_mm, flip=flip, progress=progress)


def reduction_field(
    preparation: npt.NDArray[np.floating],
    before: Surface,
    *,
    cap_mm: float = CAP_MM,
    progress: Progress | None = None,
) -> F32:
    """Removed thickness (mm) at each point of the ``preparation`` scan: how far it lies behind
    the ``before`` (pre-preparation) surface; NaN farther than ``cap_mm``. ``progress`` as for
    `clearance_field`.

    The two scans are of the same jaw, so their centres coincide and "which side faces the
    other" cannot decide the front. An arch is an open shell: its rim (the cut through the
    gingiva) lies on the base side, and the outward (air-side) triangles add up to a vector
    area pointing from the rim toward the teeth — a scan wound inside out is read the other
    way round."""
    query = np.asarray(preparation, np.float64)
    flip = not _wound_outward(before)
    removed = np.zeros(len(query), np.float32)
    # Most of a preparation scan is the untouched rest of the arch, whose points the scanner
    # often keeps from the scan before: those are within `UNCHANGED_MM` of a point of it, so
    # within that of its surface — nothing was removed there, and nothing needs asking.
    asked = np.flatnonzero(~_on_points(query, before.points, UNCHANGED_MM))
    removed[asked] = -_signed(query[asked], before, cap_mm, flip=flip, progress=progress)
    return removed


def _on_points(
    query: npt.NDArray[np.float64], points: npt.NDArray[np.float64], tolerance: float
) -> npt.NDArray[np.bool_]:
    """Which query points lie within ``tolerance`` of one of ``points`` — found through a grid
    of ``tolerance``-sized cells, looking in the query's own cell only (a point just across a
    cell wall is missed, which only means it is asked the long way)."""
    if not len(points) or not len(query):
        return np.zeros(len(query), bool)
    low = np.minimum(points.min(axis=0), query.min(axis=0))
    high = np.maximum(points.max(axis=0), query.max(axis=0))
    if not float((high - low).max()) / tolerance < _MOST_CELLS:
        # Three cell numbers this large would overflow the int64 key: every point is asked
        # the long way (what this shortcut only saves).
        return np.zeros(len(query), bool)
    cells = np.floor((points - low) / tolerance).astype(np.int64)
    span = int(max(cells.max(), np.floor((query - low) / tolerance).max())) + 2
    keys = (cells[:, 0] * span + cells[:, 1]) * span + cells[:, 2]
    keys, first = np.unique(keys, return_index=True)
    q = np.floor((query - low) / tolerance).astype(np.int64)
    wanted = (q[:, 0] * span + q[:, 1]) * span + q[:, 2]
    slot = np.clip(np.searchsorted(keys, wanted), 0, len(keys) - 1)
    same_cell = keys[slot] == wanted
    gap = np.linalg.norm(points[first[slot]] - query, axis=1)
    near: npt.NDArray[np.bool_] = same_cell & (gap <= tolerance)
    return near


def _wound_outward(surface: Surface) -> bool:
    """Whether the shell's triangles face away from its inside (True when it cannot tell: a
    closed surface, a flat patch)."""
    edges = unique_edges(surface.faces, len(surface.points))
    rim = edges.uses == 1
    if not rim.any():
        return True
    rim_points = np.unique(np.concatenate([edges.a[rim], edges.b[rim]]))
    used = np.unique(surface.faces)  # points no triangle uses say nothing about the shell
    towards = surface.points[used].mean(axis=0) - surface.points[rim_points].mean(axis=0)
    size = float(np.linalg.norm(surface.vector_area))
    if size < 0.2 * surface.area or float(np.linalg.norm(towards)) < 1e-6:
        return True
    return float(np.dot(surface.vector_area, towards)) >= 0


def _signed(
    query: npt.NDArray[np.float64],
    surface: Surface,
    cap_mm: float,
    *,
    flip: bool,
    progress: Progress | None = None,
) -> F32:
    values = np.full(len(query), np.nan, np.float32)
    if not len(query) or not len(surface.faces):
        if progress is not None:
            progress(1.0)
        return values
    asked = surface.candidates(query, cap_mm)  # the voxel prefilter, once for all chunks
    for start in range(0, max(1, len(asked)), CHUNK_POINTS):
        chunk = asked[start : start + CHUNK_POINTS]
        if len(chunk):
            found = surface.distances(query, cap_mm, flip=flip, among=chunk)
            values[found.index] = found.signed
        if progress is not None:
            progress(min(1.0, (start + len(chunk)) / max(1, len(asked))))
    return values
