"""The 3D view's inputs belong to the case they were set on: a colour range narrowed, a scan
hidden or made see-through, and a distance measured on one patient's scans are not applied to
the next case's (real meshes rendered under Xvfb)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render.colour_map import ColourScale, MapKind
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait, wait_loaded

ARCHES = ("upper.stl", "lower.stl")


@pytest.fixture
def provider(generated: Path, tmp_path: Path) -> FolderProvider:
    made = FolderProvider(generated, tmp_path / "cache")
    for name in ARCHES:
        made.cache_file(name)
    return made


def test_the_next_case_starts_with_its_own_range_scans_and_no_measurement(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES, ref="case-a"))
    wait_loaded(qtbot, viewport)
    maps = viewport.maps
    assert maps.show_map("upper-lower")
    qtbot.waitUntil(lambda: not maps.busy, timeout=WAIT_MS)
    maps.legend.high.setValue(0.8)  # the person reads case A's tight contacts
    assert maps.scale == ColourScale.from_mm(MapKind.CLEARANCE, 0.0, 0.8)
    upper, lower = viewport.scans.rows()
    lower.eye.click()
    upper.opacity.setValue(40)
    viewport.measure_tool.set_active(True)
    viewport.measure_tool.add_point((-10.0, 0.0, 0.0))
    assert viewport.measure_tool.add_point((10.0, 0.0, 0.0)) is not None

    show_and_wait(qtbot, viewport, generated_case(*ARCHES, ref="case-b"))
    wait_loaded(qtbot, viewport)
    assert maps.current is None  # no map on show for the new case
    assert all(row.shown and row.opacity.value() == 100 for row in viewport.scans.rows())
    for key in ("scan0", "scan1"):
        state = viewport.scene.scan(key)
        assert state is not None
        assert (state.visible, state.opacity) == (True, 1.0)
    assert viewport.measure_tool.measurements == []
    assert maps.show_map("upper-lower")
    default = ColourScale.default(MapKind.CLEARANCE)
    assert maps.scale == default
    assert (maps.legend.low.value(), maps.legend.high.value()) == (
        default.low_mm,
        default.high_mm,
    )
