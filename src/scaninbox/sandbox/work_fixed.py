"""Fixed work: crowns, bridges, veneers, inlays and implant restorations."""

from __future__ import annotations

import random

from scaninbox.sandbox.work_model import (
    IMPLANT_SYSTEMS,
    LOWER_ORDER,
    SHADES,
    UPPER_ORDER,
    WorkPlan,
    jaw_of,
    unit,
    worktype,
)

__all__ = ["bridge", "crowns", "implant", "inlay", "veneers"]


def _posterior_or_any(rng: random.Random) -> int:
    quadrant = rng.choice((1, 2, 3, 4))
    return quadrant * 10 + rng.choice((1, 2, 3, 4, 5, 6, 6, 6, 7, 7))


def crowns(rng: random.Random, plan: WorkPlan, count: int) -> None:
    first = _posterior_or_any(rng)
    teeth = [first]
    if count == 2:
        neighbour = first + (1 if first % 10 < 7 else -1)
        teeth.append(neighbour)
    material, setting = rng.choice(
        (
            ("Zirconia", "Monolithic"),
            ("Zirconia", "Layered"),
            ("LithiumDisilicate", "Monolithic"),
            ("PorcelainFusedToMetal", "Layered"),
            ("NonPreciousMetal", "Monolithic"),
        )
    )
    shade = rng.choice(SHADES)
    for tooth in teeth:
        plan.worktypes.append(
            worktype("Fixed", "Crown", "Full", material, setting, fdi=tooth, shade=shade)
        )
        plan.jaws[jaw_of(tooth)].treatments[tooth] = "stump"
    plan.pre_preparation_scan = rng.random() < 0.35


def bridge(rng: random.Random, plan: WorkPlan) -> None:
    order = rng.choice((UPPER_ORDER, LOWER_ORDER))
    length = rng.choice((3, 3, 3, 4))
    # Bridges span gaps among premolars/molars mostly, sometimes anterior teeth.
    candidates = [i for i in range(1, len(order) - length) if order[i] % 10 != 8]
    start = rng.choice(candidates)
    span = order[start : start + length]  # never reaches a third molar (first/last slot)
    material, setting = rng.choice((("Zirconia", "Layered"), ("Zirconia", "Monolithic")))
    shade = rng.choice(SHADES)
    units = [
        unit("Crown" if t in (span[0], span[-1]) else "Pontic", t, material, setting, shade)
        for t in span
    ]
    jaw = jaw_of(span[0])
    plan.worktypes.append(
        worktype(
            "Fixed",
            "Bridge",
            "Full",
            material,
            setting,
            shade=shade,
            jaw=jaw.capitalize(),
            span=(span[0], span[-1]),
            units=units,
        )
    )
    plan.jaws[jaw].treatments.update({span[0]: "stump", span[-1]: "stump"})
    plan.jaws[jaw].missing.update(span[1:-1])


def veneers(rng: random.Random, plan: WorkPlan) -> None:
    teeth = rng.choice(([11, 21], [12, 11, 21, 22], [11], [13, 12, 11, 21, 22, 23]))
    material = rng.choice(("LithiumDisilicate", "Feldspathic"))
    shade = rng.choice(("BL2", "BL3", "A1", "B1"))
    for tooth in teeth:
        plan.worktypes.append(
            worktype("Fixed", "Veneer", "Partial", material, "Layered", fdi=tooth, shade=shade)
        )
        plan.jaws["upper"].treatments[tooth] = "veneer"


def inlay(rng: random.Random, plan: WorkPlan) -> None:
    tooth = rng.choice((1, 2, 3, 4)) * 10 + rng.choice((4, 5, 6, 7))
    material = rng.choice(("LithiumDisilicate", "Composite", "Gold"))
    detail = rng.choice(("Mod", "Mo", "Od", "Onlay"))
    shade = None if material == "Gold" else rng.choice(SHADES)
    plan.worktypes.append(
        worktype("Fixed", "Inlay", detail, material, "Monolithic", fdi=tooth, shade=shade)
    )
    plan.jaws[jaw_of(tooth)].treatments[tooth] = "inlay"


def implant(rng: random.Random, plan: WorkPlan, *, crown: bool) -> None:
    tooth = rng.choice((1, 2, 3, 4)) * 10 + rng.choice((4, 5, 6, 6, 7, 1))
    system = rng.choice(IMPLANT_SYSTEMS)
    tags = [{"type": "ImplantSystem", "value": system}]
    if crown:
        tags.append({"type": "Retention", "value": rng.choice(("ScrewRetained", "Cemented"))})
        tags.append({"type": "Abutment", "value": rng.choice(("TiBase", "StockTitanium"))})
        plan.worktypes.append(
            worktype(
                "Fixed",
                "ImplantCrown",
                "Full",
                "Zirconia",
                "Monolithic",
                fdi=tooth,
                shade=rng.choice(SHADES),
                tags=tags,
            )
        )
    else:
        tags.append({"type": "ScanBody", "value": f"{system.split()[0]} CARES Mono"})
        plan.worktypes.append(
            worktype("Fixed", "ImplantAbutment", "Custom", "Titanium", None, fdi=tooth, tags=tags)
        )
    jaw = plan.jaws[jaw_of(tooth)]
    jaw.treatments[tooth] = "abutment"
    jaw.scan_type = "abutmentScan"
