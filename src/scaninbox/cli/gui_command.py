"""``scaninbox gui`` (also ``scaninbox`` alone): the desktop window.

``--demo`` starts the built-in sandbox (in a process of its own) and signs in as the demo user (the
global ``--demo`` does the same). ``--base-url``/``--env`` preselect a service in the sign-in
dialog; ``--offline`` opens the last account's local cases without signing in. Two options are
hidden from ``--help`` because they exist for tests and the fresh-machine smoke check:
``--quit-when-ready`` (quit with 0 once a case is selected and shown, 1 after 45 s) and
``--screenshot PATH`` (save the whole window first).

``scaninbox gui FILE…`` (the desktop entry's ``scaninbox-desktop %F``) also opens local STL/PLY
files in the "Local files" window (`scaninbox.qt.shell.local_files_window`), signed in or not.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from scaninbox.cli.deferred import deferred
from scaninbox.cli.options import GlobalOptions
from scaninbox.gui_options import GuiOptions

if TYPE_CHECKING:
    from scaninbox.qt.shell.app_controller import AppController

__all__ = ["gui_options_from_args", "register", "run_gui_command"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    gui = subparsers.add_parser("gui", help="open the desktop window (the default)")
    # A separate name: the global --demo must not be reset by this sub-parser's default.
    gui.add_argument(
        "--demo",
        dest="gui_demo",
        action="store_true",
        help="start the built-in demo sandbox and sign in as the demo user",
    )
    # The global target options again, so that a launcher (``scaninbox-desktop --offline``) can
    # pass them after ``gui``; separate names keep the global values from being reset.
    target = gui.add_mutually_exclusive_group()
    target.add_argument("--base-url", metavar="URL", dest="gui_base_url", help=argparse.SUPPRESS)
    target.add_argument("--env", metavar="NAME", dest="gui_environment", help=argparse.SUPPRESS)
    gui.add_argument("--offline", dest="gui_offline", action="store_true", help=argparse.SUPPRESS)
    gui.add_argument("--screenshot", metavar="PATH", type=Path, help=argparse.SUPPRESS)
    gui.add_argument("--quit-when-ready", action="store_true", help=argparse.SUPPRESS)
    gui.add_argument("--ready-timeout", type=float, default=45.0, help=argparse.SUPPRESS)
    gui.add_argument("--no-viewer", action="store_true", help=argparse.SUPPRESS)
    gui.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="STL or PLY scan files from this computer to show in 3D (no sign-in needed)",
    )
    gui.set_defaults(
        handler=deferred("scaninbox.cli.gui_command", "run_gui_command", gui_options_from_args)
    )


def gui_options_from_args(args: argparse.Namespace) -> GuiOptions:
    """The window's options as given after ``gui`` (the global ones join in `run_gui_command`)."""
    return GuiOptions(
        demo=bool(args.gui_demo),
        offline=bool(args.gui_offline),
        base_url=args.gui_base_url,
        environment=args.gui_environment,
        screenshot=args.screenshot.absolute() if args.screenshot else None,
        quit_when_ready=bool(args.quit_when_ready),
        ready_timeout_s=max(1.0, float(args.ready_timeout)),
        load_viewer=not args.no_viewer,
        files=tuple(path.absolute() for path in args.files),
    )


def run_gui_command(given: GlobalOptions, command: GuiOptions) -> int:
    from scaninbox.cli.display import missing_display
    from scaninbox.cli.errors import CliError

    # Before Qt loads: without a display its xcb plugin aborts the process with a core dump.
    problem = missing_display()
    if problem is not None:
        raise CliError(problem)

    from scaninbox.qt.shell.app import run_gui

    # The global options count too (``scaninbox --demo gui``); those after ``gui`` come first.
    options = replace(
        command,
        demo=given.demo or command.demo,
        offline=given.offline or command.offline,
        base_url=command.base_url or given.base_url,
        environment=command.environment or given.environment,
    )
    if not options.quit_when_ready:
        return run_gui(options)
    # The harness watches the app from outside (the shell never imports it).
    from scaninbox.qt.harness.readiness import attach_readiness

    def watch(controller: AppController) -> None:
        attach_readiness(controller)

    return run_gui(options, on_controller=watch)
