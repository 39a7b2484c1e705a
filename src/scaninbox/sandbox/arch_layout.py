"""Where the teeth of a synthetic dental arch stand: the arch curve and each tooth's slot on it.

The curve lies in the occlusal plane (canonical X/Y, see ``scaninbox.sandbox.axes``) and is walked
by arc length ``s`` from the patient's right distal end to the left distal end, in the order a
dentist reads a chart (18 … 11, 21 … 28 upper; 48 … 41, 31 … 38 lower). ``w`` is the sideways
offset from the curve: positive toward the cheek (buccal), negative toward the tongue.

Tooth sizes are textbook averages (mesio-distal and bucco-lingual crown widths, crown height) in
millimetres; the lower curve runs inside the upper one so that the upper teeth overlap the lower
ones on the cheek side, as in a normal bite.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

__all__ = ["ArchLayout", "ToothSlot", "ToothType", "arch_layout", "tooth_type"]

ToothType = Literal["incisor", "canine", "premolar", "molar"]
FloatArray = npt.NDArray[np.float64]

# Position from the midline (1 … 8) → (mesio-distal, bucco-lingual, crown height), millimetres.
_UPPER_SIZES_MM = {
    1: (8.6, 7.0, 9.5),
    2: (6.6, 6.2, 8.5),
    3: (7.6, 8.0, 9.5),
    4: (7.0, 9.0, 7.8),
    5: (6.6, 8.8, 7.2),
    6: (10.2, 11.0, 6.6),
    7: (9.2, 10.8, 6.2),
    8: (8.6, 10.2, 5.8),
}
_LOWER_SIZES_MM = {
    1: (5.2, 5.8, 8.6),
    2: (5.8, 6.1, 8.8),
    3: (7.0, 7.6, 9.8),
    4: (7.0, 7.8, 7.8),
    5: (7.1, 8.2, 7.4),
    6: (11.0, 10.4, 6.8),
    7: (10.4, 10.0, 6.4),
    8: (10.0, 9.6, 6.0),
}
_CONTACT_GAP_MM = 0.15
_DISTAL_MARGIN_MM = 4.0  # retromolar pad / tuberosity behind the last tooth
# Upper arch curve y = D (1 - |x/W|^p), centred so the dentition straddles the origin.
_CURVE_DEPTH_MM, _CURVE_HALF_WIDTH_MM, _CURVE_POWER = 40.0, 27.0, 3.0
_CURVE_SHIFT_Y_MM = -18.0
# The lower tooth row runs inside the upper one: a little at the molars (the upper buccal cusps
# overlap the lower ones) and more at the front (overjet: upper incisors in front of the lower).
_LOWER_INSET_MOLAR_MM, _LOWER_INSET_EXTRA_FRONT_MM, _FRONT_SPREAD_MM = 2.5, 4.0, 11.0


def tooth_type(fdi: int) -> ToothType:
    position = fdi % 10
    if position <= 2:
        return "incisor"
    if position == 3:
        return "canine"
    if position <= 5:
        return "premolar"
    return "molar"


@dataclass(frozen=True, slots=True)
class ToothSlot:
    """One tooth position on the arch (present or missing)."""

    fdi: int
    kind: ToothType
    center_s_mm: float
    width_mm: float
    depth_mm: float
    crown_height_mm: float


@dataclass(frozen=True, slots=True)
class ArchLayout:
    """The arch curve sampled densely by arc length, plus the tooth slots along it."""

    jaw: Literal["upper", "lower"]
    slots: tuple[ToothSlot, ...]
    length_mm: float
    _s: FloatArray
    _xy: FloatArray

    def frame(self, s_mm: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Points on the curve and unit buccal normals (both shape (n, 2)) at arc lengths."""
        x = np.interp(s_mm, self._s, self._xy[:, 0])
        y = np.interp(s_mm, self._s, self._xy[:, 1])
        step = 0.05
        dx = np.interp(s_mm + step, self._s, self._xy[:, 0]) - np.interp(
            s_mm - step, self._s, self._xy[:, 0]
        )
        dy = np.interp(s_mm + step, self._s, self._xy[:, 1]) - np.interp(
            s_mm - step, self._s, self._xy[:, 1]
        )
        norm = np.hypot(dx, dy)
        norm[norm == 0] = 1.0
        # Walking from the patient's right to left, the cheek side is to the walker's right.
        normal = np.stack([dy / norm, -dx / norm], axis=1)
        return np.stack([x, y], axis=1), normal


def arch_layout(jaw: Literal["upper", "lower"], *, third_molars: tuple[bool, bool]) -> ArchLayout:
    """The layout of a full permanent dentition; ``third_molars`` = (right, left) present."""
    sizes = _UPPER_SIZES_MM if jaw == "upper" else _LOWER_SIZES_MM
    right_quadrant, left_quadrant = (1, 2) if jaw == "upper" else (4, 3)
    right_last = 8 if third_molars[0] else 7
    left_last = 8 if third_molars[1] else 7
    order = [right_quadrant * 10 + p for p in range(right_last, 0, -1)] + [
        left_quadrant * 10 + p for p in range(1, left_last + 1)
    ]
    widths = np.array([sizes[f % 10][0] for f in order]) + _CONTACT_GAP_MM
    ends = _DISTAL_MARGIN_MM + np.cumsum(widths)
    centers = ends - widths / 2
    length = float(ends[-1] + _DISTAL_MARGIN_MM)
    slots = tuple(
        ToothSlot(
            fdi=f,
            kind=tooth_type(f),
            center_s_mm=float(c),
            width_mm=sizes[f % 10][0],
            depth_mm=sizes[f % 10][1],
            crown_height_mm=sizes[f % 10][2],
        )
        for f, c in zip(order, centers, strict=True)
    )
    # The midline (between the central incisors) sits at the curve's apex.
    midline_s = float(_DISTAL_MARGIN_MM + widths[: order.index(right_quadrant * 10 + 1) + 1].sum())
    s, xy = _curve(jaw, start_s=-midline_s, end_s=length - midline_s)
    return ArchLayout(jaw=jaw, slots=slots, length_mm=length, _s=s + midline_s, _xy=xy)


def _curve(jaw: str, *, start_s: float, end_s: float) -> tuple[FloatArray, FloatArray]:
    """The tooth-row curve sampled by arc length from ``start_s`` to ``end_s`` (0 = apex)."""
    x = np.linspace(-60.0, 60.0, 24001)[::-1]  # patient's right (+X) first
    y = _CURVE_DEPTH_MM * (1.0 - np.abs(x / _CURVE_HALF_WIDTH_MM) ** _CURVE_POWER)
    xy = np.stack([x, y + _CURVE_SHIFT_Y_MM], axis=1)
    if jaw == "lower":
        tangent = np.gradient(xy, axis=0)
        tangent /= np.linalg.norm(tangent, axis=1, keepdims=True)
        inward = np.stack([-tangent[:, 1], tangent[:, 0]], axis=1)
        inset = _LOWER_INSET_MOLAR_MM + _LOWER_INSET_EXTRA_FRONT_MM * np.exp(
            -((x / _FRONT_SPREAD_MM) ** 2)
        )
        xy = xy + inset[:, None] * inward
    s = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(xy, axis=0).T))])
    s -= np.interp(0.0, -xy[:, 0], s)  # arc length measured from the apex (x = 0)
    dense = np.arange(start_s, end_s + 0.25, 0.25)
    points = np.stack([np.interp(dense, s, xy[:, 0]), np.interp(dense, s, xy[:, 1])], axis=1)
    return dense, points
