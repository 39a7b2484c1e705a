"""Pictures are PNGs encoded fast (Sub filter, zlib level 1), and a failed write leaves nothing
behind."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest

from scaninbox.domain import Jaw
from scaninbox.render import SceneInput, render_png, write_png
from scaninbox.render.png_file import PictureWriteError
from scaninbox.scans.mesh import Mesh

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
    assert _zlib_level_class(out) == 0  # zlib level 1: several times quicker than the default 6
    assert [p.name for p in tmp_path.iterdir()] == ["picture.png"]


def test_a_rendered_gradient_compresses_and_survives_wrapping_differences(tmp_path: Path) -> None:
    # Rows that get darker downwards make negative differences, which wrap around in uint8.
    column = np.linspace(250, 5, 300).astype(np.uint8)
    pixels = np.repeat(np.stack([column, column // 2, 255 - column], -1)[:, None, :], 400, 1)
    out = write_png(pixels, tmp_path / "gradient.png")
    assert np.array_equal(load(out), pixels)
    assert out.stat().st_size < pixels.nbytes / 50  # the filter turns the gradient into runs


def test_a_render_is_smaller_than_after_the_up_filter(tmp_path: Path, arch: Mesh) -> None:
    out = render_png([SceneInput(arch, jaw=Jaw.UPPER)], tmp_path / "arch.png", size=(480, 360))
    pixels = load(out)
    rows = pixels.reshape(pixels.shape[0], -1).astype(np.int16)
    up = np.empty((rows.shape[0], rows.shape[1] + 1), np.uint8)
    up[:, 0] = 2
    up[0, 1:] = rows[0]
    up[1:, 1:] = (rows[1:] - rows[:-1]) % 256
    after_up = len(zlib.compress(up.tobytes(), 1))
    idat = out.stat().st_size - 57  # signature, IHDR, IDAT and IEND framing
    # Shaded surfaces change more smoothly from pixel to pixel than from row to row: smaller
    # on the real scan's renders, at the same speed.
    assert idat < 0.95 * after_up


def test_a_horizontal_gradient_compresses_too(tmp_path: Path) -> None:
    row = np.linspace(250, 5, 400).astype(np.uint8)
    pixels = np.repeat(np.stack([row, row // 2, 255 - row], -1)[None, :, :], 300, 0)
    out = write_png(pixels, tmp_path / "across.png")
    assert np.array_equal(load(out), pixels)
    assert out.stat().st_size < pixels.nbytes / 50


def test_an_empty_picture_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least one pixel"):
        write_png(np.zeros((0, 5, 3), np.uint8), tmp_path / "empty.png")
    assert not list(tmp_path.iterdir())


def test_an_unwritable_folder_raises_and_leaves_nothing(tmp_path: Path) -> None:
    pixels = np.zeros((10, 10, 3), np.uint8)
    with pytest.raises(
        PictureWriteError,
        match=r"the file or folder does not exist \(technical detail: \[Errno 2\] No such file",
    ):
        write_png(pixels, tmp_path / "missing" / "picture.png")
    assert not list(tmp_path.iterdir())
