"""Which distance maps a case's scans allow, and why the others are not offered.

No Qt and no VTK here: plain rules over the viewport's planned rows (`plan.plan_scans`).

- **Clearance**: a jaw's arch against its antagonist — "Upper against lower" colours the upper
  arch by its distance to the lower one's surface, "Lower against upper" the other way round.
  Both need both arches (the scans taken before the preparation are not arches of the bite).
- **Reduction**: for a jaw with a scan taken before the preparation and its preparation scan,
  how much was removed, coloured on the preparation scan.
- **Undercut**: for a jaw with a prescribed prepared tooth (crown, bridge abutment, inlay…, as
  `scaninbox.qc.room.prepared_teeth` reads the work) and a scan of it, each prepared tooth's
  walls coloured by their undercut depth on its best path of insertion (`qc.undercut_map`).

A choice that cannot be had carries the reason in plain words (the menu shows it as a tooltip).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scaninbox.domain import Jaw, is_upper
from scaninbox.qt.viewer.plan import PlannedScan
from scaninbox.render import MapKind

__all__ = ["MapChoice", "map_choices"]

_JAW_WORDS = {Jaw.UPPER: "upper", Jaw.LOWER: "lower"}


@dataclass(frozen=True, slots=True)
class MapChoice:
    """One entry of the map menu: paint ``target`` (a scan of ``jaw``) by its distance to
    ``reference`` (scene keys); ``reason`` says why it cannot be had ("" when it can)."""

    name: str
    label: str
    kind: MapKind
    target: str | None
    reference: str | None
    reason: str = ""
    jaw: Jaw | None = None
    teeth: tuple[int, ...] = ()  # an undercut map's prepared teeth (FDI)

    @property
    def available(self) -> bool:
        return not self.reason

    @property
    def subtitle(self) -> str:
        """What the legend says the map shows."""
        if self.kind is MapKind.CLEARANCE:
            return self.label
        if self.kind is MapKind.UNDERCUT:
            return f"{self.label}: on each tooth's best path of insertion"
        return f"{self.label}: since the scan before the preparation"


def map_choices(planned: Sequence[PlannedScan], prepared: Sequence[int] = ()) -> list[MapChoice]:
    """The menu's entries for a case's rows: the two clearance maps, then one reduction map
    per jaw that has a scan before the preparation (or one entry saying why there is none),
    then one undercut map per jaw with ``prepared`` teeth (FDI; or one entry saying why there
    is none)."""
    arches: dict[Jaw, PlannedScan] = {}
    before: dict[Jaw, PlannedScan] = {}
    for scan in planned:
        if scan.jaw not in _JAW_WORDS:
            continue
        (before if scan.before_preparation else arches).setdefault(scan.jaw, scan)
    choices = [
        _clearance(Jaw.UPPER, Jaw.LOWER, arches),
        _clearance(Jaw.LOWER, Jaw.UPPER, arches),
    ]
    reductions = []
    for jaw, word in _JAW_WORDS.items():
        if jaw not in before:
            continue
        arch = arches.get(jaw)
        reason = "" if arch else f"This case has no preparation scan of the {word} jaw."
        reductions.append(
            MapChoice(
                f"reduction-{word}",
                f"Reduction, {word} jaw",
                MapKind.REDUCTION,
                arch.key if arch else None,
                before[jaw].key,
                reason,
                jaw,
            )
        )
    if not reductions:
        reductions.append(
            MapChoice(
                "reduction",
                "Reduction",
                MapKind.REDUCTION,
                None,
                None,
                "This case has no scan taken before the preparation: the reduction map needs it "
                "and the preparation scan of the same jaw.",
            )
        )
    return choices + reductions + _undercuts(arches, prepared)


def _undercuts(arches: dict[Jaw, PlannedScan], prepared: Sequence[int]) -> list[MapChoice]:
    choices = []
    for jaw, word in _JAW_WORDS.items():
        teeth = tuple(t for t in sorted(prepared) if _jaw_of(t) is jaw)
        if not teeth:
            continue
        arch = arches.get(jaw)
        listed = ", ".join(str(t) for t in teeth)
        reason = (
            ""
            if arch
            else f"This case has no scan of the {word} jaw, where {_teeth_words(teeth)} "
            f"{'is' if len(teeth) == 1 else 'are'} prepared."
        )
        choices.append(
            MapChoice(
                f"undercut-{word}",
                f"Undercut, {word} jaw ({listed})",
                MapKind.UNDERCUT,
                arch.key if arch else None,
                arch.key if arch else None,
                reason,
                jaw,
                teeth,
            )
        )
    if not choices:
        choices.append(
            MapChoice(
                "undercut",
                "Undercut",
                MapKind.UNDERCUT,
                None,
                None,
                "This case prescribes no prepared tooth (crown, bridge, inlay…): the undercut "
                "map needs one and the scan of its jaw.",
            )
        )
    return choices


def _jaw_of(tooth: int) -> Jaw:
    return Jaw.UPPER if is_upper(tooth) else Jaw.LOWER


def _teeth_words(teeth: Sequence[int]) -> str:
    return ("tooth " if len(teeth) == 1 else "teeth ") + ", ".join(str(t) for t in teeth)


def _clearance(jaw: Jaw, against: Jaw, arches: dict[Jaw, PlannedScan]) -> MapChoice:
    word, other = _JAW_WORDS[jaw], _JAW_WORDS[against]
    target, reference = arches.get(jaw), arches.get(against)
    reason = ""
    if target is None and reference is None:
        reason = "This case has neither an upper nor a lower jaw scan."
    elif target is None:
        reason = f"This case has no {word} jaw scan."
    elif reference is None:
        reason = f"This case has no {other} jaw scan: there is no antagonist to measure against."
    return MapChoice(
        f"{word}-{other}",
        f"{word.capitalize()} against {other}",
        MapKind.CLEARANCE,
        target.key if target else None,
        reference.key if reference else None,
        reason,
        jaw,
    )
