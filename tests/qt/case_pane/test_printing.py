"""Printing: the work ticket (facts as real text, the case reference as a QR code a scanner
reads back) and the order form, both printed to PDF files with QPrinter and read back with QtPdf."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest
import segno
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication

from scaninbox.qt.case_pane.printing import PrintError, print_pdf, print_work_ticket
from tests.qt.case_pane.cases import ORDER_FORM, ORDER_FORM_PAGES, full_case

RENDER_DPI = 200


def _pdf_printer(path: Path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def _load(path: Path) -> QPdfDocument:
    document = QPdfDocument()
    assert document.load(str(path)) == QPdfDocument.Error.None_
    return document


def test_the_work_ticket_has_the_facts_as_text_and_the_reference_as_a_qr_code(
    qapp: QApplication, tmp_path: Path
) -> None:
    today = date(2026, 11, 23)
    case = replace(full_case(), delivery_date=today - timedelta(days=2))
    target = tmp_path / "ticket.pdf"
    printer = _pdf_printer(target)
    layout = print_work_ticket(case, printer, today=today)

    document = _load(target)
    assert document.pageCount() == 1
    text = document.getAllText(0).text()
    for expected in (
        "WORK TICKET",
        "Anna Müller-Schmidt",
        "Sat 21 Nov 2026 (2 days overdue)",
        "16–14",  # the bridge's teeth
        "Praxis am Stadtpark",
        f"Case {case.ref}",
        "Please check the occlusion on 15",
    ):
        assert expected in text, expected

    # The QR code on the page holds the case reference: sample every module's centre.
    page = document.pagePointSize(0)
    scale = RENDER_DPI / 72
    image = document.render(0, QSize(round(page.width() * scale), round(page.height() * scale)))
    to_image = RENDER_DPI / printer.resolution()
    left = (
        layout.qr_rect.left() * to_image
        + printer.pageLayout().paintRectPixels(printer.resolution()).left() * to_image
    )
    top = (
        layout.qr_rect.top() * to_image
        + printer.pageLayout().paintRectPixels(printer.resolution()).top() * to_image
    )
    module = layout.qr_rect.width() * to_image / layout.modules
    expected_matrix = segno.make(str(case.ref), error="m").matrix
    assert len(expected_matrix) == layout.modules
    misses = sum(
        _dark(image, left + (column + 0.5) * module, top + (row + 0.5) * module) != bool(dark)
        for row, cells in enumerate(expected_matrix)
        for column, dark in enumerate(cells)
    )
    assert misses == 0
    document.close()


def _dark(image: QImage, x: float, y: float) -> bool:
    """Ink: QtPdf leaves what nothing was drawn on transparent, not white."""
    colour = image.pixelColor(round(x), round(y))
    return colour.alpha() > 127 and colour.lightnessF() < 0.5


def test_the_order_form_prints_every_page(
    qapp: QApplication, tmp_path: Path, server_dir: Path
) -> None:
    target = tmp_path / "order-form.pdf"
    assert print_pdf(server_dir / ORDER_FORM, _pdf_printer(target)) == ORDER_FORM_PAGES
    document = _load(target)
    assert document.pageCount() == ORDER_FORM_PAGES
    # Each printed page shows its page of the form (the words are in the picture of it).
    image = document.render(1, QSize(420, 594))
    inked = sum(
        image.pixelColor(x, y).lightnessF() < 0.5
        for x in range(0, 420, 3)
        for y in range(0, 594, 3)
    )
    assert inked > 200
    document.close()


def test_a_damaged_pdf_is_not_printed(qapp: QApplication, tmp_path: Path) -> None:
    damaged = tmp_path / "form.pdf"
    damaged.write_bytes(b"%PDF-1.4 not really")
    with pytest.raises(PrintError, match="damaged or is not a PDF"):
        print_pdf(damaged, _pdf_printer(tmp_path / "out.pdf"))
