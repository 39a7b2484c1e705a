"""How inbox cells are painted beyond plain text: centred status icons and the files column.

The files column shows small glyphs with counts (scans, order form, attachments) instead of a
sentence, so it stays narrow; its words remain the cell's display text (tooltips, copy,
accessibility).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from scaninbox.qt.inbox import icons
from scaninbox.qt.inbox.cells import ROW_ROLE
from scaninbox.qt.inbox.columns import COLUMNS, Column

__all__ = ["InboxDelegate"]

_ICON_PX = 16
_GAP_PX = 3
_GROUP_GAP_PX = 10
_PADDING_PX = 6


class InboxDelegate(QStyledItemDelegate):
    """Paints the icon columns centred and the files column as glyphs with counts."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        column = index.column()
        if column == Column.FILES:
            self._paint_files(painter, option, index)
            return
        if 0 <= column < len(COLUMNS) and COLUMNS[column].icon_only:
            self._paint_icon(painter, option, index)
            return
        super().paint(painter, option, index)

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(hint.width(), max(hint.height(), _ICON_PX + 10))

    def _background(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QStyleOptionViewItem:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        opt.icon = opt.icon.__class__()  # an empty QIcon: we draw our own
        opt.features &= ~QStyleOptionViewItem.ViewItemFeature.HasDecoration
        style = opt.widget.style() if opt.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        return opt

    def _paint_icon(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        self._background(painter, option, index)
        decoration: Any = index.data(Qt.ItemDataRole.DecorationRole)
        if decoration is None:
            return
        rect = option.rect
        x = rect.x() + (rect.width() - _ICON_PX) // 2
        y = rect.y() + (rect.height() - _ICON_PX) // 2
        decoration.paint(painter, x, y, _ICON_PX, _ICON_PX)

    def _paint_files(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        opt = self._background(painter, option, index)
        row = index.data(ROW_ROLE)
        if row is None:
            return
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        colour = opt.palette.color(role)
        muted = QColor(colour)
        muted.setAlphaF(0.75)
        painter.save()
        try:
            painter.setFont(opt.font)
            metrics = painter.fontMetrics()
            x = float(opt.rect.x() + _PADDING_PX)
            top = opt.rect.y() + (opt.rect.height() - _ICON_PX) / 2
            groups = [
                ("scan", row.scan_count, True),
                ("document", row.order_form_count, False),
                ("attachment", row.misc_count, True),
            ]
            drawn = False
            ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
            for name, count, show_count in groups:
                if not count:
                    continue
                # Cached pixmaps: drawing the antialiased paths anew for every row is slow.
                painter.drawPixmap(QPointF(x, top), icons.pixmap(name, muted, _ICON_PX, ratio))
                x += _ICON_PX + _GAP_PX
                if show_count:
                    text = str(count)
                    painter.setPen(colour)
                    text_rect = QRectF(x, opt.rect.y(), metrics.horizontalAdvance(text) + 1,
                                       opt.rect.height())  # fmt: skip
                    painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignVCenter), text)
                    x += text_rect.width()
                x += _GROUP_GAP_PX
                drawn = True
            if not drawn:
                painter.setPen(opt.palette.color(QPalette.ColorRole.PlaceholderText))
                painter.drawText(
                    opt.rect.adjusted(_PADDING_PX, 0, 0, 0),
                    int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                    "—",
                )
        finally:
            painter.restore()
