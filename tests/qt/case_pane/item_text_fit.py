"""Texts of an item view cut short where they are painted.

Qt's common style (which Fusion and the style sheets leave this to) paints an item's text within
the cell's text rectangle less a margin each side (`PM_FocusFrameHMargin` + 1), wrapped at words
when the view wraps; a line wider than that room is elided, and so is the last line that fits
when more lines follow below the cell ("Sauberes …" for "Sauberes Netz" in a cell one line
high). :func:`cut_items` lays each text out the same way, with `QTextLayout`, and lists those
that would not be painted whole.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QTextLayout, QTextOption
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QTreeWidget

__all__ = ["cut_items"]


def cut_items(view: QTreeWidget, column: int) -> list[str]:
    """The texts of ``column`` of the view's top-level items not painted whole: "text: why"."""
    cut: list[str] = []
    style = view.style()
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    for row in range(view.topLevelItemCount()):
        item = view.topLevelItem(row)
        assert item is not None
        index = view.indexFromItem(item, column)
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        option.rect = view.visualRect(index)
        delegate = view.itemDelegateForIndex(index)
        delegate.initStyleOption(option, index)  # type: ignore[attr-defined]
        room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, view)
        width = room.width() - 2 * margin
        wraps = bool(option.features & QStyleOptionViewItem.ViewItemFeature.WrapText)
        layout = QTextLayout(option.text, option.font)
        text_option = QTextOption()
        text_option.setWrapMode(
            QTextOption.WrapMode.WordWrap if wraps else QTextOption.WrapMode.ManualWrap
        )
        layout.setTextOption(text_option)
        layout.beginLayout()
        height = 0.0
        widest = 0.0
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            line.setPosition(QPointF(0, height))
            height += line.height()
            widest = max(widest, line.naturalTextWidth())
        layout.endLayout()
        if widest > width:
            cut.append(f"{option.text}: a line {widest:.0f} px in {width} px")
        elif height > room.height():
            cut.append(f"{option.text}: {height:.0f} px high in {room.height()} px")
    return cut
