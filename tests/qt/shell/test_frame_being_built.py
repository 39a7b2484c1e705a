"""A frame the window manager is still building is no frame: openbox reparents a window into a
1×1 frame before sizing it, and Qt, asked in between, reports margins with negative sides (a
frame smaller than the window). Taken for the frame, the window counted as fitted and was
never fitted (and a test's "within the screen" check passed on a 1×1 rect)."""

from __future__ import annotations

from PySide6.QtCore import QRect
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane.image_viewer import ImageViewer
from scaninbox.qt.look.window_layout import frame_geometry
from tests.qt.shell.conftest import WAIT_MS
from tests.qt.timeouts import EXPOSED_MS
from tests.qt.x11_frame import BuiltFrame


def test_a_frame_being_built_is_not_taken_for_the_frame(qtbot: QtBot) -> None:
    window = ImageViewer()
    qtbot.addWidget(window)
    window.move(100, 60)
    window.show()
    qtbot.waitExposed(window, timeout=EXPOSED_MS)
    handle = window.windowHandle()
    assert handle is not None
    assert frame_geometry(window) is None  # no window manager: never framed
    client = window.geometry()
    frame = BuiltFrame(int(window.winId()), client.x(), client.y())
    try:
        frame.start(client.width(), client.height())
        qtbot.waitUntil(lambda: not handle.frameMargins().isNull(), timeout=WAIT_MS)
        margins = handle.frameMargins()
        assert min(margins.right(), margins.bottom()) < 0  # what Qt reports in between
        assert frame_geometry(window) is None
        window.screen_fit.fit()
        assert window.screen_fit.pending  # still waiting for the real frame

        frame.finish(client.width(), client.height(), left=4, top=26)
        expected = QRect(client.x(), client.y(), client.width() + 8, client.height() + 30)
        qtbot.waitUntil(lambda: frame_geometry(window) == expected, timeout=WAIT_MS)
        window.screen_fit.fit()
        assert not window.screen_fit.pending
    finally:
        frame.close()
    window.close()
