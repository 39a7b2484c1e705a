"""``scaninbox gui`` on a computer without a display says so in one sentence, before Qt aborts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scaninbox.cli.display import missing_display

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_without_a_display_the_window_says_how_to_run_it(tmp_path: Path) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XAUTHORITY")
    }
    env["SCANINBOX_HOME"] = str(tmp_path)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-m", "scaninbox", "gui", "--demo"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("There is no display")
    assert lines[0].endswith("xvfb-run -a scaninbox gui")
    assert done.stdout == ""
    assert not (tmp_path / "data").exists()  # nothing started: no demo data, no store


@pytest.mark.parametrize(
    ("env", "platform", "missing"),
    [
        ({}, "linux", True),
        ({"DISPLAY": ":99"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
        ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":0"}, "linux", False),
        ({"QT_QPA_PLATFORM": "wayland"}, "freebsd14", True),
        ({}, "win32", False),
        ({}, "darwin", False),
    ],
)
def test_which_environments_have_a_display(
    env: dict[str, str], platform: str, missing: bool
) -> None:
    assert (missing_display(env, platform) is not None) is missing
