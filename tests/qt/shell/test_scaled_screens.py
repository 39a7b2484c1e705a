"""The window at the logical sizes of scaled screens: a 1080p screen at 150 % (1280×720 logical)
and at 200 % (960×540, the smallest supported). Qt lays out in logical pixels and scales fonts
with the screen, so a 1280×720 work area here is what a 1080p screen at 150 % gives
(`QT_SCALE_FACTOR` cannot change within one process; `scripts/screen-tour` shows the real
thing, also at 125 % and on a 1366×768 laptop, which are larger both ways). In English and German
(a third longer): the window within the screen, and no text of the inbox, the case pane (header,
prescription, order form, attachments), the status bar or the menu bar cut short."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.inbox import Column
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import SandboxServer
from tests.qt.language.conftest import catalogues, german
from tests.qt.shell.conftest import WAIT_MS, shut_down, sign_in_via_dialog
from tests.qt.shell.text_fit import clipped
from tests.qt.shell.work_area import wait_fitted, work_area

__all__ = ["catalogues", "german", "work_area"]  # fixtures

SCREENS = [(1280, 720), (960, 540)]


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> str:
    if request.param == "de":
        request.getfixturevalue("german")  # undone at the test's end
    return str(request.param)


@pytest.mark.parametrize("work_area", SCREENS, indirect=True)
def test_nothing_is_cut_at_the_logical_sizes_of_scaled_screens(
    language: str,
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    work_area: QRect,
) -> None:
    server = make_sandbox(cases=12)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    window = app.window
    wait_fitted(qtbot, window, work_area)
    # The case with the longest patient name: the header's first line is the tightest.
    model = window.inbox.model
    names = [
        str(model.data(model.index(row, Column.PATIENT)) or "") for row in range(model.rowCount())
    ]
    window.inbox.view.selectRow(max(range(len(names)), key=lambda row: len(names[row])))
    qtbot.waitUntil(lambda: window.pane.case is not None, timeout=WAIT_MS)
    pane = window.pane
    assert pane.width() >= pane.minimumWidth()
    tabs = [CasePane.PRESCRIPTION_TAB, CasePane.ORDER_FORM_TAB, CasePane.ATTACHMENTS_TAB]
    for tab in [t for t in tabs if pane.tabs.isTabEnabled(t)]:
        pane.tabs.setCurrentIndex(tab)
        # Layouts settle in posted events: wait for them, then nothing may be cut off.
        with contextlib.suppress(qtbot.TimeoutError):  # the assertion lists what is cut off
            qtbot.waitUntil(lambda: not clipped(window), timeout=5_000)
        assert clipped(window) == [], f"{language} {pane.tabs.tabText(tab)}"
    assert work_area.contains(window.statusBar().mapToGlobal(window.statusBar().rect().topLeft()))
    shut_down(qtbot, app)  # before the sandbox stops: no download cut off
