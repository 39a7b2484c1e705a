"""Pure types and rules the rest of the program agrees on, and how they are worded for people
(``wording``). No I/O, no third-party imports."""

from scaninbox.domain.case import (
    AdminFlags,
    Case,
    Clinic,
    Dentist,
    MiscFile,
    OrderForm,
    Patient,
    ScanFile,
    Tag,
    Unit,
    VariantInfo,
    Worktype,
)
from scaninbox.domain.deadlines import DUE_SOON_DAYS, Urgency, delivery_urgency, is_open_status
from scaninbox.domain.first_look import jaws_hidden_in_view, shown_at_first
from scaninbox.domain.jaw_names import jaw_from_name, known_jaw
from scaninbox.domain.refs import CaseRef
from scaninbox.domain.turns import Turn
from scaninbox.domain.vocabulary import (
    CLOSED_STATUSES,
    OPEN_STATUSES,
    STATUS_LABELS,
    FileKind,
    Jaw,
    scan_jaw,
    status_label,
)
from scaninbox.domain.wording import (
    delivery_phrase,
    exact_time,
    format_date,
    format_date_of_birth,
    format_gender,
    format_size,
    identifier_label,
    local_minute,
    local_time,
    relative_time,
)

__all__ = [
    "CLOSED_STATUSES",
    "DUE_SOON_DAYS",
    "OPEN_STATUSES",
    "STATUS_LABELS",
    "AdminFlags",
    "Case",
    "CaseRef",
    "Clinic",
    "Dentist",
    "FileKind",
    "Jaw",
    "MiscFile",
    "OrderForm",
    "Patient",
    "ScanFile",
    "Tag",
    "Turn",
    "Unit",
    "Urgency",
    "VariantInfo",
    "Worktype",
    "delivery_phrase",
    "delivery_urgency",
    "exact_time",
    "format_date",
    "format_date_of_birth",
    "format_gender",
    "format_size",
    "identifier_label",
    "is_open_status",
    "jaw_from_name",
    "jaws_hidden_in_view",
    "known_jaw",
    "local_minute",
    "local_time",
    "relative_time",
    "scan_jaw",
    "shown_at_first",
    "status_label",
]
