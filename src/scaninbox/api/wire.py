"""Pydantic models of the service's JSON (interface v1), tolerant exactly where the spec is.

- int32 members accept a JSON integer or a decimal-digit string (optional leading minus, no
  leading zeros) and come out as ``int``;
- nullable members accept null; required members of objects outside ``acceptedData`` must be
  present; inside ``acceptedData`` every member may be null or absent;
- unknown members are ignored, so a newer server does not break an older client;
- enumerated strings (status, jaw, fileType, categories …) stay strings: an unknown value is
  shown, not rejected;
- both case shapes: the guid shape and the variant (numeric ``id`` and more, see ``UnifiedCase``);
- ``axisMapping`` is also read from the spelling ``axisMaping``.

Field names are snake_case in Python and the spec's camelCase on the wire (``by_alias``).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import (
    AliasChoices,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    StrictBool,
    StrictStr,
)
from pydantic.alias_generators import to_camel

__all__ = [
    "VARIANT_FIELDS",
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
    "parse_int32",
    "parse_wire_datetime",
]

_INT32_TEXT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1


def parse_int32(value: object) -> int:
    """A JSON integer or a decimal-digit string within the int32 range, as ``int``."""
    if isinstance(value, bool):
        raise ValueError("expected an integer, got a boolean")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        if not _INT32_TEXT.fullmatch(value):
            raise ValueError(f"expected an integer or a string of decimal digits, got {value!r}")
        number = int(value)
    else:
        raise ValueError(f"expected an integer, got {type(value).__name__}")
    if not _INT32_MIN <= number <= _INT32_MAX:
        raise ValueError(f"{number} is outside the int32 range")
    return number


def _parse_wide_int(value: object) -> int:
    """The variant's plain "integer" members: as int32, without the range limit."""
    if isinstance(value, str) and _INT32_TEXT.fullmatch(value):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return parse_int32(value)  # raises the same plain message


def parse_wire_datetime(value: object) -> datetime:
    """An ISO 8601 timestamp. One without an offset is taken as UTC (the spec's timestamps are)."""
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str):
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            raise ValueError(f"{value!r} is not an ISO 8601 date-time") from None
    else:
        raise ValueError(f"expected an ISO 8601 date-time string, got {type(value).__name__}")
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed


def _iso(value: datetime) -> str:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


Int32 = Annotated[int, BeforeValidator(parse_int32)]
WideInt = Annotated[int, BeforeValidator(_parse_wide_int)]
DateTimeWire = Annotated[
    datetime, BeforeValidator(parse_wire_datetime), PlainSerializer(_iso, return_type=str)
]
Scalar = StrictStr | int | float | StrictBool | None


class _Wire(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        extra="ignore",
        frozen=True,
        strict=False,
        str_strip_whitespace=False,
    )


class _Optional(_Wire):
    """Objects inside ``acceptedData``: every member may be null or absent."""


# --------------------------------------------------------------------------- authentication


class LoginResponse(_Wire):
    token: StrictStr
    expires_at: DateTimeWire

    def __repr__(self) -> str:  # the token never reaches a log or a traceback
        return f"LoginResponse(token=<redacted>, expires_at={self.expires_at!r})"

    __str__ = __repr__


class ProblemDetails(_Wire):
    """RFC 7807 problem details; every member optional and nullable."""

    type: StrictStr | None = None
    title: StrictStr | None = None
    status: Int32 | None = None
    detail: StrictStr | None = None
    instance: StrictStr | None = None


# --------------------------------------------------------------------------- account and portals


class Organization(_Wire):
    guid: StrictStr | None
    name: StrictStr
    shortname: StrictStr | None
    culture_info: StrictStr | None
    type: StrictStr
    parent_guid: StrictStr | None
    cluster: Int32 | None


class ConfiguredPortal(_Wire):
    id: Int32
    display_name: StrictStr | None
    username: StrictStr | None
    last_fetch: DateTimeWire | None
    portal_name: StrictStr | None
    # Named by the portal-listing prose but not typed beyond "scalar"; the variant omits them.
    guid: Scalar = None
    organization_guid: Scalar = None
    ios_portal_id: Scalar = None
    region: Scalar = None


class MeResponse(_Wire):
    email: StrictStr
    name: StrictStr | None
    role: StrictStr | None
    organizations: list[Organization]
    portals: list[ConfiguredPortal]


class IosPortal(_Wire):
    id: Int32
    name: StrictStr | None
    class_name: StrictStr | None
    url: StrictStr | None
    axis_mapping: StrictStr | None = Field(
        default=None,
        validation_alias=AliasChoices("axisMapping", "axisMaping", "axis_mapping"),
        serialization_alias="axisMapping",
    )
    quantization_bits: Int32 | None


# --------------------------------------------------------------------------- case content


class UnifiedClinic(_Optional):
    external_id: StrictStr | None = None
    name: StrictStr | None = None
    address: StrictStr | None = None
    zip: StrictStr | None = None
    city: StrictStr | None = None
    country: StrictStr | None = None
    full_address: StrictStr | None = None
    phone_number: StrictStr | None = None
    mail_address: StrictStr | None = None


class UnifiedDentist(_Optional):
    external_id: StrictStr | None = None
    first_name: StrictStr | None = None
    last_name: StrictStr | None = None
    full_name: StrictStr | None = None
    phone_number: StrictStr | None = None
    mail_address: StrictStr | None = None


class UnifiedCustomer(_Optional):
    clinic: UnifiedClinic | None = None
    dentist: UnifiedDentist | None = None


class UnifiedPatient(_Optional):
    external_id: StrictStr | None = None
    gender: StrictStr | None = None
    first_name: StrictStr | None = None
    last_name: StrictStr | None = None
    full_name: StrictStr | None = None
    reference_no: StrictStr | None = None
    date_of_birth: StrictStr | None = None


class UnifiedScanFile(_Optional):
    type: StrictStr | None = None
    filename: StrictStr | None = None
    file_link: StrictStr | None = None
    jaw: StrictStr | None = None
    file_type: StrictStr | None = None


class UnifiedOrderForm(_Optional):
    filename: StrictStr | None = None
    file_link: StrictStr | None = None
    plain_text: StrictStr | None = None


class UnifiedTag(_Optional):
    type: StrictStr | None = None
    value: StrictStr | None = None


class UnifiedUnit(_Optional):
    category_id: StrictStr | None = None
    restoration_type_id: StrictStr | None = None
    restoration_detail_id: StrictStr | None = None
    material_id: StrictStr | None = None
    setting_id: StrictStr | None = None
    fdi: StrictStr | None = None
    shade: StrictStr | None = None
    tags: list[UnifiedTag] | None = None


class UnifiedWorktype(UnifiedUnit):
    jaw: StrictStr | None = None
    from_: Int32 | None = Field(default=None, alias="from")
    to: Int32 | None = None
    units: list[UnifiedUnit] | None = None


class UnifiedAdministrative(_Optional):
    # "Booleans, all required" — but inside acceptedData a portal may leave them out; absent or
    # null reads as "not flagged".
    priority: StrictBool | None = None
    remake: StrictBool | None = None
    additional_info: StrictBool | None = None
    contact_required: StrictBool | None = None


class MiscellaneousFile(_Optional):
    """A non-scan attachment. The spec names only ``filename``; other scalar members are kept.

    A bare string is read as the file name (a robust reading of "matched to files by filename").
    """

    model_config = ConfigDict(extra="allow")

    filename: StrictStr | None = Field(
        default=None, validation_alias=AliasChoices("filename", "fileName", "name")
    )

    @classmethod
    def _coerce(cls, value: Any) -> Any:
        return {"filename": value} if isinstance(value, str) else value


def _misc_entries(value: Any) -> Any:
    if isinstance(value, list):
        return [MiscellaneousFile._coerce(v) for v in value]
    return value


class UnifiedData(_Optional):
    organization_guid: StrictStr | None = None
    organization_type: StrictStr | None = None
    source: StrictStr | None = None
    external_id: StrictStr | None = None
    received_date: DateTimeWire | None = None
    delivery_date: StrictStr | None = None
    sent_to: StrictStr | None = None
    customer: UnifiedCustomer | None = None
    patient: UnifiedPatient | None = None
    remark: StrictStr | None = None
    scan_files: list[UnifiedScanFile] | None = None
    order_form: UnifiedOrderForm | None = None
    worktypes: list[UnifiedWorktype] | None = None
    administrative: UnifiedAdministrative | None = None
    uid: Scalar = None
    miscellaneous_files: Annotated[
        list[MiscellaneousFile] | None, BeforeValidator(_misc_entries)
    ] = None


# Members only the numeric-id variant carries; dropped from JSON output of guid-shape cases.
VARIANT_FIELDS = (
    "id",
    "organization_id",
    "portal_id",
    "configured_portal_id",
    "case_id",
    "created_at",
    "patient_fullname",
    "completeness_status",
    "info_request_status",
)


class UnifiedCase(_Wire):
    guid: StrictStr | None
    organization_guid: StrictStr | None
    accepted_data: UnifiedData | None
    status: StrictStr | None
    # The variant shape (section 2.21). Its presence is told by ``id``.
    id: WideInt | None = None
    organization_id: WideInt | None = None
    portal_id: WideInt | None = None
    configured_portal_id: WideInt | None = None
    case_id: StrictStr | None = None
    created_at: DateTimeWire | None = None
    patient_fullname: StrictStr | None = None
    completeness_status: StrictStr | None = None
    info_request_status: StrictStr | None = None

    @property
    def is_variant(self) -> bool:
        return self.id is not None

    def wire_dict(self) -> dict[str, Any]:
        """The case in the spec's member names: every spec member present (null when absent),
        unknown members dropped, variant members only for a variant-shape case."""
        data: dict[str, Any] = self.model_dump(mode="json", by_alias=True)
        if not self.is_variant:
            for name in VARIANT_FIELDS:
                data.pop(to_camel(name), None)
        return data


class PagedEnvelope(_Wire):
    """A page of cases before the items are read one by one (so one bad case sinks only itself)."""

    # Items stay raw: one that is not even an object must sink only itself, not the page.
    items: list[Any]
    page: Int32
    page_size: Int32
    total: Int32


class SignedFileLink(_Wire):
    """A pre-authenticated storage URL. ``file_type`` is present for scan files only."""

    url: StrictStr
    filename: StrictStr | None = None
    file_type: StrictStr | None = None
    expires_at: DateTimeWire

    def __repr__(self) -> str:  # the signature in the URL is a credential for 15 minutes
        return f"SignedFileLink(filename={self.filename!r}, expires_at={self.expires_at!r})"

    __str__ = __repr__
