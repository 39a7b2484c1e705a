"""Decoding a case's photos and X-rays off the GUI thread, shared by the case pane's image
viewer and the 3D viewer's preview pictures.

:func:`decode_image` is called in a worker thread: Pillow decodes, and only the pixels become a
QImage there (QPixmap is made on the GUI thread by whoever shows it). The format is read from the
file's content, because the cache keeps files under names of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtGui import QImage

from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = ["IMAGE_SUFFIXES", "decode_image", "is_image_name"]

IMAGE_SUFFIXES = frozenset(
    {"bmp", "gif", "jfif", "jpeg", "jpg", "png", "tga", "tif", "tiff", "webp"}
)


def is_image_name(filename: str) -> bool:
    return filename.rpartition(".")[2].lower() in IMAGE_SUFFIXES


def decode_image(path: Path, max_side: int | None = None) -> QImage:
    """Read an image (scaled down so its longer side is at most ``max_side``). Blocking; meant
    for a worker thread.

    Pillow reads it; Qt only receives the pixels. QImageReader on a worker deadlocked twice with
    the GUI thread: guessing the format made plugins and QObjects (the SVG plugin's probe opens
    a QTextStream) whose signal connections take Qt's signal-slot locks while PySide holds the
    GIL, and a GUI thread inside ``disconnect`` held such a lock and waited for the GIL.

    Raises ValueError with a plain message when the file is not a readable image.
    """
    from PIL import Image, ImageOps

    try:
        with Image.open(path) as opened:
            if max_side is not None:
                opened.draft("RGB", (max_side, max_side))  # JPEG: decoded at 1/2…1/8 already
            picture = ImageOps.exif_transpose(opened)  # phones store photos sideways + a tag
            if max_side is not None:
                picture.thumbnail((max_side, max_side), Image.Resampling.BICUBIC)
            return _to_qimage(picture)
    except (OSError, ValueError, Image.DecompressionBombError) as exc:  # OSError: not an image too
        raise ValueError(translate("CaseFiles", _UNREADABLE)) from exc


_UNREADABLE = QT_TRANSLATE_NOOP(
    "CaseFiles", "The image is damaged or in a format this computer cannot show."
)


def _to_qimage(picture: Any) -> QImage:
    """Pillow's pixels as a QImage that owns them: 8-bit grey stays grey; 16-bit grey (X-rays)
    keeps its top 8 bits, as Qt shows such images; everything else becomes RGBA."""
    if picture.mode in ("I;16", "I;16B", "I;16L", "I"):
        grey = np.clip(np.asarray(picture), 0, 65535).astype(np.uint16)  # "I" is signed 32-bit
        pixels = (grey >> 8).astype(np.uint8)
        form, channels = QImage.Format.Format_Grayscale8, 1
    elif picture.mode == "L":
        pixels, form, channels = np.asarray(picture), QImage.Format.Format_Grayscale8, 1
    else:
        pixels = np.asarray(picture.convert("RGBA"))
        form, channels = QImage.Format.Format_RGBA8888, 4
    pixels = np.ascontiguousarray(pixels)
    height, width = pixels.shape[:2]
    image = QImage(pixels.data, width, height, width * channels, form)
    return image.copy()  # owns its pixels: ``pixels`` goes away
