"""Checks every reader runs before it hands out a mesh, so that bad input fails in plain words.

Coordinates are refused when they are not finite, and when they are far beyond any jaw in
millimetres (`MAX_COORDINATE_MM`): a file whose points reach 1e30 is not a scan this program can
measure or draw, and every later step that sizes something from the extent (the orientation
estimate's footprint grid, the level of detail's clusters, QC's voxel prefilters) would only
overflow on it. Refused here, right after reading, such a file is one sentence like any other
unreadable file.
"""

from __future__ import annotations

import math

import numpy as np

from scaninbox.language import translate
from scaninbox.scans.mesh import FloatArray, IndexArray, Mesh, MeshError, count_text

__all__ = [
    "MAX_COORDINATE_MM",
    "require_finite",
    "require_indices_in_range",
    "require_scan_coordinates",
]

# A jaw is about 100 mm across and scanners export it near their origin; 100 m is a thousand
# times that, still far inside float32 (whose squares and cross products of such numbers stay
# finite) and where its steps are still below a hundredth of a millimetre.
MAX_COORDINATE_MM = 1e5


def require_finite(points: FloatArray, name: str) -> None:
    """Reject NaN and infinite coordinates, and coordinates beyond `MAX_COORDINATE_MM` (min/max
    propagate NaN and bound the rest, without a boolean copy)."""
    if not points.size:
        return
    low, high = float(points.min()), float(points.max())
    if not (math.isfinite(low) and math.isfinite(high)):
        bad = int(np.count_nonzero(~np.isfinite(points).all(axis=1)))
        raise MeshError(
            name,
            translate(
                "MeshError", "%n point(s) have coordinates that are not finite numbers", None, bad
            ),
        )
    _require_jaw_sized(low, high, name)


def require_scan_coordinates(mesh: Mesh) -> Mesh:
    """``mesh`` itself when its coordinates pass `require_finite` (for readers that check
    finiteness their own way); raises `MeshError` otherwise."""
    require_finite(mesh.points, mesh.name)
    return mesh


def require_indices_in_range(faces: IndexArray, n_points: int, name: str) -> None:
    """Every triangle corner must name an existing point."""
    if faces.size == 0:
        return
    low = int(faces.min())
    high = int(faces.max())
    if low < 0 or high >= n_points:
        culprit = low if low < 0 else high
        raise MeshError(
            name,
            translate(
                "MeshError",
                "a triangle refers to point {point} but the file has {count} points (valid: 0 "
                "to {last})",
            ).format(
                point=count_text(culprit),
                count=count_text(n_points),
                last=count_text(n_points - 1),
            ),
        )


def _require_jaw_sized(low: float, high: float, name: str) -> None:
    largest = max(abs(low), abs(high))
    if largest > MAX_COORDINATE_MM:
        raise MeshError(
            name,
            translate(
                "MeshError",
                "its coordinates are not in millimetres of a jaw: up to {magnitude} (a jaw is "
                "about 100 mm across)",
            ).format(magnitude=_magnitude(largest)),
        )


def _magnitude(value: float) -> str:
    """``1e30``, ``3.4e38``: the size of a number in a sentence, not numpy's ``1e+30``."""
    mantissa, _, exponent = f"{value:.1e}".partition("e")
    return f"{mantissa.removesuffix('.0')}e{int(exponent)}"
