"""Starting any command (the desktop app included) builds the parser; that must not import the
API client, pydantic or the store — each command's handler imports what it needs (more in
``test_start_weight.py``)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("scaninbox.api", "scaninbox.store", "httpx", "pydantic")


def test_building_the_parser_imports_neither_the_api_nor_the_store() -> None:
    script = (
        "import sys\n"
        "from scaninbox.cli.main import build_parser\n"
        "parser = build_parser()\n"
        "args = parser.parse_args(['case', 'abc'])\n"
        "assert args.handler.__name__ == 'scaninbox.cli.case_handlers.run_case'\n"
        f"print(sorted(m for m in sys.modules if m.startswith({HEAVY!r})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"


def test_mapping_an_error_imports_the_error_classes_then() -> None:
    script = (
        "import sys\n"
        "from scaninbox.cli.errors import exit_code_for, plain_message\n"
        "assert 'scaninbox.api.errors' not in sys.modules\n"
        "from scaninbox.store.errors import NotCachedError\n"
        "print(exit_code_for(NotCachedError('gone')), plain_message(KeyError('x')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "4 Unexpected error (KeyError): 'x'."


def test_the_desktop_launcher_passes_everything_to_the_window() -> None:
    from scaninbox.cli.main import build_parser, desktop_argv

    argv = desktop_argv(
        ["--demo", "--offline", "--quit-when-ready", "--screenshot", "shot.png", "--env", "staging"]
    )
    args = build_parser().parse_args(argv)
    assert args.command == "gui"
    assert args.gui_demo
    assert args.gui_offline
    assert args.quit_when_ready
    assert str(args.screenshot) == "shot.png"
    assert args.gui_environment == "staging"
    assert desktop_argv(["gui", "--demo"]) == ["gui", "--demo"]
    base = build_parser().parse_args(desktop_argv(["--base-url", "https://inbox.example"]))
    assert base.gui_base_url == "https://inbox.example"


def test_gui_takes_scan_files_from_the_command_line_and_the_desktop_entry() -> None:
    from pathlib import Path

    from scaninbox.cli.gui_command import GuiCommandOptions
    from scaninbox.cli.main import build_parser, desktop_argv

    parser = build_parser()
    args = parser.parse_args(["gui", "upper.stl", "/scans/lower jaw.PLY"])
    files = GuiCommandOptions.from_args(args).files
    assert files == (Path("upper.stl").absolute(), Path("/scans/lower jaw.PLY"))
    # `scaninbox-desktop %F`: the file manager passes the paths alone.
    launched = parser.parse_args(desktop_argv(["--offline", "/scans/a.stl"]))
    assert launched.gui_offline
    assert GuiCommandOptions.from_args(launched).files == (Path("/scans/a.stl"),)
    assert GuiCommandOptions.from_args(parser.parse_args(["gui"])).files == ()
