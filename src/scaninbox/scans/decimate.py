"""A coarse copy of a mesh for drawing while the camera moves (the level of detail).

Vertex clustering: a regular grid is laid over the mesh, every point moves to the mean of the
points in its cell, and triangles that collapse (two corners in one cell) or repeat disappear.
It is pure numpy, needs no welding first (an STL soup clusters the same way) and is fast; the
shapes it makes are coarser than quadric decimation's, which does not matter while the view
moves and the full mesh returns the moment it stops.
"""

from __future__ import annotations

import numpy as np

from scaninbox.scans.mesh import Mesh
from scaninbox.scans.normals import face_normals, point_normals
from scaninbox.scans.validate import MAX_COORDINATE_MM

__all__ = ["decimate"]

# Cells along the longest side at most: the cluster keys (three cell numbers in one int64) then
# never overflow, whatever the extent against the triangles' size.
_MOST_CELLS = 1 << 20


def decimate(mesh: Mesh, fraction: float = 0.1) -> Mesh:
    """A mesh with about ``fraction`` of the triangles of ``mesh`` (0 < fraction ≤ 1)."""
    if not 0 < fraction <= 1:
        raise ValueError("fraction must be in (0, 1]")
    if fraction == 1 or mesh.n_faces < 64:
        return mesh
    # Over all coordinates at once: per axis of an (N, 3) array numpy is several times slower.
    lowest, highest = float(mesh.points.min()), float(mesh.points.max())
    if not max(-lowest, highest) <= MAX_COORDINATE_MM:
        # No jaw in millimetres (the readers refuse such files): its areas would overflow
        # float32, so it has no coarse copy.
        return mesh
    original_normals = face_normals(mesh.points, mesh.faces)
    areas = np.linalg.norm(original_normals, axis=1) / 2
    surface = float(areas.sum())
    # A surface of area A cut by cells of size h touches about A/h² cells; each kept point
    # carries about two triangles.
    target_points = max(8.0, fraction * mesh.n_faces / 2)
    cell = np.sqrt(surface / target_points) if surface > 0 else 1.0
    cell = max(float(cell), (highest - lowest) / _MOST_CELLS)  # no side spans more
    cluster, n_clusters = _clusters(mesh.points, cell)
    counts = np.bincount(cluster, minlength=n_clusters).astype(np.float64)
    points = np.empty((n_clusters, 3), np.float32)
    for axis in range(3):
        sums = np.bincount(cluster, weights=mesh.points[:, axis], minlength=n_clusters)
        points[:, axis] = sums / counts
    faces, source = _surviving_faces(cluster[mesh.faces], n_clusters)
    # A triangle whose corners moved across each other turns over; turn it back, or its dark
    # inside would show as specks (and spoil the smooth normals around it).
    turned = np.einsum("ij,ij->i", face_normals(points, faces), original_normals[source]) < 0
    faces[turned] = faces[turned][:, ::-1]
    colours = None
    if mesh.colours is not None:
        colours = np.empty((n_clusters, mesh.colours.shape[1]), np.uint8)
        for channel in range(mesh.colours.shape[1]):
            sums = np.bincount(cluster, weights=mesh.colours[:, channel], minlength=n_clusters)
            colours[:, channel] = np.clip(np.rint(sums / counts), 0, 255)
    used = np.zeros(n_clusters, bool)
    used[faces.ravel()] = True
    if not used.all():
        points, faces, colours = _compact(points, faces, colours, used)
    return Mesh(
        points,
        faces,
        colours=colours,
        normals=point_normals(points, faces),
        welded=True,
        name=mesh.name,
        source=mesh.source,
    )


def _clusters(points: np.ndarray, cell: float) -> tuple[np.ndarray, int]:
    """(cluster, count): each point's cluster as int32 — the triangles' corners are looked up
    in it, three per triangle, so half the width of int64 halves the LOD step's largest
    temporaries (it runs beside the scans on show: benchmarks/memory_case.py)."""
    low = points.min(axis=0)
    cells = np.floor((points - low) / np.float32(cell)).astype(np.int64)
    span = cells.max(axis=0) + 1
    key = (cells[:, 2] * span[1] + cells[:, 1]) * span[0] + cells[:, 0]
    del cells
    unique, inverse = np.unique(key, return_inverse=True)
    return inverse.reshape(-1).astype(np.int32), len(unique)


def _surviving_faces(corners: np.ndarray, n_clusters: int) -> tuple[np.ndarray, np.ndarray]:
    """(faces, source): triangles that did not collapse, each once, and the original
    triangle each one came from."""
    a, b, c = corners[:, 0], corners[:, 1], corners[:, 2]
    kept = np.flatnonzero((a != b) & (b != c) & (a != c))
    corners = corners[kept]
    ordered = np.sort(corners, axis=1).astype(np.int64)  # the key needs 64 bits
    key = (ordered[:, 0] * n_clusters + ordered[:, 1]) * n_clusters + ordered[:, 2]
    del ordered
    _, first = np.unique(key, return_index=True)
    first.sort()
    return np.ascontiguousarray(corners[first], dtype=np.int32), kept[first]


def _compact(
    points: np.ndarray, faces: np.ndarray, colours: np.ndarray | None, used: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    new_index = np.cumsum(used, dtype=np.int64) - 1
    faces = np.ascontiguousarray(new_index[faces], dtype=np.int32)
    points = np.ascontiguousarray(points[used])
    return points, faces, None if colours is None else np.ascontiguousarray(colours[used])
