"""What the viewport puts over the 3D view: a note (orientation), a centred message, pictures,
a side panel (the list of scans, top right) and a left panel (a distance map's legend).

The scene is framed beside both panels (`coveredChanged`). When the view is too narrow for the
scans beside both (a 1280 px window), the left panel wins: the list of scans folds to its tab
while the left panel shows, and unfolds when it goes — unless the person folded or unfolded it
in the meantime.

Overlays are ordinary widgets stacked over the QOpenGLWidget (Qt composes them). They ignore the
mouse, so dragging over a note still turns the scene. The 3D background is always dark (the
scene's own gradient), so the overlays are light text on a translucent dark plate whatever the
window's theme.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scaninbox.qt.viewer.scan_list import ScanList
from scaninbox.render import MIN_FREE_SHARE

__all__ = ["PictureGallery", "SceneStage", "overlay_label"]

_PLATE = (
    "background-color: rgba(18, 20, 24, 190); color: #eef0f3; border-radius: 6px; "
    "padding: 6px 10px;"
)
_NOTE = _PLATE + " border-left: 3px solid #f0b429;"
_MAX_PICTURE_PX = 260
_MARGIN_PX = 12
_PANEL_MARGIN_PX = 8
_NOTE_WIDTH_PX = 460
_PANEL_EVENTS = (QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.Move, QEvent.Type.Resize)
_MESSAGE_WIDTH_PX = 380


def overlay_label(parent: QWidget, *, note: bool = False) -> QLabel:
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setStyleSheet(_NOTE if note else _PLATE)
    label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    label.hide()
    return label


class PictureGallery(QWidget):
    """Preview pictures (a portal's PNG of each jaw) side by side until the meshes arrive.
    ``resized()`` when pictures come or go (the stage places the gallery)."""

    resized = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("previewPictures")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._pictures: dict[str, QLabel] = {}
        self._row = QHBoxLayout()
        self._row.setSpacing(12)
        self.caption = overlay_label(self)
        self.caption.setWordWrap(False)
        self.caption.setText("Preview — the 3D scan is on its way")
        self.caption.show()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._row)
        layout.addWidget(self.caption, 0, Qt.AlignmentFlag.AlignHCenter)
        self.hide()

    def shows(self, key: str) -> bool:
        return key in self._pictures

    def __len__(self) -> int:
        return len(self._pictures)

    def add(self, key: str, picture: QImage, tooltip: str) -> None:
        label = self._pictures.get(key)
        if label is None:
            label = QLabel(self)
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            self._row.addWidget(label)
            label.show()  # now, not at the next event: a hidden label takes no room in the hint
            self._pictures[key] = label
        pixmap = QPixmap.fromImage(picture)
        if max(pixmap.width(), pixmap.height()) > _MAX_PICTURE_PX:
            pixmap = pixmap.scaled(
                _MAX_PICTURE_PX,
                _MAX_PICTURE_PX,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        label.setPixmap(pixmap)
        label.setFixedSize(pixmap.deviceIndependentSize().toSize())
        label.setToolTip(tooltip)
        self.show()
        self.raise_()
        self.resized.emit()

    def remove(self, key: str) -> None:
        label = self._pictures.pop(key, None)
        if label is not None:
            self._row.removeWidget(label)
            label.deleteLater()
        if not self._pictures:
            self.hide()
        self.resized.emit()

    def clear(self) -> None:
        for key in list(self._pictures):
            self.remove(key)


class SceneStage(QWidget):
    """The 3D view with its overlays: the note (top left), a message and pictures (centre), a
    side panel (top right; ``set_side_panel``), a left panel (``set_left_panel``).
    ``coveredChanged()``: the share of the view's width that the unfolded side panel covers
    from the right (``covered``) or the left panel from the left (``covered_left``) changed.

    Overlays are placed by hand on every resize: a word-wrapped label inside a layout with an
    alignment gets its width but not the height that width needs, and would be cut off.
    """

    coveredChanged = Signal()
    retryRequested = Signal()

    def __init__(self, view: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.covered_px = 0
        self.covered = 0.0
        self.covered_left_px = 0
        self.covered_left = 0.0
        self.left_panel: QWidget | None = None
        # How the side panel made room for the left one: "" nothing, "folded" folded for it,
        # "declined" folded but unfolded by the person (not folded again while it shows).
        self._left_room = ""
        self.note = overlay_label(self, note=True)
        self.note.setObjectName("orientationNote")
        self.message = overlay_label(self)
        self.message.setObjectName("viewerMessage")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pictures = PictureGallery(self)
        self.pictures.resized.connect(self._place_overlays)
        # Scans that could not be had (offline, a failed download) are tried again from here.
        self.retry_button = QPushButton("Try again", self)
        self.retry_button.setObjectName("viewerRetry")
        self.retry_button.setToolTip("Load the scans that could not be had again")
        self.retry_button.hide()
        self.retry_button.clicked.connect(self.retryRequested)
        self.side_panel: ScanList | None = None
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(view, 0, 0)
        for overlay in (self.note, self.message, self.pictures, self.retry_button):
            overlay.raise_()

    def set_side_panel(self, panel: ScanList) -> None:
        """Float ``panel`` over the top right of the view (it says when it wants another size)."""
        panel.setParent(self)
        self.side_panel = panel
        panel.resized.connect(self._place_overlays)
        panel.show()
        panel.raise_()
        self._place_overlays()

    def set_left_panel(self, panel: QWidget) -> None:
        """Frame the scene beside ``panel`` (a child placed at the left edge by itself) while
        it shows."""
        self.left_panel = panel
        panel.installEventFilter(self)
        self._place_overlays()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.left_panel and event.type() in _PANEL_EVENTS:
            self._place_overlays()
        return False

    def set_note(self, text: str | None) -> None:
        self.note.setText(text or "")
        self.note.setVisible(bool(text))
        self.note.setToolTip(text or "")
        self._place_overlays()

    def set_message(self, text: str | None) -> None:
        self.message.setText(text or "")
        self.message.setVisible(bool(text))
        self._place_overlays()

    def offer_retry(self, offered: bool) -> None:
        """Show "Try again" (under the message, or at the bottom when scans show)."""
        self.retry_button.setVisible(offered)
        self._place_overlays()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_overlays()

    def _place_overlays(self) -> None:
        width, height = self.width(), self.height()
        self._make_room_for_left_panel()
        panel_width = self._place_side_panel()
        beside = panel_width + _MARGIN_PX if panel_width else 0
        note_width = max(_MARGIN_PX, min(_NOTE_WIDTH_PX, width - 2 * _MARGIN_PX - beside))
        self.note.setGeometry(
            _MARGIN_PX, _MARGIN_PX, note_width, self.note.heightForWidth(note_width)
        )
        # The message and Try again are centred in the part of the view the panels leave free
        # (centred in the whole view, a long message ran under the list of scans).
        left = self.covered_left_px
        free = max(1, width - left - self.covered_px)
        message_width = max(1, min(_MESSAGE_WIDTH_PX, free - 2 * _MARGIN_PX))
        message_height = self.message.heightForWidth(message_width)
        self.message.setGeometry(
            left + (free - message_width) // 2,
            (height - message_height) // 2,
            message_width,
            message_height,
        )
        button = self.retry_button.sizeHint()
        below = (height + message_height) // 2 + _MARGIN_PX
        if not self.message.isVisibleTo(self):
            below = height - button.height() - 2 * _MARGIN_PX
        self.retry_button.setGeometry(
            left + (free - button.width()) // 2, below, button.width(), button.height()
        )
        hint = self.pictures.sizeHint()
        self.pictures.setGeometry(
            max(0, (width - hint.width()) // 2),
            max(0, (height - hint.height()) // 2),
            min(width, hint.width()),
            min(height, hint.height()),
        )

    def _place_side_panel(self) -> int:
        panel = self.side_panel
        width = covered = 0
        if panel is not None and panel.isVisibleTo(self):
            width = min(panel.preferred_width(), max(1, self.width() - 2 * _PANEL_MARGIN_PX))
            room = max(1, self.height() - 2 * _PANEL_MARGIN_PX)
            height = min(panel.preferred_height(width), room)
            x = self.width() - _PANEL_MARGIN_PX - width
            panel.setGeometry(x, _PANEL_MARGIN_PX, width, height)
            # Folded, the panel is a small tab in the corner: the image keeps the whole width.
            covered = 0 if panel.folded else width + 2 * _PANEL_MARGIN_PX
        left = self._left_panel_px()
        share = covered / self.width() if covered and self.width() > 0 else 0.0
        left_share = left / self.width() if left and self.width() > 0 else 0.0
        if (covered, left) != (self.covered_px, self.covered_left_px) or (
            abs(share - self.covered) + abs(left_share - self.covered_left) > 1e-4
        ):
            self.covered_px, self.covered = covered, share
            self.covered_left_px, self.covered_left = left, left_share
            self.coveredChanged.emit()
        return width

    def _left_panel_px(self) -> int:
        """How much of the view's width the left panel takes, with a margin beside it."""
        panel = self.left_panel
        if panel is None or not panel.isVisibleTo(self):
            return 0
        return panel.geometry().right() + 1 + _MARGIN_PX

    def _make_room_for_left_panel(self) -> None:
        """Fold the side panel while the left one shows and the scans would not have
        `MIN_FREE_SHARE` of the width beside both; unfold it when the left one goes. A panel
        the person unfolds meanwhile is left unfolded until the left panel goes."""
        panel = self.side_panel
        if panel is None:
            return
        left = self._left_panel_px()
        if not left:
            if self._left_room == "folded" and panel.folded:
                panel.set_folded(False)
            self._left_room = ""
            return
        if self._left_room == "folded" and not panel.folded:
            self._left_room = "declined"  # the person unfolded it: theirs from now on
        if self._left_room or panel.folded or self.width() <= 0:
            return
        beside = panel.preferred_width() + 2 * _PANEL_MARGIN_PX
        if (left + beside) / self.width() > 1.0 - MIN_FREE_SHARE:
            self._left_room = "folded"
            panel.set_folded(True)  # says `resized`, which places the overlays again
