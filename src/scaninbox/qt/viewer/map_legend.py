"""The distance map's legend over the 3D view: the bands in mm, the colours outside them, the
range (0.1 mm steps) and how the measuring goes.

A Qt widget rather than VTK's scalar bar: it speaks the window's font, carries the range's
spin boxes next to what they change, and its labels can be read (and tested) as text. Like the
other overlays it is a light-on-dark plate (the 3D background is always dark); it places
itself at the left edge of the view, below the orientation note.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from scaninbox import language
from scaninbox.language import translate
from scaninbox.render import MAP_MAX_MM, MAP_STEP_MM, ColourScale

__all__ = ["BandBar", "MapLegend"]

_PLATE = (
    "#mapLegend { background-color: rgba(18, 20, 24, 205); border-radius: 6px; }"
    " #mapLegend QLabel { color: #eef0f3; background: transparent; }"
)
_MARGIN_PX = 12
_WIDTH_PX = 196
_BAR_HEIGHT_PX = 200  # at most; less in a low view (at least `_BAR_MIN_PX`)
_BAR_MIN_PX = 90
_TICK_SPACING_PX = 18  # a label per this much of the bar, at most
_SWATCH_PX = 14


class BandBar(QWidget):
    """The bands, highest at the top, with their edges labelled in mm (`ColourScale.ticks`),
    and below them the colours outside the bands with what they mean."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mapBands")
        self.scale: ColourScale | None = None
        self.bar_height = _BAR_HEIGHT_PX
        self.setMinimumWidth(150)

    def set_scale(self, scale: ColourScale) -> None:
        self.scale = scale
        self._fit()

    def set_bar_height(self, pixels: int) -> None:
        self.bar_height = max(_BAR_MIN_PX, min(_BAR_HEIGHT_PX, pixels))
        self._fit()

    def ticks(self) -> list[float]:
        """The band edges labelled (mm), as many as the bar's height has room for."""
        if self.scale is None:
            return []
        return self.scale.ticks(most=max(3, self.bar_height // _TICK_SPACING_PX))

    def tick_labels(self) -> list[str]:
        """The edge labels as drawn, top to bottom."""
        return [language.current().number_text(tick, 1) for tick in reversed(self.ticks())]

    def _fit(self) -> None:
        rows = len(self.scale.outside_labels()) if self.scale is not None else 0
        line = self.fontMetrics().height()
        self.setFixedHeight(self.bar_height + line + rows * (line + 4) + 6)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        scale = self.scale
        if scale is None:
            return
        painter = QPainter(self)
        metrics = self.fontMetrics()
        line = metrics.height()
        top = line // 2  # room for the top label's upper half
        bar = QRect(2, top, 22, self.bar_height)
        bands = scale.bands
        count = len(bands)
        for i, band in enumerate(bands):
            y0 = bar.bottom() + 1 - round((i + 1) * bar.height() / count)
            y1 = bar.bottom() + 1 - round(i * bar.height() / count)
            painter.fillRect(QRect(bar.left(), y0, bar.width(), y1 - y0), QColor(*band.colour))
        painter.setPen(QColor("#eef0f3"))
        span = scale.high_mm - scale.low_mm
        for tick in self.ticks():
            y = bar.bottom() + 1 - round((tick - scale.low_mm) / span * bar.height())
            painter.drawLine(bar.right() + 1, y, bar.right() + 5, y)
            painter.drawText(
                QRect(bar.right() + 8, y - line // 2, self.width() - bar.right() - 8, line),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                language.current().number_text(tick, 1),
            )
        y = bar.bottom() + line // 2 + 6
        for text, colour in scale.outside_labels():
            painter.fillRect(QRect(bar.left() + 4, y + 2, _SWATCH_PX, _SWATCH_PX), QColor(*colour))
            painter.drawText(
                QRect(bar.left() + _SWATCH_PX + 10, y, self.width(), line + 4),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                text,
            )
            y += line + 4
        painter.end()


class MapLegend(QWidget):
    """Title, bands, range and status of the map on show. ``rangeChanged(low_mm, high_mm)``
    when the person changes the range (never while a map is being set up)."""

    rangeChanged = Signal(float, float)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("mapLegend")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet(_PLATE)
        self.setMinimumWidth(_WIDTH_PX)  # narrow (the arch lies beside it), but one width
        self.title = QLabel(self)
        self.title.setObjectName("mapTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.subtitle = QLabel(self)
        self.subtitle.setObjectName("mapSubtitle")
        self.subtitle.setWordWrap(True)
        self.bar = BandBar(self)
        self.low = self._spin_box(
            "mapLow", translate("MapLegend", "Start of the colour range (mm)")
        )
        self.high = self._spin_box(
            "mapHigh", translate("MapLegend", "End of the colour range (mm)")
        )
        self.status = QLabel(self)
        self.status.setObjectName("mapStatus")
        self.status.setWordWrap(True)
        range_row = QHBoxLayout()
        range_row.setSpacing(4)
        range_row.addWidget(self.low)
        range_row.addWidget(QLabel("–", self))
        range_row.addWidget(self.high)
        range_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.bar)
        layout.addLayout(range_row)
        layout.addWidget(self.status)
        self._quiet = False
        self.low.valueChanged.connect(self._on_range)
        self.high.valueChanged.connect(self._on_range)
        parent.installEventFilter(self)
        self.hide()

    def show_scale(self, scale: ColourScale, subtitle: str) -> None:
        """Show ``scale`` (its range in the spin boxes, without announcing it)."""
        self._quiet = True
        try:
            self.low.setValue(scale.low_mm)
            self.high.setValue(scale.high_mm)
        finally:
            self._quiet = False
        self.title.setText(scale.title)
        self.subtitle.setText(subtitle)
        self.bar.set_scale(scale)
        self.show()
        self.raise_()
        self.place()

    def set_status(self, text: str) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))
        self.place()

    def place(self) -> None:
        """At the left edge, under the orientation note when one shows."""
        parent = self.parentWidget()
        if parent is None or not self.isVisibleTo(parent):
            return
        top = _MARGIN_PX
        note = parent.findChild(QLabel, "orientationNote")
        if note is not None and note.isVisibleTo(parent):
            top = note.geometry().bottom() + _MARGIN_PX
        room = max(40, parent.height() - top - _MARGIN_PX)
        # A low view gets a shorter bar (fewer labels) rather than a legend cut off; the bar
        # takes at most a third of the view's height.
        rest = self.sizeHint().height() - self.bar.height()
        self.bar.set_bar_height(min(room - rest, parent.height() // 3))
        self.adjustSize()
        hint = self.sizeHint()
        width = max(_WIDTH_PX, hint.width())  # wrapped lines do not widen the hint
        height = self.heightForWidth(width)  # the wrapped lines' height at that width
        height = height if height > 0 else hint.height()
        self.setGeometry(_MARGIN_PX, top, width, min(height, room))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.place()
        return False

    def _spin_box(self, name: str, tip: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox(self)
        box.setObjectName(name)
        box.setDecimals(1)
        box.setSingleStep(MAP_STEP_MM)
        box.setRange(0.0, MAP_MAX_MM)
        box.setToolTip(tip)
        box.setKeyboardTracking(False)  # typing "1.5" is not first a range ending at 1
        return box

    def _on_range(self) -> None:
        if self._quiet:
            return
        low, high = self.low.value(), self.high.value()
        if high <= low:  # keep the range a range: the other end gives way by a step
            self._quiet = True
            try:
                if self.sender() is self.low:
                    high = min(MAP_MAX_MM, low + MAP_STEP_MM)
                    low = high - MAP_STEP_MM
                else:
                    low = max(0.0, high - MAP_STEP_MM)
                    high = low + MAP_STEP_MM
                self.low.setValue(low)
                self.high.setValue(high)
            finally:
                self._quiet = False
        self.rangeChanged.emit(self.low.value(), self.high.value())
