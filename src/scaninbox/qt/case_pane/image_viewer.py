"""Photos and X-rays of a case: a viewer with zoom and fit, previous/next through the case's
images, rotation, and brightness/contrast (X-rays are often too dark or too flat to read as sent;
the adjustment is for looking only, the file is untouched). Decoding is in ``qt/files/images.py``.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import (
    QImage,
    QKeyEvent,
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
    QSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scaninbox.language import translate
from scaninbox.qt.look.window_layout import fit_to_screen

__all__ = ["ImageViewer", "adjust_image"]

_ZOOM_STEP = 1.25
_MIN_ZOOM, _MAX_ZOOM = 0.05, 16.0


def adjust_image(image: QImage, brightness: int, contrast: int) -> QImage:
    """``image`` with brightness (−100…100, added) and contrast (−100…100: ×0.25…×4 around
    mid-grey) applied to its colour channels; alpha is kept. A new image."""
    if brightness == 0 and contrast == 0:
        return image
    rgba = image.convertToFormat(QImage.Format.Format_RGBA8888)
    width, height, stride = rgba.width(), rgba.height(), rgba.bytesPerLine()
    gain = 4.0 ** (contrast / 100.0)
    levels = np.arange(256, dtype=np.float32)
    lut = np.clip((levels - 128.0) * gain + 128.0 + brightness * 1.28, 0, 255).astype(np.uint8)
    pixels = np.frombuffer(rgba.constBits(), dtype=np.uint8, count=stride * height)
    pixels = pixels.reshape(height, stride)[:, : width * 4].reshape(height, width, 4)
    adjusted = pixels.copy()
    adjusted[..., :3] = lut[pixels[..., :3]]
    result = QImage(adjusted.data, width, height, width * 4, QImage.Format.Format_RGBA8888)
    return result.copy()  # own the pixels: ``adjusted`` goes away


class _ImageView(QGraphicsView):
    """Keeps the picture fitted while in fit mode; Ctrl+wheel zooms; ← and → go to the
    previous and next image while the picture fits across (zoomed in, they move over it, as
    in the desktop's image viewers)."""

    def __init__(self, viewer: ImageViewer) -> None:
        super().__init__(viewer)
        self._viewer = viewer

    def keyPressEvent(self, event: QKeyEvent) -> None:
        step = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: +1}.get(Qt.Key(event.key()))
        plain = event.modifiers() in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.KeypadModifier,
        )
        if step is not None and plain and self.horizontalScrollBar().maximum() == 0:
            signal = self._viewer.nextRequested if step > 0 else self._viewer.previousRequested
            signal.emit()
            event.accept()
            return
        super().keyPressEvent(event)

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
    """A window for one image: zoom in/out, fit to window, actual size, rotate, brightness and
    contrast; ``previousRequested``/``nextRequested`` ask its owner for the neighbouring image
    (``set_position`` says where this one is)."""

    previousRequested = Signal()
    nextRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("ImageViewer", "Image"))
        self.screen_fit = fit_to_screen(self, QSize(900, 680))  # within the screen, frame included
        self.fitted = True
        self._original = QImage()
        self.rotation = 0
        self._scene = QGraphicsScene(self)
        self._item = QGraphicsPixmapItem()
        self._item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._scene.addItem(self._item)
        self.view = _ImageView(self)
        self.view.setScene(self._scene)
        self.view.setAccessibleName(translate("ImageViewer", "Image"))
        self.view.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.view.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFocusProxy(self.view)  # the window opens with the keyboard on the picture
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(self._zoom_and_turn_row())
        layout.addLayout(self._tone_row())
        layout.addWidget(self.view, 1)
        self.set_position(0, 1)

    def _zoom_and_turn_row(self) -> QHBoxLayout:
        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        self.zoom_label = QLabel(self)
        self.zoom_label.setMinimumWidth(56)
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.zoom_label.setAccessibleName(translate("ImageViewer", "Zoom"))
        entries = (
            (
                "−",
                translate("ImageViewer", "Zoom out"),
                self.zoom_out,
                QKeySequence.StandardKey.ZoomOut,
            ),
            (None, None, None, None),
            (
                "+",
                translate("ImageViewer", "Zoom in"),
                self.zoom_in,
                QKeySequence.StandardKey.ZoomIn,
            ),
            (
                translate("ImageViewer", "Fit", "button: fit the image to the window"),
                translate("ImageViewer", "Fit to window"),
                self.fit,
                None,
            ),
            ("100 %", translate("ImageViewer", "Actual size"), self.actual_size, None),
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
        buttons.addSpacing(12)
        self.rotate_left_button = self._button(
            "⟲", translate("ImageViewer", "Rotate left"), self.rotate_left, buttons
        )
        self.rotate_right_button = self._button(
            "⟳", translate("ImageViewer", "Rotate right"), self.rotate_right, buttons
        )
        buttons.addStretch(1)
        self.size_label = QLabel(self)
        buttons.addWidget(self.size_label)
        buttons.addSpacing(12)
        self.previous_button = self._button(
            "‹", translate("ImageViewer", "Previous image"), self.previousRequested, buttons
        )
        self.position_label = QLabel(self)
        buttons.addWidget(self.position_label)
        self.next_button = self._button(
            "›", translate("ImageViewer", "Next image"), self.nextRequested, buttons
        )
        self.previous_button.setToolTip(translate("ImageViewer", "Previous image (← or Page Up)"))
        self.next_button.setToolTip(translate("ImageViewer", "Next image (→ or Page Down)"))
        QShortcut(QKeySequence(Qt.Key.Key_PageUp), self).activated.connect(self.previousRequested)
        QShortcut(QKeySequence(Qt.Key.Key_PageDown), self).activated.connect(self.nextRequested)
        return buttons

    def _tone_row(self) -> QHBoxLayout:
        tone = QHBoxLayout()
        tone.setSpacing(6)
        self.brightness_slider = self._slider(translate("ImageViewer", "Brightness"), tone)
        self.contrast_slider = self._slider(translate("ImageViewer", "Contrast"), tone)
        reset = QToolButton(self)
        reset.setText(translate("ImageViewer", "Reset"))
        reset.setToolTip(translate("ImageViewer", "Original brightness and contrast"))
        reset.clicked.connect(self.reset_tone)
        tone.addWidget(reset)
        tone.addStretch(1)
        return tone

    def _button(self, text: str, name: str, slot: object, row: QHBoxLayout) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setAccessibleName(name)
        button.setToolTip(name)
        button.clicked.connect(slot)
        row.addWidget(button)
        return button

    def _slider(self, name: str, row: QHBoxLayout) -> QSlider:
        label = QLabel(name, self)
        slider = QSlider(Qt.Orientation.Horizontal, self)
        slider.setRange(-100, 100)
        slider.setValue(0)
        slider.setMaximumWidth(160)
        slider.setAccessibleName(name)
        slider.valueChanged.connect(self._show_adjusted)
        label.setBuddy(slider)
        row.addWidget(label)
        row.addWidget(slider)
        return slider

    def show_image(self, title: str, image: QImage) -> None:
        """Show ``image`` (decoded in a worker) fitted to the window, upright and as sent (a new
        image starts without rotation or adjustment). Call on the GUI thread."""
        self.setWindowTitle(title)
        self._original = image
        self.rotation = 0
        for slider in (self.brightness_slider, self.contrast_slider):
            slider.blockSignals(True)
            slider.setValue(0)
            slider.blockSignals(False)
        self._item.setPixmap(QPixmap.fromImage(image))
        self._item.setRotation(0)
        self._place_item()
        self.size_label.setText(
            translate("ImageViewer", "{width} × {height} px").format(
                width=image.width(), height=image.height()
            )
        )
        self.fit()

    def set_position(self, index: int, count: int) -> None:
        """This is image ``index`` (from 0) of ``count``: previous/next where there are any."""
        self.position_label.setText(
            translate("ImageViewer", "{number} of {count}").format(number=index + 1, count=count)
            if count > 1
            else ""
        )
        self.previous_button.setEnabled(index > 0)
        self.next_button.setEnabled(index < count - 1)

    def rotate_left(self) -> None:
        self._rotate(-90)

    def rotate_right(self) -> None:
        self._rotate(90)

    def reset_tone(self) -> None:
        self.brightness_slider.setValue(0)
        self.contrast_slider.setValue(0)

    def shown_image(self) -> QImage:
        """The picture as it is drawn now (adjusted, not rotated)."""
        return self._item.pixmap().toImage()

    def _rotate(self, degrees: int) -> None:
        self.rotation = (self.rotation + degrees) % 360
        self._item.setRotation(self.rotation)
        self._place_item()
        if self.fitted:
            self.fit()

    def _place_item(self) -> None:
        self._item.setTransformOriginPoint(self._item.boundingRect().center())
        self._scene.setSceneRect(self._item.sceneBoundingRect())

    def _show_adjusted(self) -> None:
        if self._original.isNull():
            return
        adjusted = adjust_image(
            self._original, self.brightness_slider.value(), self.contrast_slider.value()
        )
        self._item.setPixmap(QPixmap.fromImage(adjusted))

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
        self.zoom_label.setAccessibleName(
            translate("ImageViewer", "Zoom: {zoom}").format(zoom=text)
        )
