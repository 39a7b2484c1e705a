"""Choosing a distance map frames the painted jaw where it can be seen: in its occlusal view,
shown even when the view before hid it, and beside the map's legend (at the left edge) as well
as the list of scans — no part of the arch lies under the legend in the 3D view of a 1280×720
or a 1920×1080 screen's window."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.domain import Jaw
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render import View
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait, wait_loaded

ARCHES = ("upper.stl", "lower.stl")
# The 3D viewport (toolbar and view) in the app's window on these screens, as measured on
# screenshots under Xvfb + openbox: 1280×720 → 590×490, 1920×1080 (window 85 %) → 941×690.
VIEWPORT_SIZES = {"1280x720": (590, 490), "1920x1080": (941, 690)}


def _open(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
) -> ScanViewport:
    for name in ARCHES:
        provider.cache_file(name)
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES))
    wait_loaded(qtbot, viewport)
    return viewport


def _painted(viewport: ScanViewport, key: str) -> bool:
    state = viewport.scene.scan(key)
    return state is not None and state.field and not viewport.maps.busy


def _on_screen(viewport: ScanViewport) -> QRect:
    """The rectangle (stage coordinates) the shown scans' bounding boxes project to, as the
    camera is now: every point of the scans lies inside it."""
    from vtkmodules.vtkRenderingCore import vtkCoordinate

    viewport.view.render()
    where = vtkCoordinate()
    where.SetCoordinateSystemToWorld()
    xs, ys = [], []
    height = viewport.view.height()
    for state in viewport.scene:
        if not state.visible:
            continue
        x0, x1, y0, y1, z0, z1 = state.actor.GetBounds()
        for corner in ((x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (z0, z1)):
            where.SetValue(*corner)
            x, y = where.GetComputedDoubleDisplayValue(viewport.view.renderer)
            xs.append(x)
            ys.append(height - 1 - y)  # VTK counts from the bottom, Qt from the top
    assert xs, "nothing is shown"
    top_left = viewport.view.mapTo(viewport.stage, viewport.view.rect().topLeft())
    return QRect(
        top_left.x() + int(min(xs)),
        top_left.y() + int(min(ys)),
        int(max(xs) - min(xs)) + 1,
        int(max(ys) - min(ys)) + 1,
    )


@pytest.mark.parametrize("screen", sorted(VIEWPORT_SIZES))
@pytest.mark.parametrize("name", ["upper-lower", "lower-upper"])
def test_no_part_of_the_mapped_arch_lies_under_the_legend(
    qtbot: QtBot,
    host: QWidget,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
    screenshot: Callable[..., object],
    screen: str,
    name: str,
) -> None:
    width, height = VIEWPORT_SIZES[screen]
    host.resize(width, height)
    viewport = _open(qtbot, make_viewport, provider)
    qtbot.waitUntil(lambda: viewport.size().width() == width, timeout=WAIT_MS)
    maps = viewport.maps
    assert maps.show_map(name)
    target = maps.current.target if maps.current else None
    assert target is not None
    qtbot.waitUntil(lambda: _painted(viewport, target), timeout=WAIT_MS)
    legend = maps.legend
    assert legend.isVisible()
    arch = _on_screen(viewport)
    screenshot(viewport, f"viewer-map-framing-{screen}-{name}")
    assert not arch.intersects(legend.geometry()), (arch, legend.geometry())
    assert viewport.stage.rect().contains(arch)  # and nothing of it is outside the view
    scans = viewport.scans
    if not scans.folded:  # room for both: beside the list of scans too
        assert not arch.intersects(scans.geometry()), (arch, scans.geometry())
    # The legend, centred between its margin and the list's: nothing moved by hand since.
    assert viewport.scene.covered_left == pytest.approx(
        viewport.stage.covered_left_px / viewport.stage.width()
    )

    # Off: the scans take the view's left part again (and the list is as it was).
    maps.show_map(None)
    assert viewport.stage.covered_left_px == 0
    assert viewport.scene.covered_left == 0.0
    assert not scans.folded
    assert _on_screen(viewport).left() < legend.geometry().right()


def test_a_narrow_view_folds_the_scan_list_for_the_legend_and_gives_it_back(
    qtbot: QtBot,
    host: QWidget,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
) -> None:
    host.resize(*VIEWPORT_SIZES["1280x720"])
    viewport = _open(qtbot, make_viewport, provider)
    scans, maps = viewport.scans, viewport.maps
    assert not scans.folded
    assert maps.show_map("upper-lower")
    assert scans.folded  # the legend and the list together would leave the arch a sliver
    maps.show_map(None)
    assert not scans.folded

    # Unfolded by the person while a map shows: theirs; the legend still has its room.
    assert maps.show_map("upper-lower")
    scans.set_folded(False)
    assert not scans.folded
    assert viewport.scene.covered_left > 0
    maps.show_map(None)
    assert not scans.folded

    # Folded by the person before: still folded after the map.
    scans.set_folded(True)
    assert maps.show_map("upper-lower")
    maps.show_map(None)
    assert scans.folded


def test_choosing_a_map_shows_the_painted_jaw_in_its_occlusal_view(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    viewport = _open(qtbot, make_viewport, provider)
    upper, lower = viewport.scans.row("scan0"), viewport.scans.row("scan1")
    assert upper is not None
    assert lower is not None
    upper_state, lower_state = viewport.scene.scan("scan0"), viewport.scene.scan("scan1")
    assert upper_state is not None
    assert lower_state is not None
    assert lower_state.jaw is Jaw.LOWER

    # Looking up at the upper teeth hides the lower jaw; its map shows it, from above.
    viewport.set_view(View.UPPER)
    assert not lower.shown
    assert viewport.maps.show_map("lower-upper")
    assert viewport.camera.choice is View.LOWER
    assert lower.shown
    assert lower_state.visible
    assert not upper.shown  # the antagonist would cover the lower teeth
    qtbot.waitUntil(lambda: _painted(viewport, "scan1"), timeout=WAIT_MS)

    # A jaw the person hid is shown again when its map is chosen.
    viewport.set_view(View.FRONT)
    upper.eye.setChecked(False)
    assert not upper_state.visible
    viewport.maps.toggle.trigger()  # off
    assert viewport.maps.show_map("upper-lower")
    assert viewport.camera.choice is View.UPPER
    assert upper.shown
    assert upper_state.visible
    assert not lower.shown
