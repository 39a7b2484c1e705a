"""Which distance maps a case's scans allow, and the reasons given for the others."""

from __future__ import annotations

import pytest

from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.qt.viewer.map_choices import map_choices, undercut_view
from scaninbox.qt.viewer.plan import plan_scans
from scaninbox.render import View
from scaninbox.render.colour_map import MapKind


def _scan(name: str, jaw: Jaw, scan_type: str = "preparationScan") -> ScanFile:
    return ScanFile(filename=name, file_type="stl", scan_type=scan_type, jaw=jaw)


def _choices(
    *scans: ScanFile, prepared: tuple[int, ...] = ()
) -> dict[str, tuple[str | None, str | None, str]]:
    rows = plan_scans(Case(ref=CaseRef("c"), source="iTero", scan_files=scans))
    return {c.name: (c.target, c.reference, c.reason) for c in map_choices(rows, prepared)}


def test_both_arches_give_both_clearance_maps_and_no_reduction_without_a_pre_op_scan() -> None:
    found = _choices(_scan("u.stl", Jaw.UPPER), _scan("l.stl", Jaw.LOWER))
    assert found["upper-lower"] == ("scan0", "scan1", "")
    assert found["lower-upper"] == ("scan1", "scan0", "")
    assert set(found) == {"upper-lower", "lower-upper", "reduction", "undercut"}
    assert "no scan taken before the preparation" in found["reduction"][2]


def test_without_an_antagonist_the_clearance_maps_say_why() -> None:
    found = _choices(_scan("u.stl", Jaw.UPPER), _scan("bite.stl", Jaw.BITE, "biteScan"))
    assert "no lower jaw scan: there is no antagonist" in found["upper-lower"][2]
    assert found["lower-upper"][2] == "This case has no lower jaw scan."


def test_a_pre_op_scan_gives_the_reduction_map_on_its_jaws_preparation_scan() -> None:
    found = _choices(
        _scan("u.stl", Jaw.UPPER),
        _scan("l_pre.stl", Jaw.LOWER, "prePreparationScan"),
        _scan("l.stl", Jaw.LOWER),
    )
    # The scan before the preparation is no antagonist: the lower arch is "l.stl".
    assert found["upper-lower"] == ("scan0", "scan2", "")
    assert found["reduction-lower"] == ("scan2", "scan1", "")
    assert "reduction" not in found
    only_pre = _choices(_scan("u_pre.stl", Jaw.UPPER, "prePreparationScan"))
    assert only_pre["reduction-upper"][2] == "This case has no preparation scan of the upper jaw."
    kinds = [c.kind for c in map_choices(plan_scans(None))]
    assert kinds == [MapKind.CLEARANCE, MapKind.CLEARANCE, MapKind.REDUCTION, MapKind.UNDERCUT]


def test_the_undercut_map_needs_a_prepared_tooth_and_the_scan_of_its_jaw() -> None:
    arches = (_scan("u.stl", Jaw.UPPER), _scan("l.stl", Jaw.LOWER))
    none = _choices(*arches)
    assert none["undercut"][:2] == (None, None)
    assert "prescribes no prepared tooth" in none["undercut"][2]
    # A crown on 16 and a bridge 34-36: one map per jaw, painted on that jaw's own scan.
    both = _choices(*arches, prepared=(16, 34, 36))
    assert "undercut" not in both
    assert both["undercut-upper"] == ("scan0", "scan0", "")
    assert both["undercut-lower"] == ("scan1", "scan1", "")
    rows = plan_scans(Case(ref=CaseRef("c"), source="iTero", scan_files=arches))
    lower = next(c for c in map_choices(rows, (16, 34, 36)) if c.name == "undercut-lower")
    assert lower.teeth == (34, 36)
    assert lower.jaw is Jaw.LOWER
    assert lower.label == "Undercut, lower jaw (34, 36)"
    # The prepared tooth's jaw was not scanned: the entry says so.
    upper_only = _choices(_scan("u.stl", Jaw.UPPER), prepared=(46,))
    assert upper_only["undercut-lower"][2] == (
        "This case has no scan of the lower jaw, where tooth 46 is prepared."
    )


@pytest.mark.parametrize(
    ("teeth", "view"),
    [
        ((16,), View.RIGHT),  # the patient's right: quadrant 1
        ((46, 47), View.RIGHT),  # quadrant 4, lower right
        ((26,), View.LEFT),
        ((36,), View.LEFT),
        ((11,), View.FRONT),  # front teeth from the front
        ((13, 23), View.FRONT),
        ((11, 24), View.LEFT),  # the first back tooth decides
        ((26, 16), View.RIGHT),  # in FDI order: 16 first
        ((55,), View.RIGHT),  # a deciduous molar, upper right
        ((74,), View.LEFT),
    ],
)
def test_an_undercut_map_looks_at_the_prepared_teeth_from_their_side(
    teeth: tuple[int, ...], view: View
) -> None:
    assert undercut_view(teeth) is view
