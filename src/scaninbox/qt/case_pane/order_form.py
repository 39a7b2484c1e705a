"""The order form tab: the case's PDF in an embedded viewer, with zoom, pages, open and save.

The PDF loads when the tab is first shown (a cached copy at once, otherwise downloaded with
visible progress). A file that downloads but does not open as a PDF is reported as damaged; Retry
then asks the provider for a fresh copy rather than the cached one.
"""

from __future__ import annotations

from pathlib import Path

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import QPlainTextEdit, QStackedWidget, QVBoxLayout, QWidget

from scaninbox.domain import CaseRef, FileKind, OrderForm
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.case_pane.file_actions import (
    SaveError,
    open_with_system,
    safe_filename,
    save_copy,
)
from scaninbox.qt.case_pane.file_status import FileStatusBar, fetch_with_status
from scaninbox.qt.case_pane.pdf_toolbar import PdfToolbar
from scaninbox.qt.files.dialogs import FileDialogs
from scaninbox.qt.files.providers import CaseFile, CaseFileProvider
from scaninbox.qt.look.widgets import muted_label
from scaninbox.qt.runtime import async_bridge

__all__ = ["ZOOM_STEPS", "OrderFormView"]

ZOOM_STEPS = (0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0)
_DAMAGED = QT_TRANSLATE_NOOP("OrderFormView", "The order form is damaged or is not a PDF file.")


class OrderFormView(QWidget):
    """Toolbar, download status and the PDF (or a plain message when there is no order form)."""

    statusMessage = Signal(str)
    statusError = Signal(str)  # what failed: kept on screen until read

    def __init__(
        self, provider: CaseFileProvider, dialogs: FileDialogs, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._provider = provider
        self._dialogs = dialogs
        self._file: CaseFile | None = None
        self._path: Path | None = None
        self._generation = 0
        self._requested = False
        self.document = QPdfDocument(self)
        self.view = QPdfView(self)
        self.view.setAccessibleName(translate("OrderFormView", "Order form"))
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        self.status = FileStatusBar(self)
        self.status.retryRequested.connect(lambda: self._load(refresh=True))
        self.message_label = muted_label("", self)
        self.message_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.plain_text = QPlainTextEdit(self)
        self.plain_text.setReadOnly(True)
        self.plain_text.setAccessibleName(translate("OrderFormView", "Order form text"))
        self.stack = QStackedWidget(self)
        for page in (self.message_label, self.view, self.plain_text):
            self.stack.addWidget(page)
        self.toolbar = PdfToolbar(self)
        self._connect_toolbar()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.status)
        layout.addWidget(self.stack, 1)
        self.view.pageNavigator().currentPageChanged.connect(self._sync_page)
        self.view.zoomModeChanged.connect(self._sync_zoom)
        self.view.zoomFactorChanged.connect(self._sync_zoom)
        self.document.pageCountChanged.connect(self._sync_page)
        # In the fit modes the zoom in effect follows the viewport's size.
        self.view.viewport().installEventFilter(self)
        self.show_order_form(None, None)

    def set_online(self, online: bool) -> None:
        """Whether files can come from the service now: Retry is offered only then."""
        self.status.set_online(online)

    def _connect_toolbar(self) -> None:
        bar = self.toolbar
        bar.previous_button.clicked.connect(self.previous_page)
        bar.next_button.clicked.connect(self.next_page)
        bar.page_spin.valueChanged.connect(lambda value: self.go_to_page(value - 1))
        bar.zoom_in_button.clicked.connect(self.zoom_in)
        bar.zoom_out_button.clicked.connect(self.zoom_out)
        bar.fit_width_button.clicked.connect(self.fit_width)
        bar.fit_page_button.clicked.connect(self.fit_page)
        bar.open_button.clicked.connect(self.open_externally)
        bar.save_button.clicked.connect(self.save_as)
        for sequence, slot in (
            (QKeySequence.StandardKey.ZoomIn, self.zoom_in),
            (QKeySequence.StandardKey.ZoomOut, self.zoom_out),
        ):
            shortcut = QShortcut(QKeySequence(sequence), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.view.viewport():
            self._sync_zoom()
        return super().eventFilter(watched, event)

    # ------------------------------------------------------------------ case switching
    def show_order_form(self, ref: CaseRef | None, order_form: OrderForm | None) -> None:
        """Show ``order_form`` of case ``ref``; nothing is fetched until :meth:`activate`."""
        self._generation += 1
        async_bridge.cancel_owned(self)
        self._requested = False
        self._path = None
        self.document.close()
        self.status.reset()
        name = order_form.filename if order_form is not None else None
        self._file = CaseFile(ref, FileKind.ORDER_FORM, name) if ref and name else None
        text = (order_form.plain_text or "").strip() if order_form is not None else ""
        if self._file is None and text:
            self.plain_text.setPlainText(text)
            self.stack.setCurrentWidget(self.plain_text)
        else:
            self.message_label.setText(
                translate("OrderFormView", "Opening the order form…")
                if self._file
                else translate("OrderFormView", "No order form was sent with this case.")
            )
            self.stack.setCurrentWidget(self.message_label)
        self._sync_page()
        self._sync_zoom()

    @property
    def has_order_form(self) -> bool:
        return self._file is not None or self.stack.currentWidget() is self.plain_text

    def activate(self) -> None:
        """The tab became visible: load the PDF once."""
        if self._file is not None and not self._requested:
            self._load(refresh=False)

    def _load(self, *, refresh: bool) -> None:
        if self._file is None:
            return
        self._requested = True
        async_bridge.run(self._load_async(self._file, refresh), owner=self, key="order-form")

    async def _load_async(self, file: CaseFile, refresh: bool) -> None:
        generation = self._generation

        def is_current() -> bool:
            return generation == self._generation

        self.message_label.setText(
            translate("OrderFormView", "Opening {file}…").format(file=file.filename)
        )
        self.stack.setCurrentWidget(self.message_label)
        path = await fetch_with_status(
            self._provider, file, self.status, refresh=refresh, is_current=is_current
        )
        if path is None or not is_current():
            if is_current():
                self.message_label.setText(
                    translate("OrderFormView", "The order form could not be opened.")
                )
            return
        # Loading a local PDF of a few pages is quick; rendering happens asynchronously.
        error = self.document.load(str(path))
        if error != QPdfDocument.Error.None_ or self.document.pageCount() < 1:
            self.document.close()
            self.status.show_problem(translate("OrderFormView", _DAMAGED), offline=False)
            self.message_label.setText(
                translate("OrderFormView", "The order form could not be opened.")
            )
            return
        self._path = path
        self.stack.setCurrentWidget(self.view)
        self._sync_page()
        self._sync_zoom()

    # ------------------------------------------------------------------ navigation and zoom
    @property
    def page_count(self) -> int:
        return self.document.pageCount() if self._path is not None else 0

    def current_page(self) -> int:
        return self.view.pageNavigator().currentPage()

    def go_to_page(self, page: int) -> None:
        if 0 <= page < self.page_count and page != self.current_page():
            self.view.pageNavigator().jump(page, QPointF(), self.view.zoomFactor())

    def previous_page(self) -> None:
        self.go_to_page(self.current_page() - 1)

    def next_page(self) -> None:
        self.go_to_page(self.current_page() + 1)

    def zoom_in(self) -> None:
        current = self._effective_zoom()
        self._set_zoom(next((z for z in ZOOM_STEPS if z > current + 1e-3), ZOOM_STEPS[-1]))

    def zoom_out(self) -> None:
        current = self._effective_zoom()
        lower = [z for z in ZOOM_STEPS if z < current - 1e-3]
        self._set_zoom(lower[-1] if lower else ZOOM_STEPS[0])

    def fit_width(self) -> None:
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)

    def fit_page(self) -> None:
        self.view.setZoomMode(QPdfView.ZoomMode.FitInView)

    def zoom_text(self) -> str:
        return self.toolbar.zoom_label.text()

    def _set_zoom(self, factor: float) -> None:
        self.view.setZoomMode(QPdfView.ZoomMode.Custom)
        self.view.setZoomFactor(factor)

    def _effective_zoom(self) -> float:
        """The zoom in effect, also in the fit modes (where QPdfView keeps its last custom one)."""
        mode = self.view.zoomMode()
        if mode == QPdfView.ZoomMode.Custom or self.page_count == 0:
            return self.view.zoomFactor()
        page = self.document.pagePointSize(max(0, self.current_page()))
        if page.width() <= 0 or page.height() <= 0:
            return self.view.zoomFactor()
        # QPdfView lays pages out at screen resolution (1 point is logicalDpi / 72 pixels) inside
        # its document margins; this mirrors its fit computation.
        scale = self.view.logicalDpiX() / 72.0
        margins = self.view.documentMargins()
        viewport = self.view.viewport().size()
        width_zoom = (viewport.width() - margins.left() - margins.right()) / (page.width() * scale)
        if mode == QPdfView.ZoomMode.FitToWidth:
            return width_zoom
        height = viewport.height() - margins.top() - margins.bottom()
        return min(width_zoom, height / (page.height() * scale))

    def _sync_page(self) -> None:
        self.toolbar.set_pages(self.current_page(), self.page_count)

    def _sync_zoom(self) -> None:
        mode = self.view.zoomMode()
        text = f"{round(self._effective_zoom() * 100)} %" if self.page_count else ""
        self.toolbar.set_zoom(
            text,
            fit_width=mode == QPdfView.ZoomMode.FitToWidth,
            fit_page=mode == QPdfView.ZoomMode.FitInView,
        )

    # ------------------------------------------------------------------ open and save
    def open_externally(self) -> None:
        if self._path is not None and self._file is not None:
            async_bridge.run(self._open_async(self._path, self._file.filename), owner=self)

    async def _open_async(self, path: Path, name: str) -> None:
        problem = await open_with_system(path, name)
        if problem is not None:
            self.statusError.emit(problem)

    def save_as(self) -> None:
        if self._path is None or self._file is None:
            return
        target = self._dialogs.save_file_path(self, safe_filename(self._file.filename, "order.pdf"))
        if target is not None:
            # Not owned: a save the person asked for finishes even if another case is opened.
            async_bridge.run(self._save_async(self._path, target))

    async def _save_async(self, source: Path, target: Path) -> None:
        try:
            saved = await async_bridge.to_thread(save_copy, source, target)
        except SaveError as error:
            if shiboken6.isValid(self):
                self.statusError.emit(str(error))
            return
        message = translate("OrderFormView", "Order form saved to {path}").format(path=saved)
        if shiboken6.isValid(self):
            self.statusMessage.emit(message)
