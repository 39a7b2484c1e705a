"""The margin estimated from the shape (`qc.finish_line`), alone: the benchmark's three-scan case's
upper arch (``qc_checks.py``: the sandbox's arch, ~140k triangles, 16, 24 and 26 prepared), the
finish lines of the three teeth, in process, CPU and wall time, min and median over the rounds,
with the load average beside them.

    .venv/bin/python benchmarks/margin_estimate.py [--repeat N]

Measured 2026-12-06 at a load average of 14 (other sessions): 3 teeth 0.10 s CPU (min; 0.3 s
wall at that load) for the crease-following estimate. In the whole three-scan case
(``check_scans`` with every check) it adds 0.04–0.07 s CPU to what the curvature-per-sector
estimate it replaced took (0.73 → 0.77 s CPU min at that load, side by side in one run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qc_checks import _case_files


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    from scaninbox.qc.arch_frame import arch_frame, tooth_positions
    from scaninbox.qc.margins import estimated_margins
    from scaninbox.qc.occlusion import Arch
    from scaninbox.qc.scan_checks import check_mesh
    from scaninbox.scans import read_mesh

    with tempfile.TemporaryDirectory() as folder:
        upper = _case_files(Path(folder))[0]
        geometry = check_mesh(read_mesh(upper), jaw="upper", file="upper.stl")[1]
    arch = Arch("upper", "upper.stl", geometry)
    frame = arch_frame(geometry.points, geometry.edges, upper=True)
    tooth_positions(geometry.points, frame, upper=True)  # as the case's other checks leave it
    print(f"load average before {os.getloadavg()}")
    cpu, wall = [], []
    for _ in range(args.repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        margins = estimated_margins(arch, frame, [16, 24, 26])
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    print(f"load average after  {os.getloadavg()}")
    print(f"{len(margins)} margins, confidence {[m.confidence for m in margins]}")
    print(f"CPU  min {min(cpu) * 1000:.0f} ms, median {statistics.median(cpu) * 1000:.0f} ms")
    print(f"wall min {min(wall) * 1000:.0f} ms, median {statistics.median(wall) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
