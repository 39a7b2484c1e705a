"""How a finding's figures read, everywhere: one rounding rule and plain words for each figure.

**One rounding rule** (`mm_text`): a measurement is kept to the micrometre (3 decimals, as the
JSON holds it) and shown to the hundredth of a millimetre from that kept value, half away from
zero. The finding's message, its figures in the QC tab and the report, the map legend and the
report's map captions all go through it, so one distance never reads 0.40 mm in one place and
0.41 mm in another (float32 maps and float64 findings of the same point agree to the
micrometre; rounding twice — to the micrometre, then binary-float ``:.2f`` — did not).

**Plain words** (`figures_words`): ``area_mm2 8.046`` reads "area 8.0 mm²", ``at_margin true``
"at the margin", ``angle_deg`` "12.3°"… A figure this module does not know reads as its name in
words with its value, never as a raw key.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal

__all__ = [
    "KEPT_DIGITS",
    "clearance_summary",
    "figures_words",
    "kept",
    "mm_text",
    "number_text",
]

KEPT_DIGITS = 3  # micrometres: what a finding keeps of a length in mm

# Figure name → (words, unit, digits shown). The unit is in the name: _mm, _mm2, _deg.
_WORDS: dict[str, str] = {
    "perimeter_mm": "perimeter",
    "area_mm2": "area",
    "depth_mm": "depth",
    "min_mm": "smallest distance",
    "needed_mm": "needed",
    "gap_mm": "gap",
    "angle_deg": "angle",
    "distance_mm": "distance",
    "tooth": "tooth",
    "teeth": "teeth",
    "material": "material",
    "side": "side",
    "delivery_date": "delivery",
    "case": "case",
    "against": "against",
    "edges": "edges",
    "count": "count",
    "triangles": "triangles",
    "fraction": "share",
    "confidence": "confidence",
    "closed": "closed all round",
}
_HIDDEN = frozenset({"file", "jaw"})  # the row already says which scan


def kept(value: float, digits: int = KEPT_DIGITS) -> float:
    """``value`` as a finding keeps it (rounded half away from zero to ``digits`` decimals)."""
    return float(_decimal(value, digits))


def number_text(value: float, digits: int = 2) -> str:
    """``value`` shown to ``digits`` decimals from its kept (micrometre) value, half away from
    zero — the one rounding rule."""
    return str(_decimal(kept(value), digits))


def mm_text(value: float, digits: int = 2) -> str:
    """A length in mm as it reads everywhere: ``0.4049`` → "0.40 mm", ``0.4045`` → "0.41 mm"."""
    return f"{number_text(value, digits)} mm"


def clearance_summary(least_mm: float | None, cap_mm: float) -> str:
    """The line under a clearance map's legend (viewer and report alike): its smallest
    clearance, or its deepest bite-through, as the finding of the pair says it."""
    if least_mm is None:
        return f"More than {cap_mm:.0f} mm from the antagonist everywhere."
    if kept(least_mm) < 0:
        return f"Bite-through up to {mm_text(-least_mm)}."
    return f"Smallest clearance {mm_text(least_mm)}."


def figures_words(figures: Mapping[str, object]) -> str:
    """A finding's figures in plain words, in their order: "area 8.0 mm², depth 0.41 mm"."""
    parts = []
    for name, value in figures.items():
        if name in _HIDDEN:
            continue
        words = _WORDS.get(name) or _words_of(name)
        if isinstance(value, bool):
            if name == "at_margin":
                parts.append("at the margin" if value else "away from the margins")
            else:
                parts.append(f"{words}: {'yes' if value else 'no'}")
        elif isinstance(value, int | float) and name.endswith("_mm2"):
            parts.append(f"{words} {number_text(float(value), 1)} mm²")
        elif isinstance(value, int | float) and name.endswith("_mm"):
            parts.append(f"{words} {mm_text(float(value))}")
        elif isinstance(value, int | float) and name.endswith("_deg"):
            parts.append(f"{words} {number_text(float(value), 1)}°")
        elif isinstance(value, list | tuple):
            parts.append(f"{words} {', '.join(str(v) for v in value)}")
        else:
            parts.append(f"{words} {value}")
    return ", ".join(parts)


def _words_of(name: str) -> str:
    for suffix in ("_mm2", "_mm", "_deg"):
        name = name.removesuffix(suffix)
    return name.replace("_", " ")


def _decimal(value: float, digits: int) -> Decimal:
    # Through repr: the shortest decimal that reads back as the float, so 0.405 is 0.405, not
    # the binary 0.40499999… that ``round`` and ``:.2f`` see.
    return Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP)
