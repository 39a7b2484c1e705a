"""``import httpx`` leaves its command line (click, rich, pygments) unloaded once ``scaninbox``
is imported; httpx works as ever, and its command line still runs when asked for."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from tests.fresh_interpreter import run_reporting_script

_CLI_PACKAGES = ("click", "rich", "pygments")


def test_httpx_imported_after_scaninbox_leaves_its_command_line_unloaded() -> None:
    report, _ = run_reporting_script(
        """
import json, sys
import scaninbox, httpx
from scaninbox.workarounds.httpx_cli import httpx_cli_is_deferred
with httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(204))) as client:
    status = client.get("http://localhost/").status_code
print(json.dumps({
    "deferred": httpx_cli_is_deferred(),
    "loaded": sorted(n for n in ("click", "rich", "pygments") if n in sys.modules),
    "status": status,
    "main": callable(httpx.main),
}))
"""
    )
    assert report == {"deferred": True, "loaded": [], "status": 204, "main": True}


def test_httpx_main_runs_the_real_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import scaninbox, httpx; httpx.main()", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if all(importlib.util.find_spec(name) is not None for name in _CLI_PACKAGES):
        assert done.returncode == 0, done.stderr
        assert "Usage: httpx" in done.stdout
    else:  # as httpx's own stand-in says it
        assert done.returncode == 1
        assert "pip install 'httpx[cli]'" in done.stdout


def test_an_httpx_imported_before_is_left_alone() -> None:
    report, _ = run_reporting_script(
        """
import json, sys
import httpx
real = sys.modules.get("httpx._main")
from scaninbox.workarounds.httpx_cli import leave_httpx_cli_unloaded
did = leave_httpx_cli_unloaded()
print(json.dumps({"did": did, "same": sys.modules.get("httpx._main") is real}))
"""
    )
    assert report == {"did": False, "same": True}
