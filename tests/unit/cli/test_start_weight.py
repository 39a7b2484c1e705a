"""What every start pays before its command's work: building the parser and starting the log.

Each ``scaninbox`` process (the desktop app too) builds the command line's parser and starts
logging first, so a module-level import there is paid by every command. These tests run a fresh
interpreter and name what that start must not import; they fail when such an import comes back.
A command line naming a command builds only the sub-parsers of that command's module, and
parses exactly as the whole parser does.
"""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path

import pytest
from tests.fresh_interpreter import run_reporting_script

from scaninbox.cli.main import COMMAND_MODULES, COMMANDS, build_parser, command_named

# Not needed to build the parser and start the log: the log's rotating handler (socket, pickle,
# queue), the settings' TOML parser, platformdirs (tempfile, random), the domain's dataclasses,
# shutil (argparse asks it for the terminal's width), numpy, the service client and the store.
NOT_AT_START = (
    "logging.handlers",
    "socket",
    "tomllib",
    "platformdirs",
    "tempfile",
    "shutil",
    "scaninbox.domain",
    "scaninbox.domain.case",
    "scaninbox.settings",
    "numpy",
    "pydantic",
    "httpx",
    "sqlite3",
    "scaninbox.api",
    "scaninbox.store",
)

_START = """
import json, logging, sys
from scaninbox.cli.main import _start_logging, build_parser
build_parser().parse_args(["cases", "--json"])
_start_logging(0)
at_start = sorted(sys.modules)
logging.getLogger("scaninbox.test").warning("first record")
print(json.dumps({"at_start": at_start, "after_a_record": sorted(sys.modules)}))
"""

_NAMED = """
import json, sys
from scaninbox.cli.main import build_parser
argv = sys.argv[1:]
args = build_parser(argv).parse_args(argv)
print(json.dumps({"handler": args.handler.__name__, "modules": sorted(sys.modules)}))
"""


def _run(script: str, *args: str, env: dict[str, str] | None = None) -> dict[str, object]:
    report, _ = run_reporting_script(script, *args, env=env, timeout=120)
    return report


def _home_env(tmp_path: Path) -> dict[str, str]:
    """The platform's folders (no SCANINBOX_HOME), all inside ``tmp_path``."""
    env = {k: v for k, v in os.environ.items() if k != "SCANINBOX_HOME"}
    env["HOME"] = str(tmp_path / "home")
    for name in ("CONFIG", "DATA", "CACHE", "STATE"):
        env[f"XDG_{name}_HOME"] = str(tmp_path / name.lower())
    return env


def test_building_the_parser_and_starting_the_log_import_nothing_heavy(tmp_path: Path) -> None:
    report = _run(_START, env=_home_env(tmp_path))
    at_start = set(report["at_start"])  # type: ignore[arg-type]
    assert "scaninbox.cli.qc_commands" in at_start  # it did build the whole parser
    assert "scaninbox.logs" in at_start  # and started the log
    assert sorted(name for name in NOT_AT_START if name in at_start) == []
    # The log file is there once something is logged, private, in the platform's log folder.
    assert "logging.handlers" in set(report["after_a_record"])  # type: ignore[arg-type]
    log = tmp_path / "state" / "ScanInbox" / "log" / "scaninbox.log"
    assert "first record" in log.read_text(encoding="utf-8")
    if os.name == "posix":
        assert stat.S_IMODE(log.stat().st_mode) == 0o600
        assert stat.S_IMODE(log.parent.stat().st_mode) == 0o700


def test_a_command_line_naming_a_command_builds_only_its_module() -> None:
    report = _run(_NAMED, "qc", "--upper", "upper.stl", "--json")
    assert report["handler"] == "scaninbox.cli.qc_handlers.run"
    loaded = set(report["modules"])  # type: ignore[arg-type]
    others = [m for m in COMMAND_MODULES if m != "scaninbox.cli.qc_commands" and m in loaded]
    assert others == []


@pytest.mark.parametrize(
    "argv",
    [
        ["qc", "--upper", "u.stl", "--lower", "l.stl", "--json"],
        ["--offline", "qc", "1234"],
        ["--base-url", "qc", "cases", "--all"],  # "qc" is the service's address here
        ["--base-url=https://x.example", "-vv", "case", "1234", "--json"],
        ["--env", "staging", "render", "a.stl", "--out", "a.png", "--view", "left"],
        ["--demo", "cache", "prune", "--limit", "2GB"],
        ["--verbose", "sync", "--full"],
        ["--base", "https://x.example", "me"],  # an abbreviation: the whole parser decides
        ["gui", "--offline", "scan.stl"],
        ["login"],
    ],
)
def test_a_named_command_parses_as_with_the_whole_parser(argv: list[str]) -> None:
    whole = vars(build_parser().parse_args(argv))
    named = vars(build_parser(argv).parse_args(argv))
    assert named.pop("handler").__name__ == whole.pop("handler").__name__
    assert named == whole


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["qc", "--upper", "u.stl"], "qc"),
        (["-v", "--offline", "cases"], "cases"),
        (["--env=staging", "pin", "12"], "pin"),
        (["--env", "sync", "me"], "me"),  # the environment's name is not the command
        (["--help", "qc"], None),  # the whole help
        (["-h"], None),
        (["--off", "cases"], None),  # an abbreviated option: not certain without argparse
        (["nonsense"], None),  # argparse names the commands there are
        (["--", "qc"], None),
        ([], None),  # the desktop app: `gui` is added after the first parse
    ],
)
def test_the_command_is_named_only_when_that_is_certain(
    argv: list[str], command: str | None
) -> None:
    assert command_named(argv) == command


def test_the_command_table_names_what_each_module_registers() -> None:
    import importlib

    registered: dict[str, str] = {}
    for module in COMMAND_MODULES:
        subparsers = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(module).register(subparsers)
        registered.update(dict.fromkeys(subparsers.choices, module))
    assert registered == COMMANDS


_QC = """
import contextlib, io, json, os, sys
from scaninbox.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(["qc", "--upper", sys.argv[1], "--json"])
print(json.dumps({"code": code, "blas": os.environ.get("OPENBLAS_NUM_THREADS")}))
"""


def _small_scan(folder: Path) -> Path:
    import numpy as np

    from scaninbox.sandbox.mesh_files import stl_bytes

    xs, ys = np.meshgrid(np.arange(6.0), np.arange(6.0))
    points = np.column_stack([xs.ravel(), ys.ravel(), np.zeros(36)])
    quads = [
        (r * 6 + c, r * 6 + c + 1, r * 6 + c + 7, r * 6 + c + 6) for r in range(5) for c in range(5)
    ]
    faces = np.array([t for a, b, c, d in quads for t in ((a, b, c), (a, c, d))])
    path = folder / "upper.stl"
    path.write_bytes(stl_bytes(points, faces, header_text="plane"))
    return path


@pytest.mark.parametrize(("given", "expected"), [(None, "1"), ("2", "2")])
def test_qc_runs_numpys_blas_on_one_thread_unless_told_otherwise(
    tmp_path: Path, given: str | None, expected: str
) -> None:
    """qc spreads its checks over threads of its own; BLAS's pool would only spin beside them
    (CPU at numpy's import). Whoever set the variable keeps their choice."""
    env = _home_env(tmp_path)
    env.pop("OPENBLAS_NUM_THREADS", None)
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    report = _run(_QC, str(_small_scan(tmp_path)), env=env)
    assert report["code"] in (0, 6)
    assert report["blas"] == expected
