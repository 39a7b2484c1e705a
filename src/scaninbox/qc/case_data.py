"""Case data checks: what a case needs besides good scans before the lab accepts it.

Order form present, patient identifiable, delivery date not already past, work ordered, the
clinic's "contact required" flag surfaced, and a possible duplicate: the same portal case sent
twice (same portal and external id) or the same patient twice (same name and date of birth,
received within 30 days of each other). The other cases come from whoever holds them (the local
store) through `DuplicateSource`, so this module stays free of storage.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import Protocol

from scaninbox.domain import Case
from scaninbox.qc.findings import Finding, Severity
from scaninbox.qc.thresholds import QcThresholds

__all__ = ["DuplicateSource", "case_data_findings", "possible_duplicates"]


class DuplicateSource(Protocol):
    """Cases that might be the same as ``case`` (a superset is fine; QC decides)."""

    def duplicate_candidates(self, case: Case) -> Iterable[Case]: ...


def case_data_findings(
    case: Case,
    *,
    today: date,
    others: Iterable[Case] = (),
    thresholds: QcThresholds | None = None,
) -> list[Finding]:
    limits = thresholds or QcThresholds()
    findings: list[Finding] = []
    if case.order_form is None or not case.order_form.filename:
        findings.append(
            Finding("order_form", Severity.WARN, "The case has no order form (prescription PDF).")
        )
    if not _identifiable(case):
        findings.append(
            Finding(
                "patient",
                Severity.FAIL,
                "The patient cannot be identified: no name, external id or reference number.",
            )
        )
    if case.delivery_date is not None and case.delivery_date < today:
        days = (today - case.delivery_date).days
        findings.append(
            Finding(
                "delivery_date",
                Severity.WARN,
                f"The delivery date {case.delivery_date.isoformat()} passed {days} day"
                f"{'' if days == 1 else 's'} ago.",
                None,
                {"delivery_date": case.delivery_date.isoformat()},
            )
        )
    if not case.worktypes:
        findings.append(Finding("work", Severity.FAIL, "No work is ordered (no worktypes)."))
    if case.flags.contact_required:
        findings.append(
            Finding(
                "contact_required",
                Severity.WARN,
                "The clinic asks to be contacted about this case.",
            )
        )
    for other, why in possible_duplicates(case, others, limits.duplicate_window_days):
        findings.append(
            Finding(
                "duplicate_case",
                Severity.WARN,
                f"Possible duplicate of case {other.ref}: {why}.",
                None,
                {"case": str(other.ref)},
            )
        )
    return findings


def possible_duplicates(
    case: Case, others: Iterable[Case], window_days: int = 30
) -> list[tuple[Case, str]]:
    found: list[tuple[Case, str]] = []
    name = _key(case.patient_name)
    birth = (case.patient.date_of_birth or "").strip() if case.patient else ""
    for other in others:
        if other.ref == case.ref:
            continue
        if (
            case.external_id
            and other.external_id == case.external_id
            and (other.source or "") == (case.source or "")
        ):
            found.append((other, f"the same {case.source or 'portal'} case {case.external_id}"))
            continue
        other_birth = (other.patient.date_of_birth or "").strip() if other.patient else ""
        if (
            name
            and birth
            and _key(other.patient_name) == name
            and other_birth == birth
            and _within(case.received_at, other.received_at, window_days)
        ):
            found.append((other, f"the same patient ({case.patient_name}, born {birth})"))
    return found


def _identifiable(case: Case) -> bool:
    if case.patient_name:
        return True
    patient = case.patient
    return bool(patient and (patient.external_id or patient.reference_no))


def _key(name: str | None) -> str:
    return " ".join((name or "").casefold().split())


def _within(a: datetime | None, b: datetime | None, days: int) -> bool:
    if a is None or b is None:
        return True  # no dates to tell them apart: say so rather than miss a duplicate
    return abs((a.date() - b.date()).days) <= days  # dates: aware and naive times mix
