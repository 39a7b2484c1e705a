"""File › Print work ticket… and Print order form… print the case on screen (to PDF files here:
the system's print dialog is the one part replaced, by a printer writing a file)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import SandboxServer
from tests.qt.shell.conftest import WAIT_MS, sign_in_via_dialog


def test_print_the_ticket_and_the_order_form_of_the_case_on_screen(
    qtbot: QtBot, make_app: Callable[..., AppController], sandbox: SandboxServer, tmp_path: Path
) -> None:
    app = make_app()
    sign_in_via_dialog(qtbot, app, sandbox.base_url)
    window = app.window
    printed: list[Path] = []

    def to_pdf(_parent: QWidget, title: str) -> QPrinter:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printed.append(tmp_path / f"{title}.pdf")
        printer.setOutputFileName(str(printed[-1]))
        return printer

    window.printing.choose_printer = to_pdf
    window.menus.print_ticket_action.trigger()
    assert window.statusBar().currentMessage() == "Select a case to print its work ticket."
    assert printed == []

    store = app.session.current.store  # type: ignore[union-attr]
    row = next(r for r in store.rows(limit=60) if r.order_form_count and r.patient)
    window.inbox.view.select_ref(row.ref)
    window.menus.print_ticket_action.trigger()
    assert [p.name for p in printed] == ["Print work ticket.pdf"]
    ticket = QPdfDocument()
    assert ticket.load(str(printed[0])) == QPdfDocument.Error.None_
    assert row.patient in ticket.getAllText(0).text()
    ticket.close()

    window.menus.print_order_form_action.trigger()  # downloaded first: it was not cached
    qtbot.waitUntil(lambda: "order form" in window.statusBar().currentMessage(), timeout=WAIT_MS)
    assert window.statusBar().currentMessage().startswith("The order form (")
    form = QPdfDocument()
    assert form.load(str(printed[1])) == QPdfDocument.Error.None_
    assert form.pageCount() >= 1
    form.close()
