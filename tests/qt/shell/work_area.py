"""A smaller screen for a test: openbox on the test's X display, with screen margins that leave a
work area of the size asked for (as a panel or dock would). Qt's ``availableGeometry`` follows the
work area openbox announces, so windows are sized and placed as on a 1280×720 laptop, or on a
1080p screen at 200 % (960×540), although Xvfb's screen stays 1280×1024 for the other tests.

Use with indirect parametrisation: ``@pytest.mark.parametrize("work_area", [(1280, 720)],
indirect=True)``; the fixture's value is the available geometry (a ``QRect``). Afterwards the
margins go back to none (and Qt sees the whole screen again) before openbox stops.

``wait_fitted(qtbot, window, area)`` waits until openbox has framed a shown window and the frame
lies within ``area``, and gives the frame. It reads the frame as the app does
(`frame_geometry`): ``QWidget.frameGeometry`` right after showing can be a frame still being
built (1×1 under openbox), which lies within any area.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.look.window_layout import frame_geometry
from tests.qt.shell.conftest import WAIT_MS
from tests.qt.timeouts import EXPOSED_MS

__all__ = ["wait_fitted", "work_area"]

_READY_MS = 15_000
_CONFIG = """<?xml version="1.0" encoding="UTF-8"?>
<openbox_config xmlns="http://openbox.org/3.4/rc">
  <margins><top>0</top><bottom>{bottom}</bottom><left>0</left><right>{right}</right></margins>
  <desktops><number>1</number></desktops>
</openbox_config>
"""


def _available() -> QRect:
    # Asked anew each time: Qt may replace its screen objects when the window manager changes.
    return QGuiApplication.primaryScreen().availableGeometry()


def wait_fitted(qtbot: QtBot, window: QWidget, area: QRect) -> QRect:
    """Until the window manager has framed ``window`` and the frame lies within ``area``; the
    frame."""
    qtbot.waitExposed(window, timeout=EXPOSED_MS)
    frames: list[QRect] = []

    def fitted() -> bool:
        frame = frame_geometry(window)
        frames.append(frame or QRect())
        return frame is not None and area.contains(frame)

    qtbot.waitUntil(fitted, timeout=WAIT_MS)
    return frames[-1]


def _write_config(path: Path, screen: QRect, area: QRect) -> None:
    right = screen.width() - area.width()
    bottom = screen.height() - area.height()
    path.write_text(_CONFIG.format(bottom=bottom, right=right), encoding="utf-8")


@pytest.fixture
def work_area(qtbot: QtBot, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[QRect]:
    openbox = shutil.which("openbox")
    if openbox is None:
        pytest.skip("openbox is not installed (scripts/setup --dev installs it)")
    if not os.environ.get("DISPLAY"):
        pytest.skip("no X display")
    width, height = request.param
    whole = QGuiApplication.primaryScreen().geometry()
    assert width <= whole.width()
    assert height <= whole.height()
    area = QRect(whole.left(), whole.top(), width, height)
    config = tmp_path / "openbox-rc.xml"
    _write_config(config, whole, area)
    ready = tmp_path / "openbox-ready"
    touch = f"{sys.executable} -c \"import pathlib; pathlib.Path('{ready}').touch()\""
    process = subprocess.Popen(
        [openbox, "--sm-disable", "--config-file", str(config), "--startup", touch],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        qtbot.waitUntil(ready.exists, timeout=_READY_MS)
        qtbot.waitUntil(lambda: _available() == area, timeout=_READY_MS)
        yield area
    finally:
        _write_config(config, whole, whole)
        subprocess.run([openbox, "--reconfigure"], check=False, timeout=30)
        try:
            qtbot.waitUntil(lambda: _available() == whole, timeout=_READY_MS)
        finally:
            process.terminate()
            process.wait(10)
