"""The viewport's few icons, drawn with QPainter in a palette colour (no icon theme needed:
Xvfb and Windows have none)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap

__all__ = ["camera_icon", "eye_icon", "swatch_pixmap"]


def eye_icon(colour: QColor, *, size_px: int = 18) -> QIcon:
    """An open eye for "shown" (the button's checked state) and a struck-out one for "hidden"."""
    icon = QIcon()
    icon.addPixmap(_eye(colour, size_px, open_=True), QIcon.Mode.Normal, QIcon.State.On)
    icon.addPixmap(_eye(colour, size_px, open_=False), QIcon.Mode.Normal, QIcon.State.Off)
    return icon


def camera_icon(colour: QColor, *, size_px: int = 16) -> QIcon:
    """A camera outline, for "Save picture…" (a picture of the view, as a screenshot)."""
    with _canvas(size_px) as (pixmap, painter):
        painter.scale(size_px / 16.0, size_px / 16.0)
        pen = QPen(colour, 1.3)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.drawRoundedRect(QRectF(1.5, 4.5, 13, 9), 2, 2)
        bump = QPainterPath(QPointF(5, 4.5))
        bump.lineTo(QPointF(6.2, 2.5))
        bump.lineTo(QPointF(9.8, 2.5))
        bump.lineTo(QPointF(11, 4.5))
        painter.drawPath(bump)
        painter.drawEllipse(QPointF(8, 9), 2.6, 2.6)
    return QIcon(pixmap)


def swatch_pixmap(colour: str, *, size_px: int = 14) -> QPixmap:
    """A rounded square of the jaw's colour, as in the 3D view."""
    with _canvas(size_px) as (pixmap, painter):
        painter.setPen(QPen(QColor(0, 0, 0, 90), 1.0))
        painter.setBrush(QColor(colour))
        painter.drawRoundedRect(QRectF(0.5, 0.5, size_px - 1, size_px - 1), 3, 3)
    return pixmap


def _eye(colour: QColor, size_px: int, *, open_: bool) -> QPixmap:
    with _canvas(size_px) as (pixmap, painter):
        painter.scale(size_px / 16.0, size_px / 16.0)
        faint = QColor(colour)
        if not open_:
            faint.setAlphaF(0.45)
        pen = QPen(faint, 1.4)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        outline = QPainterPath(QPointF(1.5, 8))
        outline.quadTo(QPointF(8, 1.5), QPointF(14.5, 8))
        outline.quadTo(QPointF(8, 14.5), QPointF(1.5, 8))
        painter.drawPath(outline)
        if open_:
            painter.setBrush(faint)
            painter.drawEllipse(QPointF(8, 8), 2.4, 2.4)
        else:
            painter.drawLine(QPointF(3, 13), QPointF(13, 3))
    return pixmap


@contextmanager
def _canvas(size_px: int) -> Iterator[tuple[QPixmap, QPainter]]:
    """A transparent ``size_px`` square drawn at twice the resolution (sharp on HiDPI too),
    and an antialiased painter on it, ended on leaving."""
    pixmap = QPixmap(size_px * 2, size_px * 2)
    pixmap.setDevicePixelRatio(2.0)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        yield pixmap, painter
    finally:
        painter.end()
