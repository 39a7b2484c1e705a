"""Entry point of the ``scaninbox`` command: global options, the command registry, exit codes.

Each command lives in its own module under ``scaninbox.cli`` and exposes
``register(subparsers) -> None``; ``register`` adds a sub-parser whose ``handler`` default is a
function ``handler(args: argparse.Namespace) -> int``. Errors reach the user as one plain sentence
on stderr with the exit code of the contract:

    0 ok · 1 anything else · 2 usage · 3 authentication failed · 4 forbidden or not found ·
    5 network or server failure after retries · 6 a QC check failed (``scaninbox qc``) ·
    141 the reader of the output went away (``scaninbox cases | head``; nothing is printed, as
    with any Unix tool)
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence

from scaninbox import __version__
from scaninbox.cli.errors import CliError, exit_code_for, plain_message
from scaninbox.cli.text_layout import write_error

__all__ = ["EXIT_BROKEN_PIPE", "build_parser", "desktop_argv", "gui_main", "main"]

EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a tool whose reader left

# Command modules, in the order their commands appear in --help.
COMMAND_MODULES = (
    "scaninbox.cli.gui_command",
    "scaninbox.cli.sandbox_command",
    "scaninbox.cli.account_commands",
    "scaninbox.cli.case_commands",
    "scaninbox.cli.store_commands",
    "scaninbox.cli.render_command",
    "scaninbox.cli.qc_commands",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scaninbox",
        description="Scan Inbox: intra-oral scan cases of your organisation.",
        epilog=(
            "Credentials come from SCANINBOX_EMAIL and SCANINBOX_PASSWORD, or are asked for on a "
            "terminal. SCANINBOX_HOME relocates every file the program writes. "
            "Without a command, the desktop app opens."
        ),
    )
    parser.add_argument("--version", action="version", version=f"scaninbox {__version__}")
    target = parser.add_mutually_exclusive_group()
    target.add_argument(
        "--base-url",
        metavar="URL",
        default=os.environ.get("SCANINBOX_BASE_URL") or None,
        help="address of the inbox service (env SCANINBOX_BASE_URL)",
    )
    target.add_argument(
        "--env",
        metavar="NAME",
        dest="environment",
        help="a named environment from the settings: production or staging",
    )
    target.add_argument(
        "--demo",
        action="store_true",
        help="start the built-in demo sandbox and use it (signed in as the demo user)",
    )
    parser.add_argument(
        "--offline",
        action="store_true",
        help="answer from the local store only; do not contact the service",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="log more (repeatable)")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help=(
            "check this installation (imports, 3D rendering, the built-in sandbox, the window) "
            "without touching your settings or cases, then exit"
        ),
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.self_test:
        if args.command is not None:
            parser.error("--self-test takes no command")
        from scaninbox.cli.self_test import run_self_test

        return run_self_test(verbose=args.verbose > 0)
    if args.command is None:
        args = parser.parse_args([*(argv if argv is not None else sys.argv[1:]), "gui"])
    _start_logging(args.verbose)
    try:
        code = int(args.handler(args))
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return code
    except BrokenPipeError:
        return _reader_went_away()
    except KeyboardInterrupt:
        write_error("Interrupted.")
        return 130
    except CliError as exc:
        write_error(str(exc))
        return exc.exit_code
    except Exception as exc:  # the contract: one plain sentence, never a traceback
        code = exit_code_for(exc)
        # The log file keeps the traceback of what looks like a bug, for the report.
        logging.getLogger(__name__).error(
            "command %s failed: %s", args.command, plain_message(exc), exc_info=code == 1
        )
        write_error(plain_message(exc))
        return code


def _reader_went_away() -> int:
    """``scaninbox cases | head``: the reader took what it wanted and closed the pipe. End
    quietly, as Unix tools killed by SIGPIPE do (status 141), and point stdout at the null
    device so that the interpreter's last flush has nowhere to fail."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # stdout is no real file (tests): nothing is flushed later
        pass
    return EXIT_BROKEN_PIPE


def _start_logging(verbosity: int) -> None:
    from scaninbox.logs import configure_logging
    from scaninbox.paths import app_paths

    try:
        configure_logging(verbosity, app_paths().log_dir)
    except OSError:  # an unwritable log folder must not stop the command
        configure_logging(verbosity, None)


def gui_main() -> int:
    """The desktop launcher (``gui-scripts`` entry): always the window."""
    return main(desktop_argv(sys.argv[1:]))


def desktop_argv(argv: Sequence[str]) -> list[str]:
    """The launcher's arguments as a ``gui`` command line.

    Everything a launcher passes is meant for the window (``--demo``, ``--offline``,
    ``--base-url URL``…), so ``gui`` goes first and its sub-parser reads them all.
    """
    args = list(argv)
    return args if args[:1] == ["gui"] else ["gui", *args]
