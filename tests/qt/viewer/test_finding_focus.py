"""A QC finding clicked in the QC tab flies the 3D view to it: the camera's focal point goes to
the finding's centre turned by the case's orientation (the centre is in the scan file's own
coordinates), and a ring marks it on screen."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.domain import Jaw
from scaninbox.qc import ScanInput, check_scans
from scaninbox.qt.case_pane.qc_tab import QcTab
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.scans import resolve_orientation
from tests.qc.shapes import arch, punch
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import FakeDialogs, show_and_wait
from tests.qt.viewer.meshes import write_stl

_MAPPING = "y,-x,z"  # a portal whose axes are not ours: the centre must be turned


def test_a_finding_click_flies_the_camera_to_its_turned_centre_and_rings_it(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, tmp_path: Path,
    make_viewport: Callable[..., ScanViewport],
) -> None:  # fmt: skip
    server = tmp_path / "server"
    server.mkdir()
    points, faces = arch("upper", spacing_mm=0.5)
    tip = points[np.argmin(np.where(points[:, 0] < -10, points[:, 2], np.inf))]
    kept, removed = punch(points, faces, tip, 1.5)
    assert removed
    write_stl(server / "upper.stl", (points, kept))
    provider = FolderProvider(server, tmp_path / "cache")
    provider.cache_file("upper.stl")
    result = check_scans([ScanInput(server / "upper.stl", Jaw.UPPER)]).result
    holes = [f for f in result.scans[0].findings if f.kind == "hole"]
    assert len(holes) == 1
    assert holes[0].center_mm is not None

    viewport = make_viewport(provider, mapping=_MAPPING)
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    matrix = resolve_orientation(_MAPPING).matrix
    expected = matrix @ np.asarray(holes[0].center_mm)
    assert not np.allclose(expected, holes[0].center_mm, atol=1.0)  # the turn matters here
    before = np.asarray(viewport.view.renderer.GetActiveCamera().GetFocalPoint())
    assert not np.allclose(before, expected, atol=1.0)

    tab = QcTab(provider, FakeDialogs())
    qtbot.addWidget(tab)
    tab.resize(900, 500)
    tab.show()
    qtbot.waitExposed(tab)
    tab.show_result(result)
    tab.findingActivated.connect(
        lambda finding, _file: viewport.show_finding(
            finding.center_mm, kind=finding.kind, figures=finding.figures
        )
    )
    group = next(
        tab.findings.topLevelItem(i)
        for i in range(tab.findings.topLevelItemCount())
        if tab.findings.topLevelItem(i).text(0) == "Hole"
    )
    item = group.child(0)
    rect = tab.findings.visualItemRect(item)
    with qtbot.waitSignal(tab.findingActivated):
        qtbot.mouseClick(tab.findings.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    focal = np.asarray(viewport.view.renderer.GetActiveCamera().GetFocalPoint())
    assert focal == pytest.approx(expected, abs=1e-3)
    assert viewport.finding_focus.point == pytest.approx(tuple(expected), abs=1e-3)
    image = viewport.scene_image()
    ring = (image[..., 0] > 200) & (image[..., 1] < 90) & (image[..., 2] > 170)
    assert ring.sum() > 30  # the magenta ring is on screen

    viewport.show_case(None)  # another case: the mark goes with the old one
    assert viewport.finding_focus.point is None
