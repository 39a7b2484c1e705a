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

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.viewer.scan_list import ScanList
from scaninbox.render import MIN_FREE_SHARE, marker_size

__all__ = ["WAITING_CAPTION", "PictureGallery", "SceneStage", "overlay_label"]

WAITING_CAPTION = QT_TRANSLATE_NOOP("SceneStage", "Preview — the 3D scan is on its way")

_PLATE = (
    "background-color: rgba(18, 20, 24, 190); color: #eef0f3; border-radius: 6px; "
    "padding: 6px 10px;"
)
_NOTE = _PLATE + " border-left: 3px solid #f0b429;"
_MAX_PICTURE_PX = 260
_MIN_PICTURE_PX = 48
_PICTURE_SPACING_PX = 12
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
    """Preview pictures (a portal's PNG of each jaw) side by side until the meshes arrive, with
    a caption saying what they stand in for. ``resized()`` when pictures come or go (the stage
    places the gallery, and makes it smaller where the panels leave less room: `fit`).

    Laid out by hand, as the stage's overlays are: a word-wrapped caption in a layout gets
    its width but not the height that width needs."""

    resized = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("previewPictures")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._pictures: dict[str, QLabel] = {}
        self._images: dict[str, QImage] = {}
        self._side_px = _MAX_PICTURE_PX
        self._room = QSize(16_777_215, 16_777_215)
        self.caption = overlay_label(self)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption.show()
        self.set_caption(None)
        self.hide()

    def shows(self, key: str) -> bool:
        return key in self._pictures

    def __len__(self) -> int:
        return len(self._pictures)

    def set_caption(self, text: str | None) -> None:
        """What the pictures stand in for (None: the 3D scans are on their way)."""
        self.caption.setText(text or translate("SceneStage", WAITING_CAPTION))
        self._lay_out()  # the same size may need other lines
        self.resized.emit()

    def add(self, key: str, picture: QImage, tooltip: str) -> None:
        label = self._pictures.get(key)
        if label is None:
            label = QLabel(self)
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            label.show()
            self._pictures[key] = label
        self._images[key] = picture
        self._scale(key)
        label.setToolTip(tooltip)
        self.show()
        self.raise_()
        self.resized.emit()

    def remove(self, key: str) -> None:
        label = self._pictures.pop(key, None)
        self._images.pop(key, None)
        if label is not None:
            label.deleteLater()
        if not self._pictures:
            self.hide()
            self.set_caption(None)
        self.resized.emit()

    def clear(self) -> None:
        for key in list(self._pictures):
            self.remove(key)

    def fit(self, width: int, height: int) -> None:
        """Keep the gallery, caption included, within ``width`` × ``height``: the pictures get
        smaller (never larger than `_MAX_PICTURE_PX` a side), the caption wraps."""
        self._room = QSize(max(1, width), max(1, height))
        count = max(1, len(self._pictures))
        caption = self.caption.heightForWidth(min(self._room.width(), self._caption_width()))
        room_x = (self._room.width() - _PICTURE_SPACING_PX * (count - 1)) // count
        room_y = self._room.height() - caption - _PICTURE_SPACING_PX
        side = max(_MIN_PICTURE_PX, min(_MAX_PICTURE_PX, room_x, room_y))
        if side != self._side_px:
            self._side_px = side
            for key in self._pictures:
                self._scale(key)
        self._lay_out()
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        width = min(self._room.width(), max(self._row_width(), self._caption_width()))
        height = self._row_height() + _PICTURE_SPACING_PX + self.caption.heightForWidth(width)
        return QSize(width, min(self._room.height(), height))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def _lay_out(self) -> None:
        """The pictures in a row, centred; the caption under them, as tall as its lines."""
        width = self.width()
        x = max(0, (width - self._row_width()) // 2)
        for label in self._pictures.values():
            label.move(x, 0)
            x += label.width() + _PICTURE_SPACING_PX
        top = self._row_height() + _PICTURE_SPACING_PX
        caption_width = min(width, self._caption_width())
        self.caption.setGeometry(
            (width - caption_width) // 2,
            top,
            caption_width,
            self.caption.heightForWidth(caption_width),
        )

    def _caption_width(self) -> int:
        """The caption's width on one line (the plate's padding is its contents margins)."""
        margins = self.caption.contentsMargins()
        text = self.caption.fontMetrics().horizontalAdvance(self.caption.text())
        return text + margins.left() + margins.right() + 8  # a little air: no wrap by rounding

    def _row_width(self) -> int:
        widths = [label.width() for label in self._pictures.values()]
        return sum(widths) + _PICTURE_SPACING_PX * max(0, len(widths) - 1)

    def _row_height(self) -> int:
        return max((label.height() for label in self._pictures.values()), default=0)

    def _scale(self, key: str) -> None:
        pixmap = QPixmap.fromImage(self._images[key])
        if max(pixmap.width(), pixmap.height()) > self._side_px:
            pixmap = pixmap.scaled(
                self._side_px,
                self._side_px,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        label = self._pictures[key]
        label.setPixmap(pixmap)
        label.setFixedSize(pixmap.deviceIndependentSize().toSize())


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
        self.retry_button = QPushButton(translate("SceneStage", "Try again"), self)
        self.retry_button.setObjectName("viewerRetry")
        self.retry_button.setToolTip(
            translate("SceneStage", "Load the scans that could not be had again")
        )
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
        # The pictures too: in the free part, smaller where it is narrow (over the list of
        # scans they hid its show/hide and opacity controls), and above the orientation
        # marker in the lower left corner.
        above = height - self._marker_height()
        room_width = max(1, free - 2 * _MARGIN_PX)
        room_height = max(1, above - 2 * _MARGIN_PX)
        self.pictures.fit(room_width, room_height)
        hint = self.pictures.sizeHint()
        shown_width, shown_height = min(room_width, hint.width()), min(room_height, hint.height())
        self.pictures.setGeometry(
            left + (free - shown_width) // 2,
            max(0, (above - shown_height) // 2),
            shown_width,
            shown_height,
        )

    def _marker_height(self) -> int:
        """How much of the view's height the orientation marker takes at the bottom (the 3D
        view draws it: `scaninbox.render.orientation_marker`), in this widget's pixels."""
        ratio = self.devicePixelRatioF()
        _width, height = marker_size(
            round(self.width() * ratio), round(self.height() * ratio), ratio
        )
        return round(height / ratio)

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
