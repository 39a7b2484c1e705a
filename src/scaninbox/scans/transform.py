"""Placing a mesh in the canonical frame: ``orient(mesh, matrix)``."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from scaninbox.scans.mesh import Mesh

__all__ = ["orient"]


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
    m32 = m.T.astype(np.float32)
    points = np.ascontiguousarray(mesh.points @ m32)
    normals = None if mesh.normals is None else np.ascontiguousarray(mesh.normals @ m32)
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
