"""Which distance maps a case's scans allow, and the reasons given for the others."""

from __future__ import annotations

from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.qt.viewer.map_choices import map_choices
from scaninbox.qt.viewer.plan import plan_scans
from scaninbox.render.colour_map import MapKind


def _scan(name: str, jaw: Jaw, scan_type: str = "preparationScan") -> ScanFile:
    return ScanFile(filename=name, file_type="stl", scan_type=scan_type, jaw=jaw)


def _choices(*scans: ScanFile) -> dict[str, tuple[str | None, str | None, str]]:
    rows = plan_scans(Case(ref=CaseRef("c"), source="iTero", scan_files=scans))
    return {c.name: (c.target, c.reference, c.reason) for c in map_choices(rows)}


def test_both_arches_give_both_clearance_maps_and_no_reduction_without_a_pre_op_scan() -> None:
    found = _choices(_scan("u.stl", Jaw.UPPER), _scan("l.stl", Jaw.LOWER))
    assert found["upper-lower"] == ("scan0", "scan1", "")
    assert found["lower-upper"] == ("scan1", "scan0", "")
    assert set(found) == {"upper-lower", "lower-upper", "reduction"}
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
    assert kinds == [MapKind.CLEARANCE, MapKind.CLEARANCE, MapKind.REDUCTION]
