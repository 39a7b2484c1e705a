"""Face and point normals in numpy, so that VTK never has to compute them on a large mesh.

Face normals are the cross products of two edges; their length is twice the triangle's area, so
summing them at the corners gives area-weighted smooth point normals without a separate weight.
The sums are three ``np.bincount`` calls (one per axis), the fastest scatter-add numpy has.
Streaming steps run in cache-sized blocks.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from scaninbox.scans.mesh import FloatArray, IndexArray
from scaninbox.scans.parallel import run_parts

__all__ = [
    "accumulate_normals",
    "face_normals",
    "point_normals",
    "soup_face_normals",
    "soup_point_normals",
    "unit_rows",
]

_BLOCK = 32768


def face_normals(points: FloatArray, faces: IndexArray) -> FloatArray:
    """Per-triangle normals (M, 3) float32, area-weighted (length = 2·area)."""
    out = np.empty((len(faces), 3), np.float32)
    for a in range(0, len(faces), _BLOCK):
        b = min(a + _BLOCK, len(faces))
        f = faces[a:b]
        _cross_into(
            points.take(f[:, 0], axis=0),
            points.take(f[:, 1], axis=0),
            points.take(f[:, 2], axis=0),
            out[a:b],
        )
    return out


def soup_face_normals(soup: FloatArray) -> FloatArray:
    """Area-weighted normals of a soup's triangles (corners 3i, 3i+1, 3i+2)."""
    corners = soup.reshape(-1, 9)
    out = np.empty((len(corners), 3), np.float32)

    def part(start: int, stop: int) -> None:
        for a in range(start, stop, _BLOCK):
            b = min(a + _BLOCK, stop)
            # One transposing copy per block, then every operation runs on contiguous rows.
            t = corners[a:b].T.copy()
            ux, uy, uz = t[3] - t[0], t[4] - t[1], t[5] - t[2]
            vx, vy, vz = t[6] - t[0], t[7] - t[1], t[8] - t[2]
            block = out[a:b]
            block[:, 0] = uy * vz - uz * vy
            block[:, 1] = uz * vx - ux * vz
            block[:, 2] = ux * vy - uy * vx

    run_parts(part, len(corners))
    return out


def point_normals(points: FloatArray, faces: IndexArray) -> FloatArray:
    """Smooth, area-weighted unit normals (N, 3) float32 of an indexed mesh."""
    weights = face_normals(points, faces)
    return accumulate_normals(weights, faces.reshape(-1), len(points))


def unit_rows(vectors: FloatArray) -> FloatArray:
    """Rows scaled to length 1 in place (zero rows stay zero); returns ``vectors``."""

    def part(start: int, stop: int) -> None:
        for a in range(start, stop, _BLOCK):
            v = vectors[a : min(a + _BLOCK, stop)]
            length = np.sqrt(np.einsum("ij,ij->i", v, v))
            length[length == 0] = 1
            v /= length[:, None]

    run_parts(part, len(vectors))
    return vectors


def accumulate_normals(
    face_weights: FloatArray, corner_point: npt.NDArray[np.integer], n_points: int
) -> FloatArray:
    """Unit point normals: every triangle's weight added to its three corners' points
    (``corner_point`` lists the point of each corner, three per triangle)."""

    def fill(axis: int, column: npt.NDArray[np.float64]) -> None:
        np.copyto(column, face_weights[:, axis])

    return _summed_at_points(fill, corner_point, n_points, len(face_weights))


def soup_point_normals(
    soup: FloatArray, corner_point: npt.NDArray[np.integer], n_points: int
) -> FloatArray:
    """`accumulate_normals` of `soup_face_normals` (of ``soup``), bit for bit, without holding the
    face weights: each axis's weights are computed from the soup straight into the column the
    sums read (the same float32 arithmetic), one axis at a time, so the weights of a large
    soup are not held beside its weld at the viewer's peak memory (benchmarks/README.md)."""
    corners = soup.reshape(-1, 9)
    # Face normal axis k is u_p·v_q − u_q·v_p, with (p, q) the two other axes in turn.
    others = ((1, 2), (2, 0), (0, 1))

    def fill(axis: int, column: npt.NDArray[np.float64]) -> None:
        p, q = others[axis]

        def part(start: int, stop: int) -> None:
            for a in range(start, stop, _BLOCK):
                c = corners[a : min(a + _BLOCK, stop)]
                u_p, u_q = c[:, 3 + p] - c[:, p], c[:, 3 + q] - c[:, q]
                v_p, v_q = c[:, 6 + p] - c[:, p], c[:, 6 + q] - c[:, q]
                column[a : a + len(c)] = u_p * v_q - u_q * v_p

        run_parts(part, len(corners))

    return _summed_at_points(fill, corner_point, n_points, len(corners))


def _summed_at_points(
    fill: Callable[[int, npt.NDArray[np.float64]], None],
    corner_point: npt.NDArray[np.integer],
    n_points: int,
    n_faces: int,
) -> FloatArray:
    """Unit point normals from the triangles' weights, ``fill(axis, column)`` writing one
    axis's weights (one per triangle) into ``column``.

    One axis at a time, one corner at a time: the corner's points as the intp indices
    bincount wants and the axis's weights in one float64 column (both reused), summed in
    float64 and stored as float32 before the next axis. A soup's weld calls this beside both
    arches' first look on screen, the viewer's peak memory (``benchmarks/memory_case.py``):
    the working memory is an index, a column and one axis's sums — rather than every corner's
    index with a weight repeated per corner (three times the memory), or the three axes side
    by side on threads, each with its own column and result (bincount holds the GIL, so those
    threads bought no time; the figures: benchmarks/README.md). The sums come out bit for bit
    the same either way (each axis adds the corners in the same order).
    """
    corners = corner_point.reshape(-1, 3)
    out = np.empty((n_points, 3), np.float32)
    column = np.empty(n_faces, np.float64)
    for axis in range(3):
        fill(axis, column)
        sums = np.zeros(n_points, np.float64)
        for corner in range(3):
            index = corners[:, corner].astype(np.intp)
            sums += np.bincount(index, weights=column, minlength=n_points)
            del index
        out[:, axis] = sums
        del sums
    return unit_rows(out)


def _cross_into(a: FloatArray, b: FloatArray, c: FloatArray, out: FloatArray) -> None:
    u = b - a
    v = c - a
    np.subtract(u[:, 1] * v[:, 2], u[:, 2] * v[:, 1], out=out[:, 0])
    np.subtract(u[:, 2] * v[:, 0], u[:, 0] * v[:, 2], out=out[:, 1])
    np.subtract(u[:, 0] * v[:, 1], u[:, 1] * v[:, 0], out=out[:, 2])
