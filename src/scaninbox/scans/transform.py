"""Placing a mesh in the canonical frame: ``orient(mesh, matrix)``."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from scaninbox.scans.mesh import Mesh

__all__ = ["orient", "times_matrix"]


def orient(mesh: Mesh, matrix: npt.ArrayLike) -> Mesh:
    """The mesh with every point (and normal) mapped by ``matrix`` (3×3, orthonormal).

    A mirroring matrix (determinant −1) would turn the triangles inside out; their corner order
    is reversed so that computed normals still point outward. Identity returns ``mesh`` itself.
    """
    m = np.asarray(matrix, np.float64)
    if m.shape != (3, 3):
        raise ValueError("the orientation matrix must be 3×3")
    if np.array_equal(m, np.eye(3)):
        return mesh
    points = times_matrix(mesh.points, m.T)
    normals = None if mesh.normals is None else times_matrix(mesh.normals, m.T)
    if np.linalg.det(m) >= 0:
        return mesh.replace(points=points, normals=normals)
    if mesh.welded:
        return mesh.replace(points=points, normals=normals, faces=mesh.faces[:, ::-1].copy())
    # A soup keeps its faces 3i, 3i+1, 3i+2; its corner points swap places instead.
    points = points.reshape(-1, 3, 3)[:, ::-1].reshape(-1, 3).copy()
    if normals is not None:
        normals = normals.reshape(-1, 3, 3)[:, ::-1].reshape(-1, 3).copy()
    colours = mesh.colours
    if colours is not None:
        colours = (
            colours.reshape(-1, 3, colours.shape[1])[:, ::-1].reshape(-1, colours.shape[1]).copy()
        )
    return mesh.replace(points=points, normals=normals, colours=colours)


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
