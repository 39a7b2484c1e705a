"""Placing a mesh in the canonical frame: ``orient(mesh, matrix)``."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from scaninbox.scans.mesh import Mesh

__all__ = ["orient", "times_matrix"]


def orient(mesh: Mesh, matrix: npt.ArrayLike, *, in_place: bool = False) -> Mesh:
    """The mesh with every point (and normal) mapped by ``matrix`` (3×3, orthonormal).

    A mirroring matrix (determinant −1) would turn the triangles inside out; their corner order
    is reversed so that computed normals still point outward. Identity returns ``mesh`` itself.

    ``in_place``: the caller gives ``mesh`` up (nothing else reads its arrays any more), so its
    writeable arrays are turned where they are, a block at a time, instead of copied — the
    viewer's loader turns every scan as it is read, both arches at once, and a copy of a large
    soup's points would be held twice at that moment (benchmarks/README.md). Read-only arrays
    (a soup's shared faces, arrays over a file's bytes) are copied as usual. The result is bit
    for bit the one without ``in_place``.
    """
    m = np.asarray(matrix, np.float64)
    if m.shape != (3, 3):
        raise ValueError("the orientation matrix must be 3×3")
    if np.array_equal(m, np.eye(3)):
        return mesh
    points = _times(mesh.points, m.T, in_place)
    normals = None if mesh.normals is None else _times(mesh.normals, m.T, in_place)
    if np.linalg.det(m) >= 0:
        return mesh.replace(points=points, normals=normals)
    if mesh.welded:
        return mesh.replace(points=points, normals=normals, faces=_reversed(mesh.faces, in_place))
    # A soup keeps its faces 3i, 3i+1, 3i+2; its corner points swap places instead.
    points = _reversed(points.reshape(-1, 3, 3), True).reshape(-1, 3)
    if normals is not None:
        normals = _reversed(normals.reshape(-1, 3, 3), True).reshape(-1, 3)
    colours = mesh.colours
    if colours is not None:
        width = colours.shape[1]
        colours = _reversed(colours.reshape(-1, 3, width), in_place).reshape(-1, width)
    return mesh.replace(points=points, normals=normals, colours=colours)


_BLOCK = 32768  # rows turned at a time in place: the temporaries stay in the CPU cache


def _times(rows: np.ndarray, matrix: np.ndarray, in_place: bool) -> np.ndarray:
    """``rows @ matrix``, written over ``rows`` when ``in_place`` and it may be written."""
    if not (in_place and rows.flags.writeable):
        return times_matrix(rows, matrix)
    for a in range(0, len(rows), _BLOCK):
        rows[a : a + _BLOCK] = times_matrix(rows[a : a + _BLOCK], matrix)
    return rows


def _reversed(groups: np.ndarray, in_place: bool) -> np.ndarray:
    """``groups`` (K, 3, …) with the order of its second axis reversed (a copy unless
    ``in_place`` and it may be written)."""
    if not (in_place and groups.flags.writeable):
        return groups[:, ::-1].copy()
    for a in range(0, len(groups), _BLOCK):
        block = groups[a : a + _BLOCK]
        first = block[:, 0].copy()
        block[:, 0] = block[:, 2]
        block[:, 2] = first
    return groups


def times_matrix(rows: npt.NDArray[np.floating], matrix: npt.ArrayLike) -> np.ndarray:
    """``rows @ matrix`` for many short rows (N×k times k×m, k and m ≤ 4), in ``rows``' dtype.

    Written out as m·k scaled-column additions: numpy hands ``@`` to the BLAS, whose threads
    spin while they wait, and for such skinny products that cost many times the CPU of this way
    (benchmarks/README.md).
    """
    m = np.asarray(matrix, np.float64)
    out = np.empty((rows.shape[0], m.shape[1]), rows.dtype)
    for j in range(m.shape[1]):
        column = out[:, j]
        np.multiply(rows[:, 0], rows.dtype.type(m[0, j]), out=column)
        for i in range(1, m.shape[0]):
            column += rows[:, i] * rows.dtype.type(m[i, j])
    return out
