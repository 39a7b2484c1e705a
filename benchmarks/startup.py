"""Start-up time of the desktop app: launch → window, first rows, case, 3D ready, the first case's
full-resolution scans on screen — beside f3d opening that case's scan on screen, in the same run.

    .venv/bin/python benchmarks/startup.py          # 5 runs, re-runs itself under Xvfb
    .venv/bin/python benchmarks/startup.py --runs 7 --no-f3d
    .venv/bin/python benchmarks/startup.py --against /tmp/old/src   # A/B, in turns
    .venv/bin/python benchmarks/startup.py --no-f3d --frozen dist/ScanInbox/scaninbox

Scenario: ``python -m scaninbox gui --demo --quit-when-ready`` in a subprocess with
``SCANINBOX_STARTUP_TRACE=1`` and a fresh ``SCANINBOX_HOME`` (the first run of a home also
generates the demo data; ``--warm`` reuses one home so later runs find the store and the
sandbox's generated files). The app prints ``time.monotonic()`` at each milestone; this script
subtracts the moment it launched the process (CLOCK_MONOTONIC is shared by all processes).
Runs start from compiled bytecode (a private ``PYTHONPYCACHEPREFIX`` filled by an untimed run),
as an installed app does.

The milestone a person waits for is ``case-full-frame``: the first frame of the 3D view showing
the first case's visible scans at full resolution (``caseComplete``: no preview left; with
``--quit-when-ready`` the app quits only after it). ``case-3d-frame`` is the first frame showing
anything of the case — usually the previews (~7k triangles). Printed: min / median / max and the
spread, the app's CPU time up to the full frame (all its threads), the CPU time of the whole run
(the app and its children: with ``--demo`` the sandbox runs in a process of its own), the load
average while it ran and the machine's cores.

The peer (unless ``--no-f3d`` or f3d is missing; Debian's ``f3d`` package): after each of our
runs, f3d opens the largest visible full scan of the case our run showed (copied out of that
run's store under its file name), in a window on the same display; this script grabs the screen
every few milliseconds and stops f3d once its window shows a lit surface. What differs: f3d shows
one scan (it opens one file per window; ours shows both arches of the case, loaded over HTTP
from the demo service, in the whole inbox window), and f3d's time is seen from the screen grab
while ours comes from the app's own frame signal. Printed: its min / median and the ratio of
medians ours / f3d (budget, issue 24: ≤ 2×).

``--against SRC`` also runs another checkout's ``src`` folder (e.g. ``git archive main src | tar
-x -C /tmp/old``) with this virtualenv, the two taking turns run by run, and prints the ratio of
their medians: on a busy machine that ratio means more than either time.

``--frozen EXE`` also runs the frozen app (``dist/ScanInbox/scaninbox``, or
``opt/scan-inbox/scaninbox`` of the ``.deb``'s payload unpacked with ``dpkg-deb -x``) the same
way (``EXE gui --demo --quit-when-ready``, same environment, fresh home), in turns with this
tree's run; the ratio frozen / venv is the budget "the frozen app no slower than the venv"
(issue 24). The frozen app carries its own bytecode; its first, untimed run fills the same
per-user caches the venv's first run fills (matplotlib's font list).

``--file PATH`` times the like-for-like scenario instead: ``scaninbox gui PATH
--quit-when-ready`` (a fresh home, so no account opens: the main window shows "Not signed in"
and the "Local files" window shows PATH), up to ``files-full-frame`` — the first frame of the
"Local files" window with PATH at full resolution —, and f3d opening the same PATH after each of
our runs. Both sides then draw the same file from the same disk; what still differs: ours opens
two windows (the inbox and the 3D one) and f3d one.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    "case-full-frame",
)
# ``--file``: the same start, then the "Local files" window's full-resolution frame.
FILE_MILESTONES = (
    "gui-start",
    "window-visible",
    "3d-loading",
    "3d-imported",
    "3d-ready",
    "files-full-frame",
)
REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Side:
    """What one side of the comparison runs: another checkout's ``src`` folder with this
    virtualenv, or a frozen app's executable."""

    path: Path
    frozen: bool = False


FAILED = "failed"
APP_CPU = "app cpu to the full frame"
F3D = "f3d: launch → scan on screen"
F3D_POLL_S = 0.02
# A lit surface in f3d's window: pixels brighter than its dark grey background, this share of
# the screen at least.
F3D_BRIGHT = 120
F3D_SHARE = 0.004
CPU = "cpu (app + children), all"


def _run_once(
    home: Path,
    timeout_s: float,
    pycache: Path,
    side: Side | None = None,
    file: Path | None = None,
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
    command = [sys.executable, "-m", "scaninbox"]
    if side is not None and side.frozen:
        command = [str(side.path)]
    elif side is not None:  # ahead of the virtualenv's own (editable) copy of scaninbox
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(side.path), env.get("PYTHONPATH")]))
    if file is None:
        command += ["gui", "--demo", "--quit-when-ready"]
    else:
        command += ["gui", str(file), "--quit-when-ready"]
    last = (FILE_MILESTONES if file is not None else MILESTONES)[-1]
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
            if len(parts) == 4 and parts[1] == last:
                seen[APP_CPU] = float(parts[3])
    # Children's CPU counts every process the app waited for (its sandbox process included).
    seen[CPU] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seen


def _shown_scan(home: Path, into: Path) -> Path | None:
    """The largest visible full scan of the case the run showed (the first whose scans were
    fetched: other cases' wait for the viewer's first frame), copied out of the run's store
    under its own name; None when none is found."""
    for store in home.glob("data/accounts/*/inbox.sqlite3"):
        with sqlite3.connect(store) as db:
            row = db.execute(
                """select name, sha256 from files where kind = 'scan' and file_type != 'preview'
                and case_id = (select case_id from files where kind = 'scan'
                               order by fetched_at limit 1)
                and name not like '%bite%' and name not like '%preprep%'
                order by size_bytes desc limit 1"""
            ).fetchone()
        if row is None:
            continue
        name, sha = row
        blob = store.parent / "files" / "blobs" / sha[:2] / sha
        into.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(blob, into / name)
        return into / name
    return None


class ScreenWatch:
    """Grabs the whole screen (this script's own Qt connection to the display)."""

    def __init__(self) -> None:
        from PySide6.QtGui import QGuiApplication  # noqa: TID251

        self._app: Any = QGuiApplication.instance() or QGuiApplication([])
        self._screen = self._app.primaryScreen()

    def bright_share(self) -> float:
        import numpy as np
        from PySide6.QtGui import QImage  # noqa: TID251

        image = self._screen.grabWindow(0).toImage().convertToFormat(QImage.Format.Format_RGB888)
        width, height, stride = image.width(), image.height(), image.bytesPerLine()
        pixels = np.frombuffer(image.constBits(), np.uint8, stride * height)
        rgb = pixels.reshape(height, stride)[:, : width * 3].reshape(height, width, 3)
        return float((rgb[::2, ::2].min(axis=2) > F3D_BRIGHT).mean())


def _f3d_on_screen(path: Path, watch: ScreenWatch, timeout_s: float) -> float | None:
    """Seconds from launching ``f3d path`` until a lit surface is on screen (None: never)."""
    if watch.bright_share() >= F3D_SHARE:
        print("the screen is not dark before f3d starts: its time cannot be told")
        return None
    launched = time.monotonic()
    process = subprocess.Popen(
        ["f3d", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while time.monotonic() - launched < timeout_s and process.poll() is None:
            if watch.bright_share() >= F3D_SHARE:
                return time.monotonic() - launched
            time.sleep(F3D_POLL_S)
        return None
    finally:
        process.terminate()
        process.wait(timeout=10)


def _table(
    title: str, all_results: list[dict[str, float]], milestones: tuple[str, ...]
) -> dict[str, float]:
    """Print one side's figures; its medians by milestone."""
    results = [r for r in all_results if FAILED not in r]
    failed = [int(r[FAILED]) for r in all_results if FAILED in r]
    note = f", {len(failed)} more FAILED (exit codes {failed})" if failed else ""
    print(
        f"{title:30} {'min':>8} {'median':>8} {'max':>8} {'spread':>8}   runs={len(results)}{note}"
    )
    medians: dict[str, float] = {}
    for name in (*milestones, APP_CPU, CPU, F3D):
        values = [r[name] for r in results if name in r]
        if not values:
            print(f"{name:30} {'—':>8}   (not reached, or not traced by that tree)")
            continue
        low, high = min(values), max(values)
        medians[name] = statistics.median(values)
        medians[f"min {name}"] = low
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
    parser.add_argument(
        "--frozen",
        type=Path,
        action="append",
        default=[],
        metavar="EXE",
        help="a frozen app's scaninbox executable, in turns (repeatable: an older build too)",
    )
    parser.add_argument("--no-f3d", action="store_true", help="leave out f3d's time")
    parser.add_argument(
        "--file",
        type=Path,
        metavar="PATH",
        help="time `gui PATH --quit-when-ready` beside f3d opening PATH (instead of the demo)",
    )
    args = parser.parse_args(argv)
    file = args.file.resolve() if args.file is not None else None
    if file is not None and not file.is_file():
        print(f"{args.file} is no file.")
        return 2
    milestones = FILE_MILESTONES if file is not None else MILESTONES
    if not os.environ.get("DISPLAY"):
        if shutil.which("xvfb-run"):
            command = ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", sys.executable]
            return subprocess.run([*command, *sys.argv], check=False).returncode
        print("No DISPLAY: run under xvfb-run -a (the window must really be shown).")
        return 2
    with_f3d = not args.no_f3d and shutil.which("f3d") is not None
    watch = ScreenWatch() if with_f3d else None
    sides: dict[str, Side | None] = {"this tree": None}
    if args.against is not None:
        if not (args.against / "scaninbox" / "__init__.py").is_file():
            print(f"{args.against} is no src folder of Scan Inbox (no scaninbox/__init__.py).")
            return 2
        sides[f"against {args.against}"] = Side(args.against.resolve())
    for exe in args.frozen:
        if not (exe.is_file() and os.access(exe, os.X_OK)):
            print(f"{exe} is no executable (the frozen app's scaninbox).")
            return 2
        sides[f"frozen {exe}"] = Side(exe.absolute(), frozen=True)
    load = os.getloadavg()[0]
    print(f"cores: {os.cpu_count()}, load average at start: {load:.2f}")
    results: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    with tempfile.TemporaryDirectory() as tmp:
        # From compiled bytecode, as an installed app starts (the frozen app carries its own):
        # a private cache filled by an untimed first run, even where the shell sets
        # PYTHONDONTWRITEBYTECODE (then every run would compile our ~150 modules again).
        pycache = Path(tmp) / "pycache"
        for number, side in enumerate(sides.values()):
            _run_once(Path(tmp) / f"home-compile-{number}", args.timeout, pycache, side, file)
        for number, side in enumerate(sides.values()):
            if args.warm:  # generate the demo data once per side
                _run_once(Path(tmp) / f"home-{number}", args.timeout, pycache, side, file)
        for run in range(args.runs):
            for number, (title, side) in enumerate(sides.items()):
                name = f"home-{number}" if args.warm else f"home-{number}-{run}"
                home = Path(tmp) / name
                result = _run_once(home, args.timeout, pycache, side, file)
                results[title].append(result)
                scan = file or _shown_scan(home, Path(tmp) / f"f3d-{number}-{run}")
                if watch is not None and scan is not None and FAILED not in result:
                    seen = _f3d_on_screen(scan, watch, args.timeout)
                    if seen is not None:
                        result[F3D] = seen
                if run == 0 and number == 0:
                    print(f"the scan f3d opens: {scan if scan else 'none found'}")
                print(f"  run {run + 1}/{args.runs} {title}: load {os.getloadavg()[0]:.2f}")
    print(f"load average: {load:.2f} at start, {os.getloadavg()[0]:.2f} at the end")
    medians = {
        side: _table(f"{side} (s after launch)", side_results, milestones)
        for side, side_results in results.items()
    }
    for side, side_medians in medians.items():
        ours_full, f3d = side_medians.get(milestones[-1]), side_medians.get(F3D)
        ours_min, f3d_min = (
            side_medians.get(f"min {milestones[-1]}"),
            side_medians.get(f"min {F3D}"),
        )
        if ours_full and f3d and ours_min and f3d_min:
            print(
                f"{side}: full scans on screen / f3d: {ours_min / f3d_min:.2f}× minimums, "
                f"{ours_full / f3d:.2f}× medians (budget ≤ 2×)"
            )
    ours = medians["this tree"]
    for title, theirs in medians.items():
        if title == "this tree":
            continue
        frozen = title.startswith("frozen ")
        print(f"ratio of medians, {'frozen / this tree' if frozen else 'this tree / against'}:")
        for name in (*milestones, APP_CPU, CPU):
            top, bottom = (theirs, ours) if frozen else (ours, theirs)
            if name in top and name in bottom and bottom[name] > 0:
                print(f"{name:30} {top[name] / bottom[name]:8.2f}")
    print(
        f"  budgets (issue 24): window-visible < 1 s, {milestones[-1]} ≤ 2× f3d, frozen ≤ 1× venv"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
