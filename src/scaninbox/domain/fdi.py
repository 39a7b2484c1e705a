"""FDI two-digit tooth notation (ISO 3950).

The first digit is the quadrant (1–4 permanent, 5–8 deciduous; 1/5 upper right, 2/6 upper left,
3/7 lower left, 4/8 lower right, from the patient's point of view), the second the position from
the midline (1–8 permanent, 1–5 deciduous).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "LOWER_ARCH_ORDER",
    "UPPER_ARCH_ORDER",
    "format_teeth",
    "is_upper",
    "parse_fdi",
    "sort_teeth",
    "span",
]

# Arch order as a dentist reads a chart: patient's right to left.
UPPER_ARCH_ORDER: tuple[int, ...] = (*range(18, 10, -1), *range(21, 29))
LOWER_ARCH_ORDER: tuple[int, ...] = (*range(48, 40, -1), *range(31, 39))
_DECIDUOUS_UPPER: tuple[int, ...] = (*range(55, 50, -1), *range(61, 66))
_DECIDUOUS_LOWER: tuple[int, ...] = (*range(85, 80, -1), *range(71, 76))
_ORDER = {
    tooth: rank
    for rank, tooth in enumerate(
        UPPER_ARCH_ORDER + _DECIDUOUS_UPPER + LOWER_ARCH_ORDER + _DECIDUOUS_LOWER
    )
}


_BY_TEXT = {str(tooth): tooth for tooth in _ORDER}


def parse_fdi(value: object) -> int | None:
    """A valid FDI tooth number from ``11``, ``"11"`` or ``" 11 "``; None for anything else."""
    if isinstance(value, str) and (tooth := _BY_TEXT.get(value)) is not None:
        return tooth  # the usual spelling, found without parsing (a sync reads every case's)
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.strip().isdigit() and len(value.strip()) == 2:
        number = int(value.strip())
    else:
        return None
    return number if number in _ORDER else None


def is_upper(tooth: int) -> bool:
    return tooth // 10 in (1, 2, 5, 6)


def span(first: int, last: int) -> list[int]:
    """Teeth from ``first`` to ``last`` inclusive along the arch (a bridge's from–to).

    Both ends must be in the same arch; otherwise only the two ends are returned.
    """
    for order in (UPPER_ARCH_ORDER, LOWER_ARCH_ORDER, _DECIDUOUS_UPPER, _DECIDUOUS_LOWER):
        if first in order and last in order:
            i, j = sorted((order.index(first), order.index(last)))
            return list(order[i : j + 1])
    return sorted({first, last}, key=_ORDER.__getitem__)


def sort_teeth(teeth: Iterable[int]) -> list[int]:
    return sorted(set(teeth), key=lambda t: _ORDER.get(t, 1000 + t))


def format_teeth(teeth: Iterable[int]) -> str:
    """``[11, 12, 13, 21, 36]`` → ``"13–11, 21, 36"``: runs along the arch are joined."""
    ordered = sort_teeth(teeth)
    parts: list[str] = []
    run: list[int] = []
    for tooth in ordered:
        if (
            run
            and _ORDER.get(tooth, -99) == _ORDER.get(run[-1], -99) + 1
            and (is_upper(tooth) == is_upper(run[-1]))
        ):
            run.append(tooth)
            continue
        if run:
            parts.append(_format_run(run))
        run = [tooth]
    if run:
        parts.append(_format_run(run))
    return ", ".join(parts)


def _format_run(run: list[int]) -> str:
    if len(run) == 1:
        return str(run[0])
    if len(run) == 2:
        return f"{run[0]}, {run[1]}"
    return f"{run[0]}–{run[-1]}"
