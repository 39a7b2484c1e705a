"""The undercut map in the viewport, on the real arch whose 16 (a natural molar, prescribed a
crown) bulges over its neck: measured off the GUI thread, each painted point's depth is QC's own
(`scaninbox.qc.undercut`) to 0.05 mm, the legend reads mm, the view turns to the jaw's occlusal
side; a case without a prepared tooth has the entry greyed out with the reason."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

import scaninbox.qt.viewer.distance_maps as distance_maps
from scaninbox.domain import Case, CaseRef, Jaw, ScanFile, Worktype
from scaninbox.qc import ScanInput, check_scans
from scaninbox.qc.arch_frame import arch_frame
from scaninbox.qc.occlusion import Arch
from scaninbox.qc.scan_checks import check_mesh
from scaninbox.qc.undercut import best_axis, tooth_walls
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render import View
from scaninbox.render.colour_map import NEUTRAL, NO_UNDERCUT, ColourScale, MapKind
from scaninbox.scans import read_mesh
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait, wait_loaded

ARCH = "Example_01_binary.stl"


@pytest.fixture
def provider(realscans: Path, tmp_path: Path) -> FolderProvider:
    server = tmp_path / "server"
    server.mkdir()
    shutil.copy(realscans / ARCH, server / "upper.stl")
    provider = FolderProvider(server, tmp_path / "cache")
    provider.cache_file("upper.stl")
    return provider


def _case(*worktypes: Worktype) -> Case:
    scan = ScanFile(
        filename="upper.stl", file_type="stl", scan_type="preparationScan", jaw=Jaw.UPPER
    )
    return Case(
        ref=CaseRef("uc-1"),
        source="Test portal",
        scan_files=(scan,),
        worktypes=worktypes,
        received_at=datetime(2026, 1, 1, tzinfo=UTC),
    )


CROWN_16 = Worktype(category="Fixed", restoration_type="Crown", material="Zirconia", fdi="16")


def _painted(viewport: ScanViewport, key: str) -> np.ndarray | None:
    from vtkmodules.util.numpy_support import vtk_to_numpy

    state = viewport.scene.scan(key)
    assert state is not None
    array = state.actor.GetMapper().GetInput().GetPointData().GetArray("field_colours")
    if array is None or not state.field:
        return None
    colours: np.ndarray = vtk_to_numpy(array)  # type: ignore[no-untyped-call]
    return colours


def _qc_depths(path: Path) -> dict[tuple[float, float, float], float]:
    """QC's own undercut depth of each wall point of 16 on its best axis, by position."""
    geometry = check_mesh(read_mesh(path, name="upper.stl"), jaw="upper", file="upper.stl")[1]
    frame = arch_frame(geometry.points, geometry.edges, upper=True)
    found = tooth_walls(Arch("upper", "upper.stl", geometry), frame, 16, {})
    assert found is not None
    region, index = found
    result = best_axis(
        region.points, region.weights, region.normals, region.balanced, frame.occlusal
    )
    points = geometry.points[index]
    return {tuple(p): float(d) for p, d in zip(points.tolist(), result.depth, strict=True)}


def test_the_undercut_map_paints_qc_s_depths_on_the_prepared_tooth(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
    realscans: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    threads: list[threading.Thread] = []
    measure = distance_maps._undercut_fields

    def on_which_thread(*args: Any) -> Any:
        threads.append(threading.current_thread())
        return measure(*args)

    monkeypatch.setattr(distance_maps, "_undercut_fields", on_which_thread)
    viewport = make_viewport(provider)  # the file's own frame: points comparable with QC's
    show_and_wait(qtbot, viewport, _case(CROWN_16))
    wait_loaded(qtbot, viewport)
    maps = viewport.maps
    assert maps.actions["undercut-upper"].isEnabled()
    viewport.set_view(View.FRONT)

    assert maps.show_map("undercut-upper")
    assert maps.busy  # measured on a worker thread: show_map came back first
    qtbot.waitUntil(lambda: _painted(viewport, "scan0") is not None, timeout=WAIT_MS)
    assert threads
    assert all(t is not threading.main_thread() for t in threads)
    # 16's walls from the patient's right (the occlusal view would hide the undercut), the
    # painted scan alone.
    assert viewport.camera.choice is View.RIGHT
    shown = [state.key for state in viewport.scene if state.visible]
    assert shown == ["scan0"]

    mesh = viewport.sink.meshes["scan0"]
    measured = maps._measured.field(mesh) if maps._measured else None
    assert measured is not None
    # Every painted wall point's depth is QC's for the same place, to 0.05 mm.
    expected = _qc_depths(realscans / ARCH)
    on_walls = np.isfinite(measured)
    assert on_walls.sum() > 1000
    paired = [
        (float(measured[i]), expected[key])
        for i, key in enumerate(map(tuple, mesh.points.tolist()))
        if on_walls[i] and key in expected
    ]
    assert len(paired) >= 0.99 * on_walls.sum()
    got, want = np.array(paired).T
    assert np.abs(got - want).max() < 0.05
    # And its deepest point is the undercut finding's, as deep.
    crown_case = _case(CROWN_16)
    qc = check_scans([ScanInput(realscans / ARCH, Jaw.UPPER, "upper.stl")], case=crown_case).result
    (undercut,) = [f for f in qc.findings if f.kind == "undercut"]
    assert float(np.nanmax(measured)) == pytest.approx(undercut.number("depth_mm"), abs=0.05)
    deepest = mesh.points[int(np.nanargmax(measured))]
    assert np.linalg.norm(deepest - np.asarray(undercut.center_mm)) < 1.0

    # The colours: bands of 0.1 mm over 0.1-1.0 mm, no undercut pale green, the rest neutral.
    scale = ColourScale.default(MapKind.UNDERCUT)
    colours = _painted(viewport, "scan0")
    assert colours is not None
    assert np.array_equal(colours, scale.colours(measured))
    assert np.all(colours[~on_walls] == NEUTRAL)
    assert np.all(colours[on_walls & (measured < 0.09)] == NO_UNDERCUT)
    middle = on_walls & (np.abs(measured - 0.35) < 0.03)
    assert middle.any()
    assert np.all(colours[middle] == scale.bands[2].colour)  # the 0.3-0.4 mm band

    legend = maps.legend
    assert legend.title.text() == "Undercut, mm"
    assert legend.bar.tick_labels()[0] == "1.0"
    assert legend.bar.tick_labels()[-1] == "0.1"
    assert [text for text, _ in scale.outside_labels()] == [
        "under 0.1: no undercut",
        "not a prepared wall",
    ]
    assert legend.status.text().startswith("Deepest undercut 2.52 mm")


def test_without_a_prepared_tooth_the_undercut_map_is_greyed_out_with_the_reason(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    veneer = Worktype(category="Removable", restoration_type="Denture", fdi="16")
    viewport = make_viewport(provider, mapping=None)
    show_and_wait(qtbot, viewport, _case(veneer))
    action = viewport.maps.actions["undercut"]
    assert not action.isEnabled()
    assert "prescribes no prepared tooth" in action.toolTip()
    assert not viewport.maps.show_map("undercut")
