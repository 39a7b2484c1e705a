"""The list of a case's scans, floating over the top right of the 3D view; it folds to its title.

The 3D view is the reviewer's main tool, so the list takes no width of its own: it is a narrow
translucent plate over the view (dark whatever the theme, like the view's other overlays), one
compact `ScanRow` per scan. The title button (or the S key) folds it to a small "Scans" tab and
back. ``resized()`` tells the stage the list wants another height (rows came or changed).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QToolButton, QVBoxLayout, QWidget

from scaninbox.language import translate
from scaninbox.qt.look.theme import dark_palette
from scaninbox.qt.look.widgets import muted_label
from scaninbox.qt.viewer.plan import PlannedScan
from scaninbox.qt.viewer.scan_row import RowState, ScanRow, adopt_palette

__all__ = ["PANEL_WIDTH_PX", "RowState", "ScanList", "ScanRow"]

PANEL_WIDTH_PX = 184
_PLATE = QColor(18, 20, 24, 200)
_RADIUS_PX = 6.0
_PAD_PX = 2


class ScanList(QFrame):
    """The rows of the case shown; forwards their signals with the scan's key.

    Signals: ``visibilityToggled(key, bool)``, ``opacityChanged(key, float)``, ``resized()``.
    """

    visibilityToggled = Signal(str, bool)
    opacityChanged = Signal(str, float)
    resized = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scanList")
        self.setAccessibleName(translate("ScanList", "Scans"))
        self._palette = dark_palette()
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._folded = False
        self._rows: dict[str, ScanRow] = {}

        self.fold_button = QToolButton(self)
        self.fold_button.setObjectName("scanListFold")
        self.fold_button.setAutoRaise(True)
        self.fold_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.fold_button.clicked.connect(lambda: self.set_folded(not self._folded))

        self._body = QWidget()
        self._body.installEventFilter(self)
        self._layout = QVBoxLayout(self._body)
        self._layout.setContentsMargins(0, 0, 0, 2)
        self._layout.setSpacing(0)
        self.empty = muted_label("", self._body)
        self.empty.setContentsMargins(8, 4, 8, 6)
        self._layout.addWidget(self.empty)
        self._layout.addStretch(1)

        self.area = QScrollArea(self)
        self.area.setWidgetResizable(True)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.viewport().setAutoFillBackground(False)
        self.area.setWidget(self._body)
        self._body.setAutoFillBackground(False)  # setWidget turned it on; the plate shows through

        layout = QVBoxLayout(self)
        layout.setContentsMargins(_PAD_PX, _PAD_PX, _PAD_PX, _PAD_PX)
        layout.setSpacing(0)
        layout.addWidget(self.fold_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.area, 1)
        adopt_palette(self, self._palette)
        self._show_fold()

    # ------------------------------------------------------------------ rows

    def set_scans(self, scans: Sequence[PlannedScan], colours: Sequence[str]) -> None:
        for row in self._rows.values():
            self._layout.removeWidget(row)
            row.deleteLater()
        self._rows = {}
        for index, (scan, colour) in enumerate(zip(scans, colours, strict=True)):
            row = ScanRow(scan, colour, self._body, palette=self._palette)
            row.visibilityToggled.connect(self.visibilityToggled)
            row.opacityChanged.connect(self.opacityChanged)
            self._layout.insertWidget(index, row)
            # Now, not when Qt's deferred show of a new child gets to it: a hidden row counts
            # for nothing in the list's height, and the stage would place the list squashed to
            # its title (one frame with a scroll bar) before the rows' layout request came.
            row.show()
            self._rows[scan.key] = row
        self.empty.setVisible(not scans)
        self._show_fold()

    def set_empty_text(self, text: str) -> None:
        self.empty.setText(text)

    def row(self, key: str) -> ScanRow | None:
        return self._rows.get(key)

    def rows(self) -> list[ScanRow]:
        return list(self._rows.values())

    # ------------------------------------------------------------------ folding and size

    @property
    def folded(self) -> bool:
        return self._folded

    def set_folded(self, folded: bool) -> None:
        """Fold the list to its title (the view shows everything) or unfold it."""
        if folded == self._folded:
            return
        self._folded = folded
        self._show_fold()

    def preferred_width(self) -> int:
        if self._folded:
            return self.fold_button.sizeHint().width() + 2 * _PAD_PX
        return PANEL_WIDTH_PX

    def preferred_height(self, width: int) -> int:
        """The height that shows every row at ``width`` (the stage caps it at its own)."""
        height = self.fold_button.sizeHint().height() + 2 * _PAD_PX
        if not self._folded:
            body_width = max(1, width - 2 * _PAD_PX)
            body = self._body
            height += (
                body.heightForWidth(body_width)
                if body.hasHeightForWidth()
                else body.sizeHint().height()
            )
        return height

    # ------------------------------------------------------------------ Qt

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(_PLATE)
            painter.drawRoundedRect(QRectF(self.rect()), _RADIUS_PX, _RADIUS_PX)
        finally:
            painter.end()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._body and event.type() == QEvent.Type.LayoutRequest:
            self.resized.emit()  # a row grew or shrank (a status line came or went)
        return False

    # ------------------------------------------------------------------ internals

    def _show_fold(self) -> None:
        folded = self._folded
        self.area.setVisible(not folded)
        count = len(self._rows)
        self.fold_button.setText(
            translate("ScanList", "Scans ({count})").format(count=count)
            if folded and count
            else translate("ScanList", "Scans")
        )
        self.fold_button.setArrowType(Qt.ArrowType.LeftArrow if folded else Qt.ArrowType.DownArrow)
        if folded:
            tip = translate("ScanList", "Show the list of scans")
        else:
            tip = translate("ScanList", "Fold away the list of scans")
        self.fold_button.setToolTip(translate("ScanList", "{what} (S)").format(what=tip))
        self.fold_button.setAccessibleName(tip)
        self.resized.emit()
