"""What a case asks the lab to make, and what that means for the scans.

A work plan holds the case's worktypes in wire form (``UnifiedWorktype`` members, camelCase) and,
per jaw, what the dentist did to the teeth before scanning: prepared stumps for crowns, bridge
abutments and inlays, implant abutments, veneer preparations, missing teeth (pontics, partial
dentures) or a toothless ridge (full dentures), and crowding for orthodontic cases.

Identifiers are PascalCase from closed sets per category (the spec leaves the tables out; these
are the sandbox's):

- Fixed: Crown, Bridge, Veneer, Inlay, ImplantCrown, ImplantAbutment
- Removable: PartialDenture, FullDenture
- Appliance: NightGuard, SportsGuard
- Orthodontics: Aligners, Retainer
"""

from __future__ import annotations

import random
from collections.abc import Callable

from scaninbox.sandbox.work_fixed import bridge, crowns, implant, inlay, veneers
from scaninbox.sandbox.work_model import JAWS, JawName, JawWork, WorkPlan
from scaninbox.sandbox.work_other import full_denture, guard, ortho, partial_denture

__all__ = ["JAWS", "KINDS", "ORTHO_KINDS", "JawName", "JawWork", "WorkPlan", "make_work_plan"]

# Work kinds with their share of the dental organisation's cases.
KINDS: dict[str, int] = {
    "crown": 30,
    "two_crowns": 8,
    "bridge": 14,
    "veneers": 6,
    "inlay": 7,
    "implant_crown": 10,
    "implant_abutment": 4,
    "partial_denture": 5,
    "full_denture": 4,
    "night_guard": 6,
    "sports_guard": 2,
    "aligners": 2,
    "retainer": 2,
}
ORTHO_KINDS: dict[str, int] = {"aligners": 55, "retainer": 30, "night_guard": 15}


def make_work_plan(rng: random.Random, kind: str) -> WorkPlan:
    plan = WorkPlan(kind=kind, worktypes=[], jaws={"upper": JawWork(), "lower": JawWork()})
    _BUILDERS[kind](rng, plan)
    return plan


_BUILDERS: dict[str, Callable[[random.Random, WorkPlan], None]] = {
    "crown": lambda rng, plan: crowns(rng, plan, 1),
    "two_crowns": lambda rng, plan: crowns(rng, plan, 2),
    "bridge": bridge,
    "veneers": veneers,
    "inlay": inlay,
    "implant_crown": lambda rng, plan: implant(rng, plan, crown=True),
    "implant_abutment": lambda rng, plan: implant(rng, plan, crown=False),
    "partial_denture": partial_denture,
    "full_denture": full_denture,
    "night_guard": lambda rng, plan: guard(rng, plan, "NightGuard"),
    "sports_guard": lambda rng, plan: guard(rng, plan, "SportsGuard"),
    "aligners": lambda rng, plan: ortho(rng, plan, "Aligners"),
    "retainer": lambda rng, plan: ortho(rng, plan, "Retainer"),
}
