"""The report's occlusal clearance pictures: each arch in the map's colours, bite-through in
magenta where the antagonist was pushed in, the smallest distance measured."""

from __future__ import annotations

import colorsys
from pathlib import Path

import numpy as np
import pytest

from scaninbox.qc import check_scans
from scaninbox.qc.report_clearance import clearance_pictures
from scaninbox.render import BITE_THROUGH
from tests.qc.test_report import _files
from tests.render.pixels import load, scan_mask


def _hues(pixels: np.ndarray) -> np.ndarray:
    rgb = pixels.reshape(-1, 3) / 255.0
    return np.array([colorsys.rgb_to_hsv(*p)[0] for p in rgb])


def test_each_arch_is_pictured_in_the_map_colours_with_its_bite_through(tmp_path: Path) -> None:
    run = check_scans(_files(tmp_path))
    folder = tmp_path / "pictures"
    folder.mkdir()
    pictures = clearance_pictures(run, folder, size=(500, 380))
    assert [p.caption.split(" — ")[0] for p in pictures] == [
        "Upper against lower",
        "Lower against upper",
    ]
    upper = pictures[0]
    assert upper.least_mm == pytest.approx(-0.3, abs=0.05)  # pushed in by 0.3 mm
    pixels = load(upper.path)
    shown = pixels[scan_mask(pixels)]
    hues = _hues(shown)
    magenta = colorsys.rgb_to_hsv(*(c / 255 for c in BITE_THROUGH))[0]
    near_magenta = np.abs(hues - magenta) < 0.03
    saturated = shown.max(axis=1) - shown.min(axis=1) > 60
    assert (near_magenta & saturated).sum() > 20  # the cusps in the antagonist
    band_red = (np.abs(hues - 0.0) < 0.04) & saturated
    assert band_red.sum() > 20  # the ring around them, 0–0.1 mm away


def test_one_arch_has_no_clearance_picture(tmp_path: Path) -> None:
    run = check_scans(_files(tmp_path)[:1])
    assert clearance_pictures(run, tmp_path, size=(300, 200)) == []
