"""The undercut map's measuring on the real arch: per-point undercut depth of a prepared tooth on
its best path of insertion (`scaninbox.qc.undercut_map.undercut_field`, the scan welded and
checked included), and the values carried to a level of detail (`carried_over`), as the
viewer does on its worker thread.

    .venv/bin/python benchmarks/undercut_map.py [--repeat N] [--teeth 16,26]

The arch: ``../shared/realscans/Example_01_binary.stl`` as the viewer shows it (welded), with
teeth 16 (default) prescribed; the level of detail: every fourth point. Prints min / median and
the spread (max - min) of ``--repeat`` rounds and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import numpy as np

from scaninbox.qc.undercut_map import carried_over, undercut_field
from scaninbox.scans import read_mesh, refine

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT.parent / "shared" / "realscans" / "Example_01_binary.stl"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--teeth", default="16")
    args = parser.parse_args()
    teeth = [int(t) for t in args.teeth.split(",")]
    mesh = refine(read_mesh(REAL))
    lod = mesh.points[::4]
    field_times, carry_times = [], []
    for _ in range(args.repeat):
        start = time.perf_counter()
        values = undercut_field(mesh, "upper", teeth)
        field_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        carried_over(values, mesh.points, lod)
        carry_times.append(time.perf_counter() - start)
    print(f"arch: {len(mesh.points)} points, teeth {teeth}, deepest {np.nanmax(values):.2f} mm")
    for label, times in (("field", field_times), (f"carried to {len(lod)} points", carry_times)):
        print(
            f"{label}: min {min(times):.3f} s, median {statistics.median(times):.3f} s, "
            f"spread {max(times) - min(times):.3f} s"
        )
    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
