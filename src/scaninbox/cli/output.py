"""What the command line prints: case tables, a case's details, account and portal views, JSON.

Functions take data (domain cases, wire models) and return text, so any source of cases (the
service now, the local store later) can use them. JSON keeps the service's member names.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any

from scaninbox.api.wire import ConfiguredPortal, IosPortal, MeResponse
from scaninbox.cli.text_layout import (
    TableColumn,
    clean,
    render_table,
    write_error,
    write_line,
)
from scaninbox.domain import (
    UNSPECIFIED_WORK,
    Case,
    Urgency,
    delivery_urgency,
    format_teeth,
    local_minute,
    status_label,
    teeth_text,
    work_summary,
    worktype_teeth,
)

__all__ = [
    "case_detail",
    "case_table",
    "configured_portals_text",
    "ios_portals_text",
    "me_text",
    "print_json",
    "write_error",
    "write_line",
]

# The ref is never cut (people copy it); less telling columns go first on narrow terminals.
_CASE_COLUMNS = (
    TableColumn("Received"),
    TableColumn("Patient", 12),
    TableColumn("Dentist / clinic", 10, drop_rank=3),
    TableColumn("Source", 6, drop_rank=1),
    TableColumn("Work", 10, drop_rank=5),
    TableColumn("Teeth", 5, drop_rank=2),
    TableColumn("Delivery", drop_rank=4),
    TableColumn("Status", drop_rank=6),
    TableColumn("Ref"),
)


# What JSON leaves raw with ensure_ascii=False but a terminal would act on (json.dumps escapes
# C0 controls itself): DEL, C1 controls, bidirectional controls, separators, lone surrogates.
_JSON_UNSAFE = re.compile(
    "[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def print_json(value: Any) -> None:
    """``value`` as indented UTF-8 JSON on stdout; control characters as ``\\uXXXX`` escapes."""
    text = json.dumps(value, ensure_ascii=False, indent=2)
    write_line(_JSON_UNSAFE.sub(lambda m: f"\\u{ord(m[0]):04x}", text))


def case_table(cases: Sequence[Case], width: int | None, *, today: date | None = None) -> str:
    today = today or date.today()  # the technician's calendar day, as in the window
    rows = [_case_row(case, today) for case in cases]
    return render_table(_CASE_COLUMNS, rows, width)


def _case_row(case: Case, today: date) -> list[str]:
    return [
        case.received_at.astimezone().date().isoformat() if case.received_at else "—",
        case.patient_name or "—",
        _who(case),
        case.source or "—",
        work_summary(case.worktypes) or "—",
        teeth_text(case.worktypes) or "—",
        _delivery(case, today),
        status_label(case.status),
        str(case.ref),
    ]


def _when(moment: datetime | None) -> str:
    return local_minute(moment) if moment else "—"


def _who(case: Case) -> str:
    dentist = case.dentist.display_name if case.dentist else None
    clinic = case.clinic.name if case.clinic else None
    return " / ".join(p for p in (dentist, clinic) if p) or "—"


def _delivery(case: Case, today: date) -> str:
    if case.delivery_date is None:
        return case.delivery_text or "—"
    urgency = delivery_urgency(case.delivery_date, status=case.status, today=today)
    return case.delivery_date.isoformat() + (" overdue" if urgency is Urgency.OVERDUE else "")


def case_detail(case: Case) -> str:
    """A readable page about one case: who, what, when, files."""
    lines: list[str] = []

    def field(label: str, value: object) -> None:
        if value not in (None, "", ()):
            lines.append(f"  {label + ':':<16}{clean(value)}")

    lines.append(f"Case {case.ref}")
    field("Status", status_label(case.status))
    field("Source", case.source)
    field("External id", case.external_id)
    field("Received", _when(case.received_at) if case.received_at else None)
    field("Delivery", case.delivery_date.isoformat() if case.delivery_date else case.delivery_text)
    field("Sent to", case.sent_to)
    field("Organisation", case.organization_type)
    if case.variant is not None:
        field("Case id", case.variant.case_id)
        field("Completeness", case.variant.completeness_status)
        field("Info request", case.variant.info_request_status)
    if not case.has_accepted_data:
        lines.append("  The service has no case content for this case yet.")
    lines.append("Patient")
    patient = case.patient
    field("Name", case.patient_name or "—")
    if patient is not None:
        field("Gender", patient.gender)
        field("Date of birth", patient.date_of_birth)
        field("Reference", patient.reference_no)
    lines.append("Dentist and clinic")
    if case.dentist is not None:
        field("Dentist", case.dentist.display_name)
        field("Phone", case.dentist.phone)
        field("E-mail", case.dentist.email)
    if case.clinic is not None:
        field("Clinic", case.clinic.name)
        field("Address", case.clinic.display_address)
        field("Phone", case.clinic.phone)
        field("E-mail", case.clinic.email)
    lines.append("Work")
    field("Summary", work_summary(case.worktypes) or "—")
    field("Teeth", teeth_text(case.worktypes))
    lines.extend(f"  - {clean(line)}" for line in _worktype_lines(case))
    flags = [
        label
        for label, on in (
            ("priority", case.flags.priority),
            ("remake", case.flags.remake),
            ("additional info", case.flags.additional_info),
            ("contact required", case.flags.contact_required),
        )
        if on
    ]
    field("Flags", ", ".join(flags))
    field("Remark", case.remark)
    lines.append("Files")
    lines.extend(f"  {line}" for line in _file_lines(case))
    return "\n".join(lines)


def _worktype_lines(case: Case) -> Iterable[str]:
    for w in case.worktypes:
        parts = [w.category, w.restoration_type, w.restoration_detail, w.material, w.setting]
        text = " · ".join(p for p in parts if p) or UNSPECIFIED_WORK
        teeth = format_teeth(worktype_teeth(w))
        extras = [f"teeth {teeth}" if teeth else "", f"shade {w.shade}" if w.shade else ""]
        extras += [f"{t.type}: {t.value}" for t in w.tags if t.type or t.value]
        extra = ", ".join(e for e in extras if e)
        yield f"{text} ({extra})" if extra else text


def _file_lines(case: Case) -> Iterable[str]:
    any_file = False
    for scan in case.scan_files:
        any_file = True
        kind = ", ".join(clean(p) for p in (scan.scan_type, scan.jaw.value, scan.file_type) if p)
        yield f"Scan        {clean(scan.filename) or '(no name)'}  [{kind}]"
    if case.order_form is not None:
        any_file = True
        yield f"Order form  {clean(case.order_form.filename) or '(no name)'}"
    for misc in case.misc_files:
        any_file = True
        yield f"Attachment  {clean(misc.filename) or '(no name)'}"
    if not any_file:
        yield "(none)"


def me_text(me: MeResponse) -> str:
    lines = [f"Signed in as {clean(me.email)}"]
    if me.name:
        lines.append(f"  Name: {clean(me.name)}")
    if me.role:
        lines.append(f"  Role: {clean(me.role)}")
    for org in me.organizations:
        kind = f" ({clean(org.type)})" if org.type else ""
        lines.append(f"  Organisation: {clean(org.name)}{kind}")
    if me.portals:
        lines.append("  Portals:")
        lines.extend(f"    {clean(_portal_name(p))}" for p in me.portals)
    return "\n".join(lines)


def _portal_name(portal: ConfiguredPortal) -> str:
    name = portal.display_name or portal.portal_name or f"portal {portal.id}"
    return (
        f"{name} ({portal.portal_name})"
        if portal.portal_name and name != portal.portal_name
        else name
    )


def ios_portals_text(portals: Sequence[IosPortal], width: int | None) -> str:
    columns = (
        TableColumn("Id"),
        TableColumn("Name", 8),
        TableColumn("Axes"),
        TableColumn("Bits"),
        TableColumn("URL", 10),
    )
    rows = [
        [str(p.id), p.name or "—", p.axis_mapping or "—", _opt(p.quantization_bits), p.url or "—"]
        for p in portals
    ]
    return render_table(columns, rows, width)


def configured_portals_text(portals: Sequence[ConfiguredPortal], width: int | None) -> str:
    columns = (
        TableColumn("Id"),
        TableColumn("Name", 8),
        TableColumn("Portal", 8),
        TableColumn("User", 8),
        TableColumn("Last fetch"),
    )
    rows = [
        [
            str(p.id),
            p.display_name or "—",
            p.portal_name or "—",
            p.username or "—",
            _when(p.last_fetch),
        ]
        for p in portals
    ]
    return render_table(columns, rows, width)


def _opt(value: object) -> str:
    return "—" if value is None else str(value)
