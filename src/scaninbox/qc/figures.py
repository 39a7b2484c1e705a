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

**Two faces of a number.** `mm_text` and `number_text` write the decimal point: they word the
findings' kept English messages, which are part of the JSON and never change with the language.
What a person reads (`shown_mm`, `shown_number`, `figures_words`, `clearance_summary`) takes the
same rounded value in the person's language: words translated, ``0,41 mm`` in German.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from scaninbox import language
from scaninbox.domain import format_date, jaw_label
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qc.thresholds import material_word

__all__ = [
    "KEPT_DIGITS",
    "clearance_summary",
    "figures_words",
    "kept",
    "mm_text",
    "number_text",
    "shown_mm",
    "shown_number",
]

KEPT_DIGITS = 3  # micrometres: what a finding keeps of a length in mm

# Figure name → (words, unit, digits shown). The unit is in the name: _mm, _mm2, _deg.
_WORDS: dict[str, str] = {
    "perimeter_mm": QT_TRANSLATE_NOOP("Figures", "perimeter"),
    "area_mm2": QT_TRANSLATE_NOOP("Figures", "area"),
    "depth_mm": QT_TRANSLATE_NOOP("Figures", "depth"),
    "min_mm": QT_TRANSLATE_NOOP("Figures", "smallest distance"),
    "needed_mm": QT_TRANSLATE_NOOP("Figures", "needed"),
    "gap_mm": QT_TRANSLATE_NOOP("Figures", "gap"),
    "angle_deg": QT_TRANSLATE_NOOP("Figures", "angle"),
    "distance_mm": QT_TRANSLATE_NOOP("Figures", "distance"),
    "tooth": QT_TRANSLATE_NOOP("Figures", "tooth"),
    "teeth": QT_TRANSLATE_NOOP("Figures", "teeth"),
    "material": QT_TRANSLATE_NOOP("Figures", "material"),
    "cusps": QT_TRANSLATE_NOOP("Figures", "over"),  # room for the material: which cusps
    "side": QT_TRANSLATE_NOOP("Figures", "side"),
    "delivery_date": QT_TRANSLATE_NOOP("Figures", "delivery"),
    "case": QT_TRANSLATE_NOOP("Figures", "case"),
    "against": QT_TRANSLATE_NOOP("Figures", "against"),
    "edges": QT_TRANSLATE_NOOP("Figures", "edges"),
    "count": QT_TRANSLATE_NOOP("Figures", "count"),
    "triangles": QT_TRANSLATE_NOOP("Figures", "triangles"),
    "fraction": QT_TRANSLATE_NOOP("Figures", "share"),
    "axis": QT_TRANSLATE_NOOP("Figures", "axis"),
    "places": QT_TRANSLATE_NOOP("Figures", "places"),
    "length_mm": QT_TRANSLATE_NOOP("Figures", "length"),
    "method": QT_TRANSLATE_NOOP("Figures", "method"),
    "width_difference_mm": QT_TRANSLATE_NOOP("Figures", "width difference"),
    "overjet_mm": QT_TRANSLATE_NOOP("Figures", "overjet"),
    "palate_on_lower": QT_TRANSLATE_NOOP("Figures", "palate on lower"),
    "upper_file": QT_TRANSLATE_NOOP("Figures", "upper file"),
    "lower_file": QT_TRANSLATE_NOOP("Figures", "lower file"),
    "open_side": QT_TRANSLATE_NOOP("Figures", "open side"),
    "tooth_estimated": QT_TRANSLATE_NOOP("Figures", "tooth estimated"),
    "confidence": QT_TRANSLATE_NOOP("Figures", "confidence"),
    "closed": QT_TRANSLATE_NOOP("Figures", "closed all round"),
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


def shown_number(value: float, digits: int = 2) -> str:
    """`number_text`'s value as the person reads it (German ``0,41``)."""
    return language.current().number_text(float(_decimal(kept(value), digits)), digits)


def shown_mm(value: float, digits: int = 2) -> str:
    """`mm_text`'s value as the person reads it (German ``0,41 mm``)."""
    return translate("Figures", "{value} mm").format(value=shown_number(value, digits))


def clearance_summary(least_mm: float | None, cap_mm: float) -> str:
    """The line under a clearance map's legend (viewer and report alike): its smallest
    clearance, or its deepest bite-through, as the finding of the pair says it."""
    if least_mm is None:
        return translate("Figures", "More than {cap} from the antagonist everywhere.").format(
            cap=shown_mm(cap_mm, 0)
        )
    if kept(least_mm) < 0:
        return translate("Figures", "Bite-through up to {depth}.").format(depth=shown_mm(-least_mm))
    return translate("Figures", "Smallest clearance {gap}.").format(gap=shown_mm(least_mm))


def figures_words(figures: Mapping[str, object]) -> str:
    """A finding's figures in plain words, in their order: "area 8.0 mm², depth 0.41 mm" (in
    the person's language: "Fläche 8,0 mm², Tiefe 0,41 mm")."""
    parts = []
    for name, value in figures.items():
        if name in _HIDDEN:
            continue
        words = translate("Figures", _WORDS[name]) if name in _WORDS else _words_of(name)
        if isinstance(value, bool):
            if name == "at_margin":
                parts.append(
                    translate("Figures", "at the margin")
                    if value
                    else translate("Figures", "away from the margins")
                )
            else:
                answer = translate("Figures", "yes") if value else translate("Figures", "no")
                parts.append(f"{words}: {answer}")
        elif isinstance(value, int | float) and name.endswith("_mm2"):
            parts.append(f"{words} {shown_number(float(value), 1)} mm²")
        elif isinstance(value, int | float) and name.endswith("_mm"):
            parts.append(f"{words} {shown_mm(float(value))}")
        elif isinstance(value, int | float) and name.endswith("_deg"):
            parts.append(f"{words} {shown_number(float(value), 1)}°")
        elif isinstance(value, list | tuple):
            shown = [_list_number(v) for v in value]
            parts.append(f"{words} {'; '.join(shown) if _comma() else ', '.join(shown)}")
        elif isinstance(value, str):
            parts.append(f"{words} {_value_words(name, value)}")
        else:
            parts.append(f"{words} {value}")
    return ", ".join(parts)


def _list_number(value: object) -> str:
    """A number of a list figure (an axis) with the digits it has, in the person's language."""
    if not isinstance(value, float) or "e" in repr(value):
        return str(value)
    digits = len(repr(value).partition(".")[2])
    return language.current().number_text(value, digits)


def _comma() -> bool:
    """The language writes a decimal comma (a list of numbers is then split by semicolons)."""
    return "," in language.current().number_text(0.5, 1)


def _value_words(name: str, value: str) -> str:
    """A figure's text value in the person's language where it is one of ours (English: as
    the JSON holds it, or its words in `_VALUE_WORDS`)."""
    fixed = _VALUE_WORDS.get((name, value))
    if fixed is not None:
        return translate("Figures", fixed[0], fixed[1])
    if language.current().code == "en":
        return value
    if name in {"against", "jaw"}:
        return jaw_label(value)
    if name == "material":
        return material_word(value)
    return _day_words(value) if name == "delivery_date" else value


def _day_words(value: str) -> str:
    try:
        return format_date(date.fromisoformat(value))
    except ValueError:
        return value


# Text values of figures, as the JSON holds them → (source text, disambiguation) to translate.
_VALUE_WORDS: dict[tuple[str, str], tuple[str, str | None]] = {
    ("side", "left"): (QT_TRANSLATE_NOOP("Figures", "left"), None),
    ("side", "right"): (QT_TRANSLATE_NOOP("Figures", "right"), None),
    ("open_side", "left"): (QT_TRANSLATE_NOOP("Figures", "left"), None),
    ("open_side", "right"): (QT_TRANSLATE_NOOP("Figures", "right"), None),
    ("method", "estimated from the shape"): (
        QT_TRANSLATE_NOOP("Figures", "estimated from the shape"),
        None,
    ),
    ("method", "pre-preparation scan"): (
        QT_TRANSLATE_NOOP("Figures", "pre-preparation scan"),
        None,
    ),
    ("cusps", "functional"): (QT_TRANSLATE_NOOP("Figures", "functional cusps"), None),
    ("cusps", "non-functional"): (QT_TRANSLATE_NOOP("Figures", "non-functional cusps"), None),
    ("cusps", "all"): (QT_TRANSLATE_NOOP("Figures", "the whole tooth"), None),
}


def _words_of(name: str) -> str:
    for suffix in ("_mm2", "_mm", "_deg"):
        name = name.removesuffix(suffix)
    return name.replace("_", " ")


def _decimal(value: float, digits: int) -> Decimal:
    # Through repr: the shortest decimal that reads back as the float, so 0.405 is 0.405, not
    # the binary 0.40499999… that ``round`` and ``:.2f`` see.
    return Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP)
