"""A portal's ``axisMapping``: how its scans' axes relate to our canonical frame.

Canonical frame (the viewer's, the renderer's, QC's): +X is the patient's right, +Y anterior
(toward the incisors), +Z superior; upper-jaw teeth point to −Z, lower-jaw teeth to +Z.

The service spec leaves the format open. Ours: three signed source axes giving canonical X, Y and
Z in turn. ``x,z,-y`` means canonical X is source x, canonical Y is source z, and canonical Z is
−(source y). Spellings people write are accepted: ``x,z,-y``, ``X Z -Y``, ``xz-y``,
``+x,+z,-y``, ``x, z, -y``. A 3×3 matrix in JSON is accepted too; its rows are the canonical
axes in source coordinates (``[[1,0,0],[0,0,1],[0,-1,0]]`` equals ``x,z,-y``), so that
``canonical = matrix @ source``. A portal whose mapping is missing or unreadable is shown as
exported, with a note saying so.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

__all__ = [
    "AxisMappingError",
    "Orientation",
    "format_axis_mapping",
    "parse_axis_mapping",
    "resolve_orientation",
]

Matrix = npt.NDArray[np.float64]

_TOLERANCE = 1e-6
_AXES = "xyz"
_SIGNED_AXIS = re.compile(r"\s*([+-]?)\s*([xyz])\s*,?")


class AxisMappingError(ValueError):
    """The text is not an axis mapping; the message says why in plain words."""


@dataclass(frozen=True, slots=True)
class Orientation:
    """The matrix to apply to a portal's scans (canonical = matrix @ source) and, when it is
    not the portal's own mapping, a note for the person looking at the scan."""

    matrix: Matrix = field(default_factory=lambda: np.eye(3))
    note: str | None = None

    @property
    def is_identity(self) -> bool:
        return bool(np.array_equal(self.matrix, np.eye(3)))


def parse_axis_mapping(text: str) -> Matrix:
    """The 3×3 matrix of an axis mapping written as text or as a JSON matrix."""
    stripped = text.strip()
    if not stripped:
        raise AxisMappingError("it is empty")
    if stripped.startswith("["):
        return _parse_matrix(stripped)
    return _parse_axes(stripped)


def format_axis_mapping(matrix: Matrix) -> str:
    """The text form (``x,z,-y``) of a signed axis permutation; JSON for any other rotation."""
    rows = []
    for row in np.asarray(matrix, np.float64):
        column = int(np.argmax(np.abs(row)))
        if not (np.count_nonzero(row) == 1 and abs(row[column]) == 1):
            return json.dumps(np.asarray(matrix).tolist())
        rows.append(("-" if row[column] < 0 else "") + _AXES[column])
    return ",".join(rows)


def resolve_orientation(text: str | None) -> Orientation:
    """The orientation for a portal's mapping; identity with a note when there is none."""
    if text is None or not text.strip():
        return Orientation(np.eye(3), "No axis mapping for this portal — shown as exported")
    try:
        return Orientation(parse_axis_mapping(text))
    except AxisMappingError as exc:
        shown = text.strip()
        shown = shown if len(shown) <= 40 else shown[:37] + "…"
        return Orientation(
            np.eye(3), f"Axis mapping {shown!r} not understood ({exc}) — shown as exported"
        )


def _parse_axes(text: str) -> Matrix:
    lowered = text.lower()
    matrix = np.zeros((3, 3))
    position = 0
    row = 0
    while position < len(lowered):
        match = _SIGNED_AXIS.match(lowered, position)
        if match is None or match.end() == position:
            rest = text[position:].strip()
            raise AxisMappingError(f"{rest[:12]!r} is not a signed axis such as x or -z")
        if row == 3:
            raise AxisMappingError("it names more than three axes")
        sign, axis = match.groups()
        matrix[row, _AXES.index(axis)] = -1.0 if sign == "-" else 1.0
        row += 1
        position = match.end()
    if row != 3:
        raise AxisMappingError(f"it names {row} axes; three are needed, for X, Y and Z")
    used = np.flatnonzero(np.abs(matrix).sum(axis=0) == 0)
    if len(used):
        twice = [a for i, a in enumerate(_AXES) if np.abs(matrix[:, i]).sum() > 1]
        raise AxisMappingError(f"the axis {twice[0]} is used twice")
    return matrix


def _parse_matrix(text: str) -> Matrix:
    try:
        rows = json.loads(text)
        matrix = np.array(rows, dtype=np.float64)
    except (ValueError, TypeError):
        raise AxisMappingError("it is not a 3×3 matrix of numbers") from None
    if matrix.shape != (3, 3) or not np.isfinite(matrix).all():
        raise AxisMappingError("it is not a 3×3 matrix of numbers")
    if not np.allclose(matrix @ matrix.T, np.eye(3), rtol=0, atol=_TOLERANCE):
        raise AxisMappingError("the matrix is not a rotation (its rows are not orthonormal)")
    return matrix
