"""The QC tab's checklist: each check's title and its result, the title wrapped onto as many
lines as it needs, never cut short.

Beside the findings the list is narrow (about a third of the case pane at 1280 px): on one line
"No bite-through, arches apart" or "Jaw coverage for the work" were cut to "No bite-through,
arches …", and a reviewer signs off what the list says. A tree view asks its delegate for row
heights without saying the column's width, so the delegate hands the style the title column's
width, and the style measures the wrapped title exactly as it paints it (within its text
margins: measured on the whole column width, "Sauberes Netz" got one line and was painted on two,
the second cut to "…"). The rows are laid out again when that width changes. A word is never
broken, so the list asks the layout for at least the room of the longest word of a title beside
the widest result ("Präparationsgrenzen" beside "Nicht bestanden"); and it scrolls by pixels, so
a title taller than a low list (960×540) can still be read to its end.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
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
_RESULT = 1
_Index = QModelIndex | QPersistentModelIndex


class _WrappedTitles(QStyledItemDelegate):
    """Rows as tall as their title wrapped at the title column's width."""

    def __init__(self, view: Checklist) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        width = self._view.header().sectionSize(_TITLE)
        if index.column() != _TITLE or width <= 0:
            return super().sizeHint(option, index)
        # The style wraps a text at its cell's width less the margins it paints within, when
        # the option has a cell and asks for wrapping: the same measure as its painting.
        opt = QStyleOptionViewItem(option)
        opt.rect = QRect(0, 0, width, max(1, option.rect.height()))
        opt.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        return super().sizeHint(opt, index)


class Checklist(QTreeWidget):
    """Two columns, "Check" (stretching, wrapped) and "Result" (as wide as its words)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._least_width = 0
        self.setHeaderLabels(
            [translate("QcChecklist", "Check", "a QC check"), translate("QcChecklist", "Result")]
        )
        self.setRootIsDecorated(False)
        self.setAccessibleName(translate("QcChecklist", "QC checklist"))
        self.setWordWrap(True)  # the item's option says "wrap" when it is painted
        self.setUniformRowHeights(False)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setItemDelegate(_WrappedTitles(self))
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(_TITLE, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(_RESULT, QHeaderView.ResizeMode.ResizeToContents)
        header.sectionResized.connect(self._on_section_resized)
        model = self.model()
        for signal in (model.rowsInserted, model.rowsRemoved, model.dataChanged):
            signal.connect(self._measure_words)
        model.modelReset.connect(self._measure_words)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(max(hint.width(), self._least_width), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.scheduleDelayedItemsLayout()  # another width: other line breaks

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._measure_words()

    def _on_section_resized(self, index: int, _old: int, _new: int) -> None:
        if index == _TITLE:
            self.scheduleDelayedItemsLayout()

    def _measure_words(self, *_args: object) -> None:
        """The least width that shows every title's longest word beside the results."""
        items = [self.topLevelItem(row) for row in range(self.topLevelItemCount())]
        words = {word for item in items if item is not None for word in item.text(_TITLE).split()}
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        option.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
        style, cell = self.style(), QStyle.ContentsType.CT_ItemViewItem
        word_width = 0
        for word in words:
            option.text = word
            size = style.sizeFromContents(cell, option, QSize(), self)
            word_width = max(word_width, size.width())
        header = self.header()
        result_width = max(self.sizeHintForColumn(_RESULT), header.sectionSizeHint(_RESULT))
        scroll_bar = self.verticalScrollBar().sizeHint().width()
        least = word_width + result_width + scroll_bar + 2 * self.frameWidth() if words else 0
        if least != self._least_width:
            self._least_width = least
            self.updateGeometry()
