"""The vocabulary of work plans: per-jaw changes, the plan itself and worktype JSON helpers.

See ``scaninbox.sandbox.work_plans`` for what a plan means and the identifier sets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from scaninbox.sandbox.tooth_shapes import Treatment

__all__ = [
    "IMPLANT_SYSTEMS",
    "JAWS",
    "LOWER_ORDER",
    "SHADES",
    "UPPER_ORDER",
    "JawName",
    "JawWork",
    "WorkPlan",
    "jaw_of",
    "unit",
    "worktype",
]

JawName = Literal["upper", "lower"]
JAWS: tuple[JawName, JawName] = ("upper", "lower")
SHADES = (
    *(f"A{n}" for n in ("1", "2", "3", "3.5", "4")),
    *(f"B{n}" for n in range(1, 5)),
    *(f"C{n}" for n in range(1, 5)),
    *(f"D{n}" for n in range(2, 5)),
    "BL1",
    "BL2",
    "BL3",
    "BL4",
)
IMPLANT_SYSTEMS = (
    "Straumann BLT RC",
    "Nobel Biocare NobelActive CC",
    "Camlog Screw-Line Ø4.3",
    "Dentsply Sirona Astra EV 4.2",
    "Zimmer Biomet TSV",
    "Neodent Grand Morse",
)
UPPER_ORDER = (*range(18, 10, -1), *range(21, 29))
LOWER_ORDER = (*range(48, 40, -1), *range(31, 39))


@dataclass(slots=True)
class JawWork:
    treatments: dict[int, Treatment] = field(default_factory=dict)
    missing: set[int] = field(default_factory=set)
    edentulous: bool = False
    crowding: bool = False
    scan_type: str = "preparationScan"


@dataclass(slots=True)
class WorkPlan:
    kind: str
    worktypes: list[dict[str, Any]]
    jaws: dict[JawName, JawWork]
    pre_preparation_scan: bool = False
    bite_scan: bool = True


def jaw_of(tooth: int) -> JawName:
    return "upper" if tooth // 10 in (1, 2) else "lower"


def worktype(
    category: str,
    restoration: str,
    detail: str | None,
    material: str | None,
    setting: str | None,
    *,
    fdi: int | None = None,
    shade: str | None = None,
    jaw: str | None = None,
    tags: list[dict[str, str]] | None = None,
    span: tuple[int, int] | None = None,
    units: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    if jaw is None and fdi is not None:
        jaw = jaw_of(fdi).capitalize()
    return {
        "categoryId": category,
        "restorationTypeId": restoration,
        "restorationDetailId": detail,
        "materialId": material,
        "settingId": setting,
        "fdi": None if fdi is None else str(fdi),
        "shade": shade,
        "jaw": jaw,
        "tags": tags if tags is not None else [],
        "from": None if span is None else span[0],
        "to": None if span is None else span[1],
        "units": units if units is not None else [],
    }


def unit(restoration: str, fdi: int, material: str, setting: str, shade: str) -> dict[str, Any]:
    return {
        "categoryId": "Fixed",
        "restorationTypeId": restoration,
        "restorationDetailId": "Full",
        "materialId": material,
        "settingId": setting,
        "fdi": str(fdi),
        "shade": shade,
        "tags": [],
    }
