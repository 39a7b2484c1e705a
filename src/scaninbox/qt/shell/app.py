"""Starting the desktop app: the Qt application, the look, the asyncio loop, the controller.

``run_gui(options)`` is what ``scaninbox gui`` calls. It imports as little as possible before
the window is on screen (Qt widgets, qasync, the window's own modules); the API client and the
store load after it is shown, the demo's sandbox starts then in a process of its own
(``scaninbox.demo_process``: launched before the window instead, it made the window later on a
busy two-core machine and the first 3D frame no sooner), and VTK from the window's first paint
on, on a worker thread (``viewer_host``). A fresh-interpreter test pins what building and showing
the window must not load (``tests/qt/shell/test_start_weight.py``). ``SCANINBOX_STARTUP_TRACE=1``
prints the milestones (``startup_trace``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from scaninbox.qt.harness.startup_trace import trace

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from scaninbox.qt.shell.app_controller import AppController

__all__ = ["run_gui"]

_log = logging.getLogger(__name__)


def run_gui(
    options: object, *, on_controller: Callable[[AppController], None] | None = None
) -> int:
    """Run the app until it quits; returns the process exit code.

    ``on_controller`` sees the controller before it starts (the self-test watches the viewer).
    """
    trace("gui-start")
    # pyvistaqt finds Qt through QtPy: name the binding before anything imports it.
    os.environ.setdefault("QT_API", "pyside6")
    import scaninbox.qt  # noqa: F401 - installs the PySide6 6.12 refcount guard first
    from scaninbox.qt.look.theme import apply_theme
    from scaninbox.qt.runtime.gui_collector import collecting_on_the_gui_thread
    from scaninbox.qt.runtime.language import start_language
    from scaninbox.qt.shell.app_controller import AppController, GuiOptions
    from scaninbox.qt.shell.ui_state import UiState
    from scaninbox.qt.workarounds.qasync_loop import GuiEventLoop

    assert isinstance(options, GuiOptions)
    app = _application()
    from scaninbox.paths import app_paths
    from scaninbox.qt.shell.file_open_events import hand_opened_files_to

    paths = app_paths()  # resolved once, handed down
    from scaninbox.crash_trace import record_crashes

    crash_file = record_crashes(paths.log_dir)  # open for the life of the window
    from scaninbox.qt.shell.single_instance import FileOpenServer, forward_files, server_name

    # Files opened while the app runs (a double-click in the file manager) go to that app.
    open_files = server_name(paths.data_dir)
    if options.files and not options.quit_when_ready and forward_files(open_files, options.files):
        print("Opened in the Scan Inbox window that is already open.")  # the command line's
        return 0
    ui_state = UiState(paths)
    start_language(paths, ui_state.text_value("language", "system"))  # before any widget
    apply_theme(app, ui_state.text_value("theme", "system"))
    loop = GuiEventLoop(app)
    asyncio.set_event_loop(loop)
    controller = AppController(options, paths=paths)
    server = FileOpenServer(open_files, parent=controller)
    server.filesRequested.connect(controller.open_local_files)
    hand_opened_files_to(app, controller.open_local_files)  # macOS: Finder's "Open with"
    if on_controller is not None:
        on_controller(controller)
    finished: asyncio.Future[int] = loop.create_future()

    def on_finished(code: int) -> None:
        if not finished.done():
            finished.set_result(int(code))

    controller.finished.connect(on_finished)
    try:
        # Cycles are collected on the GUI thread only, never by whichever worker allocates.
        with loop, collecting_on_the_gui_thread(app):
            loop.call_soon(controller.start)  # async_bridge needs the loop running
            code: int = loop.run_until_complete(finished)
    finally:
        asyncio.set_event_loop(None)
    if controller.restart_requested and code == 0:  # a new language: start again (`relaunch`)
        from scaninbox.qt.shell.relaunch import relaunch

        server.close()  # the next start listens for opened files itself
        del crash_file
        relaunch()  # returns only if starting again failed (logged); then simply end
        return code
    del crash_file  # kept open until here: faulthandler writes to it on a crash
    return code


def _application() -> QApplication:
    """The one application object, named as the desktop knows it."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    QGuiApplication.setDesktopFileName("scaninbox")
    from scaninbox.qt.shell.file_open_events import ScanInboxApplication

    app = QApplication.instance() or ScanInboxApplication(
        [sys.argv[0] if sys.argv else "scaninbox"]
    )
    assert isinstance(app, QApplication)
    app.setApplicationName("Scan Inbox")
    app.setApplicationDisplayName("Scan Inbox")
    app.setOrganizationName("ScanInbox")
    # Closing the window ends the app through the controller, which closes the store first.
    app.setQuitOnLastWindowClosed(False)
    return app
