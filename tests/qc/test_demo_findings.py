"""The sandbox's demo cases show what sends crowns back (issue 27): a case without the antagonist,
one with its arches filed under each other's jaw, one with too little room for the material, an
undercut on a preparation, a bridge's diverging abutments, a hole at a margin — every new kind
of finding at least once — checked as the app checks them (the case's own data and scans, as the
service serves them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scaninbox.qc import Finding, check_scans
from scaninbox.sandbox.case_content import QC_DEMO_FAULTS
from tests.qc.demo_case_inputs import demo_case_inputs


def _demo_case_findings(index: int, folder: Path) -> list[Finding]:
    case, inputs = demo_case_inputs(index, folder)
    return list(check_scans(inputs, case=case).result.all_findings)


def _demo_case_kinds(index: int, folder: Path) -> set[tuple[str, str]]:
    return {(f.kind, str(f.severity)) for f in _demo_case_findings(index, folder)}


_SEVERITY = {"one_sided_contact": "warn", "abutment_divergence": "warn"}
# Every kind of finding issue 27 added, and the demo fault (or case) that shows it.
_NEW_KINDS = {
    "missing_antagonist",
    "jaw_swapped",
    "one_sided_contact",
    "undercut",
    "abutment_divergence",
    "hole_at_margin",
    "insufficient_room",
}


@pytest.mark.parametrize(
    ("index", "kind"),
    [
        *((index, fault) for index, fault in QC_DEMO_FAULTS.items()),
        (14, "insufficient_room"),
    ],
)
def test_a_demo_case_shows_the_finding(index: int, kind: str, tmp_path: Path) -> None:
    findings = _demo_case_findings(index, tmp_path)
    if kind == "hole_at_margin":
        at_margin = [f for f in findings if f.kind == "hole" and f.figures.get("at_margin")]
        assert at_margin
        assert all(str(f.severity) == "fail" for f in at_margin)
        return
    assert (kind, _SEVERITY.get(kind, "fail")) in {(f.kind, str(f.severity)) for f in findings}


def test_every_new_kind_of_finding_has_a_demo_case() -> None:
    assert {*QC_DEMO_FAULTS.values(), "insufficient_room"} >= _NEW_KINDS


def test_a_demo_case_filed_right_with_room_raises_none_of_them(tmp_path: Path) -> None:
    kinds = {kind for kind, _severity in _demo_case_kinds(35, tmp_path)}
    assert not kinds & {"missing_antagonist", "jaw_swapped", "one_sided_contact"}
