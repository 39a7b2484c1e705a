"""The list of scans floats over the top right of the 3D view: the scans are centred and fitted
beside it, S (or its title) folds it to a small tab and the scans take the whole view, long
names are shortened with the whole name (and file) in the tooltip."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QEvent, QObject, Qt
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.qt.viewer.scan_list import PANEL_WIDTH_PX, ScanList
from scaninbox.qt.viewer.viewport import ScanViewport
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import show_and_wait, wait_loaded
from tests.render.pixels import centroid, scan_mask

ARCHES = ("upper.stl", "lower.stl")
MARGIN_PX = 8


def on_screen_x(viewport: ScanViewport) -> float:
    """Where the scans are in the view as drawn (``scene_image`` centres on the whole picture)."""
    viewport.view.render()
    frame = np.asarray(viewport.view.screenshot(return_img=True)).astype(np.int16)
    return centroid(scan_mask(frame))[0]


def test_the_scans_are_centred_beside_the_list_and_take_the_view_when_it_folds(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
    screenshot: Callable[..., object],
) -> None:
    for name in ARCHES:
        provider.cache_file(name)
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES))
    wait_loaded(qtbot, viewport)
    stage, panel = viewport.stage, viewport.scans
    assert panel.parentWidget() is stage
    assert panel.isVisible()
    assert panel.width() == PANEL_WIDTH_PX
    assert panel.geometry().right() == stage.width() - MARGIN_PX - 1
    assert panel.geometry().top() == MARGIN_PX
    assert stage.covered_px == PANEL_WIDTH_PX + 2 * MARGIN_PX
    free = 1 - stage.covered_px / stage.width()
    assert abs(on_screen_x(viewport) - free / 2) < 0.05
    screenshot(viewport, "viewer-scan-list")
    # A saved picture is centred on itself: the list is not in it.
    assert abs(centroid(scan_mask(viewport.scene_image().astype(np.int16)))[0] - 0.5) < 0.05

    viewport.view.setFocus()
    qtbot.keyClick(viewport.view, Qt.Key.Key_S)
    assert panel.folded
    assert not panel.area.isVisible()
    assert panel.fold_button.text() == "Scans (2)"
    assert panel.width() < PANEL_WIDTH_PX * 2 // 3
    assert stage.covered_px == 0
    assert abs(on_screen_x(viewport) - 0.5) < 0.05
    screenshot(viewport, "viewer-scan-list-folded")

    qtbot.mouseClick(panel.fold_button, Qt.MouseButton.LeftButton)
    assert not panel.folded
    assert panel.area.isVisible()
    assert stage.covered_px == PANEL_WIDTH_PX + 2 * MARGIN_PX


def test_a_long_name_is_shortened_and_the_tooltip_has_it_all(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    before = ScanFile(
        filename="lower_before_preparation.stl",
        file_type="stl",
        scan_type="PrePreparationScan",
        jaw=Jaw.LOWER,
    )
    case = Case(
        ref=CaseRef("gen-prep"),
        source="Test portal",
        scan_files=(
            ScanFile(
                filename="lower.stl", file_type="stl", scan_type="preparationScan", jaw=Jaw.LOWER
            ),
            before,
        ),
    )
    provider.cache_file("lower.stl")
    viewport = make_viewport(provider)
    viewport.show_case(case)
    row = viewport.scans.rows()[1]
    qtbot.waitUntil(lambda: row.title.width() > 0 and row.title.text() != row.title.full_text)
    assert row.title.full_text == "Lower jaw (before preparation)"
    assert row.title.text().endswith("…")
    assert row.title.toolTip() == "Lower jaw (before preparation)\nlower_before_preparation.stl"
    assert row.filename.toolTip() == row.title.toolTip()


class FirstPaint(QObject):
    """At the panel's first paint after its rows came: whether every row shows in full."""

    def __init__(self, panel: ScanList) -> None:
        super().__init__()
        self.panel = panel
        self.seen: list[tuple[int, int, bool, list[bool]]] = []
        panel.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.seen:
            panel = self.panel
            room = panel.area.viewport().height()
            self.seen.append(
                (
                    panel.height(),
                    panel.preferred_height(panel.width()),
                    panel.area.verticalScrollBar().isVisible(),
                    [row.isVisible() and row.geometry().bottom() < room for row in panel.rows()],
                )
            )
        return False


def test_rows_show_at_full_height_in_the_panels_first_frame_with_them(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    viewport = make_viewport(provider)
    viewport.window().resize(1280, 720)
    panel = viewport.scans
    qtbot.waitUntil(lambda: viewport.stage.width() > 1000)
    first = FirstPaint(panel)
    viewport.show_case(generated_case(*ARCHES))  # the rows come at once, the scans later
    qtbot.waitUntil(lambda: bool(first.seen))
    height, wanted, scroll_bar, rows_in_full = first.seen[0]
    assert rows_in_full == [True, True]
    assert not scroll_bar
    assert height == wanted
    assert height > 2 * panel.rows()[0].height()
