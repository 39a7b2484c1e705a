"""The work ticket's "Case <reference>" under the QR code stays on the page for every kind of
reference (a guid is twice as wide as the code), printed to PDF and read back with QtPdf."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication

from scaninbox.domain import CaseRef
from scaninbox.qt.case_pane.printing import print_work_ticket
from tests.qt.case_pane.cases import full_case

MARGIN_PT = 15 / 25.4 * 72  # the ticket's page margin


@pytest.mark.parametrize(
    "ref",
    [CaseRef.guid("3fa85f64-5717-4562-b3fc-2c963f66afa6"), CaseRef.id(7), CaseRef.id(2**31 - 1)],
    ids=["guid", "short id", "long id"],
)
def test_the_case_reference_under_the_qr_code_stays_inside_the_margins(
    qapp: QApplication, tmp_path: Path, ref: CaseRef
) -> None:
    target = tmp_path / "ticket.pdf"
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(target))
    layout = print_work_ticket(replace(full_case(), ref=ref), printer)

    document = QPdfDocument()
    try:
        assert document.load(str(target)) == QPdfDocument.Error.None_
        page = document.pagePointSize(0)
        text = document.getAllText(0).text()
        wanted = f"Case {ref}"
        start = text.index(wanted)
        where = document.getSelectionAtIndex(0, start, len(wanted)).boundingRectangle()
    finally:
        document.close()
        shiboken6.delete(document)
    assert where.left() >= MARGIN_PT - 1
    assert where.right() <= page.width() - MARGIN_PT + 1
    # Under the code, ending at its right edge (where the page's margin is).
    points_per_pixel = 72 / printer.resolution()
    code_bottom = MARGIN_PT + layout.qr_rect.bottom() * points_per_pixel
    assert where.top() >= code_bottom - 1
    assert where.top() < code_bottom + 30
