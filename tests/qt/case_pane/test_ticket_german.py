"""The work ticket in the person's language: printed to PDF under German, its captions, its
dates and its footer read German, and its QR code still holds the case reference as it is."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

import pytest
import segno
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication

from scaninbox.domain import AdminFlags
from scaninbox.qt.case_pane.printing import print_work_ticket, ticket_lines
from tests.qt.case_pane.cases import full_case
from tests.qt.language.conftest import catalogues, german  # noqa: F401 - fixtures used by name
from tests.qt.pdf_text import pdf_pages

_RENDER_DPI = 200


def _pdf_printer(path: Path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


@pytest.mark.usefixtures("german")
def test_the_work_ticket_is_printed_in_german(qapp: QApplication, tmp_path: Path) -> None:
    today = date(2025, 3, 10)
    case = replace(
        full_case(),
        delivery_date=date(2025, 3, 12),
        received_at=datetime(2025, 3, 10, 8, 5).astimezone(),
        flags=AdminFlags(priority=True, remake=True),
    )
    captions = [caption for caption, _value in ticket_lines(case, today=today)]
    for expected in ("Fällig", "Eingang", "Status", "Patient", "Zahnarzt", "Praxis", "Arbeit"):
        assert expected in captions, expected
    target = tmp_path / "ticket.pdf"
    printer = _pdf_printer(target)
    layout = print_work_ticket(
        case, printer, today=today, printed_at=datetime(2025, 3, 10, 14, 5).astimezone()
    )

    [text] = pdf_pages(target)
    for expected in (
        "ARBEITSZETTEL",
        "Fällig",
        "Mi. 12. März 2025",  # the due date as German writes it
        "Eingang",
        "Mo. 10. März 2025, 08:05 Uhr",
        "Zahnarzt",
        "Praxis",
        "Praxis am Stadtpark",  # data stays as sent
        "Priorität, Neuanfertigung",
        f"Fall {case.ref}",
        "Gedruckt am Mo. 10. März 2025, 14:05 Uhr mit Scan Inbox",
    ):
        assert expected in text, expected
    for english in ("WORK TICKET", "Due", "Received", "Dentist", "Clinic", "Printed"):
        assert english not in text, english

    # The QR code is the reference, whatever the language: every module where segno puts it.
    assert layout.qr_text == str(case.ref)
    document = QPdfDocument()
    assert document.load(str(target)) == QPdfDocument.Error.None_
    try:
        page = document.pagePointSize(0)
        scale = _RENDER_DPI / 72
        image = document.render(0, QSize(round(page.width() * scale), round(page.height() * scale)))
    finally:
        document.close()
    to_image = _RENDER_DPI / printer.resolution()
    paint = printer.pageLayout().paintRectPixels(printer.resolution())
    left = (layout.qr_rect.left() + paint.left()) * to_image
    top = (layout.qr_rect.top() + paint.top()) * to_image
    module = layout.qr_rect.width() * to_image / layout.modules
    matrix = segno.make(str(case.ref), error="m").matrix
    assert len(matrix) == layout.modules
    misses = sum(
        _dark(image, left + (column + 0.5) * module, top + (row + 0.5) * module) != bool(dark)
        for row, cells in enumerate(matrix)
        for column, dark in enumerate(cells)
    )
    assert misses == 0


def _dark(image: QImage, x: float, y: float) -> bool:
    colour = image.pixelColor(round(x), round(y))
    return colour.alpha() > 127 and colour.lightnessF() < 0.5
