"""Peak memory showing a two-arch case (2 × 600k triangles): the app's viewport against a plain
pyvistaqt viewer of the same files.

    .venv/bin/python benchmarks/memory_case.py                  # re-runs itself under Xvfb
    .venv/bin/python benchmarks/memory_case.py --triangles 600000 --runs 3

Each side runs in a fresh process (peak RSS, ``ru_maxrss``, is per process), the sides taking
turns ``--runs`` times: ours opens the viewport, shows the case from the STL files and waits
until both scans are refined and their levels of detail built, then draws a frame; the peer
reads both files with ``pyvista.read`` and shows them with ``add_mesh(smooth_shading=True)``
(what a plain viewer does) and draws a frame. Printed: min / median ±spread in MiB, the ratio,
and the load average. Target (issue 11): ours at least 25 % below the peer.

Where ours goes (2 × 600k, measured with /proc/self/status along the way): ~300 MiB of imports
and ~160 MiB for the shown, empty OpenGL view — both the same for the peer —, then the two
soups of the first look (arrays plus llvmpipe's copies of them) at the peak. The viewer fixes
glibc's heap settings (`scaninbox.qt.viewer.heap`), which took the peak from ~840 MiB to
~700 and what stays after the case is shown from ~710 to ~550 MiB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import procedural_arch, write_binary_stl

OURS = r"""
import asyncio, os, resource, sys, time
from pathlib import Path
os.environ.setdefault("QT_API", "pyside6")
import qasync
from PySide6.QtWidgets import QApplication
import scaninbox.qt
import scaninbox.qt.viewer as viewer
from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.settings import DEFAULT_JAW_COLOURS

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
    scans = tuple(
        ScanFile(filename=f"{jaw.value}.stl", file_type="stl", scan_type="preparationScan", jaw=jaw)
        for jaw in (Jaw.UPPER, Jaw.LOWER)
    )
    view.show_case(Case(ref=CaseRef("arches"), source="Benchmark", scan_files=scans))
    while [r.state.value for r in view.scans.rows()] != ["ready", "ready"]:
        await asyncio.sleep(0.01)
    view.view.render()
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    view.close()

app = QApplication([])
loop = qasync.QEventLoop(app)
asyncio.set_event_loop(loop)
with loop:
    loop.run_until_complete(run())
"""

PEER = r"""
import os, resource, sys
from pathlib import Path
os.environ.setdefault("QT_API", "pyside6")
from PySide6.QtWidgets import QApplication
import pyvista as pv
from pyvistaqt import QtInteractor

folder = Path(sys.argv[1])
app = QApplication([])
view = QtInteractor(None)
view.resize(1000, 671)
for name, colour in (("upper.stl", "#e8dcc0"), ("lower.stl", "#bcd8f0")):
    view.add_mesh(pv.read(folder / name), color=colour, smooth_shading=True)
view.show()
view.render()
app.processEvents()
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
view.close()
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triangles", type=int, default=600_000, help="per arch")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", sys.executable, *sys.argv]
        return subprocess.run(command, check=False).returncode
    load = os.getloadavg()[0]
    peaks: dict[str, list[float]] = {"ours": [], "peer": []}
    with tempfile.TemporaryDirectory(prefix="scaninbox-memory-") as tmp:
        folder = Path(tmp)
        for name, lower in (("upper.stl", False), ("lower.stl", True)):
            points, faces = procedural_arch(args.triangles, lower=lower)
            points[:, 2] += -3.0 if lower else 3.0
            write_binary_stl(folder / name, points, faces)
        for _ in range(args.runs):
            for side, script in (("ours", OURS), ("peer", PEER)):
                done = subprocess.run(
                    [sys.executable, "-c", script, str(folder)],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                if done.returncode != 0:
                    raise SystemExit(f"{side} failed:\n{done.stderr[-2000:]}")
                peaks[side].append(int(done.stdout.strip().splitlines()[-1]) / 1024)
    print(
        f"\npeak RSS, 2 × {args.triangles:,} triangles, {args.runs} runs each; load average "
        f"{load:.2f} at start, {os.getloadavg()[0]:.2f} at the end; each side one process "
        f"(llvmpipe threads: {os.environ.get('LP_NUM_THREADS', os.cpu_count())})"
    )
    for side, values in peaks.items():
        low, mid, spread = min(values), statistics.median(values), max(values) - min(values)
        label = "ours (viewport, refined + LOD)" if side == "ours" else "plain pyvistaqt viewer"
        print(f"  {label:34} {low:7.0f} / {mid:7.0f} ±{spread:.0f} MiB (min / median ±spread)")
    ratio = statistics.median(peaks["ours"]) / statistics.median(peaks["peer"])
    print(f"  ours / peer (medians): {ratio:.2f}  (target ≤ 0.75)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
