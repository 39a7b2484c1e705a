"""A large scan drawn in pieces that share its arrays: the same picture, one upload, picked and
painted as one scan; points uploaded without VTK's shifted copy where it adds nothing."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from vtkmodules.util.numpy_support import vtk_to_numpy

from scaninbox.domain import Jaw
from scaninbox.render import ScanScene, pieces, scene
from scaninbox.render.canvas import OffscreenCanvas
from scaninbox.render.offscreen import SceneInput, render_png
from scaninbox.render.pieces import piece_bounds, shift_scale_method, to_pieces
from scaninbox.scans import Mesh, build_lod, refine
from tests.render import pixels
from tests.unit.scans.meshfiles import arch_mesh


def _numpy(array: Any) -> np.ndarray:
    result: np.ndarray = vtk_to_numpy(array)  # type: ignore[no-untyped-call]
    return result


def _actors(plotter: Any) -> list[Any]:
    actors = plotter.renderer.GetActors()
    return [actors.GetItemAsObject(i) for i in range(actors.GetNumberOfItems())]


@pytest.mark.parametrize(
    ("n_faces", "most"), [(0, 10), (7, 10), (10, 10), (11, 10), (600_001, 150_000)]
)
def test_pieces_cover_the_triangles_in_order_in_equal_parts(n_faces: int, most: int) -> None:
    bounds = piece_bounds(n_faces, most)
    assert bounds[0][0] == 0
    assert bounds[-1][1] == n_faces
    assert all(stop == start for (_, stop), (start, _) in itertools.pairwise(bounds))
    sizes = [stop - start for start, stop in bounds]
    assert max(sizes) <= most
    assert max(sizes) - min(sizes) <= 1
    assert len(bounds) == max(1, -(-n_faces // most))  # no more pieces than needed


def test_the_pieces_share_the_meshs_arrays(coloured_arch: Mesh) -> None:
    parts = to_pieces(coloured_arch, most=coloured_arch.n_faces // 3 - 1)
    assert len(parts) == 4  # just under a third each: one piece more
    points = parts[0].GetPoints()
    assert np.shares_memory(_numpy(points.GetData()), coloured_arch.points)
    for part in parts:
        assert part.GetPoints() is points  # one object: one buffer in OpenGL
        data = part.GetPointData()
        assert data.GetNormals() is parts[0].GetPointData().GetNormals()
        assert data.GetArray("colours") is parts[0].GetPointData().GetArray("colours")
        connectivity = _numpy(part.GetPolys().GetConnectivityArray())
        assert np.shares_memory(connectivity, coloured_arch.faces)
    joined = np.concatenate([_numpy(p.GetPolys().GetConnectivityArray()) for p in parts])
    np.testing.assert_array_equal(joined, coloured_arch.faces.reshape(-1))


@pytest.fixture(scope="module")
def two_arches() -> list[SceneInput]:
    points, faces = arch_mesh(400, 41)  # 2 × 32k triangles, in pieces of 5k below
    upper = refine(Mesh(points, faces, welded=True))
    lower_points = np.ascontiguousarray(points * np.float32([1, 1, -1]) + np.float32([0, 0, -3]))
    lower = refine(Mesh(lower_points, np.ascontiguousarray(faces[:, ::-1]), welded=True))
    return [SceneInput(upper), SceneInput(lower, jaw=Jaw.LOWER)]


def test_pieces_draw_the_picture_of_the_whole_scan(
    two_arches: list[SceneInput], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pieces, "PIECE_TRIANGLES", 5_000)
    in_pieces = pixels.load(render_png(two_arches, tmp_path / "pieces.png", size=(480, 320)))
    monkeypatch.setattr(scene, "to_pieces", lambda mesh: to_pieces(mesh, most=10**9))
    whole = pixels.load(render_png(two_arches, tmp_path / "whole.png", size=(480, 320)))
    assert pixels.scan_mask(whole).sum() > 5000  # the arches are in the picture
    np.testing.assert_array_equal(in_pieces, whole)


def test_every_piece_is_shown_picked_and_painted_as_the_scan(
    plotter: Any, arch: Mesh, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pieces, "PIECE_TRIANGLES", arch.n_faces // 3 + 1)
    scan_scene = ScanScene(plotter)
    state = scan_scene.set_scan("u", arch, jaw=Jaw.UPPER)
    assert len(state.pieces) == 3
    assert state.pieces[0] is state.actor
    assert all(piece in _actors(plotter) for piece in state.pieces)
    scan_scene.set_colour("u", "#102030")
    scan_scene.set_opacity("u", 0.5)
    scan_scene.set_visible("u", False)
    for piece in state.pieces:
        assert piece.GetProperty().GetColor() == pytest.approx((16 / 255, 32 / 255, 48 / 255))
        assert piece.GetProperty().GetOpacity() == 0.5
        assert not piece.GetVisibility()
    scan_scene.set_visible("u", True)
    low, high = arch.points.min(axis=0), arch.points.max(axis=0)
    whole = (low[0], high[0], low[1], high[1], low[2], high[2])
    assert scan_scene.visible_bounds() == pytest.approx(whole, abs=1e-4)
    # A distance map: one array, on every piece (OpenGL holds it once).
    colours = np.full((arch.n_points, 3), 200, np.uint8)
    assert scan_scene.set_field_colours("u", colours)
    painted = [
        piece.GetMapper().GetInput().GetPointData().GetArray("field_colours")
        for piece in state.pieces
    ]
    assert all(array is painted[0] for array in painted)
    assert all(piece.GetMapper().GetArrayName() == "field_colours" for piece in state.pieces)
    scan_scene.close()


def test_in_motion_every_piece_gives_way_to_the_coarse_copy(
    plotter: Any, arch: Mesh, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pieces, "PIECE_TRIANGLES", arch.n_faces // 3 + 1)
    scan_scene = ScanScene(plotter)
    state = scan_scene.set_scan("u", arch, jaw=Jaw.UPPER)
    scan_scene.set_lod("u", build_lod(arch))
    window = plotter.render_window
    window.SetDesiredUpdateRate(30.0)  # what VTK's interactor does while the mouse drags
    window.Render()
    assert state.lod_actor is not None
    assert state.lod_actor.GetVisibility()
    assert not any(piece.GetVisibility() for piece in state.pieces)
    window.SetDesiredUpdateRate(0.0001)
    window.Render()
    assert not state.lod_actor.GetVisibility()
    assert all(piece.GetVisibility() for piece in state.pieces)
    scan_scene.close()


def test_a_picked_point_on_a_later_piece_is_in_the_scans_frame(
    plotter: Any, arch: Mesh, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vtkmodules.vtkRenderingCore import vtkCellPicker

    monkeypatch.setattr(pieces, "PIECE_TRIANGLES", arch.n_faces // 3 + 1)
    scan_scene = ScanScene(plotter)
    state = scan_scene.set_scan("u", arch, jaw=Jaw.UPPER)
    scan_scene.fit()
    plotter.render_window.Render()
    picker = vtkCellPicker()
    picker.PickFromListOn()
    for piece in state.pieces:
        picker.AddPickList(piece)
    last = state.pieces[-1]
    # Aim at the centre of a triangle of the last piece, as seen on screen.
    face = arch.faces[-arch.n_faces // 6]
    target = arch.points[face].mean(axis=0)
    renderer = plotter.renderer
    renderer.SetWorldPoint(*target, 1.0)
    renderer.WorldToDisplay()
    x, y, _ = renderer.GetDisplayPoint()
    assert picker.Pick(x, y, 0, renderer)
    assert picker.GetActor() is last
    picked = np.array(picker.GetPickPosition())
    assert np.linalg.norm(picked - target) < 0.5  # mm, in the scan's own coordinates
    scan_scene.close()


def test_replacing_with_a_smaller_mesh_drops_the_surplus_pieces(
    plotter: Any, arch: Mesh, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pieces, "PIECE_TRIANGLES", arch.n_faces // 3 + 1)
    scan_scene = ScanScene(plotter)
    first = scan_scene.set_scan("u", arch, jaw=Jaw.UPPER, opacity=0.7)
    surplus = first.pieces[1:]
    small = refine(Mesh(*arch_mesh(30, 8), welded=True))
    state = scan_scene.set_scan("u", small)
    assert state.pieces == (first.actor,)  # the first piece keeps its place and settings
    assert state.actor.GetProperty().GetOpacity() == 0.7
    assert not any(piece in _actors(plotter) for piece in surplus)
    scan_scene.remove_scan("u")
    assert first.actor not in _actors(plotter)
    scan_scene.close()


def test_points_near_the_origin_go_up_without_a_shifted_copy(arch: Mesh) -> None:
    from vtkmodules.vtkRenderingCore import vtkPolyDataMapper

    near = to_pieces(arch)[0]
    assert shift_scale_method(near) == vtkPolyDataMapper.DISABLE_SHIFT_SCALE
    far_away = arch.replace(points=arch.points + np.float32([4e5, 0, 0]))
    assert shift_scale_method(to_pieces(far_away)[0]) == vtkPolyDataMapper.AUTO_SHIFT_SCALE


def test_without_the_shifted_copy_no_pixel_moves_visibly(
    two_arches: list[SceneInput], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vtkmodules.vtkRenderingCore import vtkPolyDataMapper

    ours = pixels.load(render_png(two_arches, tmp_path / "ours.png", size=(480, 320)))
    monkeypatch.setattr(scene, "shift_scale_method", lambda _: vtkPolyDataMapper.AUTO_SHIFT_SCALE)
    vtks = pixels.load(render_png(two_arches, tmp_path / "vtk.png", size=(480, 320)))
    gap = np.abs(ours - vtks).max(axis=2)
    scan = pixels.scan_mask(vtks).sum()
    # Measured: ~20 pixels of 67k on the arches' silhouettes differ, by one level of 255.
    assert gap.max() <= 2
    assert (gap > 0).sum() < scan * 0.002


def test_a_flat_shaded_soup_without_the_shifted_copy_keeps_its_look(
    two_arches: list[SceneInput], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first look's soup: facet normals from screen-space derivatives, more sensitive to
    rounding — isolated speckles, nearly all within a few levels."""
    from vtkmodules.vtkRenderingCore import vtkPolyDataMapper

    arch = two_arches[0].mesh
    soup = Mesh(
        np.ascontiguousarray(arch.points[arch.faces].reshape(-1, 3)),
        np.arange(arch.n_faces * 3, dtype=np.int32).reshape(-1, 3),
    )
    ours = pixels.load(render_png([SceneInput(soup)], tmp_path / "ours.png", size=(640, 480)))
    monkeypatch.setattr(scene, "shift_scale_method", lambda _: vtkPolyDataMapper.AUTO_SHIFT_SCALE)
    vtks = pixels.load(render_png([SceneInput(soup)], tmp_path / "vtk.png", size=(640, 480)))
    gap = np.abs(ours - vtks).max(axis=2)
    scan = pixels.scan_mask(vtks).sum()
    # The real arch's soup at 1280×960 stays well inside these bounds (benchmarks/README.md).
    assert (gap > 0).sum() < scan * 0.03
    assert (gap > 4).sum() < scan * 0.001
    assert gap.max() <= 40


def test_the_pieces_share_one_buffer_of_points_uploaded_without_a_shifted_copy(
    coloured_arch: Mesh,
) -> None:
    """VTK's buffer cache hands every piece's mapper the one buffer of the shared points (and
    normals): OpenGL holds them once. Near the origin the buffer is the points as they
    are (no shift, no scale: no shifted copy kept beside it); with VTK's automatic choice an
    arch gets shifted and scaled (and the copy). Measured on a 600k soup's first frame (bare
    window, shaders compiled before): less memory without VTK's choice, the same in pieces
    (benchmarks/README.md)."""
    from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

    canvas = OffscreenCanvas((200, 150))
    try:
        mappers: dict[str, list[Any]] = {"ours": [], "vtk": []}
        for name, mesh in (("ours", coloured_arch), ("vtk", coloured_arch.replace())):
            for part in to_pieces(mesh, most=mesh.n_faces // 3 + 1):
                mapper = vtkPolyDataMapper()
                mapper.SetInputData(part)
                mapper.SetScalarModeToUsePointFieldData()
                mapper.SelectColorArray("colours")
                method = shift_scale_method(part) if name == "ours" else mapper.AUTO_SHIFT_SCALE
                mapper.SetVBOShiftScaleMethod(method)
                actor = vtkActor()
                actor.SetMapper(mapper)
                canvas.add_actor(actor)
                mappers[name].append(mapper)
        canvas.renderer.ResetCamera()
        canvas.render_window.Render()
        for name, group in mappers.items():
            assert len(group) == 3
            # (Colours are mapped to RGBA by each mapper: 4 bytes a point per piece, not shared.)
            for attribute in ("vertexMC", "normalMC"):
                buffers = {m.GetVBOs().GetVBO(attribute).GetAddressAsString("") for m in group}
                assert len(buffers) == 1, (name, attribute)  # one buffer for every piece
            vertices = group[0].GetVBOs().GetVBO("vertexMC")
            assert vertices.GetCoordShiftAndScaleEnabled() == (name == "vtk")
    finally:
        canvas.close()
