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
from scaninbox.language import translate
from scaninbox.qt.viewer.plan import PlannedScan
from scaninbox.render import MapKind, View

__all__ = ["MapChoice", "map_choices", "undercut_view"]

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
            return translate("MapChoices", "{map}: on each tooth's best path of insertion").format(
                map=self.label
            )
        return translate("MapChoices", "{map}: since the scan before the preparation").format(
            map=self.label
        )


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
        upper = jaw is Jaw.UPPER
        reason = ""
        if not arch:
            reason = (
                translate("MapChoices", "This case has no preparation scan of the upper jaw.")
                if upper
                else translate("MapChoices", "This case has no preparation scan of the lower jaw.")
            )
        reductions.append(
            MapChoice(
                f"reduction-{word}",
                translate("MapChoices", "Reduction, upper jaw")
                if upper
                else translate("MapChoices", "Reduction, lower jaw"),
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
                translate("MapChoices", "Reduction"),
                MapKind.REDUCTION,
                None,
                None,
                translate(
                    "MapChoices",
                    "This case has no scan taken before the preparation: the reduction map needs "
                    "it and the preparation scan of the same jaw.",
                ),
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
        upper = jaw is Jaw.UPPER
        reason = "" if arch else _no_jaw_for_teeth(upper, teeth)
        label = (
            translate("MapChoices", "Undercut, upper jaw ({teeth})")
            if upper
            else translate("MapChoices", "Undercut, lower jaw ({teeth})")
        )
        choices.append(
            MapChoice(
                f"undercut-{word}",
                label.format(teeth=listed),
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
                translate("MapChoices", "Undercut"),
                MapKind.UNDERCUT,
                None,
                None,
                translate(
                    "MapChoices",
                    "This case prescribes no prepared tooth (crown, bridge, inlay…): the undercut "
                    "map needs one and the scan of its jaw.",
                ),
            )
        )
    return choices


def _jaw_of(tooth: int) -> Jaw:
    return Jaw.UPPER if is_upper(tooth) else Jaw.LOWER


def _no_jaw_for_teeth(upper: bool, teeth: Sequence[int]) -> str:
    """Why a jaw's undercut map cannot be had: its prepared teeth have no scan (whole
    sentences per jaw and number: the languages word them differently)."""
    listed = ", ".join(str(t) for t in teeth)
    if len(teeth) == 1:
        text = (
            translate(
                "MapChoices",
                "This case has no scan of the upper jaw, where tooth {teeth} is prepared.",
            )
            if upper
            else translate(
                "MapChoices",
                "This case has no scan of the lower jaw, where tooth {teeth} is prepared.",
            )
        )
    else:
        text = (
            translate(
                "MapChoices",
                "This case has no scan of the upper jaw, where teeth {teeth} are prepared.",
            )
            if upper
            else translate(
                "MapChoices",
                "This case has no scan of the lower jaw, where teeth {teeth} are prepared.",
            )
        )
    return text.format(teeth=listed)


def _clearance(jaw: Jaw, against: Jaw, arches: dict[Jaw, PlannedScan]) -> MapChoice:
    word, other = _JAW_WORDS[jaw], _JAW_WORDS[against]
    target, reference = arches.get(jaw), arches.get(against)
    upper = jaw is Jaw.UPPER
    no_upper = translate("MapChoices", "This case has no upper jaw scan.")
    no_lower = translate("MapChoices", "This case has no lower jaw scan.")
    reason = ""
    if target is None and reference is None:
        reason = translate("MapChoices", "This case has neither an upper nor a lower jaw scan.")
    elif target is None:
        reason = no_upper if upper else no_lower
    elif reference is None:
        reason = (
            translate(
                "MapChoices",
                "This case has no lower jaw scan: there is no antagonist to measure against.",
            )
            if upper
            else translate(
                "MapChoices",
                "This case has no upper jaw scan: there is no antagonist to measure against.",
            )
        )
    return MapChoice(
        f"{word}-{other}",
        translate("MapChoices", "Upper against lower")
        if upper
        else translate("MapChoices", "Lower against upper"),
        MapKind.CLEARANCE,
        target.key if target else None,
        reference.key if reference else None,
        reason,
        jaw,
    )


def undercut_view(teeth: Sequence[int]) -> View:
    """The view an undercut map opens in: from the side of the prepared teeth.

    An undercut is a wall the path of insertion cannot see — nearly the occlusal view's line of
    sight — so the occlusal view would hide the very colours the map paints. The side view of a
    back tooth (the first in FDI order: quadrants 1, 4, 5 and 8 are the patient's right) shows
    its buccal walls; front teeth are seen from the front. The side views follow the tooth
    chart (`scaninbox.render.views`).
    """
    for tooth in sorted(teeth):
        quadrant, position = divmod(tooth, 10)
        if position >= 4:  # premolars and molars (deciduous molars too)
            return View.RIGHT if quadrant in {1, 4, 5, 8} else View.LEFT
    return View.FRONT
