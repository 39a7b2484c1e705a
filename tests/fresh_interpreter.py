"""What a fresh interpreter loads: run a script that prints a JSON report as its last line.

The import-weight tests ask which modules a command or a call pulls in; only a new process
starts from an empty ``sys.modules``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any


def run_reporting_script(
    script: str,
    *args: str,
    env: dict[str, str] | None = None,
    timeout: float = 300,
    python_options: tuple[str, ...] = (),
) -> tuple[dict[str, Any], str]:
    """Run ``script`` with ``args`` in a new interpreter (started with ``python_options``, e.g.
    ``("-W", "error")``); its report and its whole output."""
    done = subprocess.run(
        [sys.executable, *python_options, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report, done.stdout
