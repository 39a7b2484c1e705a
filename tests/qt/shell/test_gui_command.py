"""``scaninbox gui --demo --quit-when-ready --screenshot`` in a subprocess: the smoke check."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]


def _gui(*args: str, home: Path, timeout_s: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)  # DISPLAY: the test run's Xvfb
    env["SCANINBOX_HOME"] = str(home)
    env["SCANINBOX_STARTUP_TRACE"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    env.pop("QT_QPA_PLATFORM", None)
    return subprocess.run(
        [sys.executable, "-m", "scaninbox", "gui", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout_s,
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="looks for processes in /proc")
def test_the_demo_opens_shows_a_case_saves_a_screenshot_and_quits(tmp_path: Path) -> None:
    shot = tmp_path / "window.png"
    done = _gui("--demo", "--quit-when-ready", "--screenshot", str(shot), home=tmp_path / "home")
    assert done.returncode == 0, done.stderr[-3000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 20_000  # a real window, not an empty image
    milestones = [
        line.split()[1] for line in done.stderr.splitlines() if line.startswith("scaninbox-trace")
    ]
    assert milestones.index("window-visible") < milestones.index("first-rows")
    assert "case-shown" in milestones
    # The trace follows the 3D stack's loading and ends with the first case's 3D frame (what
    # benchmarks/startup.py measures).
    steps = ("window-visible", "3d-loading", "3d-imported", "3d-ready")
    assert [milestones.index(step) for step in steps] == sorted(
        milestones.index(step) for step in steps
    )
    # then with the frame that shows its scans at full resolution (--quit-when-ready waits for it).
    assert milestones[-1] == "case-full-frame"
    assert milestones.index("case-3d-frame") < milestones.index("case-full-frame")
    # The demo's local data is filed under the demo environment.
    accounts = tmp_path / "home" / "data" / "accounts"
    assert any(p.name.startswith("demo-") for p in accounts.iterdir())
    # The demo service ran in a process of its own (given this home's cache folder), and it
    # ended with the app: no orphan left behind.
    log = (tmp_path / "home" / "logs" / "scaninbox.log").read_text(encoding="utf-8")
    started = re.search(r"demo service started as process (\d+)", log)
    assert started is not None, log[-2000:]
    assert not (Path("/proc") / started[1]).exists()
    assert _processes_mentioning(str(tmp_path / "home")) == []


def _processes_mentioning(text: str) -> list[str]:
    """Command lines of running processes that contain ``text`` (Linux: /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:  # ended meanwhile
            continue
        if text in command:
            found.append(command)
    return found


@pytest.mark.slow
def test_not_ready_in_time_exits_1_and_says_why(tmp_path: Path) -> None:
    # No account and no demo: the sign-in dialog waits for a person who never comes.
    done = _gui("--quit-when-ready", "--ready-timeout", "2", home=tmp_path / "home")
    assert done.returncode == 1
    assert "was not ready in time: no case was shown" in done.stderr


def test_the_gui_is_the_default_command_and_demo_works_either_side() -> None:
    from scaninbox.cli.gui_command import gui_options_from_args
    from scaninbox.cli.main import build_parser
    from scaninbox.cli.options import GlobalOptions

    parser = build_parser()
    for argv in (["--demo", "gui"], ["gui", "--demo"]):
        args = parser.parse_args(argv)
        assert args.handler.__name__ == "scaninbox.cli.gui_command.run_gui_command"
        assert GlobalOptions.from_args(args).demo or gui_options_from_args(args).demo
    hidden = parser.parse_args(["gui", "--quit-when-ready", "--screenshot", "x.png"])
    assert hidden.quit_when_ready
    assert str(hidden.screenshot) == "x.png"
    assert "--quit-when-ready" not in parser.format_help()


def test_the_window_starts_from_the_options_type_the_command_line_fills() -> None:
    from scaninbox.cli.gui_command import gui_options_from_args
    from scaninbox.cli.main import build_parser
    from scaninbox.gui_options import GuiOptions
    from scaninbox.qt.shell.app_controller import GuiOptions as WindowOptions

    assert WindowOptions is GuiOptions  # one definition, not a copy to keep in step
    args = build_parser().parse_args(["gui", "--offline"])
    assert isinstance(gui_options_from_args(args), WindowOptions)
