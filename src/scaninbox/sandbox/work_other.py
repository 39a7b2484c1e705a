"""Removable work, appliances and orthodontics: dentures, guards, aligners and retainers."""

from __future__ import annotations

import random
from typing import Any

from scaninbox.sandbox.work_model import LOWER_ORDER, UPPER_ORDER, JawName, WorkPlan, worktype

__all__ = ["full_denture", "guard", "ortho", "partial_denture"]


def partial_denture(rng: random.Random, plan: WorkPlan) -> None:
    jaw: JawName = rng.choice(("upper", "lower"))
    order = UPPER_ORDER if jaw == "upper" else LOWER_ORDER
    missing = sorted(rng.sample([t for t in order if t % 10 in (4, 5, 6, 7)], k=rng.randint(2, 5)))
    framework = rng.choice((("CastFramework", "CobaltChrome"), ("Flexible", "Nylon")))
    units: list[dict[str, Any]] = [
        {
            "categoryId": "Removable",
            "restorationTypeId": "DentureTooth",
            "restorationDetailId": None,
            "materialId": "Acrylic",
            "settingId": None,
            "fdi": str(t),
            "shade": None,
            "tags": [],
        }
        for t in missing
    ]
    plan.worktypes.append(
        worktype(
            "Removable",
            "PartialDenture",
            framework[0],
            framework[1],
            None,
            shade=rng.choice(("A2", "A3")),
            jaw=jaw.capitalize(),
            units=units,
        )
    )
    plan.jaws[jaw].missing.update(missing)
    plan.jaws[jaw].scan_type = "dentureScan"


def full_denture(rng: random.Random, plan: WorkPlan) -> None:
    jaw: JawName = rng.choice(("upper", "lower"))
    plan.worktypes.append(
        worktype(
            "Removable",
            "FullDenture",
            "Complete",
            "Acrylic",
            rng.choice(("Heat", "Printed")),
            shade=rng.choice(("A2", "A3", "B2")),
            jaw=jaw.capitalize(),
            tags=[{"type": "ToothLine", "value": rng.choice(("Ivoclar SR Phonares", "Vita MFT"))}],
        )
    )
    plan.jaws[jaw].edentulous = True
    plan.jaws[jaw].scan_type = "dentureScan"
    plan.bite_scan = False


def guard(rng: random.Random, plan: WorkPlan, restoration: str) -> None:
    jaw = rng.choice(("Upper", "Lower")) if restoration == "NightGuard" else "Upper"
    material = rng.choice(("PMMA", "Polycarbonate")) if restoration == "NightGuard" else "EVA"
    thickness = rng.choice(("1.5 mm", "2.0 mm", "3.0 mm"))
    plan.worktypes.append(
        worktype(
            "Appliance",
            restoration,
            rng.choice(("Hard", "Dual")),
            material,
            None,
            jaw=jaw,
            tags=[{"type": "Thickness", "value": thickness}],
        )
    )


def ortho(rng: random.Random, plan: WorkPlan, restoration: str) -> None:
    if restoration == "Aligners":
        tags = [
            {"type": "Stages", "value": str(rng.randint(8, 40))},
            {"type": "Attachments", "value": rng.choice(("Yes", "No"))},
        ]
        detail, material = "Full", "Polyurethane"
    else:
        tags = [{"type": "Wire", "value": "0.0195 in multistrand"}]
        detail, material = rng.choice(("Bonded", "Essix")), rng.choice(("Steel", "PETG"))
    plan.worktypes.append(
        worktype("Orthodontics", restoration, detail, material, None, jaw="Both", tags=tags)
    )
    plan.jaws["upper"].crowding = plan.jaws["lower"].crowding = True
