"""The clearance and reduction colour maps in the viewport: measured off the GUI thread, each
point's colour is the band of its distance, bite-through in its own colour, the range recolours
without measuring again, the rendered pixels show it, off restores the jaw colours, and a case
without an antagonist says why there is no clearance map."""

from __future__ import annotations

import colorsys
import importlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

import scaninbox.qt.viewer.distance_maps as distance_maps
from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render import View
from scaninbox.render.colour_map import BITE_THROUGH, ColourScale, MapKind
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait, wait_loaded
from tests.qt.viewer.meshes import plate, upper_arch, write_stl

DEPTH_MM = 0.3  # how far the upper arch's lowest points lie inside the flat antagonist
PLANE_Z = 2.0 + DEPTH_MM  # the upper arch's lowest point is at z = 2


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    server = tmp_path / "server"
    server.mkdir()
    points, faces = upper_arch()
    write_stl(server / "upper.stl", (points, faces))
    # A flat antagonist facing up (toward the upper teeth), wide enough for the whole arch.
    flat_points, flat_faces = plate(120.0, 120.0, 60)
    flat_points[:, 2] = PLANE_Z
    write_stl(server / "lower_flat.stl", (flat_points, np.ascontiguousarray(flat_faces[:, ::-1])))
    # The same arch before the preparation, and prepared: the cusp tips on the patient's left
    # (x > 0) taken up into the tooth by 0.8 mm.
    prepared = points.copy()
    tips = (points[:, 2] < 3.5) & (points[:, 0] > 5)
    prepared[tips, 2] += 0.8
    write_stl(server / "upper_prepared.stl", (prepared, faces))
    write_stl(server / "upper_before.stl", (points, faces))
    return server


@pytest.fixture
def cached_provider(folder: Path, tmp_path: Path) -> FolderProvider:
    provider = FolderProvider(folder, tmp_path / "cache")
    for path in folder.iterdir():
        provider.cache_file(path.name)
    return provider


def _open(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider, case: Case
) -> ScanViewport:
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, case)
    wait_loaded(qtbot, viewport)
    return viewport


def _painted(viewport: ScanViewport, key: str) -> np.ndarray | None:
    from vtkmodules.util.numpy_support import vtk_to_numpy

    state = viewport.scene.scan(key)
    assert state is not None
    array = state.actor.GetMapper().GetInput().GetPointData().GetArray("field_colours")
    if array is None or not state.field:
        return None
    colours: np.ndarray = vtk_to_numpy(array)  # type: ignore[no-untyped-call]
    return colours


def _hue(rgb: Any) -> float:
    return colorsys.rgb_to_hsv(*(float(c) / 255 for c in rgb))[0]


def test_clearance_map_colours_match_the_distances_and_follow_the_range(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    cached_provider: FolderProvider,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    threads: list[threading.Thread] = []
    measure = distance_maps._fields

    def on_which_thread(*args: Any) -> Any:
        threads.append(threading.current_thread())
        return measure(*args)

    monkeypatch.setattr(distance_maps, "_fields", on_which_thread)
    viewport = _open(
        qtbot, make_viewport, cached_provider, generated_case("upper.stl", "lower_flat.stl")
    )
    maps = viewport.maps
    assert maps.button.isEnabled()
    state = viewport.scene.scan("scan0")
    assert state is not None
    actor, bounds = state.actor, state.actor.GetBounds()

    assert maps.show_map("upper-lower")
    # Measuring happens on a worker thread: show_map came back before the first colour.
    assert maps.busy
    assert _painted(viewport, "scan0") is None
    qtbot.waitUntil(lambda: _painted(viewport, "scan0") is not None, timeout=WAIT_MS)
    assert threads
    assert all(t is not threading.main_thread() for t in threads)

    # The distances: each point's height over the flat antagonist (negative: inside it).
    mesh = viewport.sink.meshes["scan0"]
    expected = mesh.points[:, 2].astype(np.float64) - PLANE_Z
    near = np.abs(expected) < 2.99
    measured = maps._measured.field(mesh) if maps._measured else None
    assert measured is not None
    assert np.abs(measured[near] - expected[near]).max() < 0.05
    assert maps.legend.status.text() == f"Bite-through up to {DEPTH_MM:.2f} mm."
    legend = maps.legend
    assert legend.title.text() == "Clearance, mm"
    assert legend.bar.tick_labels()[0] == "2.0"
    assert legend.bar.tick_labels()[-1] == "0.0"
    assert viewport.stage.rect().contains(legend.geometry())  # nothing cut off

    # Each point's colour is the band of its distance; the points inside are magenta.
    scale = ColourScale.default(MapKind.CLEARANCE)
    colours = _painted(viewport, "scan0")
    assert colours is not None
    assert np.array_equal(colours, scale.colours(measured))
    inside = expected < -0.05
    assert inside.sum() > 50
    assert np.all(colours[inside] == BITE_THROUGH)
    for band in scale.bands[:10]:  # well inside each band, so rounding cannot matter
        middle = np.abs(expected - (band.low_mm + band.high_mm) / 2) < 0.02
        assert np.all(colours[middle] == band.colour), band

    # One step off the range's end: recoloured at once, nothing measured again.
    before = [id(values) for _mesh, values in maps._measured.fields.values()]
    maps.legend.high.setValue(1.9)
    assert async_bridge.running_task(maps, "measure") is None
    assert [id(v) for _m, v in maps._measured.fields.values()] == before
    tighter = ColourScale.from_mm(MapKind.CLEARANCE, 0.0, 1.9)
    colours = _painted(viewport, "scan0")
    assert colours is not None
    assert np.array_equal(colours, tighter.colours(measured))
    assert not np.array_equal(colours, scale.colours(measured))
    assert legend.bar.tick_labels()[0] == "1.9"

    # The same actor, where it was: the map mirrors and moves nothing.
    assert viewport.scene.scan("scan0") is state
    assert state.actor is actor
    assert state.actor.GetBounds() == bounds

    # The other jaw's map, then this one again: kept, so painted at once.
    assert maps.show_map("lower-upper")
    qtbot.waitUntil(lambda: _painted(viewport, "scan1") is not None, timeout=WAIT_MS)
    assert _painted(viewport, "scan0") is None  # one map at a time
    assert maps.show_map("upper-lower")
    assert async_bridge.running_task(maps, "measure") is None
    assert _painted(viewport, "scan0") is not None

    # Off: the jaw's own colours again.
    maps.show_map(None)
    assert _painted(viewport, "scan0") is None
    assert state.actor.GetMapper().GetArrayName() == "colours"
    assert not maps.legend.isVisible()


def test_the_rendered_map_shows_bite_through_and_band_colours_where_the_points_are(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], cached_provider: FolderProvider
) -> None:
    from vtkmodules.vtkRenderingCore import vtkCoordinate

    viewport = _open(
        qtbot, make_viewport, cached_provider, generated_case("upper.stl", "lower_flat.stl")
    )
    viewport.set_view(View.UPPER)  # looking up at the upper teeth, the antagonist hidden
    viewport.maps.show_map("upper-lower")
    qtbot.waitUntil(lambda: _painted(viewport, "scan0") is not None, timeout=WAIT_MS)
    viewport.view.render()  # as on screen (the camera as the coordinates below see it)
    image = np.asarray(viewport.view.screenshot(return_img=True))
    mesh = viewport.sink.meshes["scan0"]
    normals = mesh.normals
    assert normals is not None
    height = mesh.points[:, 2] - PLANE_Z
    facing = normals[:, 2] < -0.6  # toward the camera below
    scale = ColourScale.default(MapKind.CLEARANCE)
    renderer = viewport.view.renderer
    where = vtkCoordinate()
    where.SetCoordinateSystemToWorld()
    checks = {
        "bite-through": (facing & (height < -0.1), BITE_THROUGH),
        "0.3–0.4 mm": (facing & (np.abs(height - 0.35) < 0.03), scale.bands[3].colour),
    }
    for label, (chosen, colour) in checks.items():
        indices = np.flatnonzero(chosen)[:40]
        assert len(indices) >= 10, label
        hits = 0
        for index in indices:
            where.SetValue(*mesh.points[index].astype(float))
            x, y = where.GetComputedDisplayValue(renderer)
            pixel = image[image.shape[0] - 1 - y, x]
            gap = abs(_hue(pixel) - _hue(colour))
            hits += min(gap, 1 - gap) < 0.03
        assert hits >= 0.8 * len(indices), (label, hits, len(indices))


def test_reduction_map_shows_what_was_removed_on_the_preparation_scan(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], cached_provider: FolderProvider
) -> None:
    case = Case(
        ref=CaseRef("prep-1"),
        source="Test portal",
        scan_files=(
            ScanFile(
                filename="upper_prepared.stl",
                file_type="stl",
                scan_type="preparationScan",
                jaw=Jaw.UPPER,
            ),
            ScanFile(
                filename="upper_before.stl",
                file_type="stl",
                scan_type="prePreparationScan",
                jaw=Jaw.UPPER,
            ),
        ),
    )
    viewport = _open(qtbot, make_viewport, cached_provider, case)
    maps = viewport.maps
    assert not maps.actions["upper-lower"].isEnabled()
    assert maps.actions["reduction-upper"].isEnabled()
    assert maps.show_map("reduction-upper")
    qtbot.waitUntil(lambda: _painted(viewport, "scan0") is not None, timeout=WAIT_MS)
    prepared = viewport.sink.meshes["scan0"]
    assert maps._measured is not None
    removed = maps._measured.field(prepared)
    assert removed is not None
    # Taken up by 0.8 mm: never more removed than that (the closest point of the surface
    # before may lie aside); the side that was not touched had nothing removed.
    moved = removed > 0.05
    assert moved.sum() > 50
    assert removed.max() <= 0.8 + 0.05
    assert np.median(removed[moved]) > 0.3
    assert np.all(prepared.points[moved, 0] > 5)
    assert np.all(removed[prepared.points[:, 0] < 0] == 0.0)
    colours = _painted(viewport, "scan0")
    assert colours is not None
    assert np.array_equal(colours, ColourScale.default(MapKind.REDUCTION).colours(removed))
    assert maps.legend.title.text() == "Removed, mm"


def test_without_an_antagonist_the_map_control_is_disabled_and_says_why(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], cached_provider: FolderProvider
) -> None:
    viewport = _open(qtbot, make_viewport, cached_provider, generated_case("upper.stl"))
    maps = viewport.maps
    assert not maps.button.isEnabled()
    assert "no lower jaw scan: there is no antagonist" in maps.button.toolTip()
    assert not maps.actions["upper-lower"].isEnabled()
    assert "antagonist" in maps.actions["upper-lower"].toolTip()
    assert not maps.show_map("upper-lower")
    maps.toggle.trigger()  # the C key does nothing either
    assert maps.current is None
    assert _painted(viewport, "scan0") is None
    # With the antagonist the control comes back.
    show_and_wait(qtbot, viewport, generated_case("upper.stl", "lower_flat.stl", ref="gen-2"))
    assert maps.button.isEnabled()
    assert maps.actions["upper-lower"].isEnabled()


def test_measuring_shows_how_far_it_has_come(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    cached_provider: FolderProvider,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Small chunks, so that the small test arch is measured in many (a real arch has
    # hundreds of thousands of points: one report per 20 000).
    # (The package's face names a function `clearance_field` too: the module by its name.)
    module = importlib.import_module("scaninbox.qc.clearance_field")
    monkeypatch.setattr(module, "CHUNK_POINTS", 500)
    viewport = _open(
        qtbot, make_viewport, cached_provider, generated_case("upper.stl", "lower_flat.stl")
    )
    legend = viewport.maps.legend
    shown: list[str] = []
    set_status = legend.set_status

    def seen(text: str) -> None:
        shown.append(text)
        set_status(text)

    monkeypatch.setattr(legend, "set_status", seen)
    assert viewport.maps.show_map("upper-lower")
    qtbot.waitUntil(lambda: _painted(viewport, "scan0") is not None, timeout=WAIT_MS)
    progress = [t for t in shown if t.startswith("Measuring… ") and t.endswith("%")]
    assert len(progress) >= 3, shown
    percents = [int(t.removeprefix("Measuring… ").removesuffix("%")) for t in progress]
    assert percents == sorted(percents)
    assert 0 < percents[-1] <= 100
    assert legend.status.text() == f"Bite-through up to {DEPTH_MM:.2f} mm."  # then the result
