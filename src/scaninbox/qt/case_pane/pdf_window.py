"""A PDF attachment (a report, a second prescription) in a window of the app's own, like the
order form: pages, zoom, fit, and "Open externally" for everything else a PDF program does.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QSize, Signal
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

from scaninbox.language import translate
from scaninbox.qt.case_pane.pdf_toolbar import PdfToolbar
from scaninbox.qt.look.window_layout import fit_to_screen

__all__ = ["PdfWindow", "is_pdf_name"]

_ZOOM_STEP = 1.25
_MIN_ZOOM, _MAX_ZOOM = 0.25, 4.0


def is_pdf_name(filename: str) -> bool:
    return filename.rpartition(".")[2].lower() == "pdf"


class PdfWindow(QDialog):
    """One PDF at a time. ``openExternallyRequested(Path)``: the person wants their own PDF
    program (the owner opens it, as the order form does). ``show_pdf`` raises ValueError with a
    plain message when the file is not a readable PDF."""

    openExternallyRequested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("PdfWindow", "PDF document"))
        # A page's height where the screen has it; never beyond the screen, frame included.
        self.screen_fit = fit_to_screen(self, QSize(900, 1000))
        self.path: Path | None = None
        self.document = QPdfDocument(self)
        self.view = QPdfView(self)
        self.view.setAccessibleName(translate("PdfWindow", "PDF document"))
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        self.toolbar = PdfToolbar(self)
        self.toolbar.save_button.hide()  # the attachment's own "Save" is on its tile
        bar = self.toolbar
        bar.previous_button.clicked.connect(lambda: self.go_to_page(self.current_page() - 1))
        bar.next_button.clicked.connect(lambda: self.go_to_page(self.current_page() + 1))
        bar.page_spin.valueChanged.connect(lambda value: self.go_to_page(value - 1))
        bar.zoom_in_button.clicked.connect(lambda: self._zoom(_ZOOM_STEP))
        bar.zoom_out_button.clicked.connect(lambda: self._zoom(1 / _ZOOM_STEP))
        bar.fit_width_button.clicked.connect(
            lambda: self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        )
        bar.fit_page_button.clicked.connect(
            lambda: self.view.setZoomMode(QPdfView.ZoomMode.FitInView)
        )
        bar.open_button.clicked.connect(lambda: self.openExternallyRequested.emit(self.path))
        self.view.pageNavigator().currentPageChanged.connect(self._sync)
        self.view.zoomModeChanged.connect(self._sync)
        self.view.zoomFactorChanged.connect(self._sync)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.view, 1)

    def show_pdf(self, title: str, path: Path) -> None:
        """Load ``path`` (a local copy) and show its first page, fitted to the width."""
        self.document.close()
        error = self.document.load(str(path))
        if error != QPdfDocument.Error.None_ or self.document.pageCount() < 1:
            self.document.close()
            self.path = None
            self._sync()
            raise ValueError(
                translate("PdfWindow", "{file} is damaged or is not a PDF file.").format(file=title)
            )
        self.path = path
        self.setWindowTitle(title)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        self.go_to_page(0)
        self._sync()

    @property
    def page_count(self) -> int:
        return self.document.pageCount() if self.path is not None else 0

    def current_page(self) -> int:
        return self.view.pageNavigator().currentPage()

    def go_to_page(self, page: int) -> None:
        if 0 <= page < self.page_count:
            self.view.pageNavigator().jump(page, QPointF(), self.view.zoomFactor())

    def _zoom(self, step: float) -> None:
        factor = min(_MAX_ZOOM, max(_MIN_ZOOM, self.view.zoomFactor() * step))
        self.view.setZoomMode(QPdfView.ZoomMode.Custom)
        self.view.setZoomFactor(factor)

    def _sync(self) -> None:
        mode = self.view.zoomMode()
        custom = mode == QPdfView.ZoomMode.Custom
        self.toolbar.set_pages(self.current_page(), self.page_count)
        self.toolbar.set_zoom(
            f"{round(self.view.zoomFactor() * 100)} %" if custom else "",
            fit_width=mode == QPdfView.ZoomMode.FitToWidth,
            fit_page=mode == QPdfView.ZoomMode.FitInView,
        )
