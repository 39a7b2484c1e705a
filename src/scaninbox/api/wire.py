"""Pydantic models of the service's JSON (interface v1), tolerant exactly where the spec is.

- int32 members accept a JSON integer or a decimal-digit string (optional leading minus, no
  leading zeros) and come out as ``int``;
- nullable members accept null; required members of objects outside ``acceptedData`` must be
  present; inside ``acceptedData`` every member may be null or absent;
- unknown members are ignored, so a newer server does not break an older client;
- enumerated strings (status, jaw, fileType, categories …) stay strings: an unknown value is
  shown, not rejected;
- both case shapes: the guid shape and the variant (numeric ``id`` and more, see ``UnifiedCase``);
- ``axisMapping`` is also read from the spelling ``axisMaping``;
- date-times are held in UTC and must fall in the years 2-9998 once in UTC; a variant case's
  ``id`` must not be negative (it names the case in paths); strings arrive with lone UTF-16
  surrogates (``"\\ud800"``) replaced by U+FFFD (`scaninbox.api.parsing.read_json`) — a case that
  breaks a rule is recorded as malformed and the rest of its page is kept.

A sync reads cases into plain dicts under the same rules: `wire_dicts` mirrors the models as
``TypedDict``s (``CASE_DICTS``), so the rules are written once, here.

Field names are snake_case in Python and the spec's camelCase on the wire (``by_alias``).

The models live in three rooms: `wire_base` (int32, date-times, the model bases),
`wire_account` (sign-in, problems, account, portals, signed links) and `wire_case` (cases and
their pages); this module is where the rest of the program imports them from.
"""

from __future__ import annotations

from scaninbox.api.wire_account import (
    ConfiguredPortal,
    IosPortal,
    LoginResponse,
    MeResponse,
    Organization,
    ProblemDetails,
    SignedFileLink,
)
from scaninbox.api.wire_base import DateTimeWire, Int32, parse_int32, parse_wire_datetime
from scaninbox.api.wire_case import (
    VARIANT_FIELDS,
    MiscellaneousFile,
    PagedEnvelope,
    UnifiedAdministrative,
    UnifiedCase,
    UnifiedClinic,
    UnifiedCustomer,
    UnifiedData,
    UnifiedDentist,
    UnifiedOrderForm,
    UnifiedPatient,
    UnifiedScanFile,
    UnifiedTag,
    UnifiedUnit,
    UnifiedWorktype,
)
from scaninbox.api.wire_dicts import (
    CASE_DICTS,
    CaseDict,
    case_dict_of,
    case_dict_ref_parts,
    typed_dict_of,
)

__all__ = [
    "CASE_DICTS",
    "VARIANT_FIELDS",
    "CaseDict",
    "ConfiguredPortal",
    "DateTimeWire",
    "Int32",
    "IosPortal",
    "LoginResponse",
    "MeResponse",
    "MiscellaneousFile",
    "Organization",
    "PagedEnvelope",
    "ProblemDetails",
    "SignedFileLink",
    "UnifiedAdministrative",
    "UnifiedCase",
    "UnifiedClinic",
    "UnifiedCustomer",
    "UnifiedData",
    "UnifiedDentist",
    "UnifiedOrderForm",
    "UnifiedPatient",
    "UnifiedScanFile",
    "UnifiedTag",
    "UnifiedUnit",
    "UnifiedWorktype",
    "case_dict_of",
    "case_dict_ref_parts",
    "parse_int32",
    "parse_wire_datetime",
    "typed_dict_of",
]
