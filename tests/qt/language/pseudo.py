"""The pseudo-language check: every word on screen must have come through translation.

Under the pseudo-language ``xx`` (``scaninbox.language.catalogs.write_pseudo``) every catalogued
string reads ``[source]``. :func:`untranslated` walks the visible widgets of a window and returns
each text that still holds a word outside brackets: a string that never went through
``translate``/``tr``, or one missing from the catalogues (``scripts/translations update``).

Data is not translated: the texts of the case shown (names, references, remarks) are passed as
``data`` and taken out before looking; FDI numbers, sizes and dates hold no words. A handful of
tokens are the same in every language (units, file formats, the product's name): ``NOT_WORDS``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QMenuBar,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QToolBar,
    QWidget,
)

__all__ = ["NOT_WORDS", "untranslated", "visible_texts"]

# Same in every language: units, formats, standards and the product's name.
NOT_WORDS = frozenset(
    {
        "mm",
        "µm",
        "kB",
        "MB",
        "GB",
        "TB",
        "fps",
        "QC",
        "PDF",
        "STL",
        "PLY",
        "OBJ",
        "DCM",
        "FDI",
        "UTC",
        "ID",
        "URL",
        "HTTP",
        "HTTPS",
        "3D",
        "JSON",
        "CSV",
        "ZIP",
        "PNG",
        "Scan Inbox",
        "OK",
    }
)
_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[^\W\d_]{2,}")


def _texts_of(widget: QWidget) -> Iterator[str]:
    if widget.isWindow():
        yield widget.windowTitle()
    yield widget.toolTip()
    if isinstance(widget, QLabel | QAbstractButton):
        yield widget.text()
    elif isinstance(widget, QGroupBox):
        yield widget.title()
    elif isinstance(widget, QLineEdit | QTextEdit | QPlainTextEdit):
        yield widget.placeholderText()
    elif isinstance(widget, QTabBar):
        for i in range(widget.count()):
            yield widget.tabText(i)
            yield widget.tabToolTip(i)
    elif isinstance(widget, QComboBox):
        for i in range(widget.count()):
            yield widget.itemText(i)
    elif isinstance(widget, QMenuBar | QMenu | QToolBar):
        for action in widget.actions():
            yield action.text()
            yield action.toolTip() if isinstance(widget, QToolBar) else ""
            if action.menu() is not None:
                yield from _menu_texts(action.menu())
    elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        for column in range(model.columnCount()):
            yield str(model.headerData(column, Qt.Orientation.Horizontal) or "")


def _menu_texts(menu: object) -> Iterator[str]:
    assert isinstance(menu, QMenu)
    yield menu.title()
    for action in menu.actions():
        yield action.text()
        if action.menu() is not None:
            yield from _menu_texts(action.menu())


def visible_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """(object path, text) of every non-empty text of ``root`` and its visible children."""
    for widget in [root, *root.findChildren(QWidget)]:
        if widget is not root and not widget.isVisible():
            continue
        name = f"{type(widget).__name__}:{widget.objectName()}"
        for text in _texts_of(widget):
            if text and text.strip():
                yield name, text


def untranslated(root: QWidget, data: Iterable[str] = ()) -> list[tuple[str, str]]:
    """The visible texts of ``root`` holding a word that is not bracketed, not data and not in
    ``NOT_WORDS``: run under the pseudo-language, each is a string that missed translation."""
    pieces = sorted({*NOT_WORDS, *(d for d in data if d)}, key=len, reverse=True)
    found: list[tuple[str, str]] = []
    for name, text in visible_texts(root):
        rest = _TAG.sub(" ", text).replace("&&", "&").replace("&", "")
        while True:
            shorter = _BRACKETED.sub(" ", rest)
            if shorter == rest:
                break
            rest = shorter
        for piece in pieces:
            rest = rest.replace(piece, " ")
        if _WORD.search(rest):
            found.append((name, text))
    return found
