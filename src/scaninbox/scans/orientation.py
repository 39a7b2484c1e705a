"""How a portal's scans are turned into our canonical frame: the one resolver every front-end uses.

Canonical frame (the viewer's, the renderer's, QC's): +X is the patient's right, +Y anterior
(toward the incisors), +Z superior; upper-jaw teeth point to −Z, lower-jaw teeth to +Z.

`resolve_orientation` takes the portal's ``axisMapping`` (and the person's `Turn` for that
portal) and returns an `Orientation`: the matrix and the note to show beside the scans. The
viewer, ``scaninbox render --case`` and ``scaninbox render FILE --axis-mapping`` all call it.

The mapping's format is left open by the service spec. Ours: three signed source axes giving
canonical X, Y and Z in turn. ``x,z,-y`` means canonical X is source x, canonical Y is source z,
and canonical Z is −(source y). Spellings people write are accepted: ``x,z,-y``, ``X Z -Y``,
``xz-y``, ``+x,+z,-y``, ``x, z, -y``. A 3×3 matrix in JSON is accepted too; its rows are the
canonical axes in source coordinates (``[[1,0,0],[0,0,1],[0,-1,0]]`` equals ``x,z,-y``), so that
``canonical = matrix @ source``.

A portal whose mapping is missing or unreadable is oriented from the scans' shape
(`scaninbox.scans.auto_orient`): the orientation then says ``pending`` until `settle` is given a
scan of the case, and its note says that it was estimated. A person who finds a portal's scans
upside down or back to front turns them (`Turn`, remembered per portal by the front-ends);
mirroring is never offered — a mirrored scan swaps the patient's left and right. Like the rest
of `scaninbox.scans`, this imports nothing else of ours: jaws are their names ("upper",
"lower", …; `scaninbox.domain.Jaw` is a str) and a turn is anything with the two flags.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import numpy.typing as npt

from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.scans.auto_orient import estimate_orientation
from scaninbox.scans.mesh import Mesh

__all__ = [
    "AxisMappingError",
    "HalfTurns",
    "Orientation",
    "describe_turn",
    "format_axis_mapping",
    "parse_axis_mapping",
    "resolve_orientation",
]

Matrix = npt.NDArray[np.float64]

_TOLERANCE = 1e-6
_AXES = "xyz"
_SIGNED_AXIS = re.compile(r"\s*([+-]?)\s*([xyz])\s*,?")
_SHOWN_MAPPING_CHARS = 40
_REFERENCE_ORDER = {"upper": 0, "lower": 1, "bite": 3}  # any other jaw ("none"): 2
_ESTIMATED = QT_TRANSLATE_NOOP("Orientation", "orientation estimated from the scan")
_UNCERTAIN = QT_TRANSLATE_NOOP(
    "Orientation", "orientation estimated from the scan, uncertain: check it"
)
_AS_EXPORTED = QT_TRANSLATE_NOOP(
    "Orientation", "shown as exported (its shape gives no orientation)"
)


class AxisMappingError(ValueError):
    """The text is not an axis mapping; the message says why in plain words."""


class HalfTurns(Protocol):
    """A person's turn of a portal's scans (``scaninbox.domain.Turn``): half turns only.

    ``upside_down``: 180° about the front-to-back axis; ``back_to_front``: 180° about the
    vertical axis. Both are rotations, never a mirror.
    """

    @property
    def upside_down(self) -> bool: ...

    @property
    def back_to_front(self) -> bool: ...


def describe_turn(turn: HalfTurns | None) -> str:
    """ "turned upside down", "turned back to front", both, or "" for none."""
    if turn is None:
        return ""
    if turn.upside_down and turn.back_to_front:
        return translate("Orientation", "turned upside down and back to front")
    if turn.upside_down:
        return translate("Orientation", "turned upside down")
    if turn.back_to_front:
        return translate("Orientation", "turned back to front")
    return ""


@dataclass(frozen=True, slots=True)
class Orientation:
    """The matrix to apply to a portal's scans (canonical = matrix @ source) and a note for the
    person looking at them (None when the portal's own mapping is used as it is).

    ``pending``: there is no usable mapping, so the matrix is still to be estimated from a
    scan of the case (`settle`); until then ``matrix`` is the person's turn alone.
    """

    matrix: Matrix = field(default_factory=lambda: np.eye(3))
    note: str | None = None
    pending: bool = False
    _why: str = field(default="", repr=False)  # the note's parts, for `settle` to reword
    _turned: str = field(default="", repr=False)

    @property
    def is_identity(self) -> bool:
        return bool(np.array_equal(self.matrix, np.eye(3)))

    def settle(self, scans: Sequence[tuple[Mesh, str]]) -> Orientation:
        """The orientation of a case whose scans are ``scans`` (mesh, jaw — "upper", "lower",
        "bite", anything else for unknown — as known from the file's role or name), estimated
        from one of them when pending: an upper arch when there is one, else a lower one, else
        whatever there is. All scans of a case share the one matrix, so the jaws keep their
        bite. Not pending: itself."""
        if not self.pending or not scans:
            return self
        mesh, jaw = reference_scan(scans)
        estimate = estimate_orientation(mesh, jaw)
        if estimate is None:
            note = _note(self._why, translate("Orientation", _AS_EXPORTED), "")
            return Orientation(self.matrix, note)
        how = translate("Orientation", _ESTIMATED if estimate.confident else _UNCERTAIN)
        return Orientation(self.matrix @ estimate.matrix, _note(self._why, how, self._turned))


def reference_scan(scans: Sequence[tuple[Mesh, str]]) -> tuple[Mesh, str]:
    """The scan an orientation is estimated from: upper, lower, unknown jaw, then bite."""
    return min(scans, key=lambda scan: _REFERENCE_ORDER.get(str(scan[1]), 2))


def parse_axis_mapping(text: str) -> Matrix:
    """The 3×3 matrix of an axis mapping written as text or as a JSON matrix."""
    stripped = text.strip()
    if not stripped:
        raise AxisMappingError(translate("AxisMapping", "it is empty"))
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


def resolve_orientation(
    mapping: str | None, *, portal: str | None = None, turn: HalfTurns | None = None
) -> Orientation:
    """The orientation of ``portal``'s scans from its ``mapping`` and the person's ``turn``.

    A readable mapping gives its matrix (no note, unless turned); a missing or unreadable one
    gives a pending orientation (estimated from the scans by `Orientation.settle`) with a note
    naming the portal and saying why.
    """
    name = portal.strip() if portal and portal.strip() else translate("Orientation", "this portal")
    said = describe_turn(turn)
    turned = (
        translate("Orientation", "{turn} as chosen for {portal}").format(turn=said, portal=name)
        if said
        else ""
    )
    estimated = translate("Orientation", _ESTIMATED)
    if mapping is None or not mapping.strip():
        why = translate("Orientation", "No axis mapping for {portal}").format(portal=name)
        return Orientation(_turn_matrix(turn), _note(why, estimated, turned), True, why, turned)
    try:
        matrix = parse_axis_mapping(mapping)
    except AxisMappingError as exc:
        shown = mapping.strip()
        if len(shown) > _SHOWN_MAPPING_CHARS:
            shown = shown[: _SHOWN_MAPPING_CHARS - 1] + "…"
        why = translate(
            "Orientation", "The axis mapping of {portal} ({mapping}) is not understood: {reason}"
        ).format(portal=name, mapping=repr(shown), reason=exc)
        return Orientation(_turn_matrix(turn), _note(why, estimated, turned), True, why, turned)
    return Orientation(_turn_matrix(turn) @ matrix, turned[:1].upper() + turned[1:] or None)


def _note(why: str, how: str, turned: str) -> str:
    """ "No axis mapping for iTero — orientation estimated from the scan; turned …"."""
    return f"{why} — {how}" + (f"; {turned}" if turned else "")


def _parse_axes(text: str) -> Matrix:
    lowered = text.lower()
    matrix = np.zeros((3, 3))
    position = 0
    row = 0
    while position < len(lowered):
        match = _SIGNED_AXIS.match(lowered, position)
        if match is None or match.end() == position:
            rest = text[position:].strip()
            raise AxisMappingError(
                translate("AxisMapping", "{text} is not a signed axis such as x or -z").format(
                    text=repr(rest[:12])
                )
            )
        if row == 3:
            raise AxisMappingError(translate("AxisMapping", "it names more than three axes"))
        sign, axis = match.groups()
        matrix[row, _AXES.index(axis)] = -1.0 if sign == "-" else 1.0
        row += 1
        position = match.end()
    if row != 3:
        raise AxisMappingError(
            translate(
                "AxisMapping", "it names {count} axes; three are needed, for X, Y and Z"
            ).format(count=row)
        )
    used = np.flatnonzero(np.abs(matrix).sum(axis=0) == 0)
    if len(used):
        twice = [a for i, a in enumerate(_AXES) if np.abs(matrix[:, i]).sum() > 1]
        raise AxisMappingError(
            translate("AxisMapping", "the axis {axis} is used twice").format(axis=twice[0])
        )
    return matrix


def _parse_matrix(text: str) -> Matrix:
    try:
        rows = json.loads(text)
        matrix = np.array(rows, dtype=np.float64)
    except (ValueError, TypeError):
        raise AxisMappingError(
            translate("AxisMapping", "it is not a 3×3 matrix of numbers")
        ) from None
    if matrix.shape != (3, 3) or not np.isfinite(matrix).all():
        raise AxisMappingError(translate("AxisMapping", "it is not a 3×3 matrix of numbers"))
    if not np.allclose(matrix @ matrix.T, np.eye(3), rtol=0, atol=_TOLERANCE):
        raise AxisMappingError(
            translate("AxisMapping", "the matrix is not a rotation (its rows are not orthonormal)")
        )
    return matrix


def _turn_matrix(turn: HalfTurns | None) -> Matrix:
    """The rotation of a person's turn: 180° about Y (upside down), about Z (back to front)."""
    x = y = z = 1.0
    if turn is not None and turn.upside_down:
        x, z = -x, -z
    if turn is not None and turn.back_to_front:
        x, y = -x, -y
    return np.diag([x, y, z])
