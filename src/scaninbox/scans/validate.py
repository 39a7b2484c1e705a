"""Checks every reader runs before it hands out a mesh, so that bad input fails in plain words."""

from __future__ import annotations

import numpy as np

from scaninbox.scans.mesh import FloatArray, IndexArray, MeshError

__all__ = ["require_finite", "require_indices_in_range"]


def require_finite(points: FloatArray, name: str) -> None:
    """Reject NaN and infinite coordinates (min/max propagate both, without a boolean copy)."""
    if points.size and not (np.isfinite(points.min()) and np.isfinite(points.max())):
        bad = int(np.count_nonzero(~np.isfinite(points).all(axis=1)))
        raise MeshError(name, f"{bad:,} points have coordinates that are not finite numbers")


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
            f"a triangle refers to point {culprit:,} but the file has {n_points:,} points "
            f"(valid: 0 to {n_points - 1:,})",
        )
