"""Start-up time of the desktop app: launch → window, first rows, case, 3D ready, case's 3D frame.

    xvfb-run -a .venv/bin/python benchmarks/startup.py            # 5 runs, demo sandbox
    .venv/bin/python benchmarks/startup.py --runs 3                # under an existing DISPLAY

Each run starts ``python -m scaninbox gui --demo --quit-when-ready`` in a subprocess with
``SCANINBOX_STARTUP_TRACE=1`` and a fresh ``SCANINBOX_HOME`` (the first run of a home also
generates the demo data; ``--warm`` reuses one home so later runs find the store and the
sandbox's generated files). The app prints ``time.monotonic()`` at each milestone; this script
subtracts the moment it launched the process (CLOCK_MONOTONIC is shared by all processes).
Runs start from compiled bytecode (a private ``PYTHONPYCACHEPREFIX`` filled by an untimed run),
as an installed app does.
The last milestone, ``case-3d-frame``, is the first frame of the 3D view showing the first
case's scans — what a person waits for. Printed: min / median / max and the spread, and the
load average while it ran. Targets (issues 4, 11): launch → window visible < 1.5 s, launch →
first 3D frame of the first case < 3 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MILESTONES = (
    "gui-start",
    "window-visible",
    "3d-loading",
    "first-rows",
    "case-shown",
    "3d-imported",
    "3d-ready",
    "case-3d-frame",
)
REPO = Path(__file__).resolve().parents[1]


def _run_once(home: Path, timeout_s: float, pycache: Path) -> dict[str, float]:
    env = dict(
        os.environ,
        SCANINBOX_HOME=str(home),
        SCANINBOX_STARTUP_TRACE="1",
        QT_API="pyside6",
        PYTHONPYCACHEPREFIX=str(pycache),
    )
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-m", "scaninbox", "gui", "--demo", "--quit-when-ready"]
    launched = time.monotonic()
    done = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=timeout_s, check=False, cwd=REPO
    )
    if done.returncode != 0:
        raise SystemExit(f"the app exited with {done.returncode}:\n{done.stderr[-2000:]}")
    seen: dict[str, float] = {}
    for line in done.stderr.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "scaninbox-trace":
            seen[parts[1]] = float(parts[2]) - launched
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warm", action="store_true", help="reuse one SCANINBOX_HOME")
    parser.add_argument("--timeout", type=float, default=90.0)
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        print("No DISPLAY: run under xvfb-run -a (the window must really be shown).")
        return 2
    load = os.getloadavg()[0]
    results: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        # From compiled bytecode, as an installed app starts (the frozen app carries its own):
        # a private cache filled by an untimed first run, even where the shell sets
        # PYTHONDONTWRITEBYTECODE (then every run would compile our ~150 modules again).
        pycache = Path(tmp) / "pycache"
        _run_once(Path(tmp) / "home-compile", args.timeout, pycache)
        shared = Path(tmp) / "home"
        if args.warm:
            _run_once(shared, args.timeout, pycache)  # generate the demo data once
        for run in range(args.runs):
            home = shared if args.warm else Path(tmp) / f"home-{run}"
            results.append(_run_once(home, args.timeout, pycache))
    print(f"load average: {load:.2f} at start, {os.getloadavg()[0]:.2f} at the end")
    print(
        f"{'milestone (s after launch)':30} {'min':>8} {'median':>8} {'max':>8} {'spread':>8}"
        f"   runs={args.runs}"
    )
    for name in MILESTONES:
        values = [r[name] for r in results if name in r]
        if not values:
            print(f"{name:30} {'—':>8}   (not reached: the 3D viewer may be missing)")
            continue
        low, high = min(values), max(values)
        print(
            f"{name:30} {low:8.3f} {statistics.median(values):8.3f} {high:8.3f} {high - low:8.3f}"
        )
    print("  targets: window-visible < 1.5 s, case-3d-frame < 3 s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
