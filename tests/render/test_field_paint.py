"""A distance map painted on a scan's own actor: the rendered pixels show each point's band
colour where that point is on screen; off gives the jaw colour back; the map survives motion
(level of detail) and goes with the mesh it was made for."""

from __future__ import annotations

import colorsys
from typing import Any

import numpy as np

from scaninbox.domain import Jaw
from scaninbox.render import ScanScene, View
from scaninbox.render.colour_map import BITE_THROUGH, ColourScale, MapKind
from scaninbox.scans import build_lod, refine
from scaninbox.scans.mesh import Mesh
from tests.qt.viewer.meshes import plate


def _plate() -> Mesh:
    points, faces = plate(40.0, 20.0, 40)
    return refine(Mesh(points, faces, welded=True, name="plate"))


def _pixel_at(plotter: Any, world: tuple[float, float, float]) -> tuple[int, int, int]:
    """The rendered colour where ``world`` lands on screen."""
    from vtkmodules.vtkRenderingCore import vtkCoordinate

    plotter.render_window.Render()
    image = np.asarray(plotter.screenshot(return_img=True))
    where = vtkCoordinate()
    where.SetCoordinateSystemToWorld()
    where.SetValue(*world)
    x, y = where.GetComputedDisplayValue(plotter.renderer)
    red, green, blue = image[image.shape[0] - 1 - y, x][:3].tolist()
    return red, green, blue


def _hue(rgb: tuple[int, int, int]) -> float:
    return colorsys.rgb_to_hsv(*(c / 255 for c in rgb))[0]


def _same_hue(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    gap = abs(_hue(a) - _hue(b))
    return min(gap, 1 - gap) < 0.03


def test_each_point_shows_the_colour_of_its_band_where_it_lies(plotter: Any) -> None:
    """Left half inside the antagonist (−0.2 mm), right half 0.45 mm away; the pixels over
    points of each half show bite-through magenta and the 0.4–0.5 band's colour."""
    mesh = _plate()
    values = np.where(mesh.points[:, 0] < 0, -0.2, 0.45)
    scale = ColourScale.default(MapKind.CLEARANCE)
    band = scale.bands[4].colour
    assert scale.bands[4].low_mm == 0.4
    scene = ScanScene(plotter, jaw_colours={"upper": "#e8dcc4"})
    scene.set_scan("u", mesh, jaw=Jaw.UPPER)
    scene.apply_view(View.UPPER)
    plain = _pixel_at(plotter, (10.0, 0.0, 0.0))
    assert scene.set_field_colours("u", scale.colours(values))
    inside, apart = _pixel_at(plotter, (-10.0, 0.0, 0.0)), _pixel_at(plotter, (10.0, 0.0, 0.0))
    assert _same_hue(inside, BITE_THROUGH), inside
    assert _same_hue(apart, band), (apart, band)
    assert not _same_hue(apart, plain)
    # A range one step tighter moves 0.45 mm into another band: the pixel follows.
    tighter = ColourScale.from_mm(MapKind.CLEARANCE, 0.0, 0.5)
    scene.set_field_colours("u", tighter.colours(values))
    assert _same_hue(_pixel_at(plotter, (10.0, 0.0, 0.0)), tighter.bands[4].colour)
    # Off: the jaw colour again.
    scene.set_field_colours("u", None)
    assert _pixel_at(plotter, (10.0, 0.0, 0.0)) == plain
    scene.close()


def test_the_map_shows_while_the_view_moves_and_goes_with_its_mesh(plotter: Any) -> None:
    mesh = _plate()
    scale = ColourScale.default(MapKind.CLEARANCE)
    scene = ScanScene(plotter)
    state = scene.set_scan("u", mesh, jaw=Jaw.UPPER)
    lod = build_lod(mesh, 0.2)
    scene.set_lod("u", lod)
    lod_actor = state.lod_actor
    assert lod_actor is not None
    values = np.full(mesh.n_points, -1.0)
    # Without the level of detail's colours the full mesh is drawn in motion.
    scene.set_field_colours("u", scale.colours(values))
    plotter.render_window.SetDesiredUpdateRate(30.0)
    plotter.render_window.Render()
    assert state.actor.GetVisibility()
    assert not lod_actor.GetVisibility()
    scene.set_field_colours("u", scale.colours(values), scale.colours(np.full(lod.n_points, -1.0)))
    plotter.render_window.Render()
    assert lod_actor.GetVisibility()
    assert not state.actor.GetVisibility()
    assert lod_actor.GetMapper().GetArrayName() == "field_colours"
    # Colours for another mesh are refused; a new mesh under the key drops the map.
    assert not scene.set_field_colours("u", scale.colours(values[:10]))
    assert not state.field
    scene.set_field_colours("u", scale.colours(values))
    scene.set_scan("u", _plate())
    assert not state.field
    assert state.actor.GetMapper().GetArrayName() == "colours"
    scene.close()
