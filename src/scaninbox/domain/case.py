"""The case as the program sees it, whichever wire shape it arrived in.

``scaninbox.api`` builds these from the service's JSON (both the guid shape and the numeric-id
variant); the store, the command line and the window read them. Everything a portal may leave
out is optional here too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from scaninbox.domain.refs import CaseRef
from scaninbox.domain.vocabulary import Jaw

__all__ = [
    "AdminFlags",
    "Case",
    "Clinic",
    "Dentist",
    "MiscFile",
    "OrderForm",
    "Patient",
    "ScanFile",
    "Tag",
    "Unit",
    "VariantInfo",
    "Worktype",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Clinic:
    external_id: str | None = None
    name: str | None = None
    address: str | None = None
    zip: str | None = None
    city: str | None = None
    country: str | None = None
    full_address: str | None = None
    phone: str | None = None
    email: str | None = None

    @property
    def display_address(self) -> str | None:
        if self.full_address:
            return self.full_address
        town = " ".join(p for p in (self.zip, self.city) if p)
        parts = [p for p in (self.address, town, self.country) if p]
        return ", ".join(parts) or None


@dataclass(frozen=True, slots=True, kw_only=True)
class Dentist:
    external_id: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    full_name: str | None = None
    phone: str | None = None
    email: str | None = None

    @property
    def display_name(self) -> str | None:
        return _person_name(self.full_name, self.first_name, self.last_name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Patient:
    external_id: str | None = None
    gender: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    full_name: str | None = None
    reference_no: str | None = None
    date_of_birth: str | None = None

    @property
    def display_name(self) -> str | None:
        return _person_name(self.full_name, self.first_name, self.last_name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Tag:
    type: str | None = None
    value: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Unit:
    """A tooth-level unit of a worktype."""

    category: str | None = None
    restoration_type: str | None = None
    restoration_detail: str | None = None
    material: str | None = None
    setting: str | None = None
    fdi: str | None = None
    shade: str | None = None
    tags: tuple[Tag, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Worktype:
    category: str | None = None
    restoration_type: str | None = None
    restoration_detail: str | None = None
    material: str | None = None
    setting: str | None = None
    fdi: str | None = None
    shade: str | None = None
    jaw: str | None = None
    tags: tuple[Tag, ...] = ()
    from_tooth: int | None = None
    to_tooth: int | None = None
    units: tuple[Unit, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ScanFile:
    filename: str | None
    file_type: str | None  # stl, ply, preview (the service may add more)
    scan_type: str | None  # preparationScan, biteScan, …
    jaw: Jaw
    file_link: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class OrderForm:
    filename: str | None
    file_link: str | None = None
    plain_text: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MiscFile:
    """A non-scan attachment. The spec names only its file name (the wire JSON keeps the rest)."""

    filename: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class AdminFlags:
    priority: bool = False
    remake: bool = False
    additional_info: bool = False
    contact_required: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class VariantInfo:
    """Members only the numeric-id variant of the service sends."""

    id: int | None = None
    organization_id: int | None = None
    portal_id: int | None = None
    configured_portal_id: int | None = None
    case_id: str | None = None
    created_at: datetime | None = None
    patient_fullname: str | None = None
    completeness_status: str | None = None
    info_request_status: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Case:
    ref: CaseRef
    guid: str | None = None
    organization_guid: str | None = None
    status: str | None = None
    organization_type: str | None = None
    source: str | None = None
    external_id: str | None = None
    received_at: datetime | None = None
    delivery_date: date | None = None
    delivery_text: str | None = None  # as sent, when it is not a plain date
    sent_to: str | None = None
    clinic: Clinic | None = None
    dentist: Dentist | None = None
    patient: Patient | None = None
    remark: str = ""
    scan_files: tuple[ScanFile, ...] = ()
    order_form: OrderForm | None = None
    misc_files: tuple[MiscFile, ...] = ()
    worktypes: tuple[Worktype, ...] = ()
    flags: AdminFlags = field(default_factory=AdminFlags)
    variant: VariantInfo | None = None
    has_accepted_data: bool = True

    @property
    def patient_name(self) -> str | None:
        if self.patient is not None and self.patient.display_name:
            return self.patient.display_name
        return self.variant.patient_fullname if self.variant else None


def _person_name(full: str | None, first: str | None, last: str | None) -> str | None:
    """The full name as sent, else first and last name joined; None when there is none."""
    if full:
        return full
    return " ".join(p for p in (first, last) if p) or None
