"""Mesh topology in whole-array numpy: unique edges, connected pieces, boundary loops.

Edges are keyed ``low·2³² + high``, sorted and counted; connected pieces
come from a union–find done in rounds (every edge hooks the larger root under the smaller one,
then pointer jumping flattens the trees), which needs a handful of rounds on a scan rather than
one Python step per vertex.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["Edges", "Loops", "boundary_loops", "components", "unique_edges"]

IntArray = npt.NDArray[np.int64]


class Edges:
    """Every distinct edge once: its two points (``a`` < ``b``) and how many triangles use it."""

    def __init__(self, keys: IntArray, uses: IntArray) -> None:
        self.a = keys >> _HIGH
        self.b = keys & _LOW
        self.uses = uses


# An edge's key: its lower point in the high 32 bits, the other in the low ones (so keys sort by
# (a, b), and a shift and a mask take them apart again, where a division by the point count costs
# several times more).
_HIGH = 32
_LOW = (1 << _HIGH) - 1


def unique_edges(faces: npt.NDArray[np.int32], n_points: int) -> Edges:
    """The distinct edges of ``faces`` (which index ``n_points`` points), sorted by (a, b)."""
    # Each triangle side's key, written straight into one array from the face columns (min and
    # max on the int32 columns, widened only for the shift): half the time of gathering the
    # sides into pairs first. The keys of a real scan arrive nearly grouped, so the sort is quick.
    keys = np.empty((3, len(faces)), np.int64)
    for row, (i, j) in enumerate(((0, 1), (1, 2), (2, 0))):
        a, b = faces[:, i], faces[:, j]
        np.left_shift(np.minimum(a, b), _HIGH, out=keys[row], dtype=np.int64)
        keys[row] |= np.maximum(a, b)
    ordered = keys.reshape(-1)
    ordered.sort()
    fresh = np.empty(len(ordered), bool)
    fresh[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=fresh[1:])
    starts = np.flatnonzero(fresh)
    uses = np.diff(starts, append=len(ordered))
    return Edges(ordered[starts], uses)


def components(n: int, a: IntArray, b: IntArray) -> IntArray:
    """For nodes 0..n-1 joined by edges a–b, each node's label: the smallest node of its piece."""
    parent = np.arange(n, dtype=np.int64)
    a = a.astype(np.int64, copy=False)
    b = b.astype(np.int64, copy=False)
    first = True  # every node is its own root: the first round needs no look-up
    while len(a):
        if first:
            pa, pb, first = a, b, False
        else:
            pa, pb = parent[a], parent[b]
            open_ = pa != pb
            if not open_.any():
                break
            a, b, pa, pb = a[open_], b[open_], pa[open_], pb[open_]
        np.minimum.at(parent, np.maximum(pa, pb), np.minimum(pa, pb))
        while True:  # pointer jumping: every node straight to its root
            grand = parent[parent]
            if np.array_equal(grand, parent):
                break
            parent = grand
    return parent


@dataclass(frozen=True, slots=True)
class Loops:
    """Boundary loops: per loop its perimeter, edge count, the mean of its points, and for each
    boundary edge its loop. ``edge_ids`` index `Edges`."""

    perimeter: npt.NDArray[np.float64]
    edge_count: IntArray
    centre: npt.NDArray[np.float64]
    edge_ids: IntArray
    loop_of_edge: IntArray

    def __len__(self) -> int:
        return len(self.perimeter)


def boundary_loops(points: npt.NDArray[np.float32], edges: Edges, edge_ids: IntArray) -> Loops:
    """Group the boundary edges ``edge_ids`` into loops (edges joined at shared points)."""
    a, b = edges.a[edge_ids], edges.b[edge_ids]
    nodes, local = np.unique(np.concatenate([a, b]), return_inverse=True)
    la, lb = local[: len(a)], local[len(a) :]
    label = components(len(nodes), la, lb)
    roots, node_loop = np.unique(label, return_inverse=True)
    loop_of_edge = node_loop[la]
    p = points.astype(np.float64)
    ends = p[a] - p[b]
    lengths = np.sqrt(np.einsum("ij,ij->i", ends, ends))
    count = len(roots)
    perimeter = np.bincount(loop_of_edge, lengths, minlength=count).astype(np.float64)
    edge_count = np.bincount(loop_of_edge, minlength=count).astype(np.int64)
    members = np.bincount(node_loop, minlength=count)
    centre = (
        np.stack([np.bincount(node_loop, p[nodes, k], minlength=count) for k in range(3)], axis=1)
        / members[:, None]
    )
    return Loops(perimeter, edge_count, centre, edge_ids, loop_of_edge)
