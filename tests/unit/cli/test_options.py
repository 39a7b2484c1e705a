"""The command line is parsed once into typed options; handlers never see argparse."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import scaninbox.cli
from scaninbox.cli.case_commands import CasesOptions
from scaninbox.cli.errors import CliError
from scaninbox.cli.main import build_parser
from scaninbox.cli.options import GlobalOptions
from scaninbox.domain import CaseRef

CLI = Path(scaninbox.cli.__file__).parent
# Where argparse may appear: the parser, the command declarations and their options.
PARSER_SIDE = {"main.py", "deferred.py", "options.py", "arguments.py", "display.py"}


def test_global_options_name_the_service_once() -> None:
    parser = build_parser()
    demo = GlobalOptions.from_args(parser.parse_args(["--demo", "--offline", "cases"]))
    assert (demo.demo, demo.offline, demo.target_environment) == (True, True, "demo")
    custom = GlobalOptions.from_args(parser.parse_args(["--base-url", "https://x.example", "me"]))
    assert custom.target_environment == "custom"
    named = GlobalOptions.from_args(parser.parse_args(["--env", "staging", "me"]))
    assert named.target_environment == "staging"
    assert GlobalOptions.from_args(parser.parse_args(["me"])).target_environment is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        demo.offline = False  # type: ignore[misc]


def test_command_options_are_read_and_checked_when_parsed() -> None:
    parser = build_parser()
    args = parser.parse_args(["cases", "--from", "2026-01-01", "--search", "  anna ", "--all"])
    options = CasesOptions.from_args(args)
    assert (options.search, options.all_pages, str(options.date_from)) == (
        "anna",
        True,
        "2026-01-01",
    )
    with pytest.raises(CliError, match="--from must not be after --to"):
        CasesOptions.from_args(
            parser.parse_args(["cases", "--from", "2026-02-01", "--to", "2026-01-01"])
        )
    handler = parser.parse_args(["case", "42"]).handler
    assert handler.__name__ == "scaninbox.cli.case_handlers.run_case"
    from scaninbox.cli.case_commands import CaseOptions

    assert CaseOptions.from_args(parser.parse_args(["case", "42"])).ref == CaseRef.id(42)


def test_no_handler_reads_argparse() -> None:
    readers = sorted(
        path.name
        for path in CLI.glob("*.py")
        if path.name not in PARSER_SIDE
        and not path.name.endswith("_command.py")
        and not path.name.endswith("_commands.py")
        and ("argparse" in path.read_text() or "getattr(args" in path.read_text())
    )
    assert readers == []


def test_render_reads_its_options_once_and_checks_them() -> None:
    from scaninbox.cli.render_command import RenderOptions

    parser = build_parser()
    args = parser.parse_args(
        ["render", "a.stl", "b_lower.ply", "--out", "x.png", "--jaw", "lower", "--size", "640x480"]
    )
    assert args.handler.__name__ == "scaninbox.cli.render_command.run_render"
    options = RenderOptions.from_args(args)
    assert options.files == (Path("a.stl"), Path("b_lower.ply"))
    assert (options.jaw, options.size, options.view, options.case) == (
        "lower",
        (640, 480),
        "front",
        None,
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.view = "left"  # type: ignore[misc]
    case = RenderOptions.from_args(parser.parse_args(["render", "--case", "42", "--out", "x.png"]))
    assert (case.case, case.files) == (CaseRef.id(42), ())
    for wrong, message in (
        (["render", "--out", "x.png"], "one of the two"),
        (["render", "a.stl", "--case", "42", "--out", "x.png"], "one of the two"),
        (["render", "--case", "42", "--jaw", "upper", "--out", "x.png"], "a case brings its own"),
        (["render", "a.stl", "--out", "x.png", "--size", "10x10"], "out of range"),
    ):
        with pytest.raises(CliError, match=message):
            RenderOptions.from_args(parser.parse_args(wrong))
