"""What ``scaninbox gui`` was asked for: ONE definition for the command line, which reads it from
its arguments (`scaninbox.cli.gui_command`), and the window, which acts on it
(`scaninbox.qt.shell.app_controller`).

It lives outside both rooms because each must see it and neither may import the other's way
(the command line builds its parser at every start and must not load Qt; the window must not
import the command line). Plain dataclasses and paths only: importing it costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["GuiOptions"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GuiOptions:
    """How the desktop window starts."""

    demo: bool = False  # sign in to the built-in demo sandbox
    offline: bool = False  # open the last account's local cases without signing in
    base_url: str | None = None  # preselected in the sign-in dialog
    environment: str | None = None  # a named service, preselected in the sign-in dialog
    screenshot: Path | None = None  # save the whole window once ready (tests, smoke check)
    quit_when_ready: bool = False  # quit with 0 once a case is shown, 1 after the timeout
    ready_timeout_s: float = 45.0
    load_viewer: bool = True  # False: no 3D stack (tests of the rest of the window)
    use_tray: bool | None = None  # None: when the desktop has a tray
    files: tuple[Path, ...] = ()  # local scan files to show at start (`local_files_window`)
