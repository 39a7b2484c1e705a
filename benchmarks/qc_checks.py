"""Scan QC speed: ``scaninbox qc --upper`` against the same per-scan answers got the pyvista way,
whole processes, in one run; and a three-scan case, in process and as a whole process.

    .venv/bin/python benchmarks/qc_checks.py [--repeat N]

1. A ~400k-triangle arch (the real scan subdivided once into four when ``../shared/realscans``
   is there, else a procedural arch), as a binary STL. Each round runs, as separate processes
   taking turns (so a busy machine slows them alike):
   - ours: ``python -m scaninbox qc --upper FILE --json`` — the whole process: interpreter
     start, imports, reading the STL, welding, holes, fragments, non-manifold / degenerate /
     duplicate triangles, basic figures, the JSON printed;
   - the pyvista way, **the same answers**: ``pyvista.read(FILE)`` (VTK's STL reader merges
     coincident points by default: the one weld, as ours welds once), ``connectivity("all")``
     for the pieces with their sizes, areas (``compute_cell_sizes``) and centres,
     ``extract_feature_edges`` for the boundary and for non-manifold edges, ``connectivity``
     on those for the loops (perimeters, centres) and the non-manifold places, and numpy for
     what VTK has no filter for — degenerate and repeated triangles, the mean edge length over
     the distinct edges — done the quick way (int64 keys sorted, as ours); extent and total
     area. It prints the figures our JSON gives (they agree);
   - the pyvista way, topology only: the peer of the budget rows before 2026-12-06 — pieces,
     boundary loops and their perimeters, non-manifold edges, without the triangle checks,
     areas, centres and figures ours gives (shown for comparison with those rows);
   - python start: ``python -c "import numpy"``, the floor both pay.
2. A three-scan case from the sandbox's arches (upper, lower, bite; ~140k triangles per arch
   as its portals export them; 16, 24 and 26 prepared): ``check_scans`` in process with a
   case (crowns on 16 and 26, a bridge 24–26) so that every check runs — read, per-scan checks,
   bite-through / clearance, jaw swapped / one-sided contact, room for the material, undercuts
   and the abutments' divergence, antagonist and case data — and ``scaninbox qc --upper U
   --lower L --bite B --json`` as a whole process (files: no case, so no room or undercut
   checks).

Every figure is given as wall time and as CPU time (user + system, of the child process for the
whole-process rows, of this process for the in-process row: threads add to CPU, not to wall),
each as min, median and spread (max − min) over the rounds. The machine's load average is printed
before and after: on a shared machine the wall times grow with it, the ratios much less.

Both sides run from compiled bytecode, as an installed app does (the children get a private
``PYTHONPYCACHEPREFIX`` and a warm-up round, even where the shell sets
``PYTHONDONTWRITEBYTECODE``; the venv's site-packages already hold theirs).

Threads: our ``check_scans`` checks the scans on up to ``min(scans, cores)`` threads (plus one
importing VTK when there are two arches) and the weld spreads its passes over ``min(4, cores)``;
the pyvista way runs VTK's filters as they come.

The last figures, and where the spread of single rounds comes from: ``benchmarks/README.md``
(the budgets' table); earlier figures are in git's history of both files.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import procedural_arch, subdivide, write_binary_stl

ROOT = Path(__file__).resolve().parents[1]
REALSCANS = ROOT.parent / "shared" / "realscans"

# The same answers as ours, the pyvista way: VTK's filters where VTK has one, numpy for the rest
# (the repeated triangles and the mean edge length by a sort of int64 keys, as ours, which is the
# quick numpy way: ``np.unique`` — on the keys, or with ``axis=0`` on the rows — or
# ``extract_all_edges`` would each cost the peer a few hundred milliseconds more).
PYVISTA_WAY = r"""
import json, sys
import numpy as np
import pyvista as pv


def distinct(keys):  # sorted, each once: np.sort and a comparison (np.unique is far slower)
    keys = np.sort(keys)
    return keys[np.concatenate(([True], keys[1:] != keys[:-1]))]


mesh = pv.read(sys.argv[1])  # vtkSTLReader welds (Merging on): once, as ours
pieces = mesh.connectivity("all")  # pieces: RegionId per cell and per point
faces = pieces.regular_faces
area = np.asarray(pieces.compute_cell_sizes(length=False, area=True, volume=False)["Area"])
n = pieces.n_points
# degenerate (no area, a point twice) and repeated triangles
f0, f1, f2 = (faces[:, k].astype(np.int64) for k in range(3))
degenerate = (area <= 1e-10) | (f0 == f1) | (f1 == f2) | (f0 == f2)
kept = faces[~degenerate]
low, high = kept.min(axis=1), kept.max(axis=1)
middle = kept.sum(axis=1) - low - high
repeated = len(kept) - len(distinct((low * n + middle) * n + high))
# the pieces' sizes, areas and centres (the fragments)
region = np.asarray(pieces.cell_data["RegionId"])
point_region = np.asarray(pieces.point_data["RegionId"])
count = int(region.max()) + 1
piece_faces = np.bincount(region, minlength=count)
piece_area = np.bincount(region, weights=area, minlength=count)
points = np.asarray(pieces.points, np.float64)
members = np.bincount(point_region, minlength=count)[:, None]
piece_centre = np.stack([np.bincount(point_region, points[:, k], count) for k in range(3)], 1)
piece_centre /= members
# the boundary's loops: perimeters and centres (the holes)
boundary = pieces.extract_feature_edges(
    boundary_edges=True, non_manifold_edges=False, feature_edges=False, manifold_edges=False
)
loops = boundary.connectivity("all")
ids = np.asarray(loops.cell_data["RegionId"])
lengths = loops.compute_cell_sizes(length=True, area=False, volume=False)["Length"]
perimeters = np.bincount(ids, weights=lengths)
loop_of_point = np.asarray(loops.point_data["RegionId"])
loop_points = np.asarray(loops.points, np.float64)
loop_centre = np.stack([np.bincount(loop_of_point, loop_points[:, k]) for k in range(3)], 1)
loop_centre /= np.bincount(loop_of_point)[:, None]
# non-manifold edges, the places they cluster in and the centre of the largest
non_manifold = pieces.extract_feature_edges(
    boundary_edges=False, non_manifold_edges=True, feature_edges=False, manifold_edges=False
)
places = 0
if non_manifold.n_cells:
    clusters = non_manifold.connectivity("all")
    places = int(np.asarray(clusters.cell_data["RegionId"]).max()) + 1
    of_point = np.asarray(clusters.point_data["RegionId"])
    biggest = int(np.argmax(np.bincount(of_point)))
    centre = np.asarray(clusters.points, np.float64)[of_point == biggest].mean(axis=0)
# basic figures: extent, area, mean edge length (each distinct edge once)
x0, x1, y0, y1, z0, z1 = mesh.bounds
first, second = faces.T, np.roll(faces, -1, axis=1).T  # each triangle's three sides
keys = distinct((np.minimum(first, second) * n + np.maximum(first, second)).ravel())
a, b = np.divmod(keys, n)
mean_edge = float(np.linalg.norm(points[a] - points[b], axis=1).mean())
print(json.dumps({"pieces": count, "loops": len(perimeters), "places": places,
                  "non_manifold": non_manifold.n_cells, "triangles": mesh.n_cells,
                  "degenerate": int(degenerate.sum()), "repeated": int(repeated),
                  "area_mm2": float(area.sum()), "mean_edge_mm": mean_edge,
                  "extent_mm": [x1 - x0, y1 - y0, z1 - z0]}))
"""

# The peer of the earlier budget rows: the topology only (pieces, boundary loops and their
# perimeters, non-manifold edges), none of the figures, centres or triangle checks ours gives.
PYVISTA_TOPOLOGY_ONLY = r"""
import json, sys
import numpy as np
import pyvista as pv

mesh = pv.read(sys.argv[1])
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


class Timing:
    """Wall and CPU seconds of the rounds of one method."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def add(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)


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

    # 16, 24 and 26 prepared (the sandbox's stumps): every check has work to look at.
    upper = ArchRecipe("upper", 3, treatments=((16, "stump"), (24, "stump"), (26, "stump")))
    lower = ArchRecipe("lower", 3)
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


def _crown_case() -> object:
    """A case with monolithic zirconia crowns on 16 and 26 and a layered bridge 24–26 (on the
    benchmark's prepared 16, 24 and 26): the bite,
    room-for-material, undercut and antagonist checks all run."""
    from datetime import UTC, date, datetime

    from scaninbox.domain import Case, CaseRef, OrderForm, Patient, Unit, Worktype

    crowns = tuple(
        Worktype(
            category="Fixed",
            restoration_type="Crown",
            material="Zirconia",
            setting="Monolithic",
            fdi=str(tooth),
        )
        for tooth in (16, 26)
    )
    bridge = Worktype(
        category="Fixed",
        restoration_type="Bridge",
        material="Zirconia",
        setting="Layered",
        units=(
            Unit(restoration_type="Crown", fdi="24"),
            Unit(restoration_type="Pontic", fdi="25"),
            Unit(restoration_type="Crown", fdi="26"),
        ),
    )
    return Case(
        ref=CaseRef.parse("1"),
        patient=Patient(first_name="Anna", last_name="Muster", date_of_birth="1980-02-03"),
        order_form=OrderForm(filename="order.pdf"),
        worktypes=(*crowns, bridge),
        delivery_date=date(2099, 1, 1),
        received_at=datetime(2026, 11, 20, 9, 0, tzinfo=UTC),
        source="3Shape",
        external_id="X-1",
    )


def _child_env(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    return env


def _run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, cwd=ROOT, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 6):
        raise SystemExit(f"{command[:4]} failed: {done.stderr.decode()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _stats(values: list[float]) -> str:
    low, middle, spread = min(values), statistics.median(values), max(values) - min(values)
    return f"min {low * 1000:6.0f}  median {middle * 1000:6.0f}  spread {spread * 1000:5.0f} ms"


def _rows(name: str, timing: Timing) -> list[str]:
    return [
        f"  {name:<32} wall  {_stats(timing.wall)}",
        f"  {'':<32} CPU   {_stats(timing.cpu)}",
    ]


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    cores = os.cpu_count()
    return f"load average {one:.2f} / {five:.2f} / {fifteen:.2f} (1 / 5 / 15 min), {cores} cores"


def _ratio(peer: list[float], ours: list[float]) -> str:
    median = statistics.median(peer) / statistics.median(ours)
    return f"median {median:.1f}×, min {min(peer) / min(ours):.1f}×"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    python = sys.executable
    print(f"Before: {_load()}")
    with tempfile.TemporaryDirectory(prefix="qc-bench-") as name:
        folder = Path(name)
        env = _child_env(folder)
        label, big = _arch_400k(folder)
        from scaninbox.scans import read_mesh

        triangles = read_mesh(big).n_faces
        script = folder / "pyvista_way.py"
        script.write_text(PYVISTA_WAY)
        topology_only = folder / "pyvista_topology_only.py"
        topology_only.write_text(PYVISTA_TOPOLOGY_ONLY)
        ours_command = [python, "-m", "scaninbox", "qc", "--upper", str(big), "--json"]
        commands = {
            "ours: scaninbox qc --upper": ours_command,
            "pyvista way (the same answers)": [python, str(script), str(big)],
            "pyvista, topology only": [python, str(topology_only), str(big)],
            "python start (import numpy)": [python, "-c", "import numpy"],
        }
        times = {key: Timing() for key in commands}
        for command in commands.values():
            _run(command, env)  # compile the bytecode, warm the page cache
        for _ in range(args.repeat):
            for key, command in commands.items():
                times[key].add(*_run(command, env))
        print(f"Per-scan checks, whole process, {label}: {triangles:,} triangles")
        print(f"  {args.repeat} rounds, the methods taking turns")
        for key, timing in times.items():
            print("\n".join(_rows(key, timing)))
        ours, peer = times["ours: scaninbox qc --upper"], times["pyvista way (the same answers)"]
        print(f"  pyvista / ours, wall: {_ratio(peer.wall, ours.wall)}   (target ≥ 3×)")
        print(f"  pyvista / ours, CPU:  {_ratio(peer.cpu, ours.cpu)}")
        bare = times["pyvista, topology only"]
        print(f"  topology only / ours, wall: {_ratio(bare.wall, ours.wall)}")
        print(f"  topology only / ours, CPU:  {_ratio(bare.cpu, ours.cpu)}")

        paths = _case_files(folder)
        from scaninbox.domain import Jaw
        from scaninbox.qc import ScanInput, check_scans

        inputs = [
            ScanInput(p, jaw)
            for p, jaw in zip(paths, (Jaw.UPPER, Jaw.LOWER, Jaw.BITE), strict=True)
        ]
        counts = [read_mesh(p).n_faces for p in paths]
        case = _crown_case()
        check_scans(inputs, case=case)  # type: ignore[arg-type]
        in_process = Timing()
        for _ in range(args.repeat):
            start, cpu = time.perf_counter(), time.process_time()
            result = check_scans(inputs, case=case).result  # type: ignore[arg-type]
            in_process.add(time.perf_counter() - start, time.process_time() - cpu)
        command = [python, "-m", "scaninbox", "qc"]
        for flag, path in zip(("--upper", "--lower", "--bite"), paths, strict=True):
            command += [flag, str(path)]
        command.append("--json")
        _run(command, env)
        whole = Timing()
        for _ in range(args.repeat):
            whole.add(*_run(command, env))
        print(
            f"Three-scan case (sandbox arches, {' + '.join(f'{c:,}' for c in counts)} triangles; "
            f"crowns 16, 26 and a bridge 24-26: checks {', '.join(result.checks)}; "
            f"verdict {result.verdict}, {len(result.all_findings)} findings)"
        )
        print("\n".join(_rows("check_scans with the case, in process", in_process)))
        print("\n".join(_rows("scaninbox qc, whole process", whole)))
        print(
            f"  medians: in process {statistics.median(in_process.wall):.2f} s, whole process "
            f"{statistics.median(whole.wall):.2f} s wall / {statistics.median(whole.cpu):.2f} s "
            "CPU   (target < 1 s)"
        )
    print(f"After: {_load()}")


if __name__ == "__main__":
    main()
