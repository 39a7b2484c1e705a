"""Cases and real files for the case pane's tests: a full case, sparse ones, generated files."""

from __future__ import annotations

import struct
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path

from fpdf import FPDF
from PIL import Image, ImageDraw

from scaninbox.domain import (
    AdminFlags,
    Case,
    CaseRef,
    Clinic,
    Dentist,
    Jaw,
    MiscFile,
    OrderForm,
    Patient,
    ScanFile,
    Tag,
    Unit,
    VariantInfo,
    Worktype,
)

ORDER_FORM_PAGES = 3
PHOTO = "photo front.jpg"
SHADE = "shade_A2.png"
REPORT = "implant report.txt"
SCANS = ("upper_jaw.stl", "lower_jaw.stl", "bite.stl")
ORDER_FORM = "order_form.pdf"
SECOND_ORDER_FORM = "order_form_second_case.pdf"


def make_pdf(path: Path, pages: int = ORDER_FORM_PAGES) -> Path:
    pdf = FPDF(format="A4")
    pdf.set_font("helvetica", size=28)
    for number in range(1, pages + 1):
        pdf.add_page()
        pdf.cell(0, 16, f"Order form - page {number}")
        pdf.ln(20)
        pdf.set_font("helvetica", size=12)
        for line in range(25):
            pdf.cell(0, 8, f"Line {line + 1}: Crown 14-16 Zirconia, shade A2, margin chamfer")
            pdf.ln(8)
        pdf.set_font("helvetica", size=28)
    pdf.output(str(path))
    return path


def make_photo(path: Path, size: tuple[int, int] = (1600, 1200), color: str = "#c86464") -> Path:
    image = Image.new("RGB", size, color)
    draw = ImageDraw.Draw(image)
    width, height = size
    for band in range(0, width, 80):
        draw.rectangle([band, 0, band + 40, height], fill="#f0e6d2")
    draw.ellipse([width // 4, height // 4, 3 * width // 4, 3 * height // 4], fill="#fafafa")
    image.save(path)
    return path


def make_stl(path: Path, triangles: int = 400) -> Path:
    with path.open("wb") as out:
        out.write(b"synthetic jaw".ljust(80, b" "))
        out.write(struct.pack("<I", triangles))
        for index in range(triangles):
            out.write(struct.pack("<12fH", 0, 0, 1, index, 0, 0, index + 1, 0, 0, index, 1, 0, 0))
    return path


def make_server_files(folder: Path) -> Path:
    """Every file of :func:`full_case`, real and of realistic kinds."""
    folder.mkdir(parents=True, exist_ok=True)
    make_pdf(folder / ORDER_FORM)
    make_pdf(folder / SECOND_ORDER_FORM, pages=1)
    make_photo(folder / PHOTO)
    make_photo(folder / SHADE, (900, 700), "#e8dcc0")
    (folder / REPORT).write_text("Implant: 4.1 x 10 mm, torque 35 Ncm\n", encoding="utf-8")
    for name in SCANS:
        make_stl(folder / name)
    return folder


def full_case(*, ref: str = "case-full-0001", patient: str = "Anna Müller-Schmidt") -> Case:
    now = datetime.now().astimezone()
    return Case(
        ref=CaseRef.guid(ref),
        guid=ref,
        status="new",
        organization_type="Dental",
        source="iTero",
        external_id="ITR-558201",
        received_at=now - timedelta(hours=3),
        delivery_date=date.today() + timedelta(days=1),
        clinic=Clinic(
            name="Praxis am Stadtpark",
            address="Parkstraße 12",
            zip="10115",
            city="Berlin",
            country="Germany",
            phone="+49 (30) 1234-567",
            email="empfang@praxis-stadtpark.de",
        ),
        dentist=Dentist(
            first_name="Jonas", last_name="Weber", phone="030 9876543", email="j.weber@example.org"
        ),
        patient=Patient(
            external_id="P-7731",
            gender="F",
            full_name=patient,
            reference_no="PR-2291",
            date_of_birth="1984-06-03",
        ),
        remark="Please check the occlusion on 15; patient grinds at night.\nCall before delivery.",
        scan_files=(
            ScanFile(
                filename=SCANS[0], file_type="stl", scan_type="preparationScan", jaw=Jaw.UPPER
            ),
            ScanFile(
                filename=SCANS[1], file_type="stl", scan_type="preparationScan", jaw=Jaw.LOWER
            ),
            ScanFile(filename=SCANS[2], file_type="stl", scan_type="biteScan", jaw=Jaw.BITE),
        ),
        order_form=OrderForm(filename=ORDER_FORM, plain_text="Bridge 14-16"),
        misc_files=(MiscFile(filename=PHOTO), MiscFile(filename=SHADE), MiscFile(filename=REPORT)),
        worktypes=(
            Worktype(
                category="Fixed",
                restoration_type="Bridge",
                restoration_detail="FullContour",
                material="Zirconia",
                setting="Monolithic",
                shade="A2",
                jaw="Upper",
                from_tooth=14,
                to_tooth=16,
                tags=(Tag(type="Margin", value="Chamfer"),),
                units=(
                    Unit(category="Fixed", restoration_type="Crown", fdi="14", material="Zirconia"),
                    Unit(
                        category="Fixed", restoration_type="Pontic", fdi="15", material="Zirconia"
                    ),
                    Unit(category="Fixed", restoration_type="Crown", fdi="16", material="Zirconia"),
                ),
            ),
            Worktype(
                category="Fixed",
                restoration_type="Crown",
                material="LithiumDisilicate",
                fdi="21",
                shade="A1",
            ),
            Worktype(
                category="Removable",
                restoration_type="PartialDenture",
                material="Acrylic",
                jaw="Lower",
                units=(Unit(fdi="36"), Unit(fdi="37")),
            ),
            Worktype(category="Appliance", restoration_type="NightGuard", jaw="Upper"),
            Worktype(category="Orthodontics", restoration_type="Retainer", fdi="41"),
        ),
        flags=AdminFlags(priority=True, remake=True, additional_info=True, contact_required=True),
    )


def second_case() -> Case:
    """Another patient, with a one-page order form and only the shade photo attached."""
    case = full_case(ref="case-second-0004", patient="Bernd Vogel")
    return replace(
        case,
        order_form=OrderForm(filename=SECOND_ORDER_FORM),
        misc_files=(MiscFile(filename=SHADE),),
    )


def no_data_case(ref: str = "case-empty-0002") -> Case:
    """A case the portal has not filled in: no acceptedData at all."""
    return Case(ref=CaseRef.guid(ref), guid=ref, status="new", has_accepted_data=False)


def nulls_case(ref: str = "case-nulls-0003") -> Case:
    """acceptedData present, but every member null or empty."""
    return Case(
        ref=CaseRef.guid(ref),
        patient=Patient(),
        clinic=Clinic(),
        dentist=None,
        order_form=OrderForm(filename=None),
        misc_files=(MiscFile(filename=None),),
        scan_files=(ScanFile(filename=None, file_type=None, scan_type=None, jaw=Jaw.NONE),),
    )


def variant_case() -> Case:
    """The numeric-id variant: patient only as ``patientFullname``, more statuses."""
    return Case(
        ref=CaseRef.id(4711),
        status="in_production",
        delivery_text="ASAP",
        variant=VariantInfo(
            id=4711,
            case_id="MED-0042",
            patient_fullname="Li Wei",
            completeness_status="incomplete",
            info_request_status="requested",
        ),
        has_accepted_data=True,
    )
