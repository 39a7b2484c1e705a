"""ScanScene on an off-screen plotter: jaw colours, replacing, visibility, LOD, measuring."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import pyvista as pv

from scaninbox.domain import Jaw
from scaninbox.render import ScanScene, View, add_measurement, configure_antialiasing, measure
from scaninbox.scans import build_lod
from scaninbox.scans.mesh import Mesh


def _rgb(hex_colour: str) -> tuple[float, ...]:
    return tuple(int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))


def _frame(plotter: Any) -> None:
    """Draw one frame now (pyvista's render() waits for a first show())."""
    plotter.render_window.Render()


def _lod_shown(scene: ScanScene) -> bool:
    return scene.showing_lod


def _soup(mesh: Mesh) -> Mesh:
    return Mesh(
        np.ascontiguousarray(mesh.points[mesh.faces].reshape(-1, 3)),
        np.arange(mesh.n_faces * 3, dtype=np.int32).reshape(-1, 3),
    )


def test_jaws_get_their_colours(plotter: Any, arch: Mesh) -> None:
    scene = ScanScene(plotter, jaw_colours={"upper": "#ff0000", "lower": "#00ff00"})
    upper = scene.set_scan("u", arch, jaw=Jaw.UPPER)
    lower = scene.set_scan("l", arch, jaw=Jaw.LOWER)
    bite = scene.set_scan("b", arch, jaw=Jaw.BITE)
    assert upper.actor.GetProperty().GetColor() == (1.0, 0.0, 0.0)
    assert lower.actor.GetProperty().GetColor() == (0.0, 1.0, 0.0)
    assert bite.colour == "#d4d4d4"  # no colour configured for bites here: neutral
    assert len(scene) == 3
    scene.close()


def test_default_colours_come_from_the_settings(plotter: Any, arch: Mesh) -> None:
    from scaninbox.settings import DEFAULT_JAW_COLOURS

    scene = ScanScene(plotter)
    state = scene.set_scan("u", arch, jaw=Jaw.LOWER)
    assert state.actor.GetProperty().GetColor() == pytest.approx(_rgb(DEFAULT_JAW_COLOURS["lower"]))
    scene.close()


def test_replacing_the_soup_keeps_camera_visibility_and_colour(plotter: Any, arch: Mesh) -> None:
    scene = ScanScene(plotter)
    first = scene.set_scan("scan", _soup(arch), jaw=Jaw.LOWER, colour="#123456")
    assert first.actor.GetProperty().GetInterpolationAsString() == "Flat"
    scene.apply_view(View.LEFT)
    _frame(plotter)
    camera = plotter.camera.position, plotter.camera.focal_point, plotter.camera.up
    scene.set_visible("scan", False)
    scene.set_opacity("scan", 0.5)
    refined = scene.set_scan("scan", arch)
    assert refined.actor is first.actor
    assert refined.actor.GetMapper().GetInput().GetNumberOfPoints() == arch.n_points
    assert refined.actor.GetProperty().GetInterpolationAsString() == "Phong"
    assert not refined.actor.GetVisibility()
    assert refined.actor.GetProperty().GetOpacity() == 0.5
    assert refined.colour == "#123456"
    _frame(plotter)
    assert (plotter.camera.position, plotter.camera.focal_point, plotter.camera.up) == camera
    scene.close()


def test_a_shown_scan_holds_one_copy_and_its_predecessor_none(plotter: Any, arch: Mesh) -> None:
    """The scene draws a mesh over its own arrays (no copy in VTK), and a replaced mesh's
    arrays are let go when its successor is handed in, not only after the next frame has
    uploaded the successor: both alive at once would hold the scan twice."""
    import gc
    import weakref

    from vtkmodules.util.numpy_support import vtk_to_numpy

    scene = ScanScene(plotter)
    soup = _soup(arch)
    state = scene.set_scan("scan", soup)
    _frame(plotter)  # uploaded: VTK's buffers now refer to the soup's arrays
    for piece in state.pieces:
        poly = piece.GetMapper().GetInput()
        assert np.shares_memory(vtk_to_numpy(poly.GetPoints().GetData()), soup.points)
        assert np.shares_memory(vtk_to_numpy(poly.GetPolys().GetConnectivityArray()), soup.faces)
    points_gone = weakref.ref(soup.points)
    del soup, piece, poly
    gc.collect()
    assert points_gone() is not None  # on screen: the scene holds it
    refined = scene.set_scan("scan", arch)
    gc.collect()
    assert points_gone() is None  # before any frame drew the refined mesh
    poly = refined.actor.GetMapper().GetInput()
    assert np.shares_memory(vtk_to_numpy(poly.GetPoints().GetData()), arch.points)
    assert np.shares_memory(vtk_to_numpy(poly.GetPointData().GetNormals()), arch.normals)
    _frame(plotter)  # the successor is uploaded and drawn as usual
    assert refined.actor.GetMapper().GetInput().GetNumberOfPoints() == arch.n_points
    scene.close()


def test_vertex_colours_switch(plotter: Any, arch: Mesh, coloured_arch: Mesh) -> None:
    scene = ScanScene(plotter)
    with_colours = scene.set_scan("c", coloured_arch)
    plain = scene.set_scan("p", arch)
    assert with_colours.actor.GetMapper().GetScalarVisibility()
    assert not plain.actor.GetMapper().GetScalarVisibility()  # nothing to show
    scene.set_vertex_colours(False)
    assert not with_colours.actor.GetMapper().GetScalarVisibility()
    scene.set_vertex_colours(True, key="c")
    assert with_colours.actor.GetMapper().GetScalarVisibility()
    scene.close()


def test_coarse_copy_is_drawn_only_while_interacting(plotter: Any, arch: Mesh) -> None:
    scene = ScanScene(plotter)
    state = scene.set_scan("scan", arch)
    scene.set_lod("scan", build_lod(arch))
    window = plotter.render_window
    _frame(plotter)
    assert not _lod_shown(scene)
    assert state.actor.GetVisibility()
    assert state.lod_actor is not None
    assert not state.lod_actor.GetVisibility()
    plotter.renderer.SetUseFXAA(True)
    # What VTK's interactor does while the mouse drags: raise the desired frame rate.
    window.SetDesiredUpdateRate(30.0)
    _frame(plotter)
    assert _lod_shown(scene)
    assert not state.actor.GetVisibility()
    assert state.lod_actor.GetVisibility()
    assert not plotter.renderer.GetUseFXAA()  # paused while moving
    assert [light.GetSwitch() for light in scene.lights.still] == [0, 0]  # one light instead
    assert scene.lights.moving.GetSwitch()
    window.SetDesiredUpdateRate(0.0001)
    _frame(plotter)
    assert not _lod_shown(scene)
    assert state.actor.GetVisibility()
    assert plotter.renderer.GetUseFXAA()
    assert [light.GetSwitch() for light in scene.lights.still] == [1, 1]  # the full look again
    assert not scene.lights.moving.GetSwitch()
    # A hidden scan stays hidden in both states.
    scene.set_visible("scan", False)
    window.SetDesiredUpdateRate(30.0)
    _frame(plotter)
    assert not state.actor.GetVisibility()
    assert not state.lod_actor.GetVisibility()
    scene.close()


def test_a_draft_frame_is_drawn_without_fxaa_and_the_next_one_with_it(
    plotter: Any, arch: Mesh
) -> None:
    scene = ScanScene(plotter)
    scene.set_scan("scan", arch)
    plotter.renderer.SetUseFXAA(True)
    # What the Qt view says while it draws a still's first picture.
    pv.set_new_attribute(plotter, "draft_frame", True)
    _frame(plotter)
    assert not plotter.renderer.GetUseFXAA()
    assert [light.GetSwitch() for light in scene.lights.still] == [1, 1]  # the full look else
    assert not scene.showing_lod
    plotter.draft_frame = False
    _frame(plotter)
    assert plotter.renderer.GetUseFXAA()
    # A draft in motion, then motion ends on a draft: FXAA comes back only with the smooth one.
    plotter.draft_frame = True
    plotter.render_window.SetDesiredUpdateRate(30.0)
    _frame(plotter)
    plotter.render_window.SetDesiredUpdateRate(0.0001)
    _frame(plotter)
    assert not plotter.renderer.GetUseFXAA()
    plotter.draft_frame = False
    _frame(plotter)
    assert plotter.renderer.GetUseFXAA()
    scene.close()


def test_replacing_with_another_shape_can_drop_the_lod(plotter: Any, arch: Mesh) -> None:
    scene = ScanScene(plotter)
    scene.set_scan("scan", arch)
    scene.set_lod("scan", build_lod(arch))
    state = scene.set_scan("scan", arch, keep_lod=False)
    assert state.lod_actor is None
    scene.remove_scan("scan")
    assert scene.scan("scan") is None
    assert not [name for name in plotter.renderer.actors if name.startswith(("scan:", "lod:"))]
    scene.close()


def test_visible_bounds_ignore_hidden_scans(plotter: Any, arch: Mesh) -> None:
    scene = ScanScene(plotter)
    scene.set_scan("a", arch)
    far = arch.replace(points=arch.points + np.float32(100))
    scene.set_scan("b", far)
    both = scene.visible_bounds()
    scene.set_visible("b", False)
    one = scene.visible_bounds()
    assert both is not None
    assert one is not None
    assert one[1] < both[1]
    assert one == pytest.approx(arch.bounds, abs=1e-4)
    scene.close()


def test_unknown_keys_are_named(plotter: Any) -> None:
    scene = ScanScene(plotter)
    with pytest.raises(KeyError, match="nope"):
        scene.set_visible("nope", True)
    scene.close()


def test_software_opengl_gets_fxaa_instead_of_msaa(plotter: Any) -> None:
    name = configure_antialiasing(plotter)
    assert name is not None
    if "llvmpipe" not in name.lower():
        pytest.skip(f"hardware OpenGL here ({name})")
    assert plotter.render_window.GetMultiSamples() == 0
    assert plotter.renderer.GetUseFXAA()


def test_measurement_line_and_label(plotter: Any, arch: Mesh) -> None:
    scene = ScanScene(plotter)
    scene.set_scan("a", arch)
    result = measure((0, 0, 0), (3, 4, 12))
    assert result.distance_mm == 13.0
    assert result.label == "13.00 mm"
    assert result.midpoint == (1.5, 2.0, 6.0)
    before = len(plotter.renderer.actors)
    actors = add_measurement(plotter, result)
    assert len(plotter.renderer.actors) == before + 2  # the line and the label
    assert actors.line.GetMapper().GetInput().GetNumberOfPoints() == 2
    _frame(plotter)
    actors.remove()
    assert len(plotter.renderer.actors) == before
    with pytest.raises(ValueError, match="three finite"):
        measure((0, 0), (1, 1, 1))
    scene.close()
