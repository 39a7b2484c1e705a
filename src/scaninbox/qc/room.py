"""Room for the material: the smallest occlusal clearance over each prepared tooth against the least
thickness its prescribed material needs (`thresholds.MATERIAL_MINIMUMS`).

A prepared tooth is a tooth of fixed work that carries a restoration (a crown, a bridge's
abutment, an inlay or onlay; not a pontic, an implant's parts or a veneer). Where it is on the
scan is estimated along the arch (`arch_frame.tooth_positions`); only the middle three fifths of
its stretch are asked, so that a neighbour in contact with the antagonist — the estimate can be
off by part of a tooth — is not taken for the preparation. The clearance is the signed
closest-point distance of those points to the antagonist's triangles (negative: bite-through,
no room at all), as for the clearance map.

Like with like: the sources give a material's figure for the **functional** (supporting) cusps
and, for some materials, a smaller one for the others (`thresholds.MaterialMinimum`). On a
premolar or molar the tooth's points are split across the arch at the tooth's middle — cheek
side and tongue side — and each side's least clearance is compared with its own figure: the
functional cusps are the lower teeth's buccal and the upper teeth's palatal ones (normal
occlusion; a crossbite swaps them). The side the furthest short is reported (``cusps``:
``functional`` or ``non-functional``). A canine or incisor has no such split: its least
clearance against the figure (``cusps``: ``all``), as for a material with one figure.

Severity: ``fail`` when the room is more than ``room_warn_mm`` (0.2 mm) short of the minimum —
the restoration cannot be made that thin; ``warn`` when it is short by less (a careful design
or a slight adjustment can still make it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scaninbox.domain import Worktype, format_teeth, is_upper, parse_fdi, worktype_teeth
from scaninbox.qc.arch_frame import F64, ArchFrame, arch_frame, tooth_positions
from scaninbox.qc.figures import kept, mm_text
from scaninbox.qc.findings import Finding, Severity
from scaninbox.qc.occlusion import Arch, OcclusionResult
from scaninbox.qc.thresholds import MaterialMinimum, QcThresholds, material_minimum

__all__ = ["PreparedTooth", "bridge_abutments", "prepared_teeth", "room_findings"]

_CORE = (0.2, 0.8)  # the middle of a tooth's estimated stretch
_FIRST_PREMOLAR = 4  # the position (second digit of the FDI number) where cusps are split
_ALL = "all"  # the cusps a figure applies to when they are not split
# A pontic replaces a missing tooth, an implant's parts sit on an implant, and a veneer's
# preparation is labial only: none is a preparation the occlusal room or a crown's path asks of.
_NOT_PREPARED = ("pontic", "implant", "veneer")


@dataclass(frozen=True, slots=True)
class PreparedTooth:
    tooth: int  # FDI
    material: str | None
    setting: str | None


def prepared_teeth(worktypes: Sequence[Worktype]) -> list[PreparedTooth]:
    """The prepared teeth of the fixed work, each with its prescribed material and setting."""
    found: dict[int, PreparedTooth] = {}
    for worktype in worktypes:
        if (worktype.category or "").strip().lower() != "fixed":
            continue
        if _not_prepared(worktype.restoration_type):
            continue
        if worktype.units:
            for unit in worktype.units:
                tooth = parse_fdi(unit.fdi)
                if tooth is None or _not_prepared(unit.restoration_type):
                    continue
                found.setdefault(
                    tooth,
                    PreparedTooth(
                        tooth, unit.material or worktype.material, unit.setting or worktype.setting
                    ),
                )
            continue
        for tooth in worktype_teeth(worktype):
            found.setdefault(tooth, PreparedTooth(tooth, worktype.material, worktype.setting))
    return [found[t] for t in sorted(found)]


def bridge_abutments(worktypes: Sequence[Worktype]) -> list[tuple[int, int]]:
    """Each bridge's two end abutments (its first and last prepared units)."""
    found = []
    for worktype in worktypes:
        if "bridge" not in (worktype.restoration_type or "").lower():
            continue
        ends = [t.tooth for t in prepared_teeth([worktype])]
        if len(ends) >= 2:
            found.append((ends[0], ends[-1]))
    return found


def _not_prepared(restoration: str | None) -> bool:
    name = (restoration or "").lower()
    return any(word in name for word in _NOT_PREPARED)


def room_findings(
    prepared: Sequence[PreparedTooth],
    arches: dict[str, Arch],
    occlusion: OcclusionResult,
    thresholds: QcThresholds | None = None,
    frames: dict[str, ArchFrame] | None = None,
) -> list[Finding]:
    """``insufficient_room`` for each prepared tooth with too little clearance."""
    limits = thresholds or QcThresholds()
    known = frames if frames is not None else {}
    findings: list[Finding] = []
    for item in prepared:
        minimum = material_minimum(item.material, item.setting)
        jaw = "upper" if is_upper(item.tooth) else "lower"
        arch = arches.get(jaw)
        surface = occlusion.surfaces.get(jaw)
        if minimum is None or arch is None or surface is None:
            continue
        frame = known.get(jaw)
        if frame is None:
            frame = arch_frame(arch.geometry.points, arch.geometry.edges, upper=jaw == "upper")
            known[jaw] = frame
        finding = _room_of(item, minimum, arch, frame=frame, occlusion=occlusion, limits=limits)
        if finding is not None:
            findings.append(finding)
    return findings


def _room_of(
    item: PreparedTooth,
    minimum: MaterialMinimum,
    arch: Arch,
    *,
    frame: ArchFrame,
    occlusion: OcclusionResult,
    limits: QcThresholds,
) -> Finding | None:
    points = arch.geometry.points.astype(np.float64)
    teeth = frame.teeth
    fdi, where = tooth_positions(arch.geometry.points, frame, upper=arch.jaw == "upper")
    fdi, where = fdi[teeth], where[teeth]
    on_core = (fdi == item.tooth) & (where >= _CORE[0]) & (where <= _CORE[1])
    core, core_where = teeth[on_core], where[on_core]
    surface = occlusion.surfaces[arch.jaw]
    if not len(core):
        return None
    window = minimum.needed_mm + 0.5
    found = surface.distances(
        points, window, flip=occlusion.flipped.get(arch.jaw, False), among=core
    )
    if not len(found.index):
        return None  # more room than the material needs, and then some
    worst: tuple[float, str, float, int] | None = None  # (short, cusps, needed, nearest)
    sides = _cusp_sides(
        item.tooth,
        minimum,
        frame,
        core=points[core],
        core_where=core_where,
        near=points[found.index],
    )
    for cusps, needed, mine in sides:
        if not mine.any():
            continue
        nearest = int(np.flatnonzero(mine)[np.argmin(found.signed[mine])])
        least = float(found.signed[nearest])
        if kept(least) >= needed:
            continue
        if worst is None or needed - least > worst[0]:
            worst = (needed - least, cusps, needed, nearest)
    if worst is None:
        return None
    short, cusps, needed, nearest = worst
    least = float(found.signed[nearest])
    severity = Severity.FAIL if short > limits.room_warn_mm else Severity.WARN
    place = points[found.index[nearest]]
    room = (
        f"{mm_text(least)} of room" if least >= 0 else f"no room ({mm_text(-least)} bite-through)"
    )
    over, there = ("", "") if cusps == _ALL else (f" over the {cusps} cusps", " there")
    return Finding(
        "insufficient_room",
        severity,
        f"Tooth {format_teeth([item.tooth])}: {room}{over} for {minimum.name}, which needs "
        f"{mm_text(needed)}{there} (the tooth is located by estimate along the arch).",
        (float(place[0]), float(place[1]), float(place[2])),
        {
            "tooth": item.tooth,
            "min_mm": kept(least),
            "needed_mm": needed,
            "material": minimum.name,
            "cusps": cusps,
            "tooth_estimated": True,
            "jaw": arch.jaw,
            "file": arch.file,
        },
    )


def _cusp_sides(
    tooth: int,
    minimum: MaterialMinimum,
    frame: ArchFrame,
    *,
    core: F64,
    core_where: F64,
    near: F64,
) -> list[tuple[str, float, npt.NDArray[np.bool_]]]:
    """Which of the points ``near`` the antagonist count against which figure: on a premolar or
    molar of a material with two figures, (``functional``, its figure, the points on the
    functional cusps' side) and (``non-functional``, …); otherwise (``all``, the figure, every
    point). ``core`` are the tooth's points, ``core_where`` their places along it (0 mesial …
    1 distal)."""
    everything = np.ones(len(near), dtype=bool)
    if (
        minimum.non_functional_mm == minimum.needed_mm
        or tooth % 10 < _FIRST_PREMOLAR
        or len(core) < 2  # no direction along a single point (np.cov would warn)
    ):
        return [(_ALL, minimum.needed_mm, everything)]
    # The tooth's own directions in the occlusal plane: along the arch is the way its points'
    # place along the tooth grows; across it, away from the arch's centre, the cheek side.
    x, y = frame.plane(core)
    along = np.array([np.cov(x, core_where)[0, 1], np.cov(y, core_where)[0, 1]])
    middle = np.array([float(np.median(x)), float(np.median(y))])
    across = np.array([-along[1], along[0]])
    outward = float(across @ middle)  # the frame's centre is inside the horseshoe
    if not np.isfinite(outward) or outward == 0.0:
        return [(_ALL, minimum.needed_mm, everything)]
    cheek = across * np.sign(outward)
    nx, ny = frame.plane(near)
    buccal = (nx - middle[0]) * cheek[0] + (ny - middle[1]) * cheek[1] > 0
    functional = ~buccal if is_upper(tooth) else buccal
    return [
        ("functional", minimum.needed_mm, functional),
        ("non-functional", minimum.non_functional_mm, ~functional),
    ]
