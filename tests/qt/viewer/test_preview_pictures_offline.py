"""Offline, a case whose 3D scans are not on this computer: the portal's preview pictures stand
in beside the list of scans (never over its show/hide and opacity controls), their caption says
the scans are not available offline instead of "on its way", and no "Try again" is offered —
the window loads the case again by itself when the connection is back. Real portal pictures
from the sandbox, drawn under Xvfb."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRect
from pytestqt.qtbot import QtBot

from scaninbox.domain.first_look import is_preview
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.viewer.overlays import WAITING_CAPTION
from scaninbox.qt.viewer.scan_list import RowState
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render.orientation_marker import marker_size
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait, wait_loaded
from tests.qt.viewer.sandbox_cases import SandboxCase

# The 3D view's share of a 1280×720 window: the case pane beside the inbox, under its header.
VIEW_AT_1280 = (860, 430)


def _offline_with_previews(found: SandboxCase, tmp_path: Path) -> FolderProvider:
    provider = FolderProvider(found.folder, tmp_path / "cache")
    for scan in found.case.scan_files:
        if is_preview(scan) and scan.filename:
            provider.cache_file(scan.filename)  # the sync fetches previews for every case
    provider.offline = True
    return provider


def test_offline_preview_pictures_sit_beside_the_scan_list_and_say_why(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
    screenshot: Callable[..., object],
) -> None:
    found = sandbox_cases["3Shape TRIOS"]
    provider = _offline_with_previews(found, tmp_path)
    viewport = make_viewport(provider, found.mapping)
    viewport.window().resize(*VIEW_AT_1280)
    stage, scan_list = viewport.stage, viewport.scans
    qtbot.waitUntil(lambda: stage.width() <= VIEW_AT_1280[0], timeout=WAIT_MS)
    show_and_wait(qtbot, viewport, found.case)
    wait_loaded(qtbot, viewport)
    qtbot.waitUntil(lambda: async_bridge.running_task(viewport, "case") is None, timeout=WAIT_MS)
    pictures = stage.pictures
    assert len(pictures) == 2
    assert pictures.isVisible()
    assert {row.state for row in scan_list.rows()} == {RowState.OFFLINE}

    assert pictures.caption.text() == "Preview — the 3D scan is not available offline"
    assert not stage.retry_button.isVisible()
    assert not scan_list.folded
    assert not pictures.geometry().intersects(scan_list.geometry())
    assert stage.rect().contains(pictures.geometry())
    ratio = stage.devicePixelRatioF()
    corner_w, corner_h = marker_size(
        round(stage.width() * ratio), round(stage.height() * ratio), ratio
    )
    marker = QRect(0, stage.height() - round(corner_h / ratio), round(corner_w / ratio), 1000)
    assert corner_h > 0
    assert not pictures.geometry().intersects(marker)  # the orientation marker stays clear
    caption = pictures.caption
    assert caption.width() >= caption.sizeHint().width() or caption.wordWrap()
    assert caption.heightForWidth(caption.width()) <= caption.height()  # nothing cut
    screenshot(viewport, "viewer-offline-preview-pictures")

    # Online again, the scans downloading: the caption says they are on their way.
    provider.offline = False
    for scan in found.case.scan_files:
        if not is_preview(scan) and scan.filename:
            provider.hold(scan.filename)
    viewport.show_case(None)
    show_and_wait(qtbot, viewport, found.case)
    qtbot.waitUntil(lambda: len(stage.pictures) == 2, timeout=WAIT_MS)
    assert stage.pictures.caption.text() == WAITING_CAPTION
    for scan in found.case.scan_files:
        if not is_preview(scan) and scan.filename:
            provider.release(scan.filename)
    wait_loaded(qtbot, viewport)
