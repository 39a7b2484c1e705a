"""Wire models → the program's domain view (``scaninbox.domain.Case``), for both case shapes."""

from __future__ import annotations

import re
from datetime import date

from scaninbox.api.wire import (
    UnifiedAdministrative,
    UnifiedCase,
    UnifiedClinic,
    UnifiedData,
    UnifiedDentist,
    UnifiedOrderForm,
    UnifiedPatient,
    UnifiedScanFile,
    UnifiedTag,
    UnifiedUnit,
    UnifiedWorktype,
)
from scaninbox.domain import (
    AdminFlags,
    Case,
    CaseRef,
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
    scan_jaw,
)

__all__ = ["case_ref", "parse_delivery_date", "to_case", "to_worktypes"]

_DATE_PREFIX = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def case_ref(case: UnifiedCase) -> CaseRef | None:
    """How to address ``case`` in paths: its numeric id in the variant shape, else its guid."""
    if case.id is not None:
        return CaseRef.id(case.id)
    if case.guid:
        try:
            return CaseRef.guid(case.guid)
        except ValueError:
            return None
    return None


def parse_delivery_date(text: str | None) -> date | None:
    """``deliveryDate`` is a plain string; a leading ``YYYY-MM-DD`` is read as the date."""
    if not text:
        return None
    match = _DATE_PREFIX.match(text.strip())
    if match is None:
        return None
    try:
        return date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def to_case(case: UnifiedCase) -> Case:
    """The domain view of a wire case. Raises ValueError when the case has no usable reference."""
    ref = case_ref(case)
    if ref is None:
        raise ValueError("the case has neither a numeric id nor a usable guid")
    variant = _variant(case) if case.is_variant else None
    data = case.accepted_data
    if data is None:
        return Case(
            ref=ref,
            guid=case.guid,
            organization_guid=case.organization_guid,
            status=case.status,
            variant=variant,
            has_accepted_data=False,
        )
    customer = data.customer
    delivery = parse_delivery_date(data.delivery_date)
    return Case(
        ref=ref,
        guid=case.guid,
        organization_guid=case.organization_guid or data.organization_guid,
        status=case.status,
        organization_type=data.organization_type,
        source=data.source,
        external_id=data.external_id,
        received_at=data.received_date,
        delivery_date=delivery,
        delivery_text=data.delivery_date if delivery is None else None,
        sent_to=data.sent_to,
        clinic=_clinic(customer.clinic) if customer and customer.clinic else None,
        dentist=_dentist(customer.dentist) if customer and customer.dentist else None,
        patient=_patient(data.patient) if data.patient else None,
        remark=data.remark or "",
        scan_files=tuple(_scan_file(f) for f in data.scan_files or ()),
        order_form=_order_form(data.order_form),
        misc_files=tuple(MiscFile(filename=m.filename) for m in data.miscellaneous_files or ()),
        worktypes=to_worktypes(data),
        flags=_flags(data.administrative),
        variant=variant,
    )


def to_worktypes(data: UnifiedData | None) -> tuple[Worktype, ...]:
    """The domain view of a case's worktypes alone (the store derives its columns from them
    without building the whole case)."""
    return tuple(_worktype(w) for w in data.worktypes or ()) if data is not None else ()


def _variant(case: UnifiedCase) -> VariantInfo:
    return VariantInfo(
        id=case.id,
        organization_id=case.organization_id,
        portal_id=case.portal_id,
        configured_portal_id=case.configured_portal_id,
        case_id=case.case_id,
        created_at=case.created_at,
        patient_fullname=case.patient_fullname,
        completeness_status=case.completeness_status,
        info_request_status=case.info_request_status,
    )


def _scan_file(f: UnifiedScanFile) -> ScanFile:
    return ScanFile(
        filename=f.filename,
        file_type=f.file_type,
        scan_type=f.type,
        jaw=scan_jaw(f.jaw, f.type),
        file_link=f.file_link,
    )


def _order_form(form: UnifiedOrderForm | None) -> OrderForm | None:
    if form is None or not (form.filename or form.file_link):
        return None
    return OrderForm(filename=form.filename, file_link=form.file_link, plain_text=form.plain_text)


def _flags(admin: UnifiedAdministrative | None) -> AdminFlags:
    return AdminFlags(
        priority=bool(admin and admin.priority),
        remake=bool(admin and admin.remake),
        additional_info=bool(admin and admin.additional_info),
        contact_required=bool(admin and admin.contact_required),
    )


def _clinic(c: UnifiedClinic) -> Clinic:
    return Clinic(
        external_id=c.external_id,
        name=c.name,
        address=c.address,
        zip=c.zip,
        city=c.city,
        country=c.country,
        full_address=c.full_address,
        phone=c.phone_number,
        email=c.mail_address,
    )


def _dentist(d: UnifiedDentist) -> Dentist:
    return Dentist(
        external_id=d.external_id,
        first_name=d.first_name,
        last_name=d.last_name,
        full_name=d.full_name,
        phone=d.phone_number,
        email=d.mail_address,
    )


def _patient(p: UnifiedPatient) -> Patient:
    return Patient(
        external_id=p.external_id,
        gender=p.gender,
        first_name=p.first_name,
        last_name=p.last_name,
        full_name=p.full_name,
        reference_no=p.reference_no,
        date_of_birth=p.date_of_birth,
    )


def _tags(tags: list[UnifiedTag] | None) -> tuple[Tag, ...]:
    return tuple(Tag(type=t.type, value=t.value) for t in tags or ())


def _unit(u: UnifiedUnit) -> Unit:
    return Unit(
        category=u.category_id,
        restoration_type=u.restoration_type_id,
        restoration_detail=u.restoration_detail_id,
        material=u.material_id,
        setting=u.setting_id,
        fdi=u.fdi,
        shade=u.shade,
        tags=_tags(u.tags),
    )


def _worktype(w: UnifiedWorktype) -> Worktype:
    return Worktype(
        category=w.category_id,
        restoration_type=w.restoration_type_id,
        restoration_detail=w.restoration_detail_id,
        material=w.material_id,
        setting=w.setting_id,
        fdi=w.fdi,
        shade=w.shade,
        jaw=w.jaw,
        tags=_tags(w.tags),
        from_tooth=w.from_,
        to_tooth=w.to,
        units=tuple(_unit(u) for u in w.units or ()),
    )
