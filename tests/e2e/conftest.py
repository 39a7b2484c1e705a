"""Running the ``scaninbox`` command in a subprocess, as a user or a script would."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]


CliRunner = Callable[..., Run]


@pytest.fixture
def cli(tmp_path: Path) -> CliRunner:
    """``cli(*args, base_url=…, email=…, password=…, env={…}, cwd=…)`` → Run."""

    def run(
        *args: str,
        base_url: str | None = None,
        email: str | None = None,
        password: str | None = None,
        env: dict[str, str] | None = None,
        cwd: Path | None = None,
        timeout_s: float = 120,
    ) -> Run:
        environ = dict(os.environ)
        environ.pop("COLUMNS", None)
        environ["PYTHONIOENCODING"] = "utf-8"
        environ["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), environ.get("PYTHONPATH", "")])
        for name, value in (("SCANINBOX_EMAIL", email), ("SCANINBOX_PASSWORD", password)):
            if value is not None:
                environ[name] = value
        environ.update(env or {})
        command = [sys.executable, "-m", "scaninbox"]
        if base_url:
            command += ["--base-url", base_url]
        completed = subprocess.run(
            [*command, *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=environ,
            cwd=cwd or tmp_path,
            timeout=timeout_s,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        return Run(completed.returncode, completed.stdout, completed.stderr)

    return run
