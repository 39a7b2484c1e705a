"""Small building blocks the case pane's sections share: values, muted placeholders, badges.

Every text that comes from a case is shown as plain text (never rich text: a patient name holding
``<b>`` must read as typed). Colours come from the palette, so light and dark themes both work;
the few tinted things (badges, category colours) are translucent over the palette's own colours.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QWidget

from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "NOT_PROVIDED",
    "Badge",
    "Tone",
    "ValueLabel",
    "caption_label",
    "muted_label",
    "section_title",
    "separator",
    "set_muted",
]

NOT_PROVIDED = QT_TRANSLATE_NOOP("ValueLabel", "Not provided")  # translated where shown


class Tone:
    """Hues for badges and chips, as (red, green, blue)."""

    RED = (220, 53, 69)
    ORANGE = (234, 128, 12)
    BLUE = (59, 130, 246)
    PURPLE = (147, 51, 234)
    GREEN = (22, 163, 74)
    NEUTRAL = (120, 128, 140)


def set_muted(label: QLabel, muted: bool) -> None:
    """Draw ``label`` in the palette's placeholder colour (follows theme changes)."""
    label.setForegroundRole(
        QPalette.ColorRole.PlaceholderText if muted else QPalette.ColorRole.WindowText
    )


def muted_label(text: str = "", parent: QWidget | None = None, *, wrap: bool = True) -> QLabel:
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    set_muted(label, True)
    return label


def caption_label(text: str, parent: QWidget | None = None) -> QLabel:
    """A small muted caption above a value (``Received``, ``Delivery``)."""
    label = muted_label(text, parent, wrap=False)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * 0.9)
    label.setFont(font)
    return label


def section_title(text: str, parent: QWidget | None = None) -> QLabel:
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    font = QFont(label.font())
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.15)
    label.setFont(font)
    label.setAccessibleName(text)
    return label


def separator(parent: QWidget | None = None) -> QFrame:
    line = QFrame(parent)
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Plain)
    line.setForegroundRole(QPalette.ColorRole.Midlight)
    return line


class ValueLabel(QLabel):
    """A case value: plain, selectable, wrapping; shows a muted placeholder when missing."""

    def __init__(
        self, parent: QWidget | None = None, *, placeholder: str = NOT_PROVIDED, wrap: bool = True
    ) -> None:
        super().__init__(parent)
        self._placeholder = (
            translate("ValueLabel", NOT_PROVIDED) if placeholder == NOT_PROVIDED else placeholder
        )
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(wrap)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.set_value(None)

    def set_value(self, text: str | None, *, tooltip: str = "") -> None:
        value = text.strip() if text else ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(value or self._placeholder)
        set_muted(self, not value)
        self.setToolTip(tooltip)

    @property
    def is_placeholder(self) -> bool:
        return self.foregroundRole() == QPalette.ColorRole.PlaceholderText


class Badge(QLabel):
    """A rounded, tinted label: ``Priority``, ``Remake``, a status chip.

    Painted by hand rather than by a style sheet, so that it follows the palette it has now: the
    tint is translucent over the window colour and the text keeps the palette's text colour, which
    reads in light and dark themes alike.
    """

    _PADDING_X, _PADDING_Y = 8, 2

    def __init__(self, text: str, tone: tuple[int, int, int], parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAccessibleName(text)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        font = QFont(self.font())
        font.setWeight(QFont.Weight.DemiBold)
        self.setFont(font)
        self._tone = QColor(*tone)

    def set_tone(self, tone: tuple[int, int, int]) -> None:
        self._tone = QColor(*tone)
        self.update()

    @property
    def tone(self) -> QColor:
        return QColor(self._tone)

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(
            metrics.horizontalAdvance(self.text()) + 2 * self._PADDING_X + 2,
            metrics.height() + 2 * self._PADDING_Y + 2,
        )

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill, border = QColor(self._tone), QColor(self._tone)
        fill.setAlpha(46)
        border.setAlpha(170)
        box = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        radius = box.height() / 2
        painter.setPen(border)
        painter.setBrush(fill)
        painter.drawRoundedRect(box, radius, radius)
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.text())
        painter.end()
