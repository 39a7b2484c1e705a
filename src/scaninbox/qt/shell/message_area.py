"""The window's messages that do not fit the status bar, and its errors, read in full.

A status bar has room for a short sentence beside its permanent widgets (online / offline, the
last sync, downloads); on a 1280×720 screen, and in German (a third longer), a path or an error
is cut there, and a tooltip reads it only to whoever thinks of hovering. So the window does what
desktop apps do with a message bar (Office's, Qt Creator's info bar): a short notice goes to the
status bar as usual; a notice too long for it, and every error, is shown in full in a strip
between the window's content and its status bar, wrapping onto as many lines as it needs, its
text selectable (a path can be copied) and read by screen readers.

- A notice (``show_notice``) goes away after a reading time that grows with its length, or with
  its Close button, or when the next notice replaces it.
- An error (``show_error``) stays until the person closes it (its Close button, or Esc while the
  strip has the keyboard) or a newer error replaces it; notices meanwhile come on a line of their
  own below it, never in its place.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QStatusBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scaninbox.language import translate
from scaninbox.qt.inbox import icons
from scaninbox.qt.look.theme import error_colours, is_dark

__all__ = ["MessageArea", "MessageRow", "reading_ms", "status_room"]

_NOTICE_MS = 10_000  # as long as a status bar message stays
_STATUS_SPACING = 8  # between the status bar's widgets (a little more than Qt's styles use)
_STATUS_MARGINS = 16  # the status bar's own, around the message
_MS_PER_CHAR = 60  # beyond the first 80 characters: about 200 words a minute


def reading_ms(text: str) -> int:
    """How long a notice of ``text`` stays: the status bar's ten seconds, more for a long one."""
    return _NOTICE_MS + _MS_PER_CHAR * max(0, len(text) - 80)


def status_room(bar: QStatusBar) -> int:
    """The width ``bar`` has for a message beside its permanent widgets (the sync state,
    downloads, the lab hub's) and its size grip, less its margins."""
    shown = bar.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
    taken = sum(w.width() + _STATUS_SPACING for w in shown if w.isVisibleTo(bar))
    return bar.width() - taken - _STATUS_MARGINS


class MessageRow(QFrame):
    """One message: an icon, the text (wrapped, selectable), a Close button. ``closed()``."""

    closed = Signal()

    def __init__(self, *, error: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.error = error
        self.setObjectName("errorMessage" if error else "noticeMessage")
        self.setAutoFillBackground(True)
        self.icon_label = QLabel(self)
        self.icon_label.setFixedSize(18, 18)
        self.text_label = QLabel(self)
        self.text_label.setObjectName("messageText")
        self.text_label.setWordWrap(True)
        self.text_label.setTextFormat(Qt.TextFormat.PlainText)
        self.text_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.close_button = QToolButton(self)
        self.close_button.setObjectName("closeMessage")
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        close = translate("MessageArea", "Close this message")
        self.close_button.setToolTip(close + " (Esc)")
        self.close_button.setAccessibleName(close)
        self.close_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 4, 6, 4)
        layout.setSpacing(8)
        layout.addWidget(self.icon_label, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.text_label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.setAccessibleName(
            translate("MessageArea", "Error") if error else translate("MessageArea", "Message")
        )
        self.hide()

    @property
    def text(self) -> str:
        return self.text_label.text()

    def show_text(self, text: str) -> None:
        self.text_label.setText(text)
        self.text_label.setAccessibleDescription(text)
        self.update_colours()
        self.show()

    def dismiss(self) -> None:
        if self.isVisible():
            self.hide()
            self.text_label.clear()
            self.closed.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.dismiss()
            return
        super().keyPressEvent(event)

    def update_colours(self) -> None:
        """Colours from the window's look (the area's palette follows the application's; the
        row's own is set here, so it must be made anew when the look changes)."""
        parent = self.parentWidget()
        base = parent.palette() if parent is not None else self.palette()
        dark = is_dark(base)
        if self.error:
            tint, text = error_colours(dark)
            icon = "warning"
        else:
            tint = base.color(QPalette.ColorRole.AlternateBase)
            text = base.color(QPalette.ColorRole.WindowText)
            icon = ""
        palette = QPalette(base)
        palette.setColor(QPalette.ColorRole.Window, tint)
        palette.setColor(QPalette.ColorRole.WindowText, text)
        self.setPalette(palette)
        self.text_label.setPalette(palette)
        if icon:
            self.icon_label.setPixmap(icons.pixmap(icon, text, 18, self.devicePixelRatioF()))
        self.icon_label.setVisible(bool(icon))


class MessageArea(QWidget):
    """The strip under the window's content: ``error_row`` above ``notice_row``; hidden while
    both are empty."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageArea")
        self.error_row = MessageRow(error=True, parent=self)
        self.notice_row = MessageRow(error=False, parent=self)
        self.notice_timer = QTimer(self)
        self.notice_timer.setSingleShot(True)
        self.notice_timer.timeout.connect(self.notice_row.dismiss)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.error_row)
        layout.addWidget(self.notice_row)
        for row in (self.error_row, self.notice_row):
            row.closed.connect(self._update_visibility)
        self.hide()

    @property
    def error(self) -> str:
        return self.error_row.text if self.error_row.isVisibleTo(self) else ""

    @property
    def notice(self) -> str:
        return self.notice_row.text if self.notice_row.isVisibleTo(self) else ""

    def show_error(self, text: str) -> None:
        self.error_row.show_text(text)
        self._update_visibility()

    def show_notice(self, text: str) -> None:
        self.notice_row.show_text(text)
        self.notice_timer.start(reading_ms(text))
        self._update_visibility()

    def say(self, bar: QStatusBar, text: str, status_ms: int = _NOTICE_MS) -> None:
        """A notice: in ``bar`` for ``status_ms`` when it fits there, else whole in the area."""
        if status_room(bar) >= bar.fontMetrics().horizontalAdvance(text):
            self.clear_notice()
            bar.showMessage(text, status_ms)
        else:
            bar.clearMessage()
            self.show_notice(text)

    def clear_notice(self) -> None:
        self.notice_timer.stop()
        self.notice_row.dismiss()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            for row in (self.error_row, self.notice_row):
                if row.isVisibleTo(self):
                    row.update_colours()

    def _update_visibility(self) -> None:
        rows = (self.error_row, self.notice_row)
        self.setVisible(any(row.isVisibleTo(self) for row in rows))
