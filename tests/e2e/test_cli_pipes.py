"""``scaninbox … | head``: the reader goes away early and the command ends quietly, with no
"Broken pipe" message or traceback on the terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.conftest import REPO_ROOT

from scaninbox.cli.main import EXIT_BROKEN_PIPE
from scaninbox.sandbox import DEMO_ACCOUNT


@pytest.fixture
def synced_home(sandbox: Any, tmp_path: Path) -> dict[str, str]:
    """The environment of a person whose store holds the sandbox's cases."""
    environ = dict(os.environ)
    environ.update(
        PYTHONPATH=os.pathsep.join([str(REPO_ROOT), environ.get("PYTHONPATH", "")]),
        SCANINBOX_EMAIL=DEMO_ACCOUNT.email,
        SCANINBOX_PASSWORD=DEMO_ACCOUNT.password,
        SCANINBOX_HOME=str(tmp_path / "home"),
    )
    synced = subprocess.run(
        [sys.executable, "-m", "scaninbox", "--base-url", sandbox.base_url, "sync"],
        capture_output=True, env=environ, cwd=tmp_path, timeout=120, check=False,
    )  # fmt: skip
    assert synced.returncode == 0, synced.stderr
    return environ


@pytest.mark.parametrize("output", [[], ["--json"]])
def test_a_reader_that_went_away_gets_no_message(
    synced_home: dict[str, str], tmp_path: Path, output: list[str]
) -> None:
    # The reader has gone before the first line (`| head -0`, a pager quit at once): every
    # write fails, which is what `| head` does to the writes after the lines it took.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        finished = subprocess.run(
            [sys.executable, "-m", "scaninbox", "--offline", "cases", "--all", *output],
            stdout=write_end, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
            env=synced_home, cwd=tmp_path, timeout=120, check=False,
        )  # fmt: skip
    finally:
        os.close(write_end)
    assert finished.stderr.decode() == ""
    assert finished.returncode == EXIT_BROKEN_PIPE


def test_head_takes_the_first_line_and_nothing_is_said(
    synced_home: dict[str, str], tmp_path: Path
) -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "scaninbox", "--offline", "cases", "--all"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        env=synced_home, cwd=tmp_path,
    ) as listing:  # fmt: skip
        assert listing.stdout is not None
        assert listing.stderr is not None
        head = subprocess.run(
            ["head", "-n", "1"], stdin=listing.stdout, capture_output=True, timeout=120, check=True
        )
        listing.stdout.close()  # only `head` reads it
        err = listing.stderr.read().decode()
        code = listing.wait(120)
    assert head.stdout.decode().startswith("Received")
    assert err == ""
    assert code in (0, EXIT_BROKEN_PIPE)  # 0 when everything fitted the pipe before head left
