"""The order form viewer's controls: pages, zoom, open externally, save as.

The groups wrap onto a second row in a narrow pane rather than being cut off, and the page
arrows are drawn by the style in the palette's text colour (the standard arrow icons are dark
pictures that vanish in the dark theme).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QWidget,
)

from scaninbox.language import translate
from scaninbox.qt.look.flow_layout import FlowLayout

__all__ = ["PdfToolbar"]


class PdfToolbar(QWidget):
    """Buttons only; the viewer connects them and keeps them in step with the document."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        previous = translate("PdfToolbar", "Previous page")
        self.previous_button = self._tool("", previous, previous)
        self.previous_button.setArrowType(Qt.ArrowType.UpArrow)
        self.page_spin = QSpinBox(self)
        self.page_spin.setAccessibleName(translate("PdfToolbar", "Page number"))
        self.page_spin.setKeyboardTracking(False)
        self.page_count_label = QLabel(self)
        following = translate("PdfToolbar", "Next page")
        self.next_button = self._tool("", following, following)
        self.next_button.setArrowType(Qt.ArrowType.DownArrow)
        self.zoom_out_button = self._tool(
            "−", translate("PdfToolbar", "Zoom out"), translate("PdfToolbar", "Zoom out (Ctrl+−)")
        )
        self.zoom_label = QLabel(self)
        self.zoom_label.setMinimumWidth(self.fontMetrics().horizontalAdvance("400 %") + 12)
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.zoom_in_button = self._tool(
            "+", translate("PdfToolbar", "Zoom in"), translate("PdfToolbar", "Zoom in (Ctrl++)")
        )
        fit_width = translate("PdfToolbar", "Fit width")
        self.fit_width_button = self._tool(
            fit_width, fit_width, translate("PdfToolbar", "Fit the page width")
        )
        fit_page = translate("PdfToolbar", "Fit page")
        self.fit_page_button = self._tool(
            fit_page, fit_page, translate("PdfToolbar", "Show whole pages")
        )
        for button in (self.fit_width_button, self.fit_page_button):
            button.setCheckable(True)
        self.open_button = QPushButton(translate("PdfToolbar", "Open externally"), self)
        self.open_button.setToolTip(
            translate("PdfToolbar", "Open the file in this computer's PDF application")
        )
        self.save_button = QPushButton(translate("PdfToolbar", "Save as…"), self)
        self.save_button.setToolTip(translate("PdfToolbar", "Save a copy of the order form"))

        flow = FlowLayout(self, spacing=16, row_spacing=4)
        flow.setContentsMargins(0, 0, 0, 0)
        for group in (
            (self.previous_button, self.page_spin, self.page_count_label, self.next_button),
            (self.zoom_out_button, self.zoom_label, self.zoom_in_button),
            (self.fit_width_button, self.fit_page_button),
            (self.open_button, self.save_button),
        ):
            flow.addWidget(self._group(group))

    def _group(self, widgets: tuple[QWidget, ...]) -> QWidget:
        box = QWidget(self)
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        for widget in widgets:
            widget.setParent(box)
            row.addWidget(widget)
        return box

    def _tool(self, text: str, name: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setAccessibleName(name)
        button.setToolTip(tip)
        return button

    def set_pages(self, current: int, count: int) -> None:
        """``current`` counts from 0; ``count`` 0 disables everything."""
        blocked = self.page_spin.blockSignals(True)
        self.page_spin.setRange(1 if count else 0, count)
        self.page_spin.setValue(current + 1 if count else 0)
        self.page_spin.blockSignals(blocked)
        self.page_count_label.setText(
            translate("PdfToolbar", "of {count}", "page 3 of 5").format(count=count)
            if count
            else ""
        )
        for widget in (
            self.page_spin,
            self.zoom_in_button,
            self.zoom_out_button,
            self.fit_width_button,
            self.fit_page_button,
            self.open_button,
            self.save_button,
        ):
            widget.setEnabled(count > 0)
        self.previous_button.setEnabled(count > 0 and current > 0)
        self.next_button.setEnabled(count > 0 and current < count - 1)

    def set_zoom(self, text: str, *, fit_width: bool, fit_page: bool) -> None:
        self.zoom_label.setText(text)
        self.zoom_label.setAccessibleName(
            translate("PdfToolbar", "Zoom: {zoom}").format(zoom=text)
            if text
            else translate("PdfToolbar", "Zoom")
        )
        self.fit_width_button.setChecked(fit_width)
        self.fit_page_button.setChecked(fit_page)
