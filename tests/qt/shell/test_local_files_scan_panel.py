"""The "Local files" window with several files, one of them no scan: the Scans panel is whole on
screen — every row's show/hide button and opacity slider inside the view, the reason a file
cannot be shown readable to its end — and "Try again" is not offered for a file that was read
and is no scan (reading it again changes nothing). Real files, the real window, under Xvfb."""

from __future__ import annotations

import gc
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.local_files_window import LocalFilesWindow
from scaninbox.qt.viewer.scan_list import RowState
from tests.qt.viewer.meshes import lower_arch, upper_arch, write_stl
from tests.unit.scans.meshfiles import ply

WAIT_MS = 60_000  # a real 3D viewer and real scans on a busy machine


@pytest.fixture(autouse=True)
def _release_vtk_here() -> Iterator[None]:
    yield
    gc.collect()


def _on_screen(widget: QWidget, within: QWidget) -> QRect:
    """``widget``'s rectangle in ``within``'s coordinates."""
    return QRect(widget.mapTo(within, widget.rect().topLeft()), widget.size())


def test_several_files_and_one_that_is_no_scan_keep_the_scan_panel_whole(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    realscans: Path,
    tmp_path: Path,
    screenshot: Callable[..., object],
) -> None:
    folder = tmp_path / "Patient Müller-Lüdenscheidt 2026-03-01"
    folder.mkdir()
    real = Path(shutil.copy(realscans / "Example_01_binary.stl", folder / "Example_01.stl"))
    upper = folder / "Mueller_Luedenscheidt_UpperJaw_preparation_scan.stl"
    write_stl(upper, upper_arch())
    lower = folder / "Mueller_Luedenscheidt_LowerJaw_antagonist_scan.ply"
    points, faces = lower_arch()
    lower.write_bytes(ply(points, faces.tolist()))
    notes = folder / "Mueller_Luedenscheidt_lab_notes_for_the_technician.stl"
    notes.write_text("Shade A2, margin chamfer, please call the clinic first.\n" * 40)

    app = make_app(files=(real, upper, lower, notes))
    qtbot.waitUntil(lambda: app._local_files is not None, timeout=WAIT_MS)
    window: LocalFilesWindow = app.local_files()
    window.resize(1100, 660)  # its size on a 1280×720 screen
    qtbot.waitUntil(window.isVisible, timeout=WAIT_MS)

    def settled() -> bool:
        viewport = window.viewport
        if viewport is None or len(viewport.scans.rows()) != 4:
            return False
        final = (RowState.READY, RowState.PROBLEM)
        return all(row.state in final for row in viewport.scans.rows())

    qtbot.waitUntil(settled, timeout=WAIT_MS)
    viewport = window.viewport
    qtbot.waitUntil(lambda: async_bridge.running_task(viewport, "case") is None, timeout=WAIT_MS)
    stage, panel = viewport.stage, viewport.scans
    rows = panel.rows()
    bad = rows[3]
    assert bad.state is RowState.PROBLEM
    assert "'Mueller_Luedenscheidt_lab_notes_for_the_technician.stl': it is not a 3D mesh" in (
        bad.status_text
    )
    assert not stage.retry_button.isVisible()  # the file was read: it is no scan

    view = stage.rect()
    assert view.contains(panel.geometry())
    for row in rows:
        for control in (row.eye, row.opacity):
            assert control.isVisible()
            assert control.isEnabled() or row is bad
            where = _on_screen(control, stage)
            assert view.contains(where), f"{row.key}: {control.accessibleName()} is cut off"
            # ... and not scrolled or clipped out of the panel itself
            assert _on_screen(panel, stage).contains(where)
        status = row.status
        if status.isVisible():
            assert status.heightForWidth(status.width()) <= status.height() + 1, row.key
            assert _on_screen(panel, stage).contains(_on_screen(status, stage))
    screenshot(window, "local-files-several")
