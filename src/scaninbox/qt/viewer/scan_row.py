"""One row of the scan list: jaw colour, name, eye toggle, opacity, loading status.

A row reports what the person changes (``visibilityToggled(key, shown)``,
``opacityChanged(key, opacity)``); the viewport applies it to the scene. What a row shows about
loading (progress, "Not available offline", a file that cannot be read) is set by the viewport.
File names from the server are shown as plain text, never as rich text. Rows are narrow (the
list floats over the 3D view), so names are shortened to fit; the tooltip has them in full.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QSlider,
    QStyle,
    QToolButton,
    QWidget,
)

from scaninbox import language
from scaninbox.language import translate
from scaninbox.qt.look.quiet_progress import set_progress_quietly
from scaninbox.qt.look.widgets import muted_label, set_muted
from scaninbox.qt.viewer.icons import eye_icon, swatch_pixmap
from scaninbox.qt.viewer.plan import PlannedScan

__all__ = ["ElidedLabel", "RowState", "ScanRow", "adopt_palette", "breakable"]


class RowState(Enum):
    WAITING = "waiting"
    LOADING = "loading"
    PREVIEW = "preview"
    READY = "ready"
    PROBLEM = "problem"
    OFFLINE = "offline"


def adopt_palette(root: QWidget, palette: QPalette) -> None:
    """Give ``root`` and everything in it ``palette``. Under the application's style sheet
    Qt does not hand a widget's palette down to its children, so each gets it explicitly."""
    for widget in (root, *root.findChildren(QWidget)):
        widget.setPalette(palette)


_BREAK_AFTER = "_-./\\"
_LONG_WORD = 16


def breakable(text: str) -> str:
    """``text`` with a zero-width space after the ``_ - . / \\`` of its long words, so a
    word-wrapped label may break a file name ("Upper_jaw_scan_2026-03-01.stl") there."""
    words = text.split(" ")
    for index, word in enumerate(words):
        if len(word) > _LONG_WORD:
            words[index] = "".join(
                f"{char}\u200b" if char in _BREAK_AFTER else char for char in word
            )
    return " ".join(words)


class ElidedLabel(QLabel):
    """A one-line label that shortens its text to fit (file names in the middle:
    "3S-2026…Jaw.stl"); the tooltip has it all (``tooltip`` when given, else the text)."""

    def __init__(
        self,
        text: str,
        parent: QWidget | None = None,
        *,
        muted: bool = True,
        elide: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.full_text = text
        self._elide = elide
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setToolTip(tooltip if tooltip is not None else text)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        set_muted(self, muted)
        self.setText(text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        metrics = self.fontMetrics()
        self.setText(metrics.elidedText(self.full_text, self._elide, self.width()))


class ScanRow(QFrame):
    """One scan. ``visibilityToggled(key, bool)``, ``opacityChanged(key, float)``."""

    visibilityToggled = Signal(str, bool)
    opacityChanged = Signal(str, float)

    def __init__(
        self,
        scan: PlannedScan,
        colour: str,
        parent: QWidget | None = None,
        *,
        palette: QPalette | None = None,
    ) -> None:
        super().__init__(parent)
        if palette is not None:
            self.setPalette(palette)  # before the eye icon takes its colour from it
        self.key = scan.key
        self.state = RowState.WAITING
        self.setObjectName(f"scanRow-{scan.key}")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAccessibleName(scan.label)
        small = QFont(self.font())
        small.setPointSizeF(small.pointSizeF() * 0.88)

        self.swatch = QLabel(self)
        self.set_colour(colour)
        names = f"{scan.label}\n{scan.filename}" if scan.filename else scan.label
        self.title = ElidedLabel(
            scan.label, self, muted=False, elide=Qt.TextElideMode.ElideRight, tooltip=names
        )
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.filename = ElidedLabel(scan.filename, self, tooltip=names)
        self.filename.setFont(small)
        self.eye = self._eye_button(scan)
        self.opacity = self._opacity_slider(scan)
        self.status_icon = QLabel(self)
        self.status_icon.hide()
        self.status = muted_label("", self)
        self.status.setFont(small)
        self.status.setWordWrap(True)
        # Never wider than the row: a long file name in a message wraps (`breakable`) instead
        # of pushing the eye button and the slider out of the narrow panel.
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status.hide()
        self.status_text = ""
        self.progress = QProgressBar(self)
        self.progress.setTextVisible(False)
        self.progress.setFixedHeight(3)
        self.progress.hide()

        grid = QGridLayout(self)
        grid.setContentsMargins(8, 4, 2, 4)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(1)
        grid.addWidget(self.swatch, 0, 0, Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.title, 0, 1)
        grid.addWidget(self.eye, 0, 2, 2, 1, Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.filename, 1, 1)
        grid.addWidget(self.opacity, 2, 1, 1, 2)
        grid.addWidget(self.status_icon, 3, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.status, 3, 1, 1, 2)
        grid.addWidget(self.progress, 4, 1, 1, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnMinimumWidth(0, 14)
        if palette is not None:
            adopt_palette(self, palette)

    def _eye_button(self, scan: PlannedScan) -> QToolButton:
        eye = QToolButton(self)
        eye.setCheckable(True)
        eye.setChecked(scan.visible)
        eye.setAutoRaise(True)
        eye.setIcon(eye_icon(self.palette().color(QPalette.ColorRole.WindowText)))
        eye.setAccessibleName(translate("ScanRow", "Show {scan}").format(scan=scan.label))
        eye.toggled.connect(self._on_eye)
        eye.setToolTip(_eye_tip(scan.visible, scan.label))
        return eye

    def _opacity_slider(self, scan: PlannedScan) -> QSlider:
        slider = QSlider(Qt.Orientation.Horizontal, self)
        slider.setRange(10, 100)
        slider.setValue(100)
        slider.setAccessibleName(translate("ScanRow", "Opacity of {scan}").format(scan=scan.label))
        slider.setToolTip(translate("ScanRow", "Opacity: {percent} %").format(percent=100))
        slider.valueChanged.connect(self._on_opacity)
        return slider

    # ------------------------------------------------------------------ state

    @property
    def shown(self) -> bool:
        return self.eye.isChecked()

    def set_colour(self, colour: str) -> None:
        self.swatch.setPixmap(swatch_pixmap(colour, size_px=12))

    def set_state(self, state: RowState, text: str = "", fraction: float | None = None) -> None:
        """Show how loading goes: progress (``fraction`` None: unknown), a problem, ready."""
        self.state = state
        self.status_text = text
        self.status.setText(breakable(text))
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
            self.status_icon.setPixmap(icon.pixmap(14, 14))
        self.status_icon.setVisible(warning)
        loading = state is RowState.LOADING
        self.progress.setVisible(loading)
        if loading:  # None: a busy indicator. Downloads report every chunk: no repaint each.
            value = None if fraction is None else round(fraction * 1000)
            set_progress_quietly(self.progress, value)
        self.opacity.setEnabled(state not in (RowState.PROBLEM, RowState.OFFLINE))

    # ------------------------------------------------------------------ internals

    def _on_eye(self, shown: bool) -> None:
        self.eye.setToolTip(_eye_tip(shown, self.title.full_text))
        self.visibilityToggled.emit(self.key, shown)

    def _on_opacity(self, value: int) -> None:
        self.opacity.setToolTip(translate("ScanRow", "Opacity: {percent} %").format(percent=value))
        self.opacityChanged.emit(self.key, value / 100)


def _eye_tip(shown: bool, label: str) -> str:
    """ "Hide lower jaw" / "Show lower jaw": the label inside a sentence (English writes the
    jaw in small letters there; German keeps its nouns' capitals)."""
    if language.current().code == "en":
        label = label[:1].lower() + label[1:]
    if shown:
        return translate("ScanRow", "Hide {scan}").format(scan=label)
    return translate("ScanRow", "Show {scan}", "tooltip of the eye button").format(scan=label)
