"""A tour of the window for screenshots at a given screen size and display scaling (not a test).

``scripts/screen-tour OUT WIDTH HEIGHT SCALE`` starts Xvfb at WIDTH×HEIGHT with openbox on it
and runs this module with ``QT_SCALE_FACTOR=SCALE`` (a Windows desktop at 125 % or 150 %: the
same logical room, the same fonts in logical pixels), the app on the demo sandbox. The tour shows
every pane tab (the QC tab after its run), the 3D view's toolbar menus, the window's menus and
the sign-in dialog, in the light and in the dark look, and saves the whole screen (window frame
and menus included) as ``OUT/<lang>-<look>-<step>.png``. Each step also lists the texts cut short
(`tests.qt.shell.text_fit.clipped`) in ``OUT/<lang>-clipped.txt``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QPoint, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu, QToolBar, QToolButton, QWidget

from scaninbox.gui_options import GuiOptions
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.look.theme import Theme
from scaninbox.qt.shell.app import run_gui
from scaninbox.qt.shell.app_controller import AppController
from tests.qt.shell.text_fit import clipped

_STEP_MS = 1500
_READY_TRIES = 240  # of _STEP_MS


class Tour:
    def __init__(self, controller: AppController, out: Path) -> None:
        self.controller = controller
        self.window = controller.window
        self.out = out
        self.language = os.environ.get("LANGUAGE", "en")[:2] or "en"
        self.look = "light"
        self.report = (out / f"{self.language}-clipped.txt").open("w", encoding="utf-8")
        self.steps = self._steps()
        self.tries = 0

    def start(self) -> None:
        QTimer.singleShot(_STEP_MS, self._next)

    def _next(self) -> None:
        try:
            wait = next(self.steps)
        except StopIteration:
            self.report.close()
            self.controller.quit()
            return
        QTimer.singleShot(wait, self._next)

    def grab(self, step: str, root: QWidget | None = None) -> None:
        name = f"{self.language}-{self.look}-{step}"
        screen = QGuiApplication.primaryScreen()
        screen.grabWindow(0).save(str(self.out / f"{name}.png"))
        cut = clipped(root or self.window)
        self.report.write(f"== {name} ({len(cut)} cut){self._widths()}\n")
        for line in cut:
            self.report.write(f"   {line}\n")
        self.report.flush()

    def _widths(self) -> str:
        """The split, and what the 3D view's toolbar asks for against what it has."""
        sizes = self.window.splitter.sizes()
        toolbar = self.window.findChild(QToolBar, "viewerToolbar")
        if toolbar is None or not toolbar.isVisible():
            return f"; split {sizes}"
        return f"; split {sizes}; 3D toolbar {toolbar.sizeHint().width()} in {toolbar.width()}"

    def _ready(self) -> bool:
        pane = self.window.pane
        viewer = self.controller.viewer
        return pane.case is not None and viewer.started and viewer.case is not None

    def _steps(self) -> Iterator[int]:
        while not self._ready() and self.tries < _READY_TRIES:
            self.tries += 1
            view = self.window.inbox.view
            if self.window.pane.case is None and view.model().rowCount() > 0:
                view.setCurrentIndex(view.model().index(0, 0))
                view.setFocus()
            yield _STEP_MS
        yield 6000  # the full scans after their previews
        for theme in (Theme.LIGHT, Theme.DARK):
            self.controller.set_theme(theme)
            self.look = theme.value
            yield _STEP_MS
            yield from self._pane_tabs()
            yield from self._toolbar_menus()
            yield from self._menus()
            yield from self._sign_in()
            yield from self._status_message()

    def _pane_tabs(self) -> Iterator[int]:
        pane = self.window.pane
        names = ["scans", "prescription", "order-form", "attachments", "qc"]
        for index in range(pane.tabs.count()):
            if not pane.tabs.isTabVisible(index):
                continue
            pane.tabs.setCurrentIndex(index)
            if index == CasePane.QC_TAB and pane.qc.result is None:
                for _ in range(80):  # the QC run
                    if pane.qc.result is not None:
                        break
                    yield _STEP_MS
            yield 2500 if index == CasePane.SCANS_TAB else _STEP_MS
            name = names[index] if index < len(names) else f"tab{index}"
            self.grab(f"tab-{index}-{name}")
        pane.tabs.setCurrentIndex(CasePane.SCANS_TAB)
        yield _STEP_MS

    def _toolbar_menus(self) -> Iterator[int]:
        toolbar = self.window.findChild(QToolBar, "viewerToolbar")
        if toolbar is None:
            return
        buttons = [b for b in toolbar.findChildren(QToolButton) if b.menu() is not None]
        for number, button in enumerate(buttons):
            if not button.isVisible():
                continue
            menu = button.menu()
            assert menu is not None
            menu.popup(button.mapToGlobal(QPoint(0, button.height())))
            yield _STEP_MS
            self.grab(f"toolbar-menu-{number}", menu)
            menu.hide()
        yield 300

    def _menus(self) -> Iterator[int]:
        bar = self.window.menuBar()
        for number, action in enumerate(bar.actions()):
            menu = action.menu()
            if not isinstance(menu, QMenu):
                continue
            place = bar.actionGeometry(action).bottomLeft()
            menu.popup(bar.mapToGlobal(place))
            yield 800
            self.grab(f"menu-{number}", menu)
            menu.hide()
        yield 300

    def _sign_in(self) -> Iterator[int]:
        self.controller.show_sign_in()
        yield 2000
        dialog = self.controller.dialog
        if dialog is not None:
            self.grab("sign-in", dialog)
            dialog.reject()
        yield 800

    def _status_message(self) -> Iterator[int]:
        self.window.show_message(_LONG[self.language])
        yield 800
        self.grab("status-long")


_LONG = {
    "en": (
        "The settings file was ignored: /home/lab/.config/ScanInbox/settings.toml: "
        "network.max_answer_mb must be a number from 1 to 1024; the defaults are used until "
        "it is corrected."
    ),
    "de": (
        "Die Einstellungsdatei wurde nicht verwendet: /home/labor/.config/ScanInbox/settings.toml: "
        "network.max_answer_mb muss eine Zahl von 1 bis 1024 sein; bis sie berichtigt ist, "
        "gelten die Standardwerte."
    ),
}


def main() -> int:
    out = Path(sys.argv[1]).absolute()
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SCANINBOX_HOME", tempfile.mkdtemp(prefix="scaninbox-tour-"))
    tours: list[Tour] = []

    def hook(controller: AppController) -> None:
        tours.append(Tour(controller, out))
        tours[0].start()

    app = QApplication.instance()
    assert app is None
    return run_gui(GuiOptions(demo=True), on_controller=hook)


if __name__ == "__main__":
    raise SystemExit(main())
