"""Pure types and rules the rest of the program agrees on. No I/O, no third-party imports."""

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
from scaninbox.domain.first_look import jaws_hidden_in_view, shown_at_first
from scaninbox.domain.jaw_names import jaw_from_name, known_jaw
from scaninbox.domain.refs import CaseRef
from scaninbox.domain.turns import Turn
from scaninbox.domain.vocabulary import FileKind, Jaw, scan_jaw, status_label

__all__ = [
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
    "VariantInfo",
    "Worktype",
    "jaw_from_name",
    "jaws_hidden_in_view",
    "known_jaw",
    "scan_jaw",
    "shown_at_first",
    "status_label",
]
