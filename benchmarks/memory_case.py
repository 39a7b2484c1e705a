"""Peak memory showing a two-arch case (2 × 600k triangles): the app's viewport against a plain
pyvistaqt viewer of the same files (issue 24: ours ≤ 0.75× the peer, multisampling off on both).

    .venv/bin/python benchmarks/memory_case.py                  # re-runs itself under Xvfb
    .venv/bin/python benchmarks/memory_case.py --triangles 600000 --runs 3

Each side runs in a fresh process (peak RSS, ``ru_maxrss``, is per process), the sides taking
turns ``--runs`` times. Scenario: "2 × N-triangle case shown, one full frame at rest", both 3D
views 1000×671 under Xvfb's llvmpipe (each side prints the samples it drew with, the OpenGL
renderer and its window size). Printed: min / median ±spread in MiB, the ratio of the medians
and the ratios run by run (min / median ±spread), and the load average.

What each side does:
- ours: the app's viewport widget (`create_scan_viewport`: the 3D view with its toolbar, scan
  list, orientation marker and FXAA, as in the window) shows the case from the two cached STL
  files the way the app does — both soups read in parallel and drawn flat-shaded in one frame,
  then each welded with smooth normals and drawn again, then each level of detail built — and
  waits until both rows say "ready", then draws a frame;
- the peer: ``pyvista.read`` of each file (VTK's STL reader, which welds as it reads) and
  ``add_mesh(smooth_shading=True)`` (VTK computes the normals), then one frame.

What differs, beside that: ours draws several frames on the way (the peer one); ours draws
large scans in pieces in step with llvmpipe (`render.draw_pacing`), the peer draws each arch
whole, so the peer's peak (llvmpipe's queue of sorted triangles during its one frame) grows
with the machine's load while ours stays put — compare ratios from one run and note the load;
ours uses two lights and FXAA, the peer pyvista's five lights and no anti-aliasing; ours sets
glibc's heap (`scaninbox.qt.viewer.heap`), as the app does. Multisampling is off on both (ours
switches it off under software OpenGL, `render_policy`; the peer's is switched off before its
first frame: its default 4–8 samples would cost it memory ours does not pay). The viewport side
is not the whole app: the inbox, the store and background QC are not running there.

The whole app (the budget's own scenario, printed as a third side with its ratio to the same
peer): ``python -m scaninbox gui upper.stl lower.stl`` in a fresh home (no account: the inbox
says "Sign in", nothing syncs), as a person starts it for two files. What differs from the
viewport side: the process is the app's (its start-up, the inbox window with its widgets,
fonts, translations and X images, the "Local files" window around the viewport, the account's
modules and store opened after the files' full frame, the demo service not started), the 3D
view is that window's size (not 1000×671) and its frames are whatever the app draws (a first
flat frame of the soups, the smooth one, the levels of detail). It has no "ready" mark to
quit at, so it runs until its RSS has not grown by 1 MiB for ``SETTLED_S`` seconds (the welds,
levels of detail and the account's start all grow it) and is then terminated; its peak is the
kernel's high-water mark (``VmHWM`` in ``/proc/PID/status``), read just before, so it is
exact, not sampled. The peer is the same plain pyvistaqt viewer as above.

Where the memory goes: each side marks its steps (printing the time and its RSS) while this
process samples the child's RSS every ~2 ms from outside (a render holds the GIL, so a thread
inside would miss its peak); per step the table gives the RSS when the step ends, the highest
RSS seen during it and, at its end, the part not backed by files (the libraries' pages are the
rest), min / median over the runs, so the breakdown adds up to the peak. The figures and what
was cut are in benchmarks/README.md ("The budgets a person notices").
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import write_two_arch_case

MIB = 1 << 20

MARK = r"""
import os, sys, time
def mark(step):
    with open("/proc/self/statm") as statm:
        fields = statm.read().split()
    page = os.sysconf("SC_PAGE_SIZE")
    rss, shared = int(fields[1]) * page, int(fields[2]) * page  # shared: backed by files
    print(f"MARK {time.monotonic():.4f} {rss} {rss - shared} {step}", flush=True)
"""

OURS = (
    MARK
    + r"""
import asyncio, os, resource, sys, time
from pathlib import Path
os.environ.setdefault("QT_API", "pyside6")
from scaninbox.qt.workarounds.qasync_loop import GuiEventLoop  # the app's loop, as in the app
from PySide6.QtWidgets import QApplication
import scaninbox.qt
import scaninbox.qt.viewer as viewer
from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.settings import DEFAULT_JAW_COLOURS
from scaninbox.qt.viewer import sink

viewer.preload_3d_stack()
mark("imports (Qt, VTK, pyvista, ours)")
steps = {
    "first_look_done": lambda *a: "both soups read, handed to the view",
    "show_mesh": lambda key, mesh, stage: f"{key} welded + smoothed, handed in",
    "show_lod": lambda key, lod: f"{key} level of detail built, handed in",
}

def marked(name):
    method = getattr(sink.ScanSink, name)
    def call(self, *args):
        result = method(self, *args)
        if name != "show_mesh" or args[2].value == "refined":
            mark(steps[name](*args))
        return result
    return call

for name in steps:
    setattr(sink.ScanSink, name, marked(name))
folder = Path(sys.argv[1])

class Files:
    def cached_path(self, ref, kind, filename, file_type):
        return folder / filename
    async def fetch(self, ref, kind, filename, file_type, progress):
        return folder / filename

async def run():
    view = viewer.create_scan_viewport(Files(), lambda _s: "x,y,z", dict(DEFAULT_JAW_COLOURS))
    view.resize(1000, 700)
    view.show()
    view.view.render()
    mark("viewport shown, empty frame")
    scans = tuple(
        ScanFile(filename=f"{jaw.value}.stl", file_type="stl", scan_type="preparationScan", jaw=jaw)
        for jaw in (Jaw.UPPER, Jaw.LOWER)
    )
    view.show_case(Case(ref=CaseRef("arches"), source="Benchmark", scan_files=scans))
    while [r.state.value for r in view.scans.rows()] != ["ready", "ready"]:
        await asyncio.sleep(0.01)
    view.view.render()
    mark("full frame at rest")
    window = view.view.render_window
    print(f"INFO ours: MSAA {window.GetMultiSamples()}, {view.view.renderer_name}, "
          f"{tuple(window.GetSize())} px")
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    view.close()

app = QApplication([])
loop = GuiEventLoop(app)
asyncio.set_event_loop(loop)
with loop:
    loop.run_until_complete(run())
"""
)

PEER = (
    MARK
    + r"""
import os, resource, sys
from pathlib import Path
os.environ.setdefault("QT_API", "pyside6")
from PySide6.QtWidgets import QApplication
import pyvista as pv
from pyvistaqt import QtInteractor

mark("imports (Qt, VTK, pyvista)")
folder = Path(sys.argv[1])
app = QApplication([])
view = QtInteractor(None)
view.render_window.SetMultiSamples(0)  # as ours under software OpenGL: like with like
view.resize(1000, 671)
mark("interactor made")
for name, colour in (("upper.stl", "#e8dcc0"), ("lower.stl", "#bcd8f0")):
    mesh = pv.read(folder / name)
    mark(f"read {name}")
    view.add_mesh(mesh, color=colour, smooth_shading=True)
    mark(f"added {name} (normals)")
view.show()
view.render()
app.processEvents()
mark("shown, full frame")
window = view.render_window
renderer = [l for l in window.ReportCapabilities().splitlines() if "renderer string" in l]
print(f"INFO peer: MSAA {window.GetMultiSamples()}, {renderer[0].split(':', 1)[1].strip()}, "
      f"{tuple(window.GetSize())} px")
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
view.close()
"""
)


@dataclass
class Run:
    """One child process: its steps (name, RSS at the end, highest RSS during, RSS not backed
    by files at the end), ru_maxrss and what it says it drew with."""

    steps: list[tuple[str, float, float, float]]
    peak: float
    info: str = ""


def run_side(script: str, folder: Path) -> Run:
    """Run ``script`` and sample its RSS from here every ~2 ms until it exits."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    samples: list[tuple[float, float]] = []

    def sample() -> None:
        page = os.sysconf("SC_PAGE_SIZE")
        try:
            with Path(f"/proc/{child.pid}/statm").open() as statm:
                while child.poll() is None:
                    statm.seek(0)
                    samples.append((time.monotonic(), int(statm.read().split()[1]) * page / MIB))
                    time.sleep(0.002)
        except (OSError, ValueError, IndexError):  # the child is gone
            pass

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = child.communicate()
    sampler.join()
    if child.returncode != 0:
        raise SystemExit(f"failed:\n{err[-2000:]}")
    marks = [line.split(None, 4) for line in out.splitlines() if line.startswith("MARK ")]
    steps, since = [], 0.0
    for _, at, rss, anon, name in marks:
        during = [r for t, r in samples if since < t <= float(at)]
        steps.append((name, int(rss) / MIB, max([int(rss) / MIB, *during]), int(anon) / MIB))
        since = float(at)
    info = " ".join(line[5:] for line in out.splitlines() if line.startswith("INFO "))
    return Run(steps, int(out.strip().splitlines()[-1]) / 1024, info)


SETTLED_S = 4.0  # the whole app: no RSS growth for this long counts as settled
APP_AT_MOST_S = 120.0


def run_app(folder: Path) -> Run:
    """The whole app showing the two files (see the module docstring): its start-up trace as the
    steps, its high-water mark as the peak once its RSS has settled."""
    env = dict(os.environ, QT_API="pyside6", SCANINBOX_STARTUP_TRACE="1")
    env["SCANINBOX_HOME"] = str(folder / "home")
    shutil.rmtree(folder / "home", ignore_errors=True)
    files = [str(folder / "upper.stl"), str(folder / "lower.stl")]
    child = subprocess.Popen(
        [sys.executable, "-m", "scaninbox", "gui", *files],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    status = Path(f"/proc/{child.pid}/status")
    page = os.sysconf("SC_PAGE_SIZE")
    samples: list[tuple[float, float]] = []
    peak = [0.0]

    def watch() -> None:
        started = last_growth = time.monotonic()
        top = 0.0
        try:
            with Path(f"/proc/{child.pid}/statm").open() as statm:
                while child.poll() is None:
                    statm.seek(0)
                    now, rss = time.monotonic(), int(statm.read().split()[1]) * page / MIB
                    samples.append((now, rss))
                    if rss > top + 1:
                        top, last_growth = rss, now
                    if now - last_growth > SETTLED_S or now - started > APP_AT_MOST_S:
                        fields = dict(
                            line.split(":", 1) for line in status.read_text().splitlines()
                        )
                        peak[0] = int(fields["VmHWM"].split()[0]) / 1024
                        child.terminate()
                        return
                    time.sleep(0.002)
        except (OSError, ValueError, IndexError, KeyError):  # the child is gone
            pass

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    _, err = child.communicate()
    watcher.join()
    if not peak[0]:
        raise SystemExit(f"the app ended by itself:\n{err[-2000:]}")
    steps, since = [], 0.0
    for line in err.splitlines():
        if line.startswith("scaninbox-trace "):
            _, name, at, _cpu = line.split()
            during = [r for t, r in samples if since < t <= float(at)]
            at_end = [r for t, r in samples if t <= float(at)]
            end = at_end[-1] if at_end else 0.0
            steps.append((name, end, max([end, *during]), float("nan")))
            since = float(at)
    rest = [r for t, r in samples if t > since]
    if rest:
        steps.append(("settled (terminated)", rest[-1], max(rest), float("nan")))
    return Run(steps, peak[0], "app: gui FILE FILE, fresh home, no account")


def print_steps(label: str, runs: list[Run]) -> None:
    print(
        f"\n  {label}: step (in order) — RSS at its end, highest RSS during it, not backed by "
        f"files at its end; median of runs"
    )
    for index, (name, *_) in enumerate(runs[0].steps):
        ends, highs, anons = (
            [run.steps[index][column] for run in runs if len(run.steps) > index]
            for column in (1, 2, 3)
        )
        print(
            f"    {name:44} {statistics.median(ends):6.0f}   {statistics.median(highs):6.0f}"
            f"   {statistics.median(anons):6.0f} MiB"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triangles", type=int, default=600_000, help="per arch")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-app", action="store_true", help="skip the whole app's side")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", sys.executable, *sys.argv]
        return subprocess.run(command, check=False).returncode
    load = os.getloadavg()[0]
    runs: dict[str, list[Run]] = {"ours": [], "peer": [], "app": []}
    with tempfile.TemporaryDirectory(prefix="scaninbox-memory-") as tmp:
        folder = Path(tmp)
        write_two_arch_case(folder, args.triangles)
        for _ in range(args.runs):
            for side, script in (("ours", OURS), ("peer", PEER)):
                runs[side].append(run_side(script, folder))
            if not args.no_app:
                runs["app"].append(run_app(folder))
    print(
        f"\npeak RSS, 2 × {args.triangles:,} triangles, {args.runs} runs each; load average "
        f"{load:.2f} at start, {os.getloadavg()[0]:.2f} at the end; each side one process "
        f"(llvmpipe threads: {os.environ.get('LP_NUM_THREADS', os.cpu_count())})"
    )
    print("scenario: a 2-arch case shown, one full frame at rest; multisampling off on both sides")
    for side_runs in runs.values():
        if side_runs:  # the whole app's side is empty with --no-app
            print(f"  {side_runs[0].info}")
    print_steps("ours (viewport)", runs["ours"])
    print_steps("peer (plain pyvistaqt)", runs["peer"])
    if runs["app"]:
        print_steps("whole app (gui FILE FILE; RSS only)", runs["app"])
    print()
    labels = {
        "ours": "ours (viewport, refined + LOD)",
        "peer": "plain pyvistaqt viewer",
        "app": "whole app (gui FILE FILE)",
    }
    for side, side_runs in runs.items():
        if not side_runs:
            continue
        values = [run.peak for run in side_runs]
        low, mid, spread = min(values), statistics.median(values), max(values) - min(values)
        print(
            f"  {labels[side]:34} {low:7.0f} / {mid:7.0f} ±{spread:.0f} MiB (min / median ±spread)"
        )
    for side in ("ours", "app"):
        if not runs[side]:
            continue
        ratio = statistics.median(r.peak for r in runs[side]) / statistics.median(
            r.peak for r in runs["peer"]
        )
        paired = [o.peak / p.peak for o, p in zip(runs[side], runs["peer"], strict=True)]
        print(
            f"  {side} / peer: {ratio:.2f} on medians (target ≤ 0.75); per turn (each run "
            f"against the peer's run of the same turn) {min(paired):.2f} / "
            f"{statistics.median(paired):.2f} ±{max(paired) - min(paired):.2f} "
            f"(min / median ±spread)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
