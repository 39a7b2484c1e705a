"""Which scans the viewport draws, under which names, shown or hidden."""

from __future__ import annotations

from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.qt.viewer.plan import plan_scans


def scan(
    name: str, jaw: Jaw, file_type: str = "stl", scan_type: str = "preparationScan"
) -> ScanFile:
    return ScanFile(filename=name, file_type=file_type, scan_type=scan_type, jaw=jaw)


def case_of(*scans: ScanFile) -> Case:
    return Case(ref=CaseRef("c1"), source="iTero", scan_files=scans)


def test_previews_stand_in_for_their_jaws_arch_and_pre_op_and_bite_start_hidden() -> None:
    rows = plan_scans(
        case_of(
            scan("u.ply", Jaw.UPPER),
            scan("l_pre.ply", Jaw.LOWER, scan_type="prePreparationScan"),
            scan("l.ply", Jaw.LOWER),
            scan("bite.ply", Jaw.BITE, scan_type="biteScan"),
            scan("u_low.ply", Jaw.UPPER, "preview"),
            scan("l_low.ply", Jaw.LOWER, "preview"),
        )
    )
    table = [
        (r.label, r.filename, r.visible, r.preview.filename if r.preview else None) for r in rows
    ]
    assert table == [
        ("Upper jaw", "u.ply", True, "u_low.ply"),
        ("Lower jaw (before preparation)", "l_pre.ply", False, None),
        ("Lower jaw", "l.ply", True, "l_low.ply"),
        ("Bite", "bite.ply", False, None),
    ]
    assert [r.key for r in rows] == ["scan0", "scan1", "scan2", "scan3"]


def test_a_bite_alone_is_shown_and_a_preview_without_its_scan_gets_a_row() -> None:
    rows = plan_scans(
        case_of(
            scan("bite.stl", Jaw.BITE, scan_type="biteScan"),
            scan("upper.stl", Jaw.UPPER),
            scan("lower_preview.png", Jaw.LOWER, "preview"),
            ScanFile(
                filename=None, file_type="stl", scan_type=None, jaw=Jaw.UPPER
            ),  # no name: nothing to ask for
        )
    )
    assert [(r.label, r.visible, r.file is None) for r in rows] == [
        ("Bite", True, False),
        ("Upper jaw", True, False),
        ("Lower jaw (preview)", True, True),
    ]


def test_labels_are_unique_within_a_case() -> None:
    rows = plan_scans(
        case_of(scan("a.stl", Jaw.UPPER), scan("b.stl", Jaw.UPPER), scan("c.stl", Jaw.NONE))
    )
    assert [r.label for r in rows] == ["Upper jaw 1", "Upper jaw 2", "Scan"]


def test_no_case_and_no_scans_plan_nothing() -> None:
    assert plan_scans(None) == []
    assert plan_scans(case_of()) == []
