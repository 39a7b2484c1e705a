"""Every view against the tooth chart: real geometry with markers at known teeth, judged by pixels.

Dental photo convention (``scaninbox.render.views``): the front, upper and lower views show the
patient's right on the viewer's left; the upper occlusal view has the incisors at the top, the
lower one at the bottom; the left view looks at the patient's left side (incisors on the
viewer's left), the right view at the patient's right side (incisors on the viewer's right).

The arches are the sandbox's procedural ones (canonical frame), with two tall columns standing on
the occlusal side: red on the canine of the patient's right (13 / 43), green on the second molar
of the patient's left (27 / 37). They are checked as drawn in the canonical frame, and as every
sandbox portal exports them (its own axes), read back through its ``axisMapping``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import numpy as np
import pytest

from scaninbox.domain import Jaw
from scaninbox.render import SceneInput, View, render_png
from scaninbox.sandbox.arch_layout import arch_layout
from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch
from scaninbox.sandbox.axes import to_portal_frame
from scaninbox.sandbox.portals import PORTALS
from scaninbox.scans import Mesh, orient, read_mesh, refine, resolve_orientation

from .pixels import load

SIZE = (320, 240)
RED, GREEN = "#ff0000", "#00ff00"
JawName = Literal["upper", "lower"]
_MARKED = {"upper": (13, 27), "lower": (43, 37)}


@cache
def _arch(jaw: JawName) -> tuple[np.ndarray, np.ndarray]:
    mesh = build_arch(ArchRecipe(jaw=jaw, seed=7), spacing_mm=0.6)
    return mesh.vertices, mesh.faces


def _column(centre: np.ndarray, *, pointing: float) -> Mesh:
    """A closed 3×3 mm box through the arch at ``centre``: 25 mm out of its occlusal side
    (``pointing`` × Z) and 45 mm out of its base, so that every view sees it."""
    x, y, z = (float(c) for c in centre)
    lo, hi = sorted((z + pointing * 25.0, z - pointing * 45.0))
    corners = np.array(
        [[x + dx, y + dy, zz] for zz in (lo, hi) for dy in (-1.5, 1.5) for dx in (-1.5, 1.5)],
        np.float32,
    )
    quads = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    # Wound so that every face looks out of the box (its inside has the "inside" colour).
    faces = np.array([t for a, b, c, d in quads for t in ((a, c, b), (a, d, c))], np.int32)
    return Mesh(corners, faces, welded=True, name="marker")


def _marked_scene(jaw: JawName) -> list[tuple[Mesh, str | None]]:
    """The arch and its two markers in the canonical frame, each with the colour it is drawn in."""
    points, faces = _arch(jaw)
    layout = arch_layout(jaw, third_molars=(False, False))
    by_fdi = {slot.fdi: slot for slot in layout.slots}
    occlusal = float(points[:, 2].min() if jaw == "upper" else points[:, 2].max())
    pointing = -1.0 if jaw == "upper" else 1.0
    parts: list[tuple[Mesh, str | None]] = [(Mesh(points, faces, welded=True, name=jaw), None)]
    for fdi, colour in zip(_MARKED[jaw], (RED, GREEN), strict=True):
        xy, _ = layout.frame(np.array([by_fdi[fdi].center_s_mm]))
        parts.append((_column(np.array([*xy[0], occlusal]), pointing=pointing), colour))
    return parts


def _picture(tmp_path: Path, scans: list[SceneInput], view: View, name: str) -> np.ndarray:
    return load(render_png(scans, tmp_path / f"{name}.png", size=SIZE, view=view))


def _where(pixels: np.ndarray, colour: str) -> tuple[float, float]:
    """Centre (x, y) in pixels of the pure-ish ``colour`` in the picture."""
    r, g, b = (pixels[..., i] for i in range(3))
    mask = (r - g > 90) & (r - b > 90) if colour == RED else (g - r > 90) & (g - b > 90)
    assert mask.sum() > 12, f"the {colour} marker is not in the picture"
    rows, cols = np.nonzero(mask)
    return float(cols.mean()), float(rows.mean())


def _check(pixels: np.ndarray, view: View, jaw: JawName) -> None:
    """The red marker (patient's right, anterior) against the green one (left, posterior)."""
    (red_x, red_y), (green_x, green_y) = _where(pixels, RED), _where(pixels, GREEN)
    if view in (View.FRONT, View.UPPER, View.LOWER):
        assert red_x < green_x, f"{view} view of the {jaw} arch: patient's right not on the left"
    if view is View.UPPER:
        assert red_y < green_y, "upper view: the incisors must be at the top"
    if view is View.LOWER:
        assert red_y > green_y, "lower view: the incisors must be at the bottom"
    if view is View.LEFT:
        assert red_x < green_x, "left view: the incisors must be on the viewer's left"
    if view is View.RIGHT:
        assert red_x > green_x, "right view: the incisors must be on the viewer's right"


@pytest.mark.parametrize("jaw", ["upper", "lower"])
@pytest.mark.parametrize("view", list(View))
def test_views_follow_the_tooth_chart(tmp_path: Path, view: View, jaw: JawName) -> None:
    scans = [
        SceneInput(mesh, Jaw.UPPER if jaw == "upper" else Jaw.LOWER, colour=colour)
        for mesh, colour in _marked_scene(jaw)
    ]
    _check(_picture(tmp_path, scans, view, f"{jaw}-{view}"), view, jaw)


@pytest.mark.parametrize("portal", PORTALS, ids=lambda p: p.name)
@pytest.mark.parametrize("view", list(View))
def test_every_portal_convention_gives_the_same_sides(
    tmp_path: Path, view: View, portal: object
) -> None:
    from scaninbox.sandbox.portals import Portal

    assert isinstance(portal, Portal)
    jaw: JawName = "lower" if view is not View.UPPER else "upper"
    orientation = resolve_orientation(portal.axis_mapping, portal=portal.name)
    assert orientation.note is None
    scans = []
    for mesh, colour in _marked_scene(jaw):
        exported = mesh.replace(points=to_portal_frame(mesh.points, portal.axis_mapping))
        oriented = orient(exported, orientation.matrix)
        scans.append(SceneInput(oriented, Jaw(jaw), colour=colour))
    _check(_picture(tmp_path, scans, view, f"{portal.id}-{view}"), view, jaw)


@pytest.mark.realscans
@pytest.mark.parametrize("view", [View.FRONT, View.UPPER])
def test_the_real_upper_arch_shows_the_patients_right_on_the_left(
    tmp_path: Path, realscans: Path, view: View
) -> None:
    # Example_01: X is the patient's left, anterior −Y, occlusal −Z (realscans README).
    raw = refine(read_mesh(realscans / "Example_01_binary.stl"))
    mesh = orient(raw, resolve_orientation("-x,-y,z", portal="the real scans").matrix)
    # In the file's own axes: red on the last tooth of the patient's right (smallest x),
    # green on the patient's left (largest x); both stand on the occlusal side.
    scans = [SceneInput(mesh, Jaw.UPPER)]
    for index, colour in (
        (int(np.argmin(raw.points[:, 0])), RED),
        (int(np.argmax(raw.points[:, 0])), GREEN),
    ):
        base = mesh.points[index].astype(np.float64)
        scans.append(SceneInput(_column(base, pointing=-1.0), Jaw.UPPER, colour=colour))
    pixels = _picture(tmp_path, scans, view, f"real-{view}")
    (red_x, red_y), (green_x, _) = _where(pixels, RED), _where(pixels, GREEN)
    assert red_x < green_x
    if view is View.UPPER:
        # Incisors at the top: the molar markers are in the lower half of the picture.
        assert red_y > SIZE[1] / 2
