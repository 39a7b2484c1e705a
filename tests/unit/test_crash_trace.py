"""A hard crash leaves every thread's stack in crash.log (a private file), not nothing."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from scaninbox.crash_trace import CRASH_FILE_NAME, record_crashes

_CRASHING_PROGRAM = """
import faulthandler, sys
from pathlib import Path
from scaninbox.crash_trace import record_crashes

def draw_the_frame():
    faulthandler._sigsegv()  # what a fault in native drawing code does to the process

kept = record_crashes(Path(sys.argv[1]))
assert kept is not None
draw_the_frame()
"""


def test_a_segfault_writes_the_stack_to_the_crash_log(tmp_path: Path) -> None:
    log_dir = tmp_path / "logs" / "scaninbox"
    done = subprocess.run(
        [sys.executable, "-c", _CRASHING_PROGRAM, str(log_dir)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    written = (log_dir / CRASH_FILE_NAME).read_text(encoding="utf-8")
    assert written.startswith("--- Scan Inbox started ")
    assert "Segmentation fault" in written
    assert "draw_the_frame" in written
    if os.name == "posix":
        assert stat.S_IMODE((log_dir / CRASH_FILE_NAME).stat().st_mode) == 0o600
        assert stat.S_IMODE(log_dir.stat().st_mode) == 0o700


def test_a_handler_already_set_is_left_alone(tmp_path: Path) -> None:
    # pytest enables faulthandler itself; taking it over would hide its reports.
    assert record_crashes(tmp_path) is None
    assert not (tmp_path / CRASH_FILE_NAME).exists()
