"""Pictures are PNGs encoded at a fast zlib level, and a failed write leaves nothing behind."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from scaninbox.render import write_png

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


def test_an_unwritable_folder_raises_and_leaves_nothing(tmp_path: Path) -> None:
    pixels = np.zeros((10, 10, 3), np.uint8)
    with pytest.raises(FileNotFoundError):
        write_png(pixels, tmp_path / "missing" / "picture.png")
    assert not list(tmp_path.iterdir())
