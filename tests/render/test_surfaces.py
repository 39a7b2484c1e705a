"""How surfaces read: the inside of a scan in its own colour, a bite that never stripes the jaws,
scans taken before the preparation in colours of their own."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.domain import Jaw
from scaninbox.render import ScanScene, SceneInput, View, render_png
from scaninbox.scans import Mesh, refine
from scaninbox.settings import DEFAULT_JAW_COLOURS
from tests.qt.viewer.meshes import plate

from .pixels import load, scan_mask

SIZE = (320, 240)


def _plate(n: int = 20, *, z: float = 0.0) -> Mesh:
    """A 40 × 20 mm plate in the plane ``z`` facing −Z (the "upper" view's camera)."""
    points, faces = plate(40.0, 20.0, n)
    points = np.ascontiguousarray(points + np.array([0, 0, z], np.float32))
    return refine(Mesh(points, faces, welded=True))


def _picture(tmp_path: Path, scans: list[SceneInput], view: View) -> np.ndarray:
    return load(render_png(scans, tmp_path / "p.png", size=SIZE, view=view))


def _share(pixels: np.ndarray, test: np.ndarray) -> float:
    mask = scan_mask(pixels)
    return float((mask & test).sum() / max(1, mask.sum()))


def test_the_inside_of_a_scan_has_a_colour_of_its_own(tmp_path: Path) -> None:
    front_side = _picture(tmp_path, [SceneInput(_plate(), Jaw.UPPER)], View.UPPER)
    inside = _picture(tmp_path, [SceneInput(_plate(), Jaw.UPPER)], View.LOWER)  # its back
    r, g, b = (inside[..., i] for i in range(3))
    plum = (b > g + 20) & (r > g + 10)  # the inside colour: red and blue over green
    assert _share(inside, plum) > 0.9
    r, g, b = (front_side[..., i] for i in range(3))
    assert _share(front_side, (b > g + 20) & (r > g + 10)) < 0.01  # ivory outside
    assert DEFAULT_JAW_COLOURS["inside"] not in {
        DEFAULT_JAW_COLOURS[k] for k in DEFAULT_JAW_COLOURS if k != "inside"
    }


def test_a_bite_lying_on_a_jaw_leaves_the_jaw_in_view(tmp_path: Path) -> None:
    # The same plane, triangulated differently (as a bite repeats a jaw's surface): without
    # an offset the depth test lets the later bite paint over the jaw, or stripe it.
    jaw, bite = _plate(20), _plate(27)
    pixels = _picture(
        tmp_path, [SceneInput(jaw, Jaw.UPPER), SceneInput(bite, Jaw.BITE)], View.UPPER
    )
    r, g = pixels[..., 0], pixels[..., 1]
    assert _share(pixels, r - g > 40) < 0.01  # no rose bite pixels where the jaw lies
    # A bite really in front (half a millimetre nearer the camera) still shows.
    nearer = _plate(27, z=-0.5)
    pixels = _picture(
        tmp_path, [SceneInput(jaw, Jaw.UPPER), SceneInput(nearer, Jaw.BITE)], View.UPPER
    )
    r, g = pixels[..., 0], pixels[..., 1]
    assert _share(pixels, r - g > 40) > 0.9


def test_a_scan_before_preparation_lies_behind_the_prepared_arch(tmp_path: Path) -> None:
    import pyvista as pv

    plotter = pv.Plotter(off_screen=True, window_size=list(SIZE))
    try:
        scene = ScanScene(plotter)
        scene.set_scan("prepared", _plate(20), jaw=Jaw.UPPER)
        before = scene.set_scan("before", _plate(27), jaw=Jaw.UPPER, before_preparation=True)
        assert before.colour == DEFAULT_JAW_COLOURS["upper_before_preparation"]
        scene.apply_view(View.UPPER)
        pixels = plotter.screenshot(return_img=True).astype(np.int16)
        g, b = pixels[..., 1], pixels[..., 2]
        assert _share(pixels, b > g + 8) < 0.01  # no lavender where the prepared arch lies
        scene.close()
    finally:
        plotter.close()


@pytest.mark.parametrize("jaw", [Jaw.UPPER, Jaw.LOWER])
def test_before_preparation_has_a_colour_of_its_own(jaw: Jaw) -> None:
    import pyvista as pv

    plotter = pv.Plotter(off_screen=True, window_size=[64, 64])
    try:
        scene = ScanScene(plotter)
        before = scene.colour_for(jaw, before_preparation=True)
        assert before == DEFAULT_JAW_COLOURS[f"{jaw}_before_preparation"]
        others = {scene.colour_for(j) for j in (Jaw.UPPER, Jaw.LOWER, Jaw.BITE)}
        assert before not in others
        assert scene.colour_for(Jaw.BITE, before_preparation=True) == DEFAULT_JAW_COLOURS["bite"]
        scene.close()
    finally:
        plotter.close()
