"""Starting the app again the way it was started (after a change of language).

The language is settled before the first widget is built, so a new one needs a new process:
``run_gui`` calls :func:`relaunch` once the controller has quit cleanly (store closed, layout
saved). The same command line comes back: the frozen app's executable with its arguments, or
this Python with its original options (``-m scaninbox gui …`` or the ``scaninbox`` script).
"""

from __future__ import annotations

import logging
import os
import sys

__all__ = ["relaunch", "restart_command"]

_log = logging.getLogger(__name__)


def restart_command() -> list[str]:
    """The command line that started this process, to run it again."""
    if getattr(sys, "frozen", False):  # PyInstaller: the executable is the app
        return [sys.executable, *sys.argv[1:]]
    return [sys.executable, *sys.orig_argv[1:]]  # the interpreter's own options included


def relaunch() -> None:
    """Replace this process by a new start of the app; returns only if that failed (logged)."""
    command = restart_command()
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execv(command[0], command)  # noqa: S606 - our own command line, as started
    except OSError as exc:
        _log.warning("Scan Inbox could not start again (%s): start it by hand", exc)
