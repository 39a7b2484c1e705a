"""Photos and X-rays of a case: decoding off the GUI thread, and a viewer with zoom and fit.

:func:`decode_image` is called in a worker thread (QImage is reentrant; QPixmap is not and is
made on the GUI thread by the viewer). The format is read from the file's content, because the
cache keeps files under names of its own.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import (
    QImage,
    QImageReader,
    QKeySequence,
    QPainter,
    QPixmap,
    QResizeEvent,
    QShortcut,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QDialog,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

__all__ = ["IMAGE_SUFFIXES", "ImageViewer", "decode_image", "is_image_name"]

IMAGE_SUFFIXES = frozenset(
    {"bmp", "gif", "jfif", "jpeg", "jpg", "png", "tga", "tif", "tiff", "webp"}
)
_ZOOM_STEP = 1.25
_MIN_ZOOM, _MAX_ZOOM = 0.05, 16.0


def is_image_name(filename: str) -> bool:
    return filename.rpartition(".")[2].lower() in IMAGE_SUFFIXES


def decode_image(path: Path, max_side: int | None = None) -> QImage:
    """Read an image (scaled down so its longer side is at most ``max_side``). Blocking.

    Raises ValueError with a plain message when the file is not a readable image.
    """
    reader = QImageReader(str(path))
    reader.setDecideFormatFromContent(True)
    reader.setAutoTransform(True)  # phones store photos sideways plus an EXIF rotation
    size = reader.size()
    if max_side is not None and size.isValid() and max(size.width(), size.height()) > max_side:
        reader.setScaledSize(size.scaled(max_side, max_side, Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    if image.isNull():
        raise ValueError("The image is damaged or in a format this computer cannot show.")
    return image


class _ImageView(QGraphicsView):
    """Keeps the picture fitted while in fit mode; Ctrl+wheel zooms."""

    def __init__(self, viewer: ImageViewer) -> None:
        super().__init__(viewer)
        self._viewer = viewer

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._viewer.fitted:
            self._viewer.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            if event.angleDelta().y() > 0:
                self._viewer.zoom_in()
            else:
                self._viewer.zoom_out()
            event.accept()
            return
        super().wheelEvent(event)


class ImageViewer(QDialog):
    """A window for one image: zoom in/out, fit to window, actual size."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Image")
        self.resize(900, 680)
        self.fitted = True
        self._scene = QGraphicsScene(self)
        self._item = QGraphicsPixmapItem()
        self._item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._scene.addItem(self._item)
        self.view = _ImageView(self)
        self.view.setScene(self._scene)
        self.view.setAccessibleName("Image")
        self.view.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.view.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        self.zoom_label = QLabel(self)
        self.zoom_label.setMinimumWidth(56)
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.zoom_label.setAccessibleName("Zoom")
        entries = (
            ("−", "Zoom out", self.zoom_out, QKeySequence.StandardKey.ZoomOut),
            (None, None, None, None),
            ("+", "Zoom in", self.zoom_in, QKeySequence.StandardKey.ZoomIn),
            ("Fit", "Fit to window", self.fit, None),
            ("100 %", "Actual size", self.actual_size, None),
        )
        for text, name, slot, key in entries:
            if text is None or name is None or slot is None:
                buttons.addWidget(self.zoom_label)
                continue
            button = QToolButton(self)
            button.setText(text)
            button.setAccessibleName(name)
            button.setToolTip(name)
            button.clicked.connect(slot)
            buttons.addWidget(button)
            if key is not None:
                QShortcut(QKeySequence(key), self).activated.connect(slot)
        buttons.addStretch(1)
        self.size_label = QLabel(self)
        buttons.addWidget(self.size_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(buttons)
        layout.addWidget(self.view, 1)

    def show_image(self, title: str, image: QImage) -> None:
        """Show ``image`` (decoded in a worker) fitted to the window. Call on the GUI thread."""
        self.setWindowTitle(title)
        self._item.setPixmap(QPixmap.fromImage(image))
        self._scene.setSceneRect(self._item.boundingRect())
        self.size_label.setText(f"{image.width()} × {image.height()} px")
        self.fit()

    def image_size(self) -> QSize:
        return self._item.pixmap().size()

    def zoom_factor(self) -> float:
        return self.view.transform().m11()

    def fit(self) -> None:
        self.fitted = True
        if not self._item.pixmap().isNull():
            self.view.fitInView(self._item, Qt.AspectRatioMode.KeepAspectRatio)
        self._sync_label()

    def actual_size(self) -> None:
        self._zoom_to(1.0)

    def zoom_in(self) -> None:
        self._zoom_to(self.zoom_factor() * _ZOOM_STEP)

    def zoom_out(self) -> None:
        self._zoom_to(self.zoom_factor() / _ZOOM_STEP)

    def _zoom_to(self, factor: float) -> None:
        self.fitted = False
        factor = min(_MAX_ZOOM, max(_MIN_ZOOM, factor))
        self.view.resetTransform()
        self.view.scale(factor, factor)
        self._sync_label()

    def _sync_label(self) -> None:
        text = f"{round(self.zoom_factor() * 100)} %"
        self.zoom_label.setText(text)
        self.zoom_label.setAccessibleName(f"Zoom: {text}")
