"""File › Print order form… and Print work ticket…: the case on screen, through the system's
print dialog (``QPrintDialog``), drawn by ``case_pane.printing``.

The order form is printed from its local copy; one not downloaded yet is fetched first (with
the usual "not available offline" when that cannot be done).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from scaninbox.domain import Case, FileKind
from scaninbox.language import translate
from scaninbox.qt.case_pane.printing import PrintError, print_pdf, print_work_ticket
from scaninbox.qt.files import CaseFileProvider
from scaninbox.qt.files.file_fetch import FileProblem, obtain
from scaninbox.qt.files.providers import CaseFile
from scaninbox.qt.runtime import async_bridge

__all__ = ["ChoosePrinter", "PrintActions"]

ChoosePrinter = Callable[[QWidget, str], QPrinter | None]
"""``choose(parent, title)``: a set-up printer, or None when the person cancelled."""


def _system_print_dialog(parent: QWidget, title: str) -> QPrinter | None:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(title)
    return printer if dialog.exec() == QDialog.DialogCode.Accepted else None


class PrintActions(QObject):
    """Prints the case ``case_shown()`` returns; results and problems go to ``say``."""

    def __init__(
        self,
        window: QWidget,
        provider: CaseFileProvider,
        case_shown: Callable[[], Case | None],
        say: Callable[[str], None],
        *,
        choose_printer: ChoosePrinter | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._provider = provider
        self._case_shown = case_shown
        self._say = say
        self.choose_printer: ChoosePrinter = choose_printer or _system_print_dialog

    def print_work_ticket(self) -> None:
        case = self._case_shown()
        if case is None:
            self._say(translate("PrintActions", "Select a case to print its work ticket."))
            return
        printer = self.choose_printer(self._window, translate("PrintActions", "Print work ticket"))
        if printer is None:
            return
        try:
            print_work_ticket(case, printer)
        except PrintError as error:
            self._say(str(error))
            return
        self._say(
            translate("PrintActions", "The work ticket of {case} was sent to the printer.").format(
                case=case.patient_name or case.ref
            )
        )

    def print_order_form(self) -> None:
        case = self._case_shown()
        if case is None or case.order_form is None or not case.order_form.filename:
            self._say(translate("PrintActions", "This case has no order form to print."))
            return
        file = CaseFile(case.ref, FileKind.ORDER_FORM, case.order_form.filename)
        async_bridge.run(self._print_order_form(file), owner=self, key="order form")

    async def _print_order_form(self, file: CaseFile) -> None:
        try:
            path = await obtain(self._provider, file, lambda _done, _total: None, refresh=False)
        except FileProblem as problem:
            self._say(
                translate("PrintActions", "The order form cannot be printed: {problem}.").format(
                    problem=problem.message
                )
            )
            return
        self._print_pdf(path)

    def _print_pdf(self, path: Path) -> None:
        printer = self.choose_printer(self._window, translate("PrintActions", "Print order form"))
        if printer is None:
            return
        try:
            pages = print_pdf(path, printer)
        except PrintError as error:
            self._say(str(error))
            return
        self._say(
            translate(
                "PrintActions", "The order form (%n page(s)) was sent to the printer.", None, pages
            )
        )
