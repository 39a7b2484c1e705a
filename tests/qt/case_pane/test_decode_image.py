"""Decoding photos and X-rays off the GUI thread: Pillow reads, only the pixels become a QImage.

QImageReader on a worker deadlocked with the GUI thread twice (its format probing made plugins
and QObjects and connected their signals while PySide held the GIL); nothing of it runs here.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from PySide6.QtGui import QImage

from scaninbox.qt.files.images import decode_image
from tests.fresh_interpreter import run_reporting_script


def test_a_photo_is_turned_upright_by_its_exif_tag_and_scaled(tmp_path: Path) -> None:
    photo = tmp_path / "photo.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: the camera was turned; show it rotated 90° clockwise
    Image.new("RGB", (1200, 800), (200, 40, 40)).save(photo, exif=exif.tobytes())
    upright = decode_image(photo)
    assert (upright.width(), upright.height()) == (800, 1200)
    thumb = decode_image(photo, 300)
    assert (thumb.width(), thumb.height()) == (200, 300)
    red = thumb.pixelColor(100, 150)
    assert (red.red() > 150, red.green() < 90, red.blue() < 90) == (True, True, True)


def test_a_16_bit_x_ray_keeps_its_grey_levels(tmp_path: Path) -> None:
    xray = tmp_path / "xray.png"
    levels = np.array([[0, 0x4000, 0x8000, 0xFFFF]], np.uint16).repeat(2, axis=0)
    Image.fromarray(levels).save(xray)  # a 16-bit greyscale PNG, as dental X-rays often are
    image = decode_image(xray)
    assert image.format() is QImage.Format.Format_Grayscale8
    assert [image.pixelColor(x, 1).red() for x in range(4)] == [0, 0x40, 0x80, 0xFF]


@pytest.mark.parametrize("content", [b"", b"\x89PNG\r\n\x1a\n" + b"\0" * 40, b"not an image"])
def test_a_damaged_file_is_a_plain_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "broken.png"
    path.write_bytes(content)
    with pytest.raises(ValueError, match="damaged or in a format"):
        decode_image(path)


_NO_READER_ON_THE_WORKER = """
import json, sys, threading
import PySide6.QtGui as gui

class Refused:
    def __init__(self, *args, **kwargs):
        raise AssertionError("QImageReader used")

gui.QImageReader = Refused  # before the module is imported: any use of it fails
from PIL import Image
from scaninbox.qt.files.images import decode_image

Image.new("RGB", (640, 480), (10, 120, 200)).save(sys.argv[1])
out = {}

def decode():
    out["size"] = decode_image(sys.argv[1], 320).size().toTuple()

worker = threading.Thread(target=decode)
worker.start()
worker.join()
print(json.dumps(out))
"""


def test_decoding_on_a_worker_uses_no_qimagereader(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    report, _ = run_reporting_script(_NO_READER_ON_THE_WORKER, str(tmp_path / "a.png"), env=env)
    assert report == {"size": [320, 240]}


def test_a_32_bit_grey_image_is_clipped_to_the_16_bit_range(tmp_path: Path) -> None:
    tiff = tmp_path / "deep.tif"
    Image.fromarray(np.array([[-5, 0x8000, 70_000]], np.int32)).save(tiff)  # Pillow's mode "I"
    image = decode_image(tiff)
    assert [image.pixelColor(x, 0).red() for x in range(3)] == [0, 0x80, 0xFF]
