"""A case's own texts as the window shows them: data, not the window's to translate.

The pseudo-language checks (`pseudo.untranslated`) pass these as ``data``: names, references,
remarks, file names, and the words the domain makes of them (already checked where they are
made).
"""

from __future__ import annotations

from scaninbox.domain import (
    Case,
    case_teeth,
    delivery_phrase,
    exact_time,
    format_date,
    format_date_of_birth,
    format_gender,
    format_size,
    format_teeth,
    identifier_label,
    relative_time,
    status_label,
    work_summary,
)
from scaninbox.qt.case_pane.customer import mail_url, phone_url
from scaninbox.qt.files.providers import case_files

__all__ = ["case_texts"]


def case_texts(case: Case) -> list[str]:
    """What the case says (names, references, remarks, file names) and how the other areas
    word it: not the pane's to translate."""
    texts: list[str | None] = [
        str(case.ref),
        case.source,
        case.external_id,
        case.sent_to,
        case.delivery_text,
        case.remark,
        case.patient_name,
        status_label(case.status),
        format_teeth(case_teeth(case.worktypes)),
        work_summary(case.worktypes),
    ]
    if case.variant is not None:
        texts.append(case.variant.case_id)
    patient = case.patient
    if patient is not None:
        texts += [
            patient.reference_no,
            patient.external_id,
            format_gender(patient.gender),
            format_date_of_birth(patient.date_of_birth),
        ]
    for person in (case.clinic, case.dentist):
        if person is not None:
            texts += [getattr(person, name, None) for name in ("name", "display_name")]
            texts += [getattr(person, "display_address", None), person.phone, person.email]
            for url in (phone_url(person.phone), mail_url(person.email)):
                texts.append(url.toString() if url is not None else None)
    if case.received_at is not None:
        texts += [relative_time(case.received_at), exact_time(case.received_at)]
    if case.delivery_date is not None:
        texts += [
            format_date(case.delivery_date, with_weekday=True),
            delivery_phrase(case.delivery_date),
        ]
    for worktype in case.worktypes:
        for value in (worktype.restoration_type, worktype.restoration_detail, worktype.category):
            texts.append(identifier_label(value))
        texts += [identifier_label(worktype.material), identifier_label(worktype.setting)]
        texts.append(worktype.shade)
        for tag in worktype.tags:
            texts += [identifier_label(tag.type), tag.value]
        for unit in worktype.units:
            texts += [identifier_label(unit.restoration_type), identifier_label(unit.material)]
    texts += [file.filename for file in case_files(case)]
    texts += [identifier_label(scan.scan_type) for scan in case.scan_files]
    texts.append(format_size(None))
    return [t for t in texts if t]
