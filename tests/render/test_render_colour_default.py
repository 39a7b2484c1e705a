"""``scaninbox render`` colours as the window does by default — each jaw in its colour — and by
the scanner's recorded colours only with ``--scanner-colours`` (issue 25, point 19)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.cli.main import main
from scaninbox.settings import DEFAULT_JAW_COLOURS
from tests.unit.scans.meshfiles import arch_mesh, ply

from .pixels import load, mean_colour, scan_mask

GREEN = (20, 200, 40)


@pytest.fixture
def green_upper(tmp_path: Path) -> Path:
    points, faces = arch_mesh(120, 24)
    colours = np.tile(np.array(GREEN, np.uint8), (len(points), 1))
    path = tmp_path / "upper.ply"
    path.write_bytes(ply(points, faces.tolist(), colours=colours))
    return path


def _colour(path: Path, out: Path, *extra: str) -> np.ndarray:
    args = ["render", str(path), "--out", str(out), "--size", "320x240", "--view", "upper"]
    assert main([*args, "--axis-mapping", "x,y,z", *extra]) == 0
    pixels = load(out)
    return mean_colour(pixels, scan_mask(pixels))


def test_the_default_is_the_jaw_colour_as_in_the_window(green_upper: Path, tmp_path: Path) -> None:
    red, green, blue = _colour(green_upper, tmp_path / "default.png")
    jaw = DEFAULT_JAW_COLOURS["upper"]  # a light warm beige, lit: red at least green, over blue
    assert int(jaw[1:3], 16) >= int(jaw[3:5], 16) > int(jaw[5:7], 16)
    assert red > green - 5
    assert red - blue > 10


def test_scanner_colours_on_request(green_upper: Path, tmp_path: Path) -> None:
    red, green, blue = _colour(green_upper, tmp_path / "scanner.png", "--scanner-colours")
    assert green > red + 40
    assert green > blue + 40
