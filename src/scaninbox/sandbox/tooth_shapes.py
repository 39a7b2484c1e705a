"""Height fields of single teeth: natural crowns by tooth type and the shapes a dentist leaves.

Every function takes local crown coordinates ``a`` (along the arch, -1 … 1 across the crown's
mesio-distal width) and ``b`` (-1 lingual … +1 buccal across its bucco-lingual depth) and returns
the height in millimetres above the crown's margin; outside the footprint the value drops below
zero so the gingiva (taken as the maximum of both surfaces) hides it.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
import numpy.typing as npt

from scaninbox.sandbox.arch_layout import ToothType

__all__ = ["Treatment", "tooth_height_mm"]

FloatArray = npt.NDArray[np.float64]
Treatment = Literal["natural", "stump", "abutment", "inlay", "veneer"]

_BELOW_MM = -1000.0  # outside a footprint: far under the gingiva


def tooth_height_mm(
    kind: ToothType, treatment: Treatment, a: FloatArray, b: FloatArray, crown_height_mm: float
) -> FloatArray:
    if treatment == "stump":
        return _stump(kind, a, b)
    if treatment == "abutment":
        return _abutment(a, b)
    height = _natural(kind, a, b, crown_height_mm)
    if treatment == "inlay":
        # An occlusal box cavity with rounded floor, about 2 mm deep.
        box = np.maximum(np.abs(a) / 0.38, np.abs(b) / 0.3)
        height = height - 2.0 * np.clip(1.25 - box, 0.0, 0.25) / 0.25
    elif treatment == "veneer":
        # Labial face reduced by 0.7 mm and the incisal edge shortened by 1 mm.
        labial = np.clip((b - 0.1) / 0.4, 0.0, 1.0)
        height = height - 0.7 * labial * (height > 0) - 1.0 * (height > crown_height_mm - 1.0)
    return height


def _superellipse_radius(a: FloatArray, b: FloatArray, power: float) -> FloatArray:
    return np.asarray((np.abs(a) ** power + np.abs(b) ** power) ** (1.0 / power))


def _bump(a: FloatArray, b: FloatArray, a0: float, b0: float, spread: float) -> FloatArray:
    return np.asarray(np.exp(-((a - a0) ** 2 + (b - b0) ** 2) / spread))


def _natural(kind: ToothType, a: FloatArray, b: FloatArray, crown_mm: float) -> FloatArray:
    if kind == "incisor":
        along = np.clip(1.0 - np.abs(a) ** 5, 0.0, None) ** 0.3
        across = np.clip(1.0 - np.abs(b) ** 1.3, 0.0, None) ** 0.45
        shape = along * across
        inside = (np.abs(a) < 1.0) & (np.abs(b) < 1.0)
    elif kind == "canine":
        r = _superellipse_radius(a, b, 2.0)
        shape = np.clip(1.0 - r**2.5, 0.0, None) ** 0.4 * (1.0 - 0.22 * np.minimum(r, 1.0) ** 0.8)
        inside = r < 1.0
    else:
        power = 2.3 if kind == "premolar" else 2.7
        r = _superellipse_radius(a, b, power)
        body = np.clip(1.0 - r**4, 0.0, None) ** 0.45 * 0.78
        top = np.clip((1.0 - r) / 0.35, 0.0, 1.0)
        if kind == "premolar":
            cusps = 0.24 * _bump(a, b, 0.0, 0.45, 0.1) + 0.16 * _bump(a, b, 0.0, -0.45, 0.1)
            groove = -0.06 * np.exp(-(b**2) / 0.02)
        else:
            cusps = np.zeros_like(r)
            for a0, b0 in ((-0.42, -0.4), (-0.42, 0.4), (0.42, -0.4), (0.42, 0.4)):
                cusps += (0.2 if b0 > 0 else 0.17) * _bump(a, b, a0, b0, 0.085)
            groove = -0.08 * (np.exp(-(b**2) / 0.015) + np.exp(-(a**2) / 0.015)) * 0.5
        shape = body + top * (cusps + groove)
        inside = r < 1.0
    return np.where(inside, crown_mm * shape, _BELOW_MM)


def _stump(kind: ToothType, a: FloatArray, b: FloatArray) -> FloatArray:
    """A crown preparation: domed occlusal reduction, tapered walls, concave chamfer margin."""
    stump_mm = {"incisor": 6.0, "canine": 6.2, "premolar": 5.0, "molar": 4.4}[kind]
    chamfer_mm = 0.8
    # A slightly boxier footprint for molars; incisors get a thinner stump.
    r = _superellipse_radius(a, b * (1.25 if kind == "incisor" else 1.0), 2.4)
    top_r, wall_r, margin_r = 0.5, 0.74, 0.9
    top = stump_mm - 0.4 * (r / top_r) ** 2
    wall = (stump_mm - 0.4) + (chamfer_mm - stump_mm + 0.4) * (r - top_r) / (wall_r - top_r)
    t = np.clip((r - wall_r) / (margin_r - wall_r), 0.0, 1.0)
    chamfer = chamfer_mm * (1.0 - np.sqrt(np.clip(1.0 - (1.0 - t) ** 2, 0.0, None)))
    root = -(r - margin_r) * 30.0
    return np.select([r <= top_r, r <= wall_r, r <= margin_r], [top, wall, chamfer], root)


def _abutment(a: FloatArray, b: FloatArray) -> FloatArray:
    """A stock implant abutment: a narrow cylinder, rounded top edge, a flat on one side."""
    r = _superellipse_radius(a, b, 2.0)
    height_mm, radius = 6.0, 0.45
    top = height_mm - 0.8 * np.clip((r - radius + 0.12) / 0.12, 0.0, 1.0) ** 2
    flat = np.where(b > 0.33, -1.2, 0.0)  # anti-rotation flat on the buccal side
    return np.where(r <= radius, top + flat, -(r - radius) * 40.0)
