"""Pieces of the sign-in dialog: the heading with the app's logo, and the message frame."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from scaninbox.language import translate
from scaninbox.paths import resources_dir

__all__ = ["error_frame", "heading"]


def heading(parent: QWidget, title_text: str, subtitle_text: str) -> QHBoxLayout:
    """Logo, a bold title and a muted line under it."""
    title = QLabel(title_text, parent)
    title.setObjectName("dialogTitle")
    font = title.font()
    font.setPointSizeF(font.pointSizeF() * 1.35)
    font.setBold(True)
    title.setFont(font)
    subtitle = QLabel(subtitle_text, parent)
    subtitle.setWordWrap(True)
    subtitle.setObjectName("dialogSubtitle")
    logo = QLabel(parent)
    logo.setPixmap(QPixmap(str(resources_dir() / "icons" / "scaninbox-48.png")))
    logo.setFixedSize(52, 52)
    row = QHBoxLayout()
    row.setSpacing(14)
    row.addWidget(logo, 0, Qt.AlignmentFlag.AlignTop)
    texts = QVBoxLayout()
    texts.setSpacing(2)
    texts.addWidget(title)
    texts.addWidget(subtitle)
    texts.addStretch(1)
    row.addLayout(texts, 1)
    return row


def error_frame(parent: QWidget) -> tuple[QFrame, QLabel]:
    """A hidden frame for a failure message, and the label inside it."""
    label = QLabel(parent)
    label.setObjectName("signInError")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setAccessibleName(translate("SignInParts", "Sign-in problem"))
    frame = QFrame(parent)
    frame.setObjectName("errorFrame")
    # Translucent red over the palette: reads on light and dark themes alike.
    frame.setStyleSheet(
        "QFrame#errorFrame { border: 1px solid rgba(209, 36, 47, 0.85); border-radius: 4px;"
        " background: rgba(209, 36, 47, 0.10); }"
    )
    layout = QHBoxLayout(frame)
    layout.setContentsMargins(10, 8, 10, 8)
    layout.addWidget(label)
    frame.hide()
    return frame, label
