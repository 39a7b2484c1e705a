"""Scan QC speed: ``scaninbox qc --upper`` against the same per-scan checks done the pyvista way,
whole processes, in one run; and a three-scan case.

    .venv/bin/python benchmarks/qc_checks.py [--repeat N]

1. A ~400k-triangle arch (the real scan subdivided once into four when ``../shared/realscans``
   is there, else a procedural arch), as a binary STL. Each round runs, as separate processes
   taking turns (so a busy machine slows them alike):
   - ours: ``python -m scaninbox qc --upper FILE --json`` (read, weld, holes, fragments,
     non-manifold / degenerate / duplicate triangles, basic figures);
   - pyvista: ``pyvista.read(FILE).clean()``, ``connectivity("all")`` for the pieces,
     ``extract_feature_edges`` for the boundary and for non-manifold edges, ``connectivity`` on
     the boundary edges for the loops and their perimeters (what the same answers take there);
   - python start: ``python -c "import numpy"``, the floor both pay.
2. A three-scan case from the sandbox's arches (upper, lower, bite; ~150k triangles per arch as
   its portals export them): ``check_scans`` in-process (the QC work) and the whole process.

Prints min, median and spread (max − min) per method, and the ratios against the targets
(≥ 3× faster than the pyvista way; a three-scan case under a second).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import procedural_arch, subdivide, write_binary_stl

ROOT = Path(__file__).resolve().parents[1]
REALSCANS = ROOT.parent / "shared" / "realscans"

PYVISTA_WAY = r"""
import json, sys
import numpy as np
import pyvista as pv

mesh = pv.read(sys.argv[1]).clean()
pieces = mesh.connectivity("all")
sizes = np.bincount(np.asarray(pieces.cell_data["RegionId"]))
boundary = mesh.extract_feature_edges(
    boundary_edges=True, non_manifold_edges=False, feature_edges=False, manifold_edges=False
)
non_manifold = mesh.extract_feature_edges(
    boundary_edges=False, non_manifold_edges=True, feature_edges=False, manifold_edges=False
)
loops = boundary.connectivity("all")
ids = np.asarray(loops.cell_data["RegionId"])
lengths = loops.compute_cell_sizes(length=True, area=False, volume=False).cell_data["Length"]
perimeters = np.bincount(ids, weights=lengths)
print(json.dumps({"pieces": len(sizes), "loops": len(perimeters),
                  "non_manifold": non_manifold.n_cells, "triangles": mesh.n_cells}))
"""


def _arch_400k(folder: Path) -> tuple[str, Path]:
    if (REALSCANS / "Example_01_binary.stl").is_file():
        from scaninbox.scans import read_mesh, refine

        real = refine(read_mesh(REALSCANS / "Example_01_binary.stl"))
        points, faces = subdivide(real.points, real.faces)
        return "real scan ×4 (400k)", write_binary_stl(folder / "real400k.stl", points, faces)
    points, faces = procedural_arch(400_000)
    return "procedural arch (400k)", write_binary_stl(folder / "arch400k.stl", points, faces)


def _case_files(folder: Path) -> list[Path]:
    from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch, build_bite
    from scaninbox.sandbox.mesh_files import stl_bytes

    upper, lower = ArchRecipe("upper", 3), ArchRecipe("lower", 3)
    meshes = {
        "upper": build_arch(upper, spacing_mm=0.16),
        "lower": build_arch(lower, spacing_mm=0.16),
        "bite": build_bite(upper, lower, spacing_mm=0.16),
    }
    paths = []
    for name, mesh in meshes.items():
        path = folder / f"{name}.stl"
        path.write_bytes(stl_bytes(mesh.vertices, mesh.faces, header_text=f"case {name}"))
        paths.append(path)
    return paths


def _run(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, cwd=ROOT, check=False)
    took = time.perf_counter() - start
    if done.returncode not in (0, 6):
        raise SystemExit(f"{command[:4]} failed: {done.stderr.decode()[-400:]}")
    return took


def _row(name: str, times: list[float]) -> str:
    low, middle, spread = min(times), statistics.median(times), max(times) - min(times)
    return (
        f"  {name:<34} min {low * 1000:7.0f} ms   median {middle * 1000:7.0f} ms   "
        f"spread {spread * 1000:6.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="qc-bench-") as name:
        folder = Path(name)
        label, big = _arch_400k(folder)
        from scaninbox.scans import read_mesh

        triangles = read_mesh(big).n_faces
        script = folder / "pyvista_way.py"
        script.write_text(PYVISTA_WAY)
        commands = {
            "ours: scaninbox qc --upper": [
                python,
                "-m",
                "scaninbox",
                "qc",
                "--upper",
                str(big),
                "--json",
            ],
            "pyvista way": [python, str(script), str(big)],
            "python start (import numpy)": [python, "-c", "import numpy"],
        }
        times: dict[str, list[float]] = {key: [] for key in commands}
        for command in commands.values():
            _run(command)  # warm the page cache and the bytecode
        for _ in range(args.repeat):
            for key, command in commands.items():
                times[key].append(_run(command))
        print(f"Per-scan checks, whole process, {label}: {triangles:,} triangles")
        print(f"  {args.repeat} rounds, the methods taking turns")
        for key, values in times.items():
            print(_row(key, values))
        ours, peer = times["ours: scaninbox qc --upper"], times["pyvista way"]
        by_median = statistics.median(peer) / statistics.median(ours)
        print(
            f"  ratio pyvista / ours: median {by_median:.1f}×, "
            f"min {min(peer) / min(ours):.1f}×   (target ≥ 3×)"
        )

        paths = _case_files(folder)
        from scaninbox.domain import Jaw
        from scaninbox.qc import ScanInput, check_scans

        inputs = [
            ScanInput(p, jaw)
            for p, jaw in zip(paths, (Jaw.UPPER, Jaw.LOWER, Jaw.BITE), strict=True)
        ]
        counts = [read_mesh(p).n_faces for p in paths]
        check_scans(inputs)
        in_process = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = check_scans(inputs).result
            in_process.append(time.perf_counter() - start)
        command = [
            python,
            "-m",
            "scaninbox",
            "qc",
            "--upper",
            str(paths[0]),
            "--lower",
            str(paths[1]),
            "--bite",
            str(paths[2]),
            "--json",
        ]
        whole = [_run(command) for _ in range(args.repeat)]
        print(
            f"Three-scan case (sandbox arches, {' + '.join(f'{c:,}' for c in counts)} triangles; "
            f"verdict {result.verdict}, {len(result.all_findings)} findings)"
        )
        print(_row("check_scans, in process", in_process))
        print(_row("scaninbox qc, whole process", whole))
        print(f"  in-process median {statistics.median(in_process):.2f} s   (target < 1 s)")


if __name__ == "__main__":
    main()
