"""The lighting shows the jaw colours as configured: a surface facing the camera comes out at
(nearly) the colour set, in its own hue, and a rounded surface's highlight does not burn out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scaninbox.domain import Jaw
from scaninbox.render import ScanScene, SceneInput, render_png
from scaninbox.scans import refine
from scaninbox.scans.mesh import Mesh
from scaninbox.settings import DEFAULT_JAW_COLOURS

from .pixels import load, scan_mask

SIZE = (200, 200)


def facing_plate() -> Mesh:
    """A flat square in the XZ plane, its front (+Y) towards the camera of the front view."""
    steps = 12
    xs, zs = np.meshgrid(np.linspace(-10, 10, steps), np.linspace(-10, 10, steps))
    points = np.stack([xs.ravel(), np.zeros(steps * steps), zs.ravel()], axis=1)
    faces = []
    for row in range(steps - 1):
        for col in range(steps - 1):
            a = row * steps + col
            faces += [(a, a + steps + 1, a + 1), (a, a + steps, a + steps + 1)]
    mesh = refine(Mesh(points.astype(np.float32), np.array(faces, np.int32), welded=True))
    assert mesh.normals is not None
    assert mesh.normals[:, 1].mean() > 0.99  # facing +Y
    return mesh


def ball() -> Mesh:
    rings, segments = 48, 96
    theta = np.linspace(0, np.pi, rings)[:, None]
    phi = np.linspace(0, 2 * np.pi, segments, endpoint=False)[None, :]
    points = np.stack(
        [np.sin(theta) * np.cos(phi), np.sin(theta) * np.sin(phi), np.cos(theta) + 0 * phi], -1
    ).reshape(-1, 3)
    faces = []
    for ring in range(rings - 1):
        for seg in range(segments):
            a, b = ring * segments + seg, ring * segments + (seg + 1) % segments
            faces += [(a, b + segments, b), (a, a + segments, b + segments)]
    mesh = refine(Mesh((10 * points).astype(np.float32), np.array(faces, np.int32), welded=True))
    assert mesh.normals is not None
    assert (mesh.normals * mesh.points).sum(axis=1).mean() > 9  # facing outwards
    return mesh


def configured(jaw: Jaw) -> np.ndarray:
    text = DEFAULT_JAW_COLOURS[jaw.value].lstrip("#")
    return np.array([int(text[i : i + 2], 16) for i in (0, 2, 4)], float)


@pytest.mark.parametrize("jaw", [Jaw.UPPER, Jaw.LOWER, Jaw.BITE])
def test_a_surface_facing_the_camera_shows_the_configured_colour(tmp_path: Path, jaw: Jaw) -> None:
    out = render_png([SceneInput(facing_plate(), jaw)], tmp_path / "plate.png", size=SIZE)
    pixels = load(out)
    centre = pixels[90:110, 90:110].reshape(-1, 3).mean(axis=0)
    ratio = centre / configured(jaw)
    # Before the lights were balanced a facing surface came out at 0.77–0.81 of the colour,
    # blue dimmed most (warm key light): the lower jaw's blue read as grey.
    assert np.all((ratio > 0.9) & (ratio < 1.03)), ratio
    assert np.ptp(ratio) < 0.03, ratio  # white light: the hue is the configured one


def test_a_rounded_surface_keeps_its_highlight_below_white(tmp_path: Path) -> None:
    out = render_png([SceneInput(ball(), Jaw.UPPER)], tmp_path / "ball.png", size=(300, 300))
    pixels = load(out)
    surface = pixels[scan_mask(pixels)]
    assert len(surface) > 15_000
    assert (surface >= 254).all(axis=1).mean() < 0.001  # no white blotch
    assert (surface >= 254).any(
        axis=1
    ).mean() < 0.02  # the ivory's red touches full only at the peak
    assert np.percentile(surface[:, 0], 99) > 0.9 * configured(Jaw.UPPER)[0]  # yet lit fully


def test_two_white_lights_light_the_scene(plotter: Any) -> None:
    # Every light costs on every pixel of every frame; the light kit's five made even an empty
    # frame dearer under llvmpipe than two (benchmarks/README.md).
    ScanScene(plotter).close()
    lights = plotter.renderer.GetLights()
    lights.InitTraversal()
    found = [lights.GetNextItem() for _ in range(lights.GetNumberOfItems())]
    switched_on = [light for light in found if light.GetSwitch()]
    assert len(switched_on) == 2  # the third one stands in for them while the camera moves
    assert all(light.GetDiffuseColor() == (1.0, 1.0, 1.0) for light in found)
    assert all(light.LightTypeIsCameraLight() for light in found)  # they turn with the view


def _plate_image(plotter: Any, scene: ScanScene, *, moving: bool) -> np.ndarray:
    plotter.render_window.SetDesiredUpdateRate(30.0 if moving else 0.0001)
    plotter.render_window.Render()
    assert scene.lights.is_moving is moving
    image: np.ndarray = np.asarray(plotter.screenshot(return_img=True), float)
    return image


def test_the_one_light_of_motion_lights_a_facing_surface_as_the_two_do(plotter: Any) -> None:
    # Letting go of the mouse must not make the scans brighten or darken.
    scene = ScanScene(plotter)
    scene.set_scan("plate", facing_plate(), jaw=Jaw.UPPER)
    scene.apply_view("front")
    plotter.renderer.SetUseFXAA(False)
    still = _plate_image(plotter, scene, moving=False)
    moving = _plate_image(plotter, scene, moving=True)
    height, width = still.shape[:2]
    centre = (slice(height // 3, 2 * height // 3), slice(width // 3, 2 * width // 3))
    still_centre, moving_centre = still[centre].mean(axis=(0, 1)), moving[centre].mean(axis=(0, 1))
    assert np.abs(moving_centre - still_centre).max() < 0.02 * 255
    switched = [light.GetSwitch() for light in (*scene.lights.still, scene.lights.moving)]
    assert switched == [0, 0, 1]
    scene.close()
