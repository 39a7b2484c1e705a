"""Where a hard crash leaves its trace: ``crash.log`` beside the app's log.

A fault in native code (VTK, llvmpipe, Qt) ends the process before Python's logging can say
anything; the person sees the window vanish and support has nothing to read. ``faulthandler``
writes every thread's Python stack to a file from the signal handler itself, so the log folder
keeps which step was running. The file is the owner's only (0600, folder 0700) like the log,
and holds stacks only — no arguments or values, so no token can reach it.
"""

from __future__ import annotations

import faulthandler
import os
import time
from pathlib import Path
from typing import IO

from scaninbox.paths import ensure_private_dir

__all__ = ["CRASH_FILE_NAME", "record_crashes"]

CRASH_FILE_NAME = "crash.log"
_KEEP_BYTES = 256 * 1024  # older traces are cut at the next start: the file never grows without end


def record_crashes(log_dir: Path) -> IO[str] | None:
    """Have a crash write its stacks to ``log_dir/crash.log``; returns the open file (keep it
    for the life of the process) or None when a handler is already set (a test runner's) or
    the folder cannot be written."""
    if faulthandler.is_enabled():
        return None
    try:
        ensure_private_dir(log_dir)
        path = log_dir / CRASH_FILE_NAME
        if path.exists() and path.stat().st_size > _KEEP_BYTES:
            path.unlink()
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        stream = os.fdopen(descriptor, "a", encoding="utf-8")
    except OSError:
        return None  # a crash trace is a help, never a reason not to start
    stream.write(f"--- Scan Inbox started {time.strftime('%Y-%m-%d %H:%M:%S %z')} ---\n")
    stream.flush()
    faulthandler.enable(stream, all_threads=True)
    return stream
