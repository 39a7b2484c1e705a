"""Order-form PDFs (fpdf2): an A4 prescription as a portal would attach it to a case.

Layout: title with portal and external id; clinic, dentist and patient blocks; received and
delivery dates; a worktypes table; a vector tooth chart (FDI, involved teeth filled); flags and
the remark. Text uses DejaVuSans from matplotlib's data folder (found without importing
matplotlib) so every name prints; without it the core Helvetica font and a transliteration
(Greek to Latin letters, other characters to their closest Latin-1 form) are used.
"""

from __future__ import annotations

import importlib.util
import unicodedata
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from scaninbox.sandbox.work_model import LOWER_ORDER, UPPER_ORDER

__all__ = ["dejavu_font_dir", "order_form_pdf", "pdf_with_font", "printable", "set_body_font"]

_GREEK = dict(
    zip(
        "αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώ",
        [
            "a",
            "v",
            "g",
            "d",
            "e",
            "z",
            "i",
            "th",
            "i",
            "k",
            "l",
            "m",
            "n",
            "x",
            "o",
            "p",
            "r",
            "s",
            "s",
            "t",
            "y",
            "f",
            "ch",
            "ps",
            "o",
            "a",
            "e",
            "i",
            "i",
            "o",
            "y",
            "o",
        ],
        strict=True,
    )
)
# Letters NFKD leaves whole, and dashes outside Latin-1.
_NO_DECOMPOSITION = {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "ı": "i", "–": "-", "—": "-"}


def dejavu_font_dir() -> Path | None:
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "mpl-data" / "fonts" / "ttf"
    return folder if (folder / "DejaVuSans.ttf").is_file() else None


class _Pdf(FPDF):
    unicode_ok = False


def pdf_with_font(created: datetime) -> _Pdf:
    """An A4 document with the "body" font family set up (regular and bold)."""
    pdf = _Pdf(orientation="P", unit="mm", format="A4")
    pdf.set_creation_date(created)  # a fixed date keeps regenerated files identical
    pdf.set_auto_page_break(auto=True, margin=15)
    fonts = dejavu_font_dir()
    if fonts is not None:
        pdf.add_font("body", "", str(fonts / "DejaVuSans.ttf"))
        pdf.add_font("body", "B", str(fonts / "DejaVuSans-Bold.ttf"))
        pdf.unicode_ok = True
    return pdf


def printable(pdf: _Pdf, text: object) -> str:
    """``text`` as the current font can print it (transliterated for the core font)."""
    value = "—" if text is None or text == "" else str(text)
    if pdf.unicode_ok:
        return value
    out = []
    for char in value:
        lower = char.lower()
        if char in _NO_DECOMPOSITION:
            out.append(_NO_DECOMPOSITION[char])
        elif lower in _GREEK:
            latin = _GREEK[lower]
            out.append(latin.capitalize() if char != lower else latin)
        elif ord(char) < 256:
            out.append(char)
        else:
            decomposed = unicodedata.normalize("NFKD", char).encode("latin-1", "ignore")
            out.append(decomposed.decode("latin-1") or "?")
    return "".join(out)


def set_body_font(pdf: _Pdf, style: str = "", size: float = 9.5) -> None:
    """The "body" family when it is set up, otherwise the core Helvetica."""
    if pdf.unicode_ok:
        pdf.set_font("body", style, size)
    else:
        pdf.set_font("helvetica", style, size)


def order_form_pdf(data: dict[str, Any], *, portal_name: str, case_ref: str) -> bytes:
    """The order form of one case from its acceptedData (wire JSON)."""
    received = _parse_time(data.get("receivedDate"))
    pdf = pdf_with_font(received)
    pdf.set_title(f"Order form {data.get('externalId') or case_ref}")
    pdf.add_page()
    set_body_font(pdf, "B", 16)
    pdf.cell(
        0, 9, printable(pdf, "Dental laboratory prescription"), new_x=XPos.LMARGIN, new_y=YPos.NEXT
    )
    set_body_font(pdf, "", 10)
    pdf.cell(
        0,
        6,
        printable(pdf, f"{portal_name} · order {data.get('externalId') or '—'} · case {case_ref}"),
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )
    pdf.ln(3)
    customer = data.get("customer") or {}
    clinic = customer.get("clinic") or {}
    dentist = customer.get("dentist") or {}
    patient = data.get("patient") or {}
    top = pdf.get_y()
    _block(
        pdf,
        10,
        top,
        "Clinic",
        [
            clinic.get("name"),
            clinic.get("fullAddress"),
            clinic.get("phoneNumber"),
            clinic.get("mailAddress"),
        ],
    )
    _block(
        pdf,
        75,
        top,
        "Dentist",
        [
            dentist.get("fullName"),
            dentist.get("phoneNumber"),
            dentist.get("mailAddress"),
            dentist.get("externalId"),
        ],
    )
    _block(
        pdf,
        140,
        top,
        "Patient",
        [
            patient.get("fullName"),
            f"Gender: {patient.get('gender') or '—'}",
            f"Born: {patient.get('dateOfBirth') or '—'}",
            f"Ref.: {patient.get('referenceNo') or '—'}",
        ],
    )
    pdf.set_xy(10, top + 30)
    set_body_font(pdf, "", 10)
    pdf.cell(
        0,
        6,
        printable(
            pdf,
            f"Received: {received:%Y-%m-%d %H:%M} UTC    "
            f"Delivery: {data.get('deliveryDate') or '—'}    "
            f"Sent to: {data.get('sentTo') or '—'}",
        ),
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )
    pdf.ln(2)
    teeth = _worktypes_table(pdf, data.get("worktypes") or [])
    pdf.ln(4)
    _tooth_chart(pdf, pdf.get_y(), teeth)
    pdf.set_y(pdf.get_y() + 34)
    admin = data.get("administrative") or {}
    flags = [
        name
        for name, key in (
            ("PRIORITY", "priority"),
            ("Remake", "remake"),
            ("Additional info", "additionalInfo"),
            ("Please contact the clinic", "contactRequired"),
        )
        if admin.get(key)
    ]
    set_body_font(pdf, "B", 10)
    pdf.cell(
        0,
        6,
        printable(pdf, "Flags: " + (", ".join(flags) or "none")),
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )
    set_body_font(pdf, "", 10)
    pdf.multi_cell(0, 5, printable(pdf, f"Remark: {data.get('remark') or 'none'}"))
    return bytes(pdf.output())


def _parse_time(value: object) -> datetime:
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            pass
    return datetime(2026, 1, 1, tzinfo=UTC)


def _block(pdf: _Pdf, x: float, y: float, title: str, lines: list[object]) -> None:
    pdf.set_xy(x, y)
    set_body_font(pdf, "B", 10)
    pdf.cell(62, 6, printable(pdf, title), new_x=XPos.LEFT, new_y=YPos.NEXT)
    set_body_font(pdf, "", 8.5)
    for line in lines:
        pdf.set_x(x)
        pdf.multi_cell(62, 4.2, printable(pdf, line), new_x=XPos.LEFT, new_y=YPos.NEXT)


def _worktypes_table(pdf: _Pdf, worktypes: list[dict[str, Any]]) -> set[int]:
    teeth: set[int] = set()
    set_body_font(pdf, "", 8)
    with pdf.table(col_widths=(20, 26, 20, 30, 20, 14, 30), text_align="LEFT") as table:
        table.row(
            [
                printable(pdf, h)
                for h in ("Category", "Type", "Detail", "Material", "Setting", "Shade", "Teeth")
            ]
        )
        for item in worktypes or [{}]:
            span = [item.get("from"), item.get("to")]
            units = [u.get("fdi") for u in item.get("units") or [] if u.get("fdi")]
            tooth_text = item.get("fdi") or (
                f"{span[0]}–{span[1]}" if span[0] is not None else ", ".join(units)
            )
            for value in [item.get("fdi"), *span, *units]:
                if value is not None and str(value).isdigit():
                    teeth.add(int(value))
            table.row(
                [
                    printable(pdf, item.get(k))
                    for k in (
                        "categoryId",
                        "restorationTypeId",
                        "restorationDetailId",
                        "materialId",
                        "settingId",
                        "shade",
                    )
                ]
                + [printable(pdf, tooth_text or "—")]
            )
    return teeth | _span_teeth(worktypes)


def _span_teeth(worktypes: list[dict[str, Any]]) -> set[int]:
    teeth: set[int] = set()
    for item in worktypes:
        first, last = item.get("from"), item.get("to")
        for order in (UPPER_ORDER, LOWER_ORDER):
            if str(first).isdigit() and str(last).isdigit():
                a, b = int(str(first)), int(str(last))
                if a in order and b in order:
                    i, j = sorted((order.index(a), order.index(b)))
                    teeth.update(order[i : j + 1])
    return teeth


def _tooth_chart(pdf: _Pdf, y: float, involved: set[int]) -> None:
    """Two rows of 16 teeth as the dentist faces the patient (patient's right on the left)."""
    set_body_font(pdf, "", 6.5)
    width, gap, left = 10.0, 1.2, 105 - 8 * (10.0 + 1.2)
    for row, order in enumerate((UPPER_ORDER, LOWER_ORDER)):
        for i, tooth in enumerate(order):
            x = left + i * (width + gap)
            top = y + row * 15
            filled = tooth in involved
            pdf.set_fill_color(*((70, 120, 200) if filled else (250, 250, 250)))
            pdf.set_draw_color(80, 80, 80)
            pdf.ellipse(x, top + (0 if row == 0 else 5), width, 8, style="DF")
            pdf.set_text_color(*((255, 255, 255) if filled else (60, 60, 60)))
            pdf.set_xy(x, top + (2 if row == 0 else 7))
            pdf.cell(width, 4, str(tooth), align="C")
    pdf.set_text_color(0, 0, 0)
    pdf.line(105, y - 1, 105, y + 30)
    pdf.line(left - 2, y + 14, 105 + 8 * (width + gap) + 1, y + 14)
