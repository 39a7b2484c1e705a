"""What a saved screenshot shows where a widget is: its pixels, read back from the PNG file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget


def read_png(path: Path) -> np.ndarray:
    """The picture as (height, width, 3) RGB bytes."""
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB888)
    assert not image.isNull(), f"{path} is no picture"
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    data = np.frombuffer(image.constBits(), dtype=np.uint8, count=stride * height)
    return data.reshape(height, stride)[:, : width * 3].reshape(height, width, 3).copy()


def region(pixels: np.ndarray, widget: QWidget, grabbed: QWidget) -> np.ndarray:
    """The pixels of ``widget`` in a picture of ``grabbed`` (scaled to the picture's size)."""
    rect = QRect(widget.mapTo(grabbed, widget.rect().topLeft()), widget.size())
    scale = pixels.shape[1] / max(1, grabbed.width())
    x0, y0 = round(rect.left() * scale), round(rect.top() * scale)
    x1, y1 = round((rect.right() + 1) * scale), round((rect.bottom() + 1) * scale)
    assert 0 <= x0 < x1 <= pixels.shape[1], f"{widget.objectName() or widget} leaves the picture"
    assert 0 <= y0 < y1 <= pixels.shape[0], f"{widget.objectName() or widget} leaves the picture"
    return pixels[y0:y1, x0:x1]


def share_near(pixels: np.ndarray, colour: tuple[int, int, int], tolerance: int = 30) -> float:
    """The share of ``pixels`` within ``tolerance`` of ``colour`` in every channel."""
    close = np.abs(pixels.astype(np.int16) - np.int16(colour)).max(axis=-1) <= tolerance
    return float(close.mean())


def share_dark(pixels: np.ndarray, below: int = 100) -> float:
    """The share of ``pixels`` darker than ``below`` (ink, text) in every channel."""
    return float((pixels.max(axis=-1) < below).mean())
