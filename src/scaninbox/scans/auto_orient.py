"""Estimating a scan's orientation from its shape, for portals that send no ``axisMapping``.

An arch scan is a thin, mirror-symmetric horseshoe. From the triangles (area-weighted, so a
densely scanned tooth does not outweigh the gums):

1. *Occlusal plane*: the covariance's smallest axis is the occlusal normal (the arch is about
   60 × 75 mm wide but only 15–25 mm high).
2. *Which side the teeth are on*: two cues that do not depend on each other. A scan is an open
   surface whose triangles face the mouth's air, so its summed normals (the vector area) point
   to the occlusal side. And the heights along the normal are skewed toward the base: the crowns
   end in a thin layer of cusp tips, while the gums and the palate trail off toward the rim.
   The skew does not depend on the triangles' winding, so it decides when the two disagree.
3. *Anterior*: the arch is mirror-symmetric about the midsagittal plane, and the covariance of a
   mirror-symmetric shape has the symmetry axis as one of its axes: of the two in-plane axes, the
   one whose mirror image overlaps the footprint best (on a 1 mm grid, refined by a few degrees)
   runs front to back. The U is open behind: at the posterior end the footprint reaches far to
   both sides (the last molars), at the anterior end it is narrow (the incisors).
4. *Jaw*: upper teeth point down (−Z), lower teeth up; the caller knows the jaw (the file's
   role, else its name).

The result is a proper rotation (never a mirror). Scanners export in axis-aligned frames, so an
estimate within `SNAP_DEGREES` of one is snapped to it, and such a scan comes out exactly right —
with teeth missing too. Measured (``tests/unit/scans/test_auto_orient.py``), in random rotations
away from the axis-aligned frames: the real upper arch Example_01 and the sandbox's intact arches
within 3° on every axis; arches with teeth missing on one side within 7° (the gap tilts the
best-fitting plane). A frame turned less than `SNAP_DEGREES` from an axis-aligned one is taken
for it (off by up to that angle): scanners do not export such frames. A case's scans all get the one
matrix estimated from its first arch (`Orientation.settle`), so the jaws keep their bite.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scaninbox.scans.mesh import Mesh
from scaninbox.scans.transform import times_matrix

__all__ = ["SNAP_DEGREES", "Estimate", "estimate_orientation"]

Matrix = npt.NDArray[np.float64]

SNAP_DEGREES = 10.0  # above the estimate's error, even with teeth missing on one side (7°)
_MAX_TRIANGLES = 40_000  # a deterministic sample is plenty for the statistics below
_GRID_MM = 1.0
# Cells along a side of the footprint grid: 1 mm cells up to 256 mm from the centre (an arch
# reaches about 45), coarser beyond, so that no extent sizes an array past this.
_MOST_BINS = 512
_END_SHARE = 0.15  # the front and back slices of the footprint compared for width
_SKEW_DECIDES = 0.08  # below this the height skew is too weak to overrule the vector area
_MIN_SYMMETRY = 0.6  # IoU of the footprint and its mirror image
_MIN_WIDTH_RATIO = 1.25  # posterior over anterior width
_PROPER_ROTATIONS: list[Matrix] = []
for _perm in itertools.permutations(range(3)):
    for _signs in itertools.product((1.0, -1.0), repeat=3):
        _m = np.zeros((3, 3))
        _m[range(3), _perm] = _signs
        if np.linalg.det(_m) > 0:
            _PROPER_ROTATIONS.append(_m)


@dataclass(frozen=True, slots=True)
class Estimate:
    """``matrix`` (canonical = matrix @ source); ``confident`` is False when a cue was weak
    (the person should check the picture and turn it if needed)."""

    matrix: Matrix
    confident: bool


def estimate_orientation(mesh: Mesh, jaw: str) -> Estimate | None:
    """The rotation that puts ``mesh`` (an arch of ``jaw``: "lower" has its teeth up, any other
    is taken for an upper arch) in the canonical frame; None when the mesh has too little shape
    to tell (fewer than a few triangles, flat or a line)."""
    centres, vector_areas = _triangles(mesh)
    areas = np.linalg.norm(vector_areas, axis=1)
    total = float(areas.sum())
    if len(areas) < 16 or not math.isfinite(total) or total <= 0:
        return None
    weights = areas / total
    # Sums by einsum's own loops and products by `times_matrix`, not by ``@``: the BLAS's
    # spinning threads made these 40k-row products cost more CPU than the rest of the estimate.
    mean = np.einsum("i,ij->j", weights, centres)
    offsets = centres - mean
    values, vectors = np.linalg.eigh(np.einsum("i,ij,ik->jk", weights, offsets, offsets))
    if values[1] <= 1e-9 * max(values[2], 1e-30):
        return None  # a line or a point: no plane
    normal = vectors[:, 0]

    heights = times_matrix(offsets, normal[:, None])[:, 0]
    spread = math.sqrt(float(np.einsum("i,i->", weights, heights**2))) or 1.0
    skew = float(np.einsum("i,i->", weights, heights**3)) / spread**3
    facing = float(vector_areas.sum(axis=0) @ normal) / total
    by_skew, by_facing = -math.copysign(1.0, skew), math.copysign(1.0, facing)
    sign = by_skew if abs(skew) >= _SKEW_DECIDES else by_facing
    occlusal = sign * normal
    agree = by_skew == by_facing

    anterior, symmetry, width_ratio = _anterior(offsets, weights, occlusal, vectors[:, 1:])
    superior = occlusal if jaw == "lower" else -occlusal
    anterior = anterior - (anterior @ superior) * superior
    anterior /= np.linalg.norm(anterior)
    right = np.cross(anterior, superior)
    matrix = np.stack([right, anterior, superior])
    confident = agree and symmetry >= _MIN_SYMMETRY and width_ratio >= _MIN_WIDTH_RATIO
    return Estimate(_snapped(matrix), confident)


def _triangles(mesh: Mesh) -> tuple[Matrix, Matrix]:
    """Centres and vector areas (normal × area) of up to `_MAX_TRIANGLES` triangles."""
    faces = mesh.faces
    if len(faces) > _MAX_TRIANGLES:
        faces = faces[_spread_sample(len(faces), _MAX_TRIANGLES)]
    a, b, c = (mesh.points[faces[:, k]].astype(np.float64) for k in range(3))
    keep = np.isfinite(a).all(axis=1) & np.isfinite(b).all(axis=1) & np.isfinite(c).all(axis=1)
    a, b, c = a[keep], b[keep], c[keep]
    return (a + b + c) / 3, np.cross(b - a, c - a) / 2


def _anterior(
    offsets: Matrix, weights: npt.NDArray[np.float64], occlusal: Matrix, in_plane: Matrix
) -> tuple[Matrix, float, float]:
    """The anterior direction in the occlusal plane, the footprint's mirror overlap, and how
    much wider the posterior end is than the anterior one."""
    first, second = in_plane[:, 0], np.cross(occlusal, in_plane[:, 0])
    flat = times_matrix(offsets, np.stack([first, second], axis=1))
    reach = float(np.abs(flat).max()) + _GRID_MM
    best = (-1.0, 0.0)
    for start in (0.0, 90.0):  # the two in-plane axes of the covariance
        for degrees in np.arange(start - 8.0, start + 8.5, 1.0):
            overlap = _mirror_overlap(flat, weights, math.radians(degrees), reach)
            if overlap > best[0]:
                best = (overlap, math.radians(degrees))
    symmetry, angle = best
    axis = np.array([math.cos(angle), math.sin(angle)])
    along, across = _turned(flat, axis)
    low, high = _quantiles(along, (0.01, 0.99))
    span = max(float(high - low), 1e-9)
    low_end = np.abs(across[along < low + _END_SHARE * span])
    high_end = np.abs(across[along > high - _END_SHARE * span])
    if not len(low_end) or not len(high_end):
        return axis[0] * first + axis[1] * second, symmetry, 1.0
    low_width, high_width = (float(_quantiles(e, (0.9,))[0]) for e in (low_end, high_end))
    forward = axis if high_width < low_width else -axis  # the narrow end is the front
    ratio = max(low_width, high_width) / max(min(low_width, high_width), 1e-9)
    return forward[0] * first + forward[1] * second, symmetry, ratio


def _mirror_overlap(
    flat: Matrix, weights: npt.NDArray[np.float64], angle: float, reach: float
) -> float:
    """Intersection over union of the footprint and its mirror image across the line through
    the centre at ``angle`` (grid cells, so the point density does not matter)."""
    along, across = _turned(flat, np.array([math.cos(angle), math.sin(angle)]))
    bins = int(min(max(8.0, 2 * reach / _GRID_MM), _MOST_BINS))
    # The cells the triangles fall in, computed directly: np.histogram2d binary-searches every
    # coordinate in its edges and took most of the estimate. Triangles without area fill no
    # cell, and those beyond ``reach`` (a corner of the turned square) are left out, as there.
    scale = bins / (2 * reach)
    row = np.floor((along + reach) * scale).astype(np.intp)
    column = np.floor((across + reach) * scale).astype(np.intp)
    inside = (weights > 0) & (row >= 0) & (row < bins) & (column >= 0) & (column < bins)
    filled = np.zeros((bins, bins), bool)
    filled[row[inside], column[inside]] = True
    mirrored = filled[:, ::-1]
    union = int(np.count_nonzero(filled | mirrored))
    return int(np.count_nonzero(filled & mirrored)) / union if union else 0.0


def _spread_sample(count: int, size: int) -> npt.NDArray[np.intp]:
    """``size`` distinct indices below ``count``, spread like a random sample, sorted.

    Not an even stride: exporters write a surface in strips and patches, and a stride can fall in
    step with them (it tilted the estimate by several degrees on a sandbox export). Not numpy.random
    either: shuffling the whole index costs more than the estimate, and importing it a noticeable
    part of a render command. Steps of the golden ratio of ``count`` (made coprime with it, so no
    index repeats) land evenly without following any period of the file's order.
    """
    step = max(1, round(count * 0.6180339887498949))
    while math.gcd(step, count) != 1:
        step += 1
    return np.sort(np.arange(size, dtype=np.int64) * step % count).astype(np.intp)


def _turned(flat: Matrix, axis: Matrix) -> tuple[Matrix, Matrix]:
    """Coordinates of the in-plane points ``flat`` along ``axis`` and across it."""
    turned = times_matrix(flat, np.array([[axis[0], -axis[1]], [axis[1], axis[0]]]))
    return turned[:, 0], turned[:, 1]


def _quantiles(values: npt.NDArray[np.float64], shares: tuple[float, ...]) -> list[float]:
    """np.percentile's default (linear) quantiles, without the import of numpy.ma that
    np.percentile makes on its first call (a noticeable part of a render command)."""
    ordered = np.sort(values)
    result = []
    for share in shares:
        at = share * (len(ordered) - 1)
        low = math.floor(at)
        high = min(low + 1, len(ordered) - 1)
        result.append(float(ordered[low] + (ordered[high] - ordered[low]) * (at - low)))
    return result


def _snapped(matrix: Matrix) -> Matrix:
    """The nearest axis-aligned rotation when it is within `SNAP_DEGREES`, else ``matrix``."""
    best = min(_PROPER_ROTATIONS, key=lambda r: _angle_between(matrix, r))
    return best.copy() if _angle_between(matrix, best) <= SNAP_DEGREES else matrix


def _angle_between(a: Matrix, b: Matrix) -> float:
    cosine = (float(np.trace(a @ b.T)) - 1.0) / 2.0
    return math.degrees(math.acos(max(-1.0, min(1.0, cosine))))
