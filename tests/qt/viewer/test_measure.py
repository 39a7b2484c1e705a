"""Measuring distances: two clicks on the surface give a length in mm; several stay; Backspace
takes the last away, Esc clears, a new case clears."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from scaninbox.qt.viewer.measure_tool import display_point
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render import View
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import show_and_wait, wait_loaded


def click_at(qtbot: QtBot, viewport: ScanViewport, world: tuple[float, float, float]) -> None:
    x, y = display_point(viewport.view, world)
    qtbot.mouseClick(viewport.view, Qt.MouseButton.LeftButton, pos=QPoint(round(x), round(y)))


@pytest.fixture
def plate_viewport(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> ScanViewport:
    """A flat 40 × 20 mm plate in the plane z = 0, seen from below (the "upper" view)."""
    provider.cache_file("plate.stl")
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case("plate.stl"))
    wait_loaded(qtbot, viewport)
    viewport.set_view(View.UPPER)
    viewport.scene_image()  # draw once in the new view before picking in it
    return viewport


def test_two_clicks_measure_the_distance_in_mm(
    qtbot: QtBot, plate_viewport: ScanViewport, screenshot: Callable[..., object]
) -> None:
    viewport = plate_viewport
    messages: list[str] = []
    viewport.statusMessage.connect(messages.append)
    viewport.view.setFocus()
    qtbot.keyClick(viewport.view, Qt.Key.Key_M)
    assert viewport.measure_tool.active
    assert viewport.controls.measure.isChecked()
    click_at(qtbot, viewport, (-15.0, 4.0, 0.0))
    assert len(viewport.measure_tool.points) == 1
    with qtbot.waitSignal(viewport.measure_tool.measured) as measured:
        click_at(qtbot, viewport, (15.0, -4.0, 0.0))
    result = measured.args[0]
    assert result.distance_mm == pytest.approx((30.0**2 + 8.0**2) ** 0.5, abs=0.15)
    assert messages == [f"Distance 1: {result.label}"]
    assert viewport.measure_tool.points == []  # finished: nothing in progress
    start, end = result.start, result.end
    assert start[2] == pytest.approx(0.0, abs=1e-3)  # on the surface
    assert end[2] == pytest.approx(0.0, abs=1e-3)
    screenshot(viewport, "viewer-measure")
    # Esc clears the measurement; a second Esc leaves the measuring mode.
    qtbot.keyClick(viewport.view, Qt.Key.Key_Escape)
    assert viewport.measure_tool.points == []
    assert viewport.measure_tool.measurement is None
    assert viewport.measure_tool.active
    qtbot.keyClick(viewport.view, Qt.Key.Key_Escape)
    assert not viewport.measure_tool.active
    assert not viewport.controls.measure.isChecked()


def test_a_scan_drawn_in_pieces_is_measured_across_them(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A large scan is drawn as several actors (`scaninbox.render.pieces`): a click picks on
    any of them, in the scan's own millimetres."""
    from scaninbox.render import pieces

    monkeypatch.setattr(pieces, "PIECE_TRIANGLES", 100)
    provider.cache_file("plate.stl")
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case("plate.stl"))
    wait_loaded(qtbot, viewport)
    viewport.set_view(View.UPPER)
    viewport.scene_image()
    state = next(iter(viewport.scene))
    assert len(state.pieces) > 2
    viewport.controls.measure.trigger()
    click_at(qtbot, viewport, (-15.0, 4.0, 0.0))
    with qtbot.waitSignal(viewport.measure_tool.measured) as measured:
        click_at(qtbot, viewport, (15.0, -4.0, 0.0))
    result = measured.args[0]
    assert result.distance_mm == pytest.approx((30.0**2 + 8.0**2) ** 0.5, abs=0.15)
    assert result.start[2] == pytest.approx(0.0, abs=1e-3)


def test_clicks_off_the_scan_or_outside_measuring_pick_nothing(
    qtbot: QtBot, plate_viewport: ScanViewport
) -> None:
    viewport = plate_viewport
    click_at(qtbot, viewport, (0.0, 0.0, 0.0))  # not measuring: a click only
    assert viewport.measure_tool.points == []
    viewport.controls.measure.trigger()
    click_at(qtbot, viewport, (60.0, 0.0, 0.0))  # beside the plate
    assert viewport.measure_tool.points == []
    assert viewport.measure_tool.pick(*display_point(viewport.view, (5.0, 5.0, 0.0))) == (
        pytest.approx(5.0, abs=0.1),
        pytest.approx(5.0, abs=0.1),
        pytest.approx(0.0, abs=1e-3),
    )


def test_measurements_add_up_until_undone_cleared_or_the_case_changes(
    qtbot: QtBot, plate_viewport: ScanViewport, screenshot: Callable[..., object]
) -> None:
    viewport = plate_viewport
    tool = viewport.measure_tool
    messages: list[str] = []
    viewport.statusMessage.connect(messages.append)
    renderer = viewport.view.renderer

    def labels() -> int:
        return sum(a.GetClassName() == "vtkActor2D" for a in renderer.actors.values())

    before = labels()
    tool.set_active(True)
    tool.add_point((-10.0, 0.0, 0.0))
    assert tool.add_point((10.0, 0.0, 0.0)) is not None
    assert tool.add_point((0.0, -8.0, 0.0)) is None  # a third point starts the next one
    assert tool.points == [(0.0, -8.0, 0.0)]
    assert [m.label for m in tool.measurements] == ["20.00 mm"]  # the first one stays
    tool.add_point((0.0, 8.0, 0.0))
    tool.add_point((-15.0, -8.0, 0.0))
    tool.add_point((-15.0, 2.0, 0.0))
    assert [m.label for m in tool.measurements] == ["20.00 mm", "16.00 mm", "10.00 mm"]
    assert messages[-1] == "Distance 3: 10.00 mm"
    assert labels() == before + 3  # every measurement keeps its label on screen
    screenshot(viewport, "viewer-measurements")
    viewport.view.setFocus()
    qtbot.keyClick(viewport.view, Qt.Key.Key_Backspace)
    assert [m.label for m in tool.measurements] == ["20.00 mm", "16.00 mm"]
    assert labels() == before + 2
    tool.add_point((5.0, 5.0, 0.0))
    qtbot.keyClick(viewport.view, Qt.Key.Key_Backspace)  # the point in progress goes first
    assert tool.points == []
    assert len(tool.measurements) == 2
    # A new case clears what was measured on the old one.
    viewport.show_case(None)
    assert labels() == before
    assert tool.measurements == []
    assert tool.measurement is None
    assert tool.points == []
