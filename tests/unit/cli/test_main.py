"""Starting any command (the desktop app included) builds the parser; that must not import the
API client, pydantic or the store — each command's handler imports what it needs (more in
``test_start_weight.py``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

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

    from scaninbox.cli.gui_command import gui_options_from_args
    from scaninbox.cli.main import build_parser, desktop_argv

    parser = build_parser()
    args = parser.parse_args(["gui", "upper.stl", "/scans/lower jaw.PLY"])
    files = gui_options_from_args(args).files
    assert files == (Path("upper.stl").absolute(), Path("/scans/lower jaw.PLY"))
    # `scaninbox-desktop %F`: the file manager passes the paths alone.
    launched = parser.parse_args(desktop_argv(["--offline", "/scans/a.stl"]))
    assert launched.gui_offline
    assert gui_options_from_args(launched).files == (Path("/scans/a.stl"),)
    assert gui_options_from_args(parser.parse_args(["gui"])).files == ()


def test_the_gui_command_and_the_window_share_one_options_type_and_the_global_options_join(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``scaninbox gui`` hands the window the very options type it starts from — a field added
    for the window is one the command line can set — and the global options count too."""
    import dataclasses
    import sys
    import types
    from pathlib import Path

    import scaninbox.cli.display
    from scaninbox.cli.gui_command import gui_options_from_args, run_gui_command
    from scaninbox.cli.main import build_parser
    from scaninbox.cli.options import GlobalOptions
    from scaninbox.gui_options import GuiOptions

    argv = ["--offline", "--env", "staging", "gui", "--screenshot", "s.png", "--no-viewer", "a.stl"]
    args = build_parser().parse_args(argv)
    command = gui_options_from_args(args)
    assert type(command) is GuiOptions
    handed: list[object] = []
    # The window itself is not started here: `run_gui` stands in, taking what it is given.
    fake_app = types.ModuleType("scaninbox.qt.shell.app")
    fake_app.run_gui = lambda options: handed.append(options) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "scaninbox.qt.shell.app", fake_app)
    monkeypatch.setattr(scaninbox.cli.display, "missing_display", lambda: None)
    assert run_gui_command(GlobalOptions.from_args(args), command) == 0
    (options,) = handed
    assert type(options) is GuiOptions
    assert dataclasses.asdict(options) == dataclasses.asdict(
        dataclasses.replace(command, offline=True, environment="staging")
    )
    assert options.screenshot == Path("s.png").absolute()
    assert not options.load_viewer
    assert options.files == (Path("a.stl").absolute(),)
