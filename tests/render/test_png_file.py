"""Pictures are PNGs encoded at a fast zlib level, and a failed write leaves nothing behind."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from scaninbox.render import write_png
from scaninbox.render.png_file import PictureWriteError

from .pixels import load


def _zlib_level_class(path: Path) -> int:
    """FLEVEL of the image data's zlib stream: 0 fastest, 1 fast, 2 default, 3 smallest."""
    data = path.read_bytes()
    at = 8  # the PNG signature
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            return data[at + 9] >> 6  # zlib's second header byte
        at += 12 + length
    raise AssertionError("no image data in the PNG")


def test_written_fast_and_read_back_unchanged(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    pixels = rng.integers(0, 256, (60, 80, 4), dtype=np.uint8)
    out = write_png(pixels, tmp_path / "picture.png")
    assert out == tmp_path / "picture.png"
    assert np.array_equal(load(out), pixels[:, :, :3])
    assert _zlib_level_class(out) == 0  # zlib level 1: ~4× quicker than the default 6
    assert [p.name for p in tmp_path.iterdir()] == ["picture.png"]


def test_a_rendered_gradient_compresses_and_survives_wrapping_differences(tmp_path: Path) -> None:
    # Rows that get darker downwards make negative differences, which wrap around in uint8.
    column = np.linspace(250, 5, 300).astype(np.uint8)
    pixels = np.repeat(np.stack([column, column // 2, 255 - column], -1)[:, None, :], 400, 1)
    out = write_png(pixels, tmp_path / "gradient.png")
    assert np.array_equal(load(out), pixels)
    assert out.stat().st_size < pixels.nbytes / 50  # the filter turns the gradient into runs


def test_an_empty_picture_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least one pixel"):
        write_png(np.zeros((0, 5, 3), np.uint8), tmp_path / "empty.png")
    assert not list(tmp_path.iterdir())


def test_an_unwritable_folder_raises_and_leaves_nothing(tmp_path: Path) -> None:
    pixels = np.zeros((10, 10, 3), np.uint8)
    with pytest.raises(PictureWriteError, match="no such file or directory"):
        write_png(pixels, tmp_path / "missing" / "picture.png")
    assert not list(tmp_path.iterdir())
