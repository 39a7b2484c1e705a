"""Entry point of the ``scaninbox`` command: global options, the command registry, exit codes.

Each command lives in its own module under ``scaninbox.cli`` and exposes
``register(subparsers) -> None``; ``register`` adds a sub-parser whose ``handler`` default is a
function ``handler(args: argparse.Namespace) -> int``. Errors reach the user as one plain sentence
on stderr with the exit code of the contract:

    0 ok · 1 anything else · 2 usage · 3 authentication failed · 4 forbidden or not found ·
    5 network or server failure after retries · 6 a QC check failed (``scaninbox qc``) ·
    141 the reader of the output went away (``scaninbox cases | head``; nothing is printed, as
    with any Unix tool)

Every command, and the desktop app, starts here: what this module and the command modules
import at the top is paid by every start before any work begins. So they import only argparse
and small modules of their own; the log's rotating file, the settings' parser, the domain types
and the terminal's text layout load when a command or an error needs them
(``tests/unit/cli/test_start_weight.py`` names what building the parser must not import).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from scaninbox import __version__
from scaninbox.cli.errors import CliError, exit_code_for, plain_message

__all__ = [
    "EXIT_BROKEN_PIPE",
    "build_parser",
    "desktop_argv",
    "global_options_first",
    "gui_main",
    "main",
]

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
    "scaninbox.cli.lab_commands",
)
# The commands each module registers: a command line naming one of them builds only that
# module's sub-parsers (a test checks the table against what the modules register).
COMMANDS = {
    "gui": "scaninbox.cli.gui_command",
    "sandbox": "scaninbox.cli.sandbox_command",
    **dict.fromkeys(("login", "logout", "me", "portals"), "scaninbox.cli.account_commands"),
    **dict.fromkeys(("cases", "case", "download"), "scaninbox.cli.case_commands"),
    **dict.fromkeys(("sync", "pin", "unpin", "cache"), "scaninbox.cli.store_commands"),
    "render": "scaninbox.cli.render_command",
    **dict.fromkeys(("qc", "qc-stats"), "scaninbox.cli.qc_commands"),
    **dict.fromkeys(("lab", "claim", "release"), "scaninbox.cli.lab_commands"),
}
# The options before the command, as `build_parser` declares them: those that take a value.
_GLOBAL_FLAGS = frozenset(("--version", "--demo", "--offline", "--verbose", "--self-test"))
_GLOBAL_WITH_VALUE = frozenset(("--base-url", "--env"))
_END_OF_OPTIONS = "--"


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, measuring the terminal as ``shutil.get_terminal_size`` does
    without importing shutil (and bz2, lzma…): argparse makes a formatter for every argument
    it declares, so the import would be paid by every start, help or not."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(prog, indent_increment, max_help_position, width or _columns() - 2)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose sub-parsers (made with ``type(self)``) share its formatter."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)


def _columns() -> int:
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def command_named(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names, when that is certain without parsing; None otherwise (help
    asked for, an abbreviated or unknown option before the command, no command, ``--``)."""
    tokens = iter(argv)
    for token in tokens:
        if token in _GLOBAL_WITH_VALUE:
            next(tokens, None)  # its value, whatever it looks like
        elif _is_global_option(token):
            continue
        elif token.startswith("-"):
            return None
        else:
            return token if token in COMMANDS else None
    return None


def global_options_first(argv: list[str]) -> list[str]:
    """``argv`` with the global options given after the command moved before it, so that
    ``scaninbox cases --offline --json`` means ``scaninbox --offline cases --json`` (scripts
    add options at the end). ``gui`` takes them itself; after ``--`` nothing is moved."""
    command = command_named(argv)
    if command is None or command == "gui":
        return argv
    at = _position_of_command(argv)
    before, after = argv[: at + 1], argv[at + 1 :]
    moved: list[str] = []
    kept: list[str] = []
    words = iter(after)
    for word in words:
        if word == _END_OF_OPTIONS:
            kept += [word, *words]
            break
        if word in _GLOBAL_WITH_VALUE:
            value = next(words, None)
            moved += [word] if value is None else [word, value]
        elif word not in ("--version", "--self-test") and _is_global_option(word):
            moved.append(word)
        else:
            kept.append(word)
    return [*before[:at], *moved, before[at], *kept]


def _position_of_command(argv: list[str]) -> int:
    """Where the command is in ``argv`` (`command_named` found one)."""
    tokens = iter(enumerate(argv))
    for index, token in tokens:
        if token in _GLOBAL_WITH_VALUE:
            next(tokens, None)
        elif not _is_global_option(token):
            return index
    raise ValueError("no command")  # pragma: no cover - command_named said there is one


def _is_global_option(token: str) -> bool:
    """A flag before the command (``-vv`` too), or ``--base-url=URL`` / ``--env=NAME``."""
    name, equals, _value = token.partition("=")
    if equals:
        return name in _GLOBAL_WITH_VALUE
    return token in _GLOBAL_FLAGS or (token.startswith("-v") and set(token[1:]) == {"v"})


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's, or with ``argv`` naming a command only that
    command's module's (the others' modules are not even imported; ``--help`` still lists all)."""
    parser = _Parser(
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
    named = command_named(argv) if argv is not None else None
    for name in COMMAND_MODULES if named is None else (COMMANDS[named],):
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    given = global_options_first(list(argv if argv is not None else sys.argv[1:]))
    parser = build_parser(given)
    args = parser.parse_args(given)
    if args.self_test:
        if args.command is not None:
            parser.error("--self-test takes no command")
        from scaninbox.cli.self_test import run_self_test

        return run_self_test(main, verbose=args.verbose > 0)
    if args.command is None:
        args = parser.parse_args([*given, "gui"])
    _start_logging(args.verbose, args.command)
    try:
        code = int(args.handler(args))
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return code
    except BrokenPipeError:
        return _reader_went_away()
    except KeyboardInterrupt:
        _write_error("Interrupted.")
        return 130
    except CliError as exc:
        _write_error(str(exc))
        return exc.exit_code
    except Exception as exc:  # the contract: one plain sentence, never a traceback
        import logging

        code = exit_code_for(exc)
        # The log file keeps the traceback of what looks like a bug, for the report.
        logging.getLogger(__name__).error(
            "command %s failed: %s", args.command, plain_message(exc), exc_info=code == 1
        )
        _write_error(plain_message(exc))
        return code


def _write_error(text: str) -> None:
    from scaninbox.cli.text_layout import write_error  # unicodedata, shutil: only for a failure

    write_error(text)


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


def _start_logging(verbosity: int, command: str | None = None) -> None:
    from scaninbox.logs import LOG_FILE_NAME, SANDBOX_LOG_FILE_NAME, configure_logging
    from scaninbox.paths import app_paths

    # The sandbox runs beside the app (the window's demo service): a file of its own.
    name = SANDBOX_LOG_FILE_NAME if command == "sandbox" else LOG_FILE_NAME
    try:
        configure_logging(verbosity, app_paths().log_dir, file_name=name)
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
