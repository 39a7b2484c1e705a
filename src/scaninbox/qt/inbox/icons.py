"""Small icons drawn with QPainter, so the inbox needs no icon theme (Xvfb and Windows have none).

Each icon is drawn in a colour the caller picks from the palette (so light and dark themes both
work) and cached per (name, colour, size, device pixel ratio).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap

__all__ = ["draw_icon", "icon", "pixmap"]

_cache: dict[tuple[str, str, int, float], QPixmap] = {}


def pixmap(name: str, colour: QColor, size_px: int = 16, ratio: float = 1.0) -> QPixmap:
    """The icon ``name`` as a pixmap of ``size_px`` logical pixels."""
    key = (name, colour.name(QColor.NameFormat.HexArgb), size_px, ratio)
    found = _cache.get(key)
    if found is not None:
        return found
    image = QPixmap(round(size_px * ratio), round(size_px * ratio))
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    try:
        draw_icon(painter, name, QRectF(0, 0, size_px, size_px), colour)
    finally:
        painter.end()
    _cache[key] = image
    return image


def icon(name: str, colour: QColor, size_px: int = 16) -> QIcon:
    result = QIcon()
    for ratio in (1.0, 2.0):
        result.addPixmap(pixmap(name, colour, size_px, ratio))
    return result


def draw_icon(painter: QPainter, name: str, rect: QRectF, colour: QColor) -> None:
    """Draw ``name`` into ``rect`` (square works best) with ``colour``."""
    painter.save()
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.translate(rect.topLeft())
        scale = min(rect.width(), rect.height()) / 16.0
        painter.scale(scale, scale)
        _PAINTERS[name](painter, colour)
    finally:
        painter.restore()


def _pen(colour: QColor, width: float = 1.5) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _dot(p: QPainter, c: QColor) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(c)
    p.drawEllipse(QPointF(8, 8), 4, 4)


def _light(p: QPainter, c: QColor) -> None:
    """A traffic light: a filled disc with a darker rim (QC verdict)."""
    p.setPen(_pen(c.darker(140), 1.2))
    p.setBrush(c)
    p.drawEllipse(QPointF(8, 8), 5.5, 5.5)


def _checking(p: QPainter, c: QColor) -> None:
    """An open ring with one quarter drawn bold: QC is checking the case (its last verdict is
    not current)."""
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(_pen(c, 1.2))
    p.drawEllipse(QPointF(8, 8), 5.0, 5.0)
    p.setPen(_pen(c, 2.4))
    p.drawArc(QRectF(3, 3, 10, 10), 90 * 16, -90 * 16)


def _outdated(p: QPainter, c: QColor) -> None:
    """The light left hollow and struck through: a verdict made on older scans (the scans
    changed since; it must not read as the current verdict)."""
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(_pen(c, 1.6))
    p.drawEllipse(QPointF(8, 8), 5.5, 5.5)
    p.drawLine(QPointF(3.6, 12.4), QPointF(12.4, 3.6))


def _tick(p: QPainter, c: QColor) -> None:
    """A tick in a filled disc (QC decision: ready to accept)."""
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(c)
    p.drawEllipse(QPointF(8, 8), 6.5, 6.5)
    p.setPen(_pen(QColor("white"), 1.8))
    p.drawPolyline([QPointF(4.8, 8.2), QPointF(7.2, 10.6), QPointF(11.4, 5.6)])


def _flag(p: QPainter, c: QColor) -> None:
    p.setPen(_pen(c, 1.6))
    p.drawLine(QPointF(4, 2.5), QPointF(4, 14))
    path = QPainterPath(QPointF(4.5, 3))
    path.lineTo(13, 3)
    path.lineTo(10.5, 6.25)
    path.lineTo(13, 9.5)
    path.lineTo(4.5, 9.5)
    path.closeSubpath()
    p.setBrush(c)
    p.setPen(Qt.PenStyle.NoPen)
    p.drawPath(path)


def _pin(p: QPainter, c: QColor) -> None:
    # A push pin seen from the side: head, collar and needle.
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(c)
    p.drawRoundedRect(QRectF(5, 1.5, 6, 2.2), 1, 1)
    head = QPainterPath(QPointF(6, 3.5))
    head.lineTo(10, 3.5)
    head.lineTo(10.6, 8)
    head.lineTo(12.5, 9.8)
    head.lineTo(3.5, 9.8)
    head.lineTo(5.4, 8)
    head.closeSubpath()
    p.drawPath(head)
    p.setPen(_pen(c, 1.4))
    p.drawLine(QPointF(8, 10), QPointF(8, 14.5))


def _cached(p: QPainter, c: QColor) -> None:
    # A disc with a tick: "all files are on this computer".
    p.setPen(_pen(c, 1.4))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(QPointF(8, 8), 6, 6)
    tick = QPainterPath(QPointF(5, 8.2))
    tick.lineTo(7.2, 10.4)
    tick.lineTo(11, 6)
    p.drawPath(tick)


def _scan(p: QPainter, c: QColor) -> None:
    # A tooth crown outline: the scans of the case.
    path = QPainterPath(QPointF(3, 5))
    path.cubicTo(3, 1.5, 6.5, 2, 8, 3.2)
    path.cubicTo(9.5, 2, 13, 1.5, 13, 5)
    path.cubicTo(13, 8, 11.5, 9, 11, 14)
    path.cubicTo(10.8, 15, 9.6, 15, 9.4, 14)
    path.lineTo(8.6, 10.5)
    path.cubicTo(8.4, 9.7, 7.6, 9.7, 7.4, 10.5)
    path.lineTo(6.6, 14)
    path.cubicTo(6.4, 15, 5.2, 15, 5, 14)
    path.cubicTo(4.5, 9, 3, 8, 3, 5)
    p.setPen(_pen(c, 1.3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)


def _document(p: QPainter, c: QColor) -> None:
    path = QPainterPath(QPointF(3.5, 1.5))
    path.lineTo(9.5, 1.5)
    path.lineTo(12.5, 4.5)
    path.lineTo(12.5, 14.5)
    path.lineTo(3.5, 14.5)
    path.closeSubpath()
    p.setPen(_pen(c, 1.3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    for y in (7.0, 9.5, 12.0):
        p.drawLine(QPointF(5.5, y), QPointF(10.5, y))


def _paperclip(p: QPainter, c: QColor) -> None:
    path = QPainterPath(QPointF(10.5, 5))
    path.lineTo(10.5, 11.5)
    path.cubicTo(10.5, 14.5, 5.5, 14.5, 5.5, 11.5)
    path.lineTo(5.5, 3.8)
    path.cubicTo(5.5, 1.4, 9.2, 1.4, 9.2, 3.8)
    path.lineTo(9.2, 10.8)
    path.cubicTo(9.2, 12.2, 6.8, 12.2, 6.8, 10.8)
    path.lineTo(6.8, 5)
    p.setPen(_pen(c, 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)


def _warning(p: QPainter, c: QColor) -> None:
    path = QPainterPath(QPointF(8, 1.8))
    path.lineTo(15, 14)
    path.lineTo(1, 14)
    path.closeSubpath()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(c)
    p.drawPath(path)
    p.setPen(_pen(QColor("white"), 1.6))
    p.drawLine(QPointF(8, 6), QPointF(8, 9.6))
    p.drawPoint(QPointF(8, 12))


def _sync(p: QPainter, c: QColor) -> None:
    p.setPen(_pen(c, 1.5))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawArc(QRectF(2.5, 2.5, 11, 11), 30 * 16, 150 * 16)
    p.drawArc(QRectF(2.5, 2.5, 11, 11), 210 * 16, 150 * 16)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(c)
    for tip, a, b in (
        (QPointF(13.2, 4.6), QPointF(13.6, 8.2), QPointF(10.2, 6.9)),
        (QPointF(2.8, 11.4), QPointF(2.4, 7.8), QPointF(5.8, 9.1)),
    ):
        arrow = QPainterPath(tip)
        arrow.lineTo(a)
        arrow.lineTo(b)
        arrow.closeSubpath()
        p.drawPath(arrow)


def _offline(p: QPainter, c: QColor) -> None:
    # A cloud crossed out.
    cloud = QPainterPath(QPointF(4.5, 12))
    cloud.cubicTo(1.5, 12, 1.5, 7.5, 4.5, 7.5)
    cloud.cubicTo(5, 4, 10.5, 3.5, 11.5, 7)
    cloud.cubicTo(14.5, 7, 14.5, 12, 11.5, 12)
    cloud.closeSubpath()
    p.setPen(_pen(c, 1.3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(cloud)
    p.drawLine(QPointF(2.5, 2.5), QPointF(13.5, 14))


_PAINTERS: dict[str, Callable[[QPainter, QColor], None]] = {
    "outdated": _outdated,
    "unread": _dot,
    "priority": _flag,
    "pinned": _pin,
    "cached": _cached,
    "scan": _scan,
    "document": _document,
    "attachment": _paperclip,
    "warning": _warning,
    "sync": _sync,
    "offline": _offline,
    "light": _light,
    "checking": _checking,
    "tick": _tick,
}
