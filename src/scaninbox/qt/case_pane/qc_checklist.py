"""The QC tab's checklist: each check's title and its result, the title wrapped onto as many
lines as it needs.

Beside the findings the list is narrow (about a third of the case pane at 1280 px): on one line
"No bite-through, arches apart" or "Jaw coverage for the work" were cut to "No bite-through,
arches …", and a reviewer signs off what the list says. A tree view asks its delegate for row
heights without saying the column's width, so the delegate measures the title at the width its
column has now, and the rows are laid out again when that width changes.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QWidget,
)

from scaninbox.language import translate

__all__ = ["Checklist"]

_TITLE = 0
_Index = QModelIndex | QPersistentModelIndex


class _WrappedTitles(QStyledItemDelegate):
    """Rows as tall as their title wrapped at the title column's width."""

    def __init__(self, view: Checklist) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        hint = super().sizeHint(option, index)
        if index.column() != _TITLE:
            return hint
        view = self._view
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        width = view.header().sectionSize(_TITLE)
        if width <= 0:
            return hint
        opt.rect = QRect(0, 0, width, 10 * opt.fontMetrics.height())
        text = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, view)
        flags = int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft)
        needed = opt.fontMetrics.boundingRect(
            QRect(0, 0, max(1, text.width()), 100_000), flags, opt.text
        ).height()
        extra = hint.height() - opt.fontMetrics.height()  # the style's padding of a row
        return QSize(hint.width(), max(hint.height(), needed + max(0, extra)))


class Checklist(QTreeWidget):
    """Two columns, "Check" (stretching, wrapped) and "Result" (as wide as its words)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderLabels(
            [translate("QcChecklist", "Check", "a QC check"), translate("QcChecklist", "Result")]
        )
        self.setRootIsDecorated(False)
        self.setAccessibleName(translate("QcChecklist", "QC checklist"))
        self.setWordWrap(True)  # the item's option says "wrap" when it is painted
        self.setUniformRowHeights(False)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setItemDelegate(_WrappedTitles(self))
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(_TITLE, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.sectionResized.connect(self._on_section_resized)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.scheduleDelayedItemsLayout()  # another width: other line breaks

    def _on_section_resized(self, index: int, _old: int, _new: int) -> None:
        if index == _TITLE:
            self.scheduleDelayedItemsLayout()
