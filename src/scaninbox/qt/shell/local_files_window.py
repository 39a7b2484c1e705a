"""The "Local files" window: STL/PLY files from this computer in the 3D viewer, no sign-in.

Why a window of its own rather than the case pane's viewer: a technician who double-clicks a
scan in the file manager (or uses File › Open scan files…) wants to look at that file without
losing the case they were on — the case pane's viewer belongs to the inbox's selection, its QC
findings and its portal's turn, and would replace the file as soon as another case is picked.
The window has the full viewer (views, measuring, pictures, per-scan visibility) and its own
File menu; opening files again shows the new choice in the same window, and closing it releases
its VTK objects. The main window keeps working beside it, signed in or not. Files opened while
the app runs reach this window through `single_instance` (no second app on the same store).

Nothing blocks the GUI thread: the files are checked (exists, not a folder, readable) and the 3D
stack imported on worker threads; reading the meshes is the viewport's loader's job (worker
threads too). A file that cannot be opened is named in plain words in the bar over the view and
in the status bar; a file that opens but is no scan (damaged, truncated, not a mesh) says why on
its row, as in a case.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from scaninbox.domain import Case
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.portal_turns import PortalTurns
from scaninbox.qt.files.dialogs import start_folder
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.runtime.startup_trace import trace
from scaninbox.qt.shell.local_files import LocalScanFiles, OpenedFiles, check_paths, local_case
from scaninbox.qt.shell.message_area import MessageArea

__all__ = ["SCAN_FILE_FILTER", "LocalFilesWindow", "ask_scan_files"]

_log = logging.getLogger(__name__)

SCAN_FILE_FILTER = QT_TRANSLATE_NOOP(
    "LocalFilesWindow", "3D scans (*.stl *.STL *.ply *.PLY *.obj *.OBJ);;All files (*)"
)


def ask_scan_files(parent: QWidget | None) -> list[Path]:
    """Qt's open dialog for one or more scan files (empty when cancelled)."""
    chosen, _ = QFileDialog.getOpenFileNames(
        parent,
        translate("LocalFilesWindow", "Open scan files"),
        str(start_folder()),
        translate("LocalFilesWindow", SCAN_FILE_FILTER),
    )
    return [Path(name) for name in chosen]


class LocalFilesWindow(QMainWindow):
    """Shows local scan files in 3D. Signals: ``caseShown(Case)`` after the first frame of an
    opened set of files, ``caseComplete(Case)`` after the first with all of them at full
    resolution, ``problems(list[str])`` when some could not be opened, ``settled()`` when the
    opening of a set of files is over: their full frame is shown, nothing can be shown (no
    file, no 3D viewer), or the window was closed first."""

    caseShown = Signal(object)
    caseComplete = Signal(object)
    problems = Signal(list)
    settled = Signal()

    def __init__(
        self,
        jaw_colours: Mapping[str, str],
        *,
        choose_files: Callable[[QWidget | None], list[Path]] = ask_scan_files,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("localFilesWindow")
        self.setWindowTitle(translate("LocalFilesWindow", "Local files — Scan Inbox"))
        self._fit_to_screen(1100, 760)
        self._jaw_colours = jaw_colours
        self.choose_files = choose_files
        self.provider = LocalScanFiles()
        self.viewport: Any = None
        self.case: Case | None = None
        self.problem_text: list[str] = []
        self._loading = False

        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.banner = QLabel(body)
        self.banner.setObjectName("localFilesProblems")
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.banner.setContentsMargins(10, 6, 10, 6)
        # Set apart from the view in either theme: the palette's own colours, a warning stripe.
        self.banner.setStyleSheet(
            "QLabel#localFilesProblems { background: palette(alternate-base);"
            " border-left: 4px solid #d9822b; border-bottom: 1px solid palette(mid); }"
        )
        self.banner.hide()
        layout.addWidget(self.banner)
        self.placeholder = QLabel(translate("LocalFilesWindow", "Loading the 3D viewer…"), body)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        layout.addWidget(self.placeholder, 1)
        # Messages too long for the status bar, whole (`message_area`); below the view.
        self.messages = MessageArea(body)
        layout.addWidget(self.messages)
        self._body = body
        self.setCentralWidget(body)
        # Born with OpenGL composition (see viewer_host): adding the viewport later then does
        # not re-create the native window.
        from PySide6.QtOpenGLWidgets import QOpenGLWidget

        self._gl_stand_in: QWidget | None = QOpenGLWidget(body)
        self._gl_stand_in.hide()

        menu = self.menuBar().addMenu(translate("LocalFilesWindow", "&File"))
        self.open_action = menu.addAction(translate("LocalFilesWindow", "&Open scan files…"))
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.ask_and_open)
        menu.addSeparator()
        self.close_action = menu.addAction(translate("LocalFilesWindow", "&Close"))
        self.close_action.setShortcut(QKeySequence.StandardKey.Close)
        self.close_action.triggered.connect(self.close)

    # ------------------------------------------------------------------ public

    def open_paths(self, paths: Sequence[Path]) -> None:
        """Show ``paths`` (replacing what was shown); returns at once, the work runs behind."""
        self.show()
        self.raise_()
        self.activateWindow()
        async_bridge.run(self._open(list(paths)), owner=self, key="open", name="open scan files")

    def ask_and_open(self) -> None:
        chosen = self.choose_files(self)
        if chosen:
            self.open_paths(chosen)

    def release(self) -> None:
        """Stop loading and release the viewport's VTK objects (the app is quitting)."""
        async_bridge.cancel_owned(self)
        if self.viewport is not None:
            self.viewport.close()
            self.viewport = None

    # ------------------------------------------------------------------ Qt

    def closeEvent(self, event: QCloseEvent) -> None:
        # The shown files are done with: their meshes go; the viewport (and its GL context)
        # stays for the next File › Open until the app quits (`release`).
        async_bridge.cancel_owned(self)
        if self.viewport is not None:
            self.viewport.show_case(None)
        self.case = None
        self.settled.emit()  # no full frame will come
        super().closeEvent(event)

    # ------------------------------------------------------------------ internals

    def _fit_to_screen(self, width: int, height: int) -> None:
        """The preferred size, or nine tenths of a smaller screen (a 1280×720 laptop)."""
        screen = self.screen()
        if screen is not None:
            room = screen.availableGeometry()
            width = min(width, room.width() * 9 // 10)
            height = min(height, room.height() * 9 // 10)
        self.resize(width, height)

    async def _open(self, paths: list[Path]) -> None:
        opened: OpenedFiles = await async_bridge.to_thread(check_paths, paths)
        self._show_problems(list(opened.problems))
        viewport = await self._viewport()
        if viewport is None:
            self.settled.emit()
            return
        if not opened.paths:
            self.case = None
            viewport.show_case(None)
            viewport.scans.set_empty_text(translate("LocalFilesWindow", "No scan file to show."))
            self.settled.emit()
            return
        case, files = local_case(opened.paths)
        self.provider.add(case, files)
        self.case = case
        names = ", ".join(path.name for path in opened.paths)
        self.setWindowTitle(
            translate("LocalFilesWindow", "{names} — Local files — Scan Inbox").format(names=names)
        )
        viewport.show_case(case)

    async def _viewport(self) -> Any:
        if self.viewport is not None:
            return self.viewport
        import importlib

        try:
            viewer: Any = importlib.import_module("scaninbox.qt.viewer")
            trace("3d-loading")  # `gui FILE`: this window's import is the first
            await async_bridge.to_thread(viewer.preload_3d_stack, for_a_case=False)
            trace("3d-imported")
            viewport = viewer.create_scan_viewport(
                self.provider,
                lambda _source: None,  # local files name no portal: orientation estimated
                self._jaw_colours,
                parent=self._body,
                turns=PortalTurns(None),  # a turn applies to local files for this run only
            )
        except Exception as exc:  # a broken OpenGL driver must not take the window down
            _log.exception("the 3D viewer could not start for local files")
            self.placeholder.setText(
                translate("LocalFilesWindow", "The 3D viewer could not start: {error}").format(
                    error=exc
                )
            )
            return None
        self.viewport = viewport
        viewport.caseShown.connect(self._on_shown)
        viewport.caseComplete.connect(self._on_complete)
        viewport.statusMessage.connect(self._say)
        layout = self._body.layout()
        assert isinstance(layout, QVBoxLayout)
        self.placeholder.hide()
        layout.insertWidget(layout.indexOf(self.messages), viewport, 1)  # above the messages
        if self._gl_stand_in is not None:
            self._gl_stand_in.deleteLater()
            self._gl_stand_in = None
        return viewport

    def _on_shown(self, _ref: object) -> None:
        if self.case is not None:
            self.caseShown.emit(self.case)

    def _on_complete(self, _ref: object) -> None:
        if self.case is not None:
            self.caseComplete.emit(self.case)
            self.settled.emit()

    def _say(self, text: str) -> None:
        self.messages.say(self.statusBar(), text, 15_000)

    def _show_problems(self, problems: list[str]) -> None:
        self.problem_text = problems
        if not problems:
            self.banner.hide()
            return
        head = (
            translate("LocalFilesWindow", "This file could not be opened:")
            if len(problems) == 1
            else translate("LocalFilesWindow", "%n files could not be opened:", None, len(problems))
        )
        self.banner.setText("\n".join([head, *problems]))
        self.banner.show()  # whole, wrapped: not again in the status bar, where it was cut
        self.problems.emit(problems)
