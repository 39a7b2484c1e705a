"""Every window within the screen, frame included, under a real window manager: the main window
at first start (its status bar — online / offline, "Saved 11 files…" — on the screen), the PDF
attachment window and the image viewer, on a 1280×720 laptop and on a 1080p screen at 200 %
(960×540 of room)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane.image_viewer import ImageViewer
from scaninbox.qt.case_pane.pdf_window import PdfWindow
from scaninbox.qt.look.window_layout import fitted_rect, frame_geometry, minimum_window_size
from scaninbox.qt.shell.app_controller import AppController
from tests.qt.shell.conftest import WAIT_MS, current_dialog
from tests.qt.shell.work_area import wait_fitted, work_area

__all__ = ["work_area"]  # the fixture, imported to be used here

SCREENS = [(1280, 720), (960, 540)]


def global_rect(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


@pytest.mark.parametrize("work_area", SCREENS, indirect=True)
def test_the_first_window_and_its_status_bar_are_on_the_screen(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    work_area: QRect,
    screenshot: Callable[[QWidget, str], Path],
) -> None:
    app = make_app()  # first start: no layout kept, the sign-in dialog in front
    window = app.window
    dialog = current_dialog(qtbot, app)
    frame = wait_fitted(qtbot, window, work_area)
    assert frame.height() > window.geometry().height()  # framed for real
    status = window.statusBar()
    assert status.isVisible()
    assert work_area.contains(global_rect(status))
    assert work_area.contains(global_rect(window.sync_status.state_label))
    wait_fitted(qtbot, dialog, work_area)
    screenshot(window, f"shell-first-window-{work_area.width()}x{work_area.height()}")


@pytest.mark.parametrize("work_area", SCREENS, indirect=True)
@pytest.mark.parametrize("make_window", [PdfWindow, ImageViewer])
def test_attachment_windows_fit_the_screen(
    qtbot: QtBot, work_area: QRect, make_window: Callable[[], PdfWindow | ImageViewer]
) -> None:
    window = make_window()
    qtbot.addWidget(window)
    window.show()
    frame = wait_fitted(qtbot, window, work_area)
    assert frame.height() > window.geometry().height()
    window.close()


def test_the_fitting_rules() -> None:
    area = QRect(0, 0, 1280, 720)
    # Too tall: as tall as the room, moved up as little as needed.
    assert fitted_rect(QRect(0, 0, 1282, 745), area) == QRect(0, 0, 1280, 720)
    assert fitted_rect(QRect(100, 50, 900, 1025), area) == QRect(100, 0, 900, 720)
    # Fits: stays where it is; off the side: moved back in, size kept.
    assert fitted_rect(QRect(10, 20, 800, 600), area) == QRect(10, 20, 800, 600)
    assert fitted_rect(QRect(900, 300, 800, 600), area) == QRect(480, 120, 800, 600)
    # A panel on the left: the area starts further in.
    assert fitted_rect(QRect(0, 0, 400, 300), QRect(48, 0, 1232, 720)) == QRect(48, 0, 400, 300)
    assert minimum_window_size(None) == QSize(960, 600)


@pytest.mark.parametrize("work_area", [(1280, 720)], indirect=True)
def test_a_layout_kept_from_a_larger_screen_is_fitted_to_this_one(
    qtbot: QtBot, make_app: Callable[..., AppController], work_area: QRect
) -> None:
    first = make_app(start=False)
    big = first.window
    big.setMinimumSize(QSize(0, 0))
    big.resize(1270, 1000)  # as kept on a larger monitor
    big.save_ui_state()
    assert big.ui_state.bytes_value("window/geometry") is not None

    second = make_app(start=False).window
    assert second.ui_state.path == big.ui_state.path
    second.show()
    wait_fitted(qtbot, second, work_area)
    assert work_area.contains(global_rect(second.statusBar()))
    second.hide()


@pytest.mark.parametrize("work_area", [(1280, 720)], indirect=True)
def test_a_window_that_fits_stays_where_it_was_placed(qtbot: QtBot, work_area: QRect) -> None:
    window = ImageViewer()  # 900×680 and its frame fit 1280×720
    qtbot.addWidget(window)
    window.move(150, 10)
    window.show()
    wait_fitted(qtbot, window, work_area)
    qtbot.waitUntil(lambda: not window.screen_fit.pending, timeout=WAIT_MS)
    frame = frame_geometry(window)
    assert frame is not None
    assert frame.topLeft() == QPoint(150, 10)
    window.close()
