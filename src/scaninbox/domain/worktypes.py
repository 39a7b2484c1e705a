"""Short, readable summaries of a case's work, for the inbox table and the command line."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from scaninbox import language
from scaninbox.domain.case import Worktype
from scaninbox.domain.fdi import format_teeth, parse_fdi, sort_teeth, span
from scaninbox.domain.vocabulary import vocabulary_label
from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "UNSPECIFIED_WORK",
    "case_teeth",
    "shown_work_summary",
    "teeth_text",
    "unit_count",
    "work_summary",
    "worktype_teeth",
]

# A worktype that names neither its restoration type nor its category (English, as the store
# keeps it in its derived summary; `work_summary` shows it translated).
UNSPECIFIED_WORK = QT_TRANSLATE_NOOP("Worktypes", "Unspecified work")


def worktype_teeth(worktype: Worktype) -> list[int]:
    """Every tooth a worktype involves: its own FDI, its units' and its from–to span."""
    teeth: set[int] = set()
    own = parse_fdi(worktype.fdi)
    if own is not None:
        teeth.add(own)
    for unit in worktype.units:
        tooth = parse_fdi(unit.fdi)
        if tooth is not None:
            teeth.add(tooth)
    first, last = parse_fdi(worktype.from_tooth), parse_fdi(worktype.to_tooth)
    if first is not None and last is not None:
        teeth.update(span(first, last))
    elif first is not None or last is not None:
        teeth.update(t for t in (first, last) if t is not None)
    return sort_teeth(teeth)


def case_teeth(worktypes: Iterable[Worktype]) -> list[int]:
    teeth: set[int] = set()
    for worktype in worktypes:
        teeth.update(worktype_teeth(worktype))
    return sort_teeth(teeth)


def unit_count(worktype: Worktype) -> int:
    """How many units a technician would count: listed units, else teeth, else one."""
    if worktype.units:
        return len(worktype.units)
    teeth = worktype_teeth(worktype)
    return max(1, len(teeth))


def work_summary(worktypes: Iterable[Worktype]) -> str:
    """``Crown ×2 · Zirconia, Bridge ×3 · PMMA``: restoration type, count and material, in the
    person's language (``Krone ×2 · Zirkon``) — for display; the store keeps its own English.

    Worktypes with the same restoration type and material are counted together, in the order in
    which they first appear.
    """
    groups: dict[tuple[str, str], int] = {}
    for worktype in worktypes:
        kind = (
            _label(worktype.restoration_type)
            or _label(worktype.category)
            or translate("Worktypes", UNSPECIFIED_WORK)
        )
        material = _label(worktype.material) or _label(_first_unit_material(worktype)) or ""
        key = (kind, material)
        groups[key] = groups.get(key, 0) + unit_count(worktype)
    parts = []
    for (kind, material), count in groups.items():
        text = kind if count == 1 else f"{kind} ×{count}"
        parts.append(f"{text} · {material}" if material else text)
    return ", ".join(parts)


def shown_work_summary(summary: str) -> str:
    """A work summary the store keeps (`work_summary` in English, derived when the case was
    stored) in the person's language: each restoration and material label translated
    (``Crown ×2 · Zirconia`` → ``Krone ×2 · Zirkon``), counts and signs as they are. Cached per
    language (the inbox asks for the same few summaries row after row)."""
    return _shown_summary(summary, language.current().code)


@functools.lru_cache(maxsize=8192)  # keyed by the language's code too
def _shown_summary(summary: str, code: str) -> str:
    del code  # part of the cache's key only
    parts = []
    for part in summary.split(", "):
        what, dot, material = part.partition(" · ")
        kind, times, count = what.partition(" ×")
        kind = _shown_label(kind)
        text = f"{kind}{times}{count}"
        parts.append(f"{text}{dot}{_shown_label(material)}" if dot else text)
    return ", ".join(parts)


def _shown_label(label: str) -> str:
    if label == UNSPECIFIED_WORK:
        return translate("Worktypes", UNSPECIFIED_WORK)
    return translate("Vocabulary", label) if label else label


def teeth_text(worktypes: Iterable[Worktype]) -> str:
    return format_teeth(case_teeth(worktypes))


def _first_unit_material(worktype: Worktype) -> str | None:
    return next((u.material for u in worktype.units if u.material), None)


def _label(identifier: str | None) -> str | None:
    return vocabulary_label(identifier) if identifier else None
