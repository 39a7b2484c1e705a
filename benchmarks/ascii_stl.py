"""ASCII STL readers side by side, in one run: our numpy reader, VTK's ``vtkSTLReader`` (through
``pyvista.get_reader``; it welds), the ``pyvista-stl`` wheel when it is installed (not a
dependency: the candidate it was measured against, it welds too) and the raw read of the bytes.

    .venv/bin/python benchmarks/ascii_stl.py     # ../shared/realscans/Example_01_ascii.stl
    .venv/bin/python benchmarks/ascii_stl.py FILE --repeat 15
    .venv/bin/python benchmarks/ascii_stl.py --safety 3000   # needs pyvista-stl installed

The peer is VTK's reader asked for by class, not ``pyvista.read``: with ``pyvista-stl``
installed, pyvista (0.49 on) hands every ``.stl`` that ``pyvista.read`` opens to the wheel (its
``pyvista.readers.override`` entry point), so ``pyvista.read`` would silently measure the wheel.

``--safety N`` is not a timing: the wheel against our reader on malformed files — the kinds the
test-suite refuses (bad numbers, truncations, missing vertices, no triangles, a binary STL with a
"solid" header cut short…), cut from the first facets of the real scan, then N random mutations
of it (seeded) — each read by the wheel in a child process (a crash or a hang is seen, not
suffered) and by ``read_mesh``. Printed: what each made of every named case, then how often the
wheel crashed, hung, refused, or returned a mesh where ours refused.

Each method parses bytes already in memory except VTK's reader, the wheel and the raw read,
which read the (page-cached) file; "first drawable" adds `to_polydata` as `mesh_pipeline.py`
does. The methods take turns within each round so that a busy machine slows them alike. Wall
and CPU time (``time.process_time``: every thread of the process) are printed as min / median
±spread, then the ratios of the medians against VTK's reader, with the load average at start
and end.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
REALSCANS = Path(__file__).resolve().parents[2] / "shared" / "realscans"


def _methods(path: Path) -> dict[str, Callable[[], object]]:
    import pyvista as pv

    from scaninbox.render import to_polydata
    from scaninbox.scans import read_mesh
    from scaninbox.scans.stl_ascii import parse_ascii_stl

    data = path.read_bytes()
    methods: dict[str, Callable[[], object]] = {"raw bytes": path.read_bytes}
    methods["numpy: soup"] = lambda: parse_ascii_stl(data, path.name)
    methods["ours: first drawable"] = lambda: to_polydata(read_mesh(path))
    methods["VTK (pyvista)"] = lambda: pv.get_reader(path).read()
    try:
        import pyvista_stl  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        pass
    else:
        methods["pyvista-stl: welded"] = lambda: pyvista_stl.read(path)
        methods["pyvista-stl 2 thr"] = lambda: pyvista_stl.read(path, threads=2)
    return methods


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=REALSCANS / "Example_01_ascii.stl")
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--safety", type=int, metavar="N", help="malformed files, N mutations")
    args = parser.parse_args()
    if not args.file.is_file():
        print(f"{args.file} not found", file=sys.stderr)
        return 1
    if args.safety is not None:
        from _ascii_stl_safety import compare_on_malformed_files

        return compare_on_malformed_files(args.file, args.safety)
    load = os.getloadavg()[0]
    methods = _methods(args.file)
    wall: dict[str, list[float]] = {name: [] for name in methods}
    cpu: dict[str, list[float]] = {name: [] for name in methods}
    for round_number in range(args.repeat + 1):
        for name, method in methods.items():
            gc.collect()
            start, start_cpu = time.perf_counter(), time.process_time()
            result = method()
            elapsed, used = time.perf_counter() - start, time.process_time() - start_cpu
            del result
            if round_number:  # round 0 warms caches and imports up
                wall[name].append(elapsed * 1000)
                cpu[name].append(used * 1000)
    print(f"{args.file.name}: {args.file.stat().st_size / 1e6:.1f} MB, {args.repeat} rounds")
    print(f"load average: {load:.2f} at start, {os.getloadavg()[0]:.2f} at the end")
    print(f"\n{'method':24}{'wall ms':>26}{'CPU ms':>26}{'VTK/this wall':>14}{'CPU':>8}")
    peer_wall = statistics.median(wall["VTK (pyvista)"])
    peer_cpu = statistics.median(cpu["VTK (pyvista)"])
    for name in methods:
        w, c = wall[name], cpu[name]
        ratio = peer_wall / statistics.median(w)
        ratio_cpu = peer_cpu / max(statistics.median(c), 1e-9)
        print(f"{name:24}{_triple(w):>26}{_triple(c):>26}{ratio:>13.1f}×{ratio_cpu:>7.1f}×")
    return 0


def _triple(values: list[float]) -> str:
    return f"{min(values):.1f} / {statistics.median(values):.1f} ±{max(values) - min(values):.0f}"


if __name__ == "__main__":
    raise SystemExit(main())
