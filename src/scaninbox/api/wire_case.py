"""Wire models of cases (interface v1): both shapes (the guid shape and the variant with its
numeric ``id``), everything inside ``acceptedData`` optional, and the page envelope. See
`scaninbox.api.wire` for the tolerance rules."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AliasChoices, BeforeValidator, ConfigDict, Field, StrictBool, StrictStr

from scaninbox.api.wire_base import (
    CaseId,
    DateTimeWire,
    Int32,
    OptionalWireModel,
    Scalar,
    WideInt,
    WireModel,
)

__all__ = [
    "VARIANT_FIELDS",
    "MiscellaneousFile",
    "PagedEnvelope",
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
]


# --------------------------------------------------------------------------- case content


class UnifiedClinic(OptionalWireModel):
    external_id: StrictStr | None = None
    name: StrictStr | None = None
    address: StrictStr | None = None
    zip: StrictStr | None = None
    city: StrictStr | None = None
    country: StrictStr | None = None
    full_address: StrictStr | None = None
    phone_number: StrictStr | None = None
    mail_address: StrictStr | None = None


class UnifiedDentist(OptionalWireModel):
    external_id: StrictStr | None = None
    first_name: StrictStr | None = None
    last_name: StrictStr | None = None
    full_name: StrictStr | None = None
    phone_number: StrictStr | None = None
    mail_address: StrictStr | None = None


class UnifiedCustomer(OptionalWireModel):
    clinic: UnifiedClinic | None = None
    dentist: UnifiedDentist | None = None


class UnifiedPatient(OptionalWireModel):
    external_id: StrictStr | None = None
    gender: StrictStr | None = None
    first_name: StrictStr | None = None
    last_name: StrictStr | None = None
    full_name: StrictStr | None = None
    reference_no: StrictStr | None = None
    date_of_birth: StrictStr | None = None


class UnifiedScanFile(OptionalWireModel):
    type: StrictStr | None = None
    filename: StrictStr | None = None
    file_link: StrictStr | None = None
    jaw: StrictStr | None = None
    file_type: StrictStr | None = None


class UnifiedOrderForm(OptionalWireModel):
    filename: StrictStr | None = None
    file_link: StrictStr | None = None
    plain_text: StrictStr | None = None


class UnifiedTag(OptionalWireModel):
    type: StrictStr | None = None
    value: StrictStr | None = None


class UnifiedUnit(OptionalWireModel):
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


class UnifiedAdministrative(OptionalWireModel):
    # "Booleans, all required" — but inside acceptedData a portal may leave them out; absent or
    # null reads as "not flagged".
    priority: StrictBool | None = None
    remake: StrictBool | None = None
    additional_info: StrictBool | None = None
    contact_required: StrictBool | None = None


class MiscellaneousFile(OptionalWireModel):
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
    # Most lists hold objects only: told apart in C (``map(type, …)``), without a Python call
    # per entry — a first sync reads every case's list.
    if type(value) is list and (not value or set(map(type, value)) == _OBJECTS_ONLY):
        return value
    if isinstance(value, list):
        return [MiscellaneousFile._coerce(v) for v in value]
    return value


_OBJECTS_ONLY = {dict}


class UnifiedData(OptionalWireModel):
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


class UnifiedCase(WireModel):
    guid: StrictStr | None
    organization_guid: StrictStr | None
    accepted_data: UnifiedData | None
    status: StrictStr | None
    # The variant shape (section 2.21). Its presence is told by ``id``.
    id: CaseId | None = None
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
        # Excluded by field name rather than popped by alias afterwards: to_camel's regexes per
        # member were a visible share of a first sync's client CPU (benchmarks/README.md).
        exclude = None if self.is_variant else _VARIANT_EXCLUDE
        data: dict[str, Any] = self.model_dump(mode="json", by_alias=True, exclude=exclude)
        return data

    def wire_json(self) -> bytes:
        """``wire_dict`` as compact UTF-8 JSON, members in the model's order (serialised by
        pydantic-core: a fraction of the CPU of ``json.dumps`` over ``wire_dict``)."""
        exclude = None if self.is_variant else _VARIANT_EXCLUDE
        return self.__pydantic_serializer__.to_json(self, by_alias=True, exclude=exclude)


_VARIANT_EXCLUDE: set[str] = set(VARIANT_FIELDS)


class PagedEnvelope(WireModel):
    """A page of cases before the items are read one by one (so one bad case sinks only itself)."""

    # Items stay raw: one that is not even an object must sink only itself, not the page.
    items: list[Any]
    page: Int32
    page_size: Int32
    total: Int32
