"""Start-up time of the desktop app: launch → window, first rows, case, 3D ready, case's 3D frame.

    xvfb-run -a .venv/bin/python benchmarks/startup.py            # 5 runs, demo sandbox
    .venv/bin/python benchmarks/startup.py --runs 3                # under an existing DISPLAY
    xvfb-run -a .venv/bin/python benchmarks/startup.py --against /tmp/old/src   # A/B, interleaved

Each run starts ``python -m scaninbox gui --demo --quit-when-ready`` in a subprocess with
``SCANINBOX_STARTUP_TRACE=1`` and a fresh ``SCANINBOX_HOME`` (the first run of a home also
generates the demo data; ``--warm`` reuses one home so later runs find the store and the
sandbox's generated files). The app prints ``time.monotonic()`` at each milestone; this script
subtracts the moment it launched the process (CLOCK_MONOTONIC is shared by all processes).
Runs start from compiled bytecode (a private ``PYTHONPYCACHEPREFIX`` filled by an untimed run),
as an installed app does.
The last milestone, ``case-3d-frame``, is the first frame of the 3D view showing the first case's
scans — what a person waits for. Printed: min / median / max and the spread, the app's CPU time up
to that frame (all its threads; a busy machine disturbs it less than the wall times), the CPU time
of the whole run (the app and its children: with ``--demo`` the sandbox runs in a process of its
own), and the load average while it ran. ``--against SRC`` also runs another checkout's ``src``
folder (e.g. ``git archive main src | tar -x -C /tmp/old``) with this virtualenv, the two taking
turns run by run, and prints the ratio of their medians: on a busy machine that ratio means more
than either time. Targets (issues 4, 11): launch → window visible < 1.5 s, launch → first 3D frame
of the first case < 3 s.
"""

from __future__ import annotations

import argparse
import os
import resource
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
    "demo-listening",
    "signed-in",
    "first-rows",
    "case-shown",
    "3d-imported",
    "3d-ready",
    "case-3d-frame",
)
REPO = Path(__file__).resolve().parents[1]


FAILED = "failed"
APP_CPU = "app cpu to case-3d-frame"
CPU = "cpu (app + children), all"


def _run_once(
    home: Path, timeout_s: float, pycache: Path, src: Path | None = None
) -> dict[str, float]:
    env = dict(
        os.environ,
        SCANINBOX_HOME=str(home),
        SCANINBOX_STARTUP_TRACE="1",
        QT_API="pyside6",
        PYTHONPYCACHEPREFIX=str(pycache),
    )
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if src is not None:  # ahead of the virtualenv's own (editable) copy of scaninbox
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(src), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "scaninbox", "gui", "--demo", "--quit-when-ready"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    launched = time.monotonic()
    done = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=timeout_s, check=False, cwd=REPO
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        # Reported and counted, not hidden: a crash is a finding too (the others still count).
        print(f"a run exited with {done.returncode}; its last words:\n{done.stderr[-1500:]}")
        return {FAILED: float(done.returncode)}
    seen: dict[str, float] = {}
    for line in done.stderr.splitlines():
        parts = line.split()
        if len(parts) in (3, 4) and parts[0] == "scaninbox-trace":
            seen[parts[1]] = float(parts[2]) - launched
            if len(parts) == 4 and parts[1] == MILESTONES[-1]:
                seen[APP_CPU] = float(parts[3])
    # Children's CPU counts every process the app waited for (its sandbox process included).
    seen[CPU] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seen


def _table(title: str, all_results: list[dict[str, float]]) -> dict[str, float]:
    """Print one side's figures; its medians by milestone."""
    results = [r for r in all_results if FAILED not in r]
    failed = [int(r[FAILED]) for r in all_results if FAILED in r]
    note = f", {len(failed)} more FAILED (exit codes {failed})" if failed else ""
    print(
        f"{title:30} {'min':>8} {'median':>8} {'max':>8} {'spread':>8}   runs={len(results)}{note}"
    )
    medians: dict[str, float] = {}
    for name in (*MILESTONES, APP_CPU, CPU):
        values = [r[name] for r in results if name in r]
        if not values:
            print(f"{name:30} {'—':>8}   (not reached, or not traced by that tree)")
            continue
        low, high = min(values), max(values)
        medians[name] = statistics.median(values)
        print(f"{name:30} {low:8.3f} {medians[name]:8.3f} {high:8.3f} {high - low:8.3f}")
    return medians


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warm", action="store_true", help="reuse one SCANINBOX_HOME")
    parser.add_argument("--timeout", type=float, default=90.0)
    parser.add_argument(
        "--against", type=Path, metavar="SRC", help="another checkout's src folder, in turns"
    )
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        print("No DISPLAY: run under xvfb-run -a (the window must really be shown).")
        return 2
    sides: dict[str, Path | None] = {"this tree": None}
    if args.against is not None:
        if not (args.against / "scaninbox" / "__init__.py").is_file():
            print(f"{args.against} is no src folder of Scan Inbox (no scaninbox/__init__.py).")
            return 2
        sides[f"against {args.against}"] = args.against.resolve()
    load = os.getloadavg()[0]
    results: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    with tempfile.TemporaryDirectory() as tmp:
        # From compiled bytecode, as an installed app starts (the frozen app carries its own):
        # a private cache filled by an untimed first run, even where the shell sets
        # PYTHONDONTWRITEBYTECODE (then every run would compile our ~150 modules again).
        pycache = Path(tmp) / "pycache"
        for number, src in enumerate(sides.values()):
            _run_once(Path(tmp) / f"home-compile-{number}", args.timeout, pycache, src)
        for number, src in enumerate(sides.values()):
            if args.warm:  # generate the demo data once per side
                _run_once(Path(tmp) / f"home-{number}", args.timeout, pycache, src)
        for run in range(args.runs):
            for number, (side, src) in enumerate(sides.items()):
                name = f"home-{number}" if args.warm else f"home-{number}-{run}"
                results[side].append(_run_once(Path(tmp) / name, args.timeout, pycache, src))
    print(f"load average: {load:.2f} at start, {os.getloadavg()[0]:.2f} at the end")
    medians = {
        side: _table(f"{side} (s after launch)", side_results)
        for side, side_results in results.items()
    }
    if args.against is not None:
        ours, theirs = medians.values()
        print("ratio of medians, this tree / against:")
        for name in (*MILESTONES, APP_CPU, CPU):
            if name in ours and name in theirs and theirs[name] > 0:
                print(f"{name:30} {ours[name] / theirs[name]:8.2f}")
    print("  targets: window-visible < 1.5 s, case-3d-frame < 3 s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
