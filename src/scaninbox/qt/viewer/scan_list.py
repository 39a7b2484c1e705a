"""The viewport's side panel: one row per scan — jaw colour, name, eye toggle, opacity, status.

A row reports what the person changes (``visibilityToggled(key, shown)``,
``opacityChanged(key, opacity)``); the viewport applies it to the scene. What a row shows about
loading (progress, "Not available offline", a file that cannot be read) is set by the viewport.
File names from the server are shown as plain text, never as rich text.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QProgressBar,
    QScrollArea,
    QSizePolicy,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scaninbox.qt.case_pane.widgets import muted_label, set_muted
from scaninbox.qt.viewer.icons import eye_icon, swatch_pixmap
from scaninbox.qt.viewer.plan import PlannedScan

__all__ = ["PANEL_WIDTH_PX", "RowState", "ScanList", "ScanRow"]

PANEL_WIDTH_PX = 212


class RowState(Enum):
    WAITING = "waiting"
    LOADING = "loading"
    PREVIEW = "preview"
    READY = "ready"
    PROBLEM = "problem"
    OFFLINE = "offline"


class ScanRow(QFrame):
    """One scan. ``visibilityToggled(key, bool)``, ``opacityChanged(key, float)``."""

    visibilityToggled = Signal(str, bool)
    opacityChanged = Signal(str, float)

    def __init__(self, scan: PlannedScan, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = scan.key
        self.state = RowState.WAITING
        self.setObjectName(f"scanRow-{scan.key}")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAccessibleName(scan.label)
        small = QFont(self.font())
        small.setPointSizeF(small.pointSizeF() * 0.88)

        self.swatch = QLabel(self)
        self.set_colour(colour)
        self.title = _ElidedLabel(scan.label, self, muted=False, elide=Qt.TextElideMode.ElideRight)
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.filename = _ElidedLabel(scan.filename, self)
        self.filename.setFont(small)
        self.eye = self._eye_button(scan)
        self.opacity = self._opacity_slider(scan)
        self.status_icon = QLabel(self)
        self.status_icon.hide()
        self.status = muted_label("", self)
        self.status.setFont(small)
        self.status.hide()
        self.progress = QProgressBar(self)
        self.progress.setTextVisible(False)
        self.progress.setFixedHeight(4)
        self.progress.hide()

        grid = QGridLayout(self)
        grid.setContentsMargins(8, 6, 4, 6)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.swatch, 0, 0, Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.title, 0, 1)
        grid.addWidget(self.eye, 0, 2, 2, 1, Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.filename, 1, 1)
        grid.addWidget(self.opacity, 2, 1, 1, 2)
        grid.addWidget(self.status_icon, 3, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.status, 3, 1, 1, 2)
        grid.addWidget(self.progress, 4, 1, 1, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnMinimumWidth(0, 16)

    def _eye_button(self, scan: PlannedScan) -> QToolButton:
        eye = QToolButton(self)
        eye.setCheckable(True)
        eye.setChecked(scan.visible)
        eye.setAutoRaise(True)
        eye.setIcon(eye_icon(self.palette().color(QPalette.ColorRole.WindowText)))
        eye.setAccessibleName(f"Show {scan.label}")
        eye.toggled.connect(self._on_eye)
        verb = "Hide" if scan.visible else "Show"
        eye.setToolTip(f"{verb} {scan.label.lower()}")
        return eye

    def _opacity_slider(self, scan: PlannedScan) -> QSlider:
        slider = QSlider(Qt.Orientation.Horizontal, self)
        slider.setRange(10, 100)
        slider.setValue(100)
        slider.setAccessibleName(f"Opacity of {scan.label}")
        slider.setToolTip("Opacity: 100 %")
        slider.valueChanged.connect(self._on_opacity)
        return slider

    # ------------------------------------------------------------------ state

    @property
    def shown(self) -> bool:
        return self.eye.isChecked()

    def set_colour(self, colour: str) -> None:
        self.swatch.setPixmap(swatch_pixmap(colour))

    def set_state(self, state: RowState, text: str = "", fraction: float | None = None) -> None:
        """Show how loading goes: progress (``fraction`` None: unknown), a problem, ready."""
        self.state = state
        self.status.setText(text)
        self.status.setToolTip(text if state in (RowState.PROBLEM, RowState.OFFLINE) else "")
        self.status.setVisible(bool(text))
        set_muted(self.status, state is not RowState.PROBLEM)
        warning = state in (RowState.PROBLEM, RowState.OFFLINE)
        if warning:
            icon = self.style().standardIcon(
                QStyle.StandardPixmap.SP_MessageBoxWarning
                if state is RowState.PROBLEM
                else QStyle.StandardPixmap.SP_MessageBoxInformation
            )
            self.status_icon.setPixmap(icon.pixmap(16, 16))
        self.status_icon.setVisible(warning)
        loading = state is RowState.LOADING
        self.progress.setVisible(loading)
        if loading:
            if fraction is None:
                self.progress.setRange(0, 0)  # busy indicator
            else:
                self.progress.setRange(0, 1000)
                self.progress.setValue(round(fraction * 1000))
        self.opacity.setEnabled(state not in (RowState.PROBLEM, RowState.OFFLINE))

    # ------------------------------------------------------------------ internals

    def _on_eye(self, shown: bool) -> None:
        verb = "Hide" if shown else "Show"
        self.eye.setToolTip(f"{verb} {self.title.full_text.lower()}")
        self.visibilityToggled.emit(self.key, shown)

    def _on_opacity(self, value: int) -> None:
        self.opacity.setToolTip(f"Opacity: {value} %")
        self.opacityChanged.emit(self.key, value / 100)


class _ElidedLabel(QLabel):
    """A one-line label that shortens its text to fit (file names in the middle:
    "3S-2026…Jaw.stl"); the tooltip has it all."""

    def __init__(
        self,
        text: str,
        parent: QWidget | None = None,
        *,
        muted: bool = True,
        elide: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle,
    ) -> None:
        super().__init__(parent)
        self.full_text = text
        self._elide = elide
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setToolTip(text)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        set_muted(self, muted)
        self.setText(text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        metrics = self.fontMetrics()
        self.setText(metrics.elidedText(self.full_text, self._elide, self.width()))


class ScanList(QScrollArea):
    """The rows of the case shown; forwards their signals with the scan's key."""

    visibilityToggled = Signal(str, bool)
    opacityChanged = Signal(str, float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scanList")
        self.setAccessibleName("Scans")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumWidth(PANEL_WIDTH_PX * 3 // 4)
        self._rows: dict[str, ScanRow] = {}
        self._body = QWidget(self)
        self._layout = QVBoxLayout(self._body)
        self._layout.setContentsMargins(0, 4, 0, 4)
        self._layout.setSpacing(0)
        self.empty = muted_label("", self._body)
        self.empty.setContentsMargins(10, 8, 10, 8)
        self._layout.addWidget(self.empty)
        self._layout.addStretch(1)
        self.setWidget(self._body)

    def set_scans(self, scans: Sequence[PlannedScan], colours: Sequence[str]) -> None:
        for row in self._rows.values():
            self._layout.removeWidget(row)
            row.deleteLater()
        self._rows = {}
        for index, (scan, colour) in enumerate(zip(scans, colours, strict=True)):
            row = ScanRow(scan, colour, self._body)
            row.visibilityToggled.connect(self.visibilityToggled)
            row.opacityChanged.connect(self.opacityChanged)
            self._layout.insertWidget(index, row)
            self._rows[scan.key] = row
        self.empty.setVisible(not scans)

    def set_empty_text(self, text: str) -> None:
        self.empty.setText(text)

    def row(self, key: str) -> ScanRow | None:
        return self._rows.get(key)

    def rows(self) -> list[ScanRow]:
        return list(self._rows.values())
