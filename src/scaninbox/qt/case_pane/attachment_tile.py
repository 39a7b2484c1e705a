"""One attachment as a tile: a thumbnail (or a file-type card), its name, and its download state."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAction, QColor, QFont, QImage, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QFrame, QToolButton, QVBoxLayout, QWidget

from scaninbox.language import translate
from scaninbox.qt.case_pane.file_status import FileStatusBar
from scaninbox.qt.files.images import is_image_name
from scaninbox.qt.files.providers import CaseFile
from scaninbox.qt.look.widgets import muted_label

__all__ = ["THUMBNAIL_SIZE", "AttachmentTile"]

THUMBNAIL_SIZE = QSize(160, 120)
_TILE_WIDTH = THUMBNAIL_SIZE.width() + 20


class AttachmentTile(QFrame):
    """Click (or Enter) opens the file; the context menu saves it."""

    openRequested = Signal(object)  # CaseFile
    saveRequested = Signal(object)  # CaseFile
    retryRequested = Signal(object)  # CaseFile

    def __init__(self, file: CaseFile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.file = file
        self.is_image = is_image_name(file.filename)
        self.has_thumbnail = False
        self.setFixedWidth(_TILE_WIDTH)
        self.button = QToolButton(self)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        self.button.setAutoRaise(True)
        self.button.setIconSize(THUMBNAIL_SIZE)
        self.button.setFixedWidth(_TILE_WIDTH)
        self.button.setAccessibleName(
            translate("AttachmentTile", "Open {file}").format(file=file.filename)
        )
        self.button.setToolTip(file.filename)
        self.button.setText(
            self.fontMetrics().elidedText(
                file.filename, Qt.TextElideMode.ElideMiddle, THUMBNAIL_SIZE.width()
            )
        )
        self.button.clicked.connect(lambda: self.openRequested.emit(self.file))
        # The menu lives on the tile: actions on a QToolButton would add a drop-down arrow.
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for text, signal in (
            (translate("AttachmentTile", "Open", "verb: open the file"), self.openRequested),
            (translate("AttachmentTile", "Save as…"), self.saveRequested),
        ):
            action = QAction(text, self)
            action.triggered.connect(lambda _=False, s=signal: s.emit(self.file))
            self.addAction(action)
        self.meta_label = muted_label(_kind_text(file.filename), self, wrap=False)
        self.meta_label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.status = FileStatusBar(self, compact=True)
        self.status.message_label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.status.retryRequested.connect(lambda: self.retryRequested.emit(self.file))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(2)
        layout.addWidget(self.button)
        layout.addWidget(self.meta_label)
        layout.addWidget(self.status)
        layout.addStretch(1)
        self._show_card()

    def set_thumbnail(self, image: QImage) -> None:
        """Show a decoded thumbnail (decoded in a worker; the pixmap is made here, on the GUI
        thread)."""
        canvas = QPixmap(THUMBNAIL_SIZE)
        canvas.fill(Qt.GlobalColor.transparent)
        painter = QPainter(canvas)
        scaled = image.scaled(
            THUMBNAIL_SIZE,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        x = (THUMBNAIL_SIZE.width() - scaled.width()) // 2
        y = (THUMBNAIL_SIZE.height() - scaled.height()) // 2
        painter.drawImage(x, y, scaled)
        painter.end()
        self.button.setIcon(canvas)
        self.has_thumbnail = True

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and not self.has_thumbnail:
            self._show_card()

    def set_meta(self, text: str) -> None:
        self.meta_label.setText(text)

    def _show_card(self) -> None:
        """A neutral card with the file's extension, until (or instead of) a thumbnail."""
        canvas = QPixmap(THUMBNAIL_SIZE)
        canvas.fill(Qt.GlobalColor.transparent)
        painter = QPainter(canvas)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        card = QRectF(28.5, 6.5, THUMBNAIL_SIZE.width() - 57, THUMBNAIL_SIZE.height() - 13)
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.setPen(palette.color(QPalette.ColorRole.Mid))
        painter.drawRoundedRect(card, 6, 6)
        extension = (
            self.file.filename.rpartition(".")[2].upper()[:5] if "." in self.file.filename else ""
        )
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3)
        painter.setFont(font)
        color = QColor(palette.color(QPalette.ColorRole.PlaceholderText))
        painter.setPen(color)
        painter.drawText(
            card,
            Qt.AlignmentFlag.AlignCenter,
            extension or translate("AttachmentTile", "FILE", "a card for a file of unknown type"),
        )
        painter.end()
        self.button.setIcon(canvas)


def _kind_text(filename: str) -> str:
    extension = filename.rpartition(".")[2].upper() if "." in filename else ""
    if is_image_name(filename):
        return translate("AttachmentTile", "{format} image").format(format=extension)
    if extension:
        return translate("AttachmentTile", "{format} file").format(format=extension)
    return translate("AttachmentTile", "File")
