"""The one rule for which scans a first look shows (viewer rows, ``render --case``) and which
jaws the views from below and above hide."""

from __future__ import annotations

import pytest

from scaninbox.domain import Jaw, ScanFile, jaws_hidden_in_view, shown_at_first
from scaninbox.domain.first_look import full_scans


def scan(
    name: str | None, jaw: Jaw, file_type: str = "stl", scan_type: str | None = "preparationScan"
) -> ScanFile:
    return ScanFile(filename=name, file_type=file_type, scan_type=scan_type, jaw=jaw)


UPPER = scan("u.ply", Jaw.UPPER)
LOWER = scan("l.ply", Jaw.LOWER)
BEFORE = scan("l_pre.ply", Jaw.LOWER, scan_type=" PrePreparationScan ")
BITE = scan("bite.ply", Jaw.BITE, scan_type="biteScan")
PREVIEW = scan("u_low.png", Jaw.UPPER, file_type="Preview")
NAMELESS = scan(None, Jaw.UPPER)


def test_arches_show_the_scan_before_preparation_previews_and_nameless_files_do_not() -> None:
    files = [PREVIEW, UPPER, BEFORE, LOWER, NAMELESS]
    assert shown_at_first(files) == [UPPER, LOWER]
    assert full_scans(files) == [UPPER, BEFORE, LOWER]


def test_the_bite_is_hidden_only_when_both_arches_are_there() -> None:
    assert shown_at_first([UPPER, LOWER, BITE]) == [UPPER, LOWER]
    assert shown_at_first([BITE, UPPER]) == [BITE, UPPER]
    # The scan before preparation is no arch: the bite stays with one arch and it.
    assert shown_at_first([UPPER, BEFORE, BITE]) == [UPPER, BITE]


def test_a_scan_of_unknown_jaw_is_shown() -> None:
    other = scan("scan.obj", Jaw.NONE, scan_type=None)
    assert shown_at_first([other, UPPER, LOWER]) == [other, UPPER, LOWER]
    assert shown_at_first([]) == []


@pytest.mark.parametrize(
    ("view", "hidden"),
    [
        ("upper", {Jaw.LOWER, Jaw.BITE}),
        ("lower", {Jaw.UPPER, Jaw.BITE}),
        ("front", set()),
        ("left", set()),
        ("right", set()),
        ("sideways", set()),
    ],
)
def test_views_from_below_and_above_hide_the_opposing_jaw_and_the_bite(
    view: str, hidden: set[Jaw]
) -> None:
    assert jaws_hidden_in_view(view) == hidden
