"""Start-up milestones, for ``benchmarks/startup.py`` and for the log.

With ``SCANINBOX_STARTUP_TRACE=1`` each milestone prints one line to stderr::

    scaninbox-trace window-visible 12345.678901 1.234

The first number is ``time.monotonic()`` (CLOCK_MONOTONIC, shared by every process on the machine),
so a parent process can subtract its own launch time; the second is the CPU time this process has
used so far (all its threads), which a busy machine disturbs less than the wall. Milestones:
``gui-start`` (the gui command begins), ``window-visible`` (first paint of the main window),
``3d-loading`` (the 3D stack's import starts, on a worker thread), ``demo-listening`` (with
``--demo``: the demo service answers), ``signed-in`` (the service accepted the sign-in),
``first-rows`` (the inbox shows cases), ``case-shown`` (the first case's details), ``3d-imported``
(VTK, pyvista and pyvistaqt are imported), ``3d-ready`` (the 3D viewer is in place),
``case-3d-frame`` (the first frame showing that case's scans, with ``--quit-when-ready``),
``case-full-frame`` (the first with its visible scans at full resolution), ``files-full-frame``
(``gui FILE… --quit-when-ready``: the first frame of the "Local files" window showing the files
at full resolution).
"""

from __future__ import annotations

import os
import sys
import time

__all__ = ["TRACE_ENV", "trace"]

TRACE_ENV = "SCANINBOX_STARTUP_TRACE"
_seen: set[str] = set()


def trace(event: str) -> None:
    """Record ``event`` once (later calls for the same event are ignored)."""
    if event in _seen:
        return
    _seen.add(event)
    if os.environ.get(TRACE_ENV):
        now, cpu = time.monotonic(), time.process_time()
        print(f"scaninbox-trace {event} {now:.6f} {cpu:.3f}", file=sys.stderr, flush=True)
