"""Jaw coverage for the work and the case data checks (order form, patient, delivery date,
work, contact required, possible duplicates)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from scaninbox.domain import (
    AdminFlags,
    Case,
    CaseRef,
    Jaw,
    OrderForm,
    Patient,
    Unit,
    Worktype,
)
from scaninbox.qc import Severity, possible_duplicates
from scaninbox.qc.case_data import case_data_findings
from scaninbox.qc.coverage import WorkItem, coverage_findings, work_items

TODAY = date(2026, 11, 23)


def _case(ref: str = "1", **changes: object) -> Case:
    base: dict[str, object] = {
        "ref": CaseRef.parse(ref),
        "patient": Patient(first_name="Anna", last_name="Muster", date_of_birth="1980-02-03"),
        "order_form": OrderForm(filename="order.pdf"),
        "worktypes": (Worktype(category="Fixed", restoration_type="Crown", fdi="16"),),
        "delivery_date": date(2026, 12, 1),
        "received_at": datetime(2026, 11, 20, 9, 0, tzinfo=UTC),
        "source": "3Shape",
        "external_id": "X-1",
    }
    base.update(changes)
    return Case(**base)  # type: ignore[arg-type]


def test_teeth_need_a_scan_of_their_jaw_and_fixed_work_its_antagonist_and_bite() -> None:
    crown = WorkItem((16, 26), fixed=True)
    missing = coverage_findings([crown], set(), has_bite=False, in_occlusion=False)
    assert [f.severity for f in missing] == [Severity.FAIL, Severity.FAIL]
    assert "upper" in missing[0].message
    assert "16" in missing[0].message
    assert "antagonist" in missing[1].message
    assert "lower" in missing[1].message
    assert [f.kind for f in missing] == ["coverage", "missing_antagonist"]
    assert missing[1].figures == {"teeth": "16, 26", "jaw": "lower"}

    no_bite = coverage_findings([crown], {Jaw.UPPER, Jaw.LOWER}, has_bite=False, in_occlusion=False)
    assert len(no_bite) == 1
    assert "bite scan" in no_bite[0].message
    for has_bite, in_occlusion in ((True, False), (False, True)):
        assert not coverage_findings(
            [crown], {Jaw.UPPER, Jaw.LOWER}, has_bite=has_bite, in_occlusion=in_occlusion
        )


def test_removable_work_needs_its_own_jaw_and_the_antagonist() -> None:
    denture = WorkItem((36, 46), fixed=False, removable=True)
    assert not coverage_findings(
        [denture], {Jaw.LOWER, Jaw.UPPER}, has_bite=False, in_occlusion=False
    )  # no bite needed for removable work
    (antagonist,) = coverage_findings([denture], {Jaw.LOWER}, has_bite=False, in_occlusion=False)
    assert (antagonist.kind, antagonist.severity) == ("missing_antagonist", Severity.FAIL)
    assert antagonist.figures["jaw"] == "upper"
    lower_teeth = coverage_findings([denture], {Jaw.UPPER}, has_bite=False, in_occlusion=False)
    assert len(lower_teeth) == 1
    assert "lower" in lower_teeth[0].message
    # A full denture names its jaw without teeth: the opposing jaw is still needed.
    full = WorkItem((), fixed=False, removable=True, jaw=Jaw.LOWER)
    (named,) = coverage_findings([full], {Jaw.LOWER}, has_bite=False, in_occlusion=False)
    assert (named.kind, named.figures["jaw"]) == ("missing_antagonist", "upper")
    # Other work (a night guard filed as "other") asks for no antagonist.
    guard = WorkItem((16,), fixed=False)
    assert not coverage_findings([guard], {Jaw.UPPER}, has_bite=False, in_occlusion=False)


def test_work_items_take_teeth_from_worktypes_units_and_spans() -> None:
    bridge = Worktype(
        category="Fixed",
        restoration_type="Bridge",
        from_tooth=24,
        to_tooth=26,
        units=(Unit(fdi="24"), Unit(fdi="26")),
    )
    denture = Worktype(category="Removable", restoration_type="Denture", jaw="lower")
    items = work_items([bridge, denture])
    assert items[0].teeth == (24, 25, 26)
    assert items[0].fixed
    assert items[1].teeth == ()
    assert items[1].jaw is Jaw.LOWER
    assert not items[1].fixed
    assert items[1].removable
    findings = coverage_findings(items, {Jaw.UPPER}, has_bite=True, in_occlusion=False)
    assert any("lower jaw" in f.message for f in findings)


def test_a_complete_case_has_no_case_data_findings() -> None:
    assert case_data_findings(_case(), today=TODAY) == []


def test_case_data_problems_are_each_reported() -> None:
    bad = _case(
        patient=None,
        order_form=None,
        worktypes=(),
        delivery_date=date(2026, 11, 20),
        flags=AdminFlags(contact_required=True),
    )
    found = {f.kind: f for f in case_data_findings(bad, today=TODAY)}
    assert found["patient"].severity is Severity.FAIL
    assert found["work"].severity is Severity.FAIL
    assert found["order_form"].severity is Severity.WARN
    assert found["delivery_date"].severity is Severity.WARN
    assert "3 days" in found["delivery_date"].message
    assert found["contact_required"].severity is Severity.WARN


def test_possible_duplicates_same_portal_case_or_same_patient_within_30_days() -> None:
    case = _case("1")
    same_portal_case = _case("2", patient=Patient(full_name="Someone Else"))
    other_portal = _case("3", source="iTero", patient=Patient(full_name="Someone Else"))
    same_patient = _case(
        "4",
        external_id="X-9",
        patient=Patient(full_name="anna  MUSTER", date_of_birth="1980-02-03"),
        received_at=datetime(2026, 10, 30, tzinfo=UTC),
    )
    too_old = _case("5", external_id="X-8", received_at=datetime(2026, 9, 1, tzinfo=UTC))
    other_birthday = _case(
        "6",
        external_id="X-7",
        patient=Patient(first_name="Anna", last_name="Muster", date_of_birth="1981-02-03"),
    )
    others = [case, same_portal_case, other_portal, same_patient, too_old, other_birthday]
    found = possible_duplicates(case, others)
    assert [str(c.ref) for c, _why in found] == ["2", "4"]
    findings = case_data_findings(case, today=TODAY, others=others)
    assert [f.figures["case"] for f in findings if f.kind == "duplicate_case"] == ["2", "4"]
