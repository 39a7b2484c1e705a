"""The canonical scan frame and the portals' axis conventions (``axisMapping``).

Canonical frame (what a client shows after orienting a scan), millimetres:

- +X toward the patient's right, +Y anterior (toward the incisors), +Z superior;
- upper-jaw teeth point to -Z (occlusal surfaces face down), lower-jaw teeth to +Z;
- upper and lower arches sit in occlusion around the plane z = 0 (upper above lower), the
  dentition roughly centred on the origin, the arch open toward -Y.

``axisMapping`` format: three comma-separated signed source axes that give canonical X, Y and Z,
in that order. ``x,z,-y`` means canonical X = source x, canonical Y = source z and canonical
Z = -(source y). Every portal of the sandbox uses a proper rotation (determinant +1), and each
exports its files in its own source frame: file coordinates are the inverse transform of the
canonical mesh, so applying the mapping to a file restores the canonical frame.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["mapping_matrix", "to_portal_frame"]

_AXES = {"x": 0, "y": 1, "z": 2}


def mapping_matrix(mapping: str) -> npt.NDArray[np.float64]:
    """The 3×3 matrix M with canonical = M @ source, for a mapping such as ``"x,z,-y"``."""
    parts = [p.strip().lower() for p in mapping.split(",")]
    if len(parts) != 3:
        raise ValueError(f"axis mapping {mapping!r} does not name three axes")
    matrix = np.zeros((3, 3))
    for row, part in enumerate(parts):
        sign = -1.0 if part.startswith("-") else 1.0
        axis = part.lstrip("+-")
        if axis not in _AXES:
            raise ValueError(f"axis mapping {mapping!r}: {part!r} is not an axis")
        matrix[row, _AXES[axis]] = sign
    if round(float(np.linalg.det(matrix))) != 1:
        raise ValueError(f"axis mapping {mapping!r} is not a proper rotation")
    return matrix


def to_portal_frame(vertices: npt.NDArray[np.float32], mapping: str) -> npt.NDArray[np.float32]:
    """Canonical vertices (n, 3) expressed in the portal's source frame (M⁻¹ = Mᵀ)."""
    matrix = mapping_matrix(mapping).astype(np.float32)
    # Row vectors: source = Mᵀ canonical  ⇔  source_row = canonical_row @ M.
    return np.ascontiguousarray(vertices @ matrix, dtype=np.float32)
