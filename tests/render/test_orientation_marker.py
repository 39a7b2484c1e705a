"""The orientation marker names the patient's directions where the view shows them: checked for
every standard view through the scene's own camera presets, against the tooth chart (patient's
right on the viewer's left from the front and in the occlusal views)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scaninbox.domain import Jaw
from scaninbox.render import ScanScene, View, render_png
from scaninbox.render.canvas import OffscreenCanvas
from scaninbox.render.orientation_marker import marker_size, screen_axes
from scaninbox.scans.mesh import Mesh

from .pixels import load


def _labels(canvas: Any) -> dict[str, Any]:
    from vtkmodules.vtkRenderingCore import vtkTextActor

    props = canvas.renderer.GetViewProps()
    texts = [props.GetItemAsObject(i) for i in range(props.GetNumberOfItems())]
    return {t.GetInput(): t for t in texts if isinstance(t, vtkTextActor)}


def _shown(labels: dict[str, Any], text: str) -> tuple[float, float] | None:
    label = labels[text]
    if not label.GetVisibility():
        return None
    x, y = label.GetPosition()
    return float(x), float(y)


@pytest.mark.parametrize(
    ("view", "across", "upwards", "caption"),
    [
        (View.FRONT, ("R", "L"), ("Down", "Up"), "Seen from the front"),
        (View.UPPER, ("R", "L"), ("Back", "Front"), "Seen from below"),  # incisors at the top
        (View.LOWER, ("R", "L"), ("Front", "Back"), "Seen from above"),  # incisors at the bottom
        (View.LEFT, ("Front", "Back"), ("Down", "Up"), "Seen from the left"),
        (View.RIGHT, ("Back", "Front"), ("Down", "Up"), "Seen from the right"),
    ],
)
def test_each_view_names_the_directions_where_they_lie(
    arch: Mesh,
    view: View,
    across: tuple[str, str],
    upwards: tuple[str, str],
    caption: str,
) -> None:
    canvas = OffscreenCanvas((1280, 960))
    scene = ScanScene(canvas)
    scene.set_scan("u", arch, jaw=Jaw.UPPER)
    scene.apply_view(view)
    canvas.render_window.Render()
    labels = _labels(canvas)
    left, right = (_shown(labels, t) for t in across)
    low, high = (_shown(labels, t) for t in upwards)
    assert left is not None
    assert right is not None
    assert low is not None
    assert high is not None
    assert left[0] < right[0] - 20, f"{view}: {across[0]} must be on the viewer's left"
    assert low[1] < high[1] - 20, f"{view}: {upwards[1]} must be above {upwards[0]}"
    # The axis pointing at the viewer is not drawn as letters on the centre but said in words.
    hidden = {t for t in ("R", "L", "Front", "Back", "Up", "Down") if _shown(labels, t) is None}
    assert len(hidden) == 2
    assert labels[caption].GetVisibility() if caption in labels else False
    canvas.close()


def test_screen_axes_of_a_turned_camera() -> None:
    # From front-right, half-way round: R points left, Front right, both towards the viewer.
    axes = {a.positive: a for a in screen_axes((1.0, 1.0, 0.0), (0.0, 0.0, 0.0), (0, 0, 1))}
    assert axes["R"].x < -0.5
    assert axes["R"].towards_viewer
    assert axes["Front"].x > 0.5
    assert axes["Front"].towards_viewer
    assert axes["Up"].y == pytest.approx(1.0)
    assert not axes["Up"].towards_viewer


def test_the_marker_is_drawn_in_the_corner_of_a_large_picture_only(
    tmp_path: Path, arch: Mesh
) -> None:
    from scaninbox.render import SceneInput

    scans = [SceneInput(arch, Jaw.UPPER)]
    large = load(render_png(scans, tmp_path / "large.png", size=(1280, 960), view=View.FRONT))
    small = load(render_png(scans, tmp_path / "small.png", size=(320, 240), view=View.FRONT))
    for pixels, drawn in ((large, True), (small, False)):
        height, width = pixels.shape[:2]
        corner = pixels[height - 100 :, :120]
        # The plate and its labels: light text on a dark plate, or the plain background.
        bright = (corner.min(axis=2) > 150).sum()
        assert bool(bright > 40) is drawn
    # The R/L labels (a warm tint) in the front view's corner, the patient's right leftmost.
    height, width = large.shape[:2]
    corner_w, corner_h = marker_size(width, height)
    corner = large[height - corner_h :, :corner_w].astype(int)
    warm = (corner[..., 0] - corner[..., 2] > 40) & (corner[..., 0] > 150)
    columns = np.nonzero(warm.any(axis=0))[0]
    assert len(columns) > 0
    assert columns.min() < corner.shape[1] / 3
    # Pale, not a finding's signal red: nothing there reads as a red mark.
    signal_red = (corner[..., 0] - corner[..., 1] > 60) & (corner[..., 0] - corner[..., 2] > 60)
    assert not signal_red.any()


def _box(label: Any, renderer: Any) -> tuple[float, float, float, float]:
    """A text's box on the screen in pixels: (x0, x1, y0, y1)."""
    box = [0.0] * 4
    label.GetBoundingBox(renderer, box)  # around its anchor (the display position)
    x, y = label.GetPosition()
    return x + box[0], x + box[1], y + box[2], y + box[3]


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


@pytest.mark.parametrize("scaling", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("size", [(860, 430), (1280, 960)])
def test_the_caption_and_labels_fit_the_plate_at_any_scaling(
    arch: Mesh, scaling: float, size: tuple[int, int]
) -> None:
    """Under display scaling Qt's VTK view sets the window's DPI to 72 × the scale (pyvistaqt),
    and VTK sizes text in points: the marker's words must still fit its plate, apart ("een
    from the front", cut at the window's edge, lay over "Down" at 150 %)."""
    width, height = (round(side * scaling) for side in size)
    canvas = OffscreenCanvas((width, height))
    canvas.render_window.SetDPI(round(72 * scaling))
    scene = ScanScene(canvas)
    scene.set_scan("u", arch, jaw=Jaw.UPPER)
    scene.apply_view(View.FRONT)
    canvas.render_window.Render()
    renderer = canvas.renderer
    labels = _labels(canvas)
    assert labels["Seen from the front"].GetVisibility()
    plate_w, plate_h = marker_size(width, height, scaling)
    # As large to the eye at any scaling: the plate's size in points is the same.
    at_100 = marker_size(*size)
    assert abs(plate_w / scaling - at_100[0]) <= 2
    assert abs(plate_h / scaling - at_100[1]) <= 2
    plate = (0.0, float(plate_w), 0.0, float(plate_h))
    shown = [t for t in ("R", "L", "Up", "Down") if labels[t].GetVisibility()]
    assert shown == ["R", "L", "Up", "Down"]
    boxes = {text: _box(labels[text], renderer) for text in (*shown, "Seen from the front")}
    for text, box in boxes.items():
        assert min(box[0], box[2]) >= 0, f"{text} is cut at the window's edge: {box}"
        assert box[1] <= plate[1], f"{text} leaves the plate on the right: {box}"
        assert box[3] <= plate[3], f"{text} leaves the plate at the top: {box}"
    words = list(boxes)
    for index, first in enumerate(words):
        for second in words[index + 1 :]:
            assert not _overlap(boxes[first], boxes[second]), f"{first} lies over {second}"
    canvas.close()
