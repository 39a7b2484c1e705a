"""Texts cut short on screen: German runs about a third longer than English.

:func:`clipped` walks the visible widgets of a window and lists each text that does not fit:
a one-line label narrower than its text (unless it shows the text elided, with the whole of it
in its tooltip), a button or tool button narrower than it asks to be, a tab narrower than its
text needs. Labels that wrap and rich-text labels are left out (they lay their text out in
lines), and so are empty texts.
"""

from __future__ import annotations

from PySide6.QtGui import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QTabBar, QWidget

__all__ = ["clipped"]


def _label_fits(label: QLabel) -> bool:
    text = label.text()
    if not text or label.wordWrap() or Qt.mightBeRichText(text) or not label.pixmap().isNull():
        return True
    if text.endswith("…") and label.toolTip():  # elided on purpose, the whole in the tooltip
        return True
    needed = max(label.fontMetrics().horizontalAdvance(line) for line in text.splitlines())
    return needed <= label.contentsRect().width()


def clipped(root: QWidget) -> list[tuple[str, str, int, int]]:
    """(object name, text, width needed, width given) of each visible text cut short."""
    found: list[tuple[str, str, int, int]] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible() or widget.width() <= 0:
            continue
        name = f"{type(widget).__name__}:{widget.objectName()}"
        if isinstance(widget, QLabel) and not _label_fits(widget):
            needed = widget.fontMetrics().horizontalAdvance(widget.text())
            found.append((name, widget.text(), needed, widget.contentsRect().width()))
        elif isinstance(widget, QAbstractButton) and widget.text():
            needed = widget.sizeHint().width()
            if needed > widget.width():
                found.append((name, widget.text(), needed, widget.width()))
        elif isinstance(widget, QTabBar):
            for index in range(widget.count()):
                if not widget.isTabVisible(index):
                    continue
                needed = widget.tabSizeHint(index).width()
                given = widget.tabRect(index).width()
                if needed > given:
                    found.append((name, widget.tabText(index), needed, given))
    return found
