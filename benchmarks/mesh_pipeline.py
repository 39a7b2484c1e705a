"""Mesh pipeline speed: our readers against pyvista and trimesh, in one run, on the same files.

    .venv/bin/python benchmarks/mesh_pipeline.py            # real scans + 150k/600k/2M STLs
    .venv/bin/python benchmarks/mesh_pipeline.py --quick    # without the 2M file
    .venv/bin/python benchmarks/mesh_pipeline.py --text     # only the text formats
    .venv/bin/python benchmarks/mesh_pipeline.py --repeat 9

What each side does (file on disk, page cache warm, → a vtkPolyData):

- ``raw bytes``: reading the file's bytes (the floor).
- ``ours: first drawable``: `read_mesh` + `to_polydata`. NOT the same work as ``pyvista.read``
  for an STL: ours is the unwelded soup (three points per triangle, drawn flat at once), VTK's
  STL reader merges the points. For PLY and OBJ both keep the file's own indexed points.
- ``ours: welded``: the same, with an STL's soup welded (`weld_points`): the same mesh as
  ``pyvista.read`` gives, point for point — the like-for-like pair.
- ``pyvista.read``: VTK's reader for the format (``vtkSTLReader`` merges points).
- ``ours: welded+normals`` (`refine`): welded, smooth point normals; against
  ``pyvista.read+normals``: ``compute_normals(cell_normals=False, consistent_normals=False,
  split_vertices=False)``, point normals only and no re-orienting of faces, as ours (VTK's
  defaults would also compute cell normals and walk the mesh to make it consistent).
- ``trimesh.load`` (merges and repairs) and ``trimesh.load(process=False)``.

The text formats: the real 100k ASCII STL; the real scan (with its colours) written as OBJ the
way portals export it (``v x y z r g b``) and as ASCII PLY (100k triangles each); the two small
real OBJ files (12k triangles); and a one-triangle OBJ, whose first drawable is all fixed costs.

Every method's first call in this process is timed on its own and printed first: it pays the
imports the method makes lazily (VTK's reader modules, trimesh's loaders), which a warm-up
round would otherwise hide. Then min, median and spread (max − min) of ``--repeat`` runs; the
methods take turns within each round so that a busy machine slows them alike. Then the same
with a cold cache for the raw read, our first drawable and ``pyvista.read``: before every run
the file's pages are dropped from the page cache (``posix_fadvise(DONTNEED)`` on that file after
an ``fsync``). The load average is printed at start and end.

The C heap is set as the app sets it (``tune_heap``: a fixed 1 MiB mmap threshold, two arenas)
unless ``--default-heap``: in Python's default heap, freed large arrays are reused, which the app
does not do, so its page faults would be missing from the figures.

Our readers spread their numpy work over up to ``scaninbox.scans.parallel`` worker threads
(numpy releases the GIL); ``pyvista.read`` (VTK's readers) and trimesh read on one thread. So the
CPU time of every run (``time.process_time``: all threads of this process) is recorded too, and
the ratios are printed for CPU time as well as for wall time.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import (
    procedural_arch,
    subdivide,
    write_ascii_ply,
    write_binary_ply,
    write_binary_stl,
    write_obj,
)
from scaninbox.scans.parallel import _WORKERS

REALSCANS = Path(__file__).resolve().parents[2] / "shared" / "realscans"


def _methods() -> dict[str, Callable[[Path], object]]:
    import pyvista as pv
    import trimesh

    from scaninbox.render import to_polydata
    from scaninbox.scans import Mesh, read_mesh, refine, weld_points

    def welded(path: Path) -> object:
        mesh = read_mesh(path)
        if not mesh.welded:  # an STL's soup: welded as VTK's STL reader merges points
            points, inverse = weld_points(mesh.points)
            mesh = Mesh(points, inverse.reshape(-1, 3), welded=True, name=mesh.name)
        return to_polydata(mesh)

    def pv_normals(path: Path) -> object:
        return pv.read(path).compute_normals(
            cell_normals=False, consistent_normals=False, split_vertices=False
        )

    return {
        "raw bytes": lambda p: p.read_bytes(),
        "ours: first drawable": lambda p: to_polydata(read_mesh(p)),
        "ours: welded": welded,
        "pyvista.read": pv.read,
        "ours: welded+normals": lambda p: to_polydata(refine(read_mesh(p))),
        "pyvista.read+normals": pv_normals,
        "trimesh.load": trimesh.load,
        "trimesh.load(raw)": lambda p: trimesh.load(p, process=False),
    }


def _files(folder: Path, quick: bool, text: bool) -> list[tuple[str, Path]]:
    files: list[tuple[str, Path]] = []
    if (REALSCANS / "Example_01_binary.stl").is_file():
        from scaninbox.scans import read_mesh, refine

        if not text:
            files.append(("real 100k STL", REALSCANS / "Example_01_binary.stl"))
        files.append(("real 100k ASCII STL", REALSCANS / "Example_01_ascii.stl"))
        if not text:
            files.append(("real 100k PLY+colour", REALSCANS / "Example_01_vcolor_binary.ply"))
        coloured = read_mesh(REALSCANS / "Example_01_vcolor_binary.ply")
        assert coloured.colours is not None
        arch = (coloured.points, coloured.faces, coloured.colours)
        files += [
            ("real 100k OBJ+colour", write_obj(folder / "real100k.obj", *arch)),
            ("real 100k ASCII PLY+colour", write_ascii_ply(folder / "real100k_ascii.ply", *arch)),
        ]
        files += [(f"real 12k OBJ {p.stem[-1]}", p) for p in sorted(REALSCANS.glob("*.obj"))]
        files.append((ONE_TRIANGLE, _one_triangle(folder / "one_triangle.obj")))
        if text:
            return files
        real = refine(read_mesh(REALSCANS / "Example_01_binary.stl"))
        points, faces = subdivide(real.points, real.faces)
        files.append(("real×4 400k STL", write_binary_stl(folder / "real400k.stl", points, faces)))
    if text:
        return files
    sizes = [150_000, 600_000] + ([] if quick else [2_000_000])
    for size in sizes:
        points, faces = procedural_arch(size)
        label = (
            f"arch {size // 1000}k STL" if size < 1_000_000 else f"arch {size // 1_000_000}M STL"
        )
        files.append((label, write_binary_stl(folder / f"arch{size}.stl", points, faces)))
        if size == 600_000:
            files.append(
                ("arch 600k PLY", write_binary_ply(folder / "arch600k.ply", points, faces))
            )
    return files


# What a first drawable costs before any parsing (open, read, the Python around the scan, the
# VTK objects), for us and for pyvista.read: the floor under every small file's ratio.
ONE_TRIANGLE = "1-triangle OBJ"


def _one_triangle(path: Path) -> Path:
    path.write_bytes(b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    return path


Stats = tuple[float, float, float]  # min, median, spread (ms)
CPU = " CPU"  # suffix of the CPU-time entries of a result row


def _measure(
    path: Path,
    methods: dict[str, Callable[[Path], object]],
    repeat: int,
    *,
    cold: bool = False,
    first_calls: dict[str, float] | None = None,
) -> dict[str, Stats]:
    """Wall time of each method under its name, CPU time (all threads) under name + `CPU`.
    ``first_calls`` gets the wall time (ms) of each method's first call in this process, which
    pays its lazy imports (round 0, not counted in the stats)."""
    times: dict[str, list[float]] = {name: [] for name in methods}
    cpu: dict[str, list[float]] = {name: [] for name in methods}
    for round_number in range(repeat + 1):
        for name, method in methods.items():
            gc.collect()
            if cold:
                _evict(path)
            start, start_cpu = time.perf_counter(), time.process_time()
            result = method(path)
            elapsed, used = time.perf_counter() - start, time.process_time() - start_cpu
            del result
            if round_number:  # round 0 warms caches and imports up
                times[name].append(elapsed)
                cpu[name].append(used)
            elif first_calls is not None and name not in first_calls:
                first_calls[name] = elapsed * 1000
    stats = {name: _stats(v) for name, v in times.items()}
    stats.update({name + CPU: _stats(v) for name, v in cpu.items()})
    return stats


def _stats(values: list[float]) -> Stats:
    return (
        min(values) * 1000,
        statistics.median(values) * 1000,
        (max(values) - min(values)) * 1000,
    )


def _evict(path: Path) -> None:
    """Drop ``path``'s pages from the page cache (written ones are flushed first)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="skip the 2M-triangle file")
    parser.add_argument("--text", action="store_true", help="only ASCII STL, OBJ and ASCII PLY")
    parser.add_argument(
        "--default-heap",
        action="store_true",
        help="leave the C heap as Python has it instead of setting it as the app does",
    )
    args = parser.parse_args()
    heap = "Python's default" if args.default_heap else _as_in_the_app()
    load = os.getloadavg()[0]
    methods = _methods()
    cold_methods = {k: methods[k] for k in ("raw bytes", "ours: first drawable", "pyvista.read")}
    with tempfile.TemporaryDirectory(prefix="scaninbox-bench-") as folder:
        files = _files(Path(folder), args.quick, args.text)
        results, cold = {}, {}
        first_calls: dict[str, float] = {}
        first_file = files[0][0]
        for label, path in files:
            print(f"measuring {label} ({path.stat().st_size / 1e6:.1f} MB) …", file=sys.stderr)
            results[label] = _measure(path, methods, args.repeat, first_calls=first_calls)
            cold[label] = _measure(path, cold_methods, args.repeat, cold=True)
        print(f"\nload average: {load:.2f} at start, {os.getloadavg()[0]:.2f} at the end")
        print(
            f"threads: ours up to {_WORKERS} (scaninbox.scans.parallel, {os.cpu_count()} cores), "
            "pyvista.read and trimesh 1"
        )
        print(f"C heap: {heap}")
        print(
            f"\nfirst call of each method in this process ({first_file}; lazy imports "
            "included, ms): " + ", ".join(f"{name} {ms:.0f}" for name, ms in first_calls.items())
        )
        _report(results, methods, args.repeat, "warm page cache")
        _report(results, methods, args.repeat, "", ratios=True)
        _report(cold, cold_methods, args.repeat, "cold page cache (file evicted before each run)")
        _cold_ratios(cold)
        if not args.text:
            _lod_table(files, args.repeat)
    return 0


def _as_in_the_app() -> str:
    """The C heap set as the app sets it before its first scan (`tune_heap`): allocations of
    1 MiB or more get fresh mappings, whose pages fault in on first touch. Python's default
    heap would reuse them, and flatter any reader whose arrays are that large (the 100k OBJ's
    first drawable: 3.5 ms there against 4.9 ms in the app's heap before the C readers kept
    their own mappings)."""
    from scaninbox.qt.viewer.heap import MMAP_THRESHOLD_BYTES, tune_heap

    if not tune_heap():
        return "Python's default (this C library has no mallopt)"
    return f"as in the app (mmap threshold {MMAP_THRESHOLD_BYTES >> 20} MiB, 2 arenas)"


def _report(
    results: dict[str, dict[str, Stats]],
    methods: dict[str, Callable[[Path], object]],
    repeat: int,
    title: str,
    *,
    ratios: bool = False,
) -> None:
    names = list(methods)
    width = max(len(label) for label in results) + 2
    if not ratios:
        print(f"\n{title}: min / median ±spread of {repeat} runs, ms (numpy {np.__version__})")
        print("file".ljust(width) + "".join(f"{n:>24}" for n in names))
        for label, row in results.items():
            cells = [_triple(row[n]) for n in names]
            print(label.ljust(width) + "".join(f"{c:>24}" for c in cells))
        return
    print("\nCPU time (all threads), min / median ±spread, ms")
    print("file".ljust(width) + "".join(f"{n:>24}" for n in _CPU_SHOWN))
    for label, row in results.items():
        cells = [_triple(row[n + CPU]) for n in _CPU_SHOWN]
        print(label.ljust(width) + "".join(f"{c:>24}" for c in cells))
    print(
        "\nratios of medians, peer / ours (higher: ours faster). Same work: pv.read / welded "
        "(both welded), pv+normals / welded+normals.\nNot the same work for an STL: pv.read / "
        "first (ours an unwelded soup), trimesh (it repairs) and trimesh raw (a soup)"
    )
    print(
        "file".ljust(width)
        + f"{'pv.read / welded':>20}{'same, CPU':>12}{'pv+normals / w+n':>20}{'same, CPU':>12}"
        + f"{'pv.read / first':>18}{'trimesh / w+n':>16}{'tm raw / first':>16}"
    )
    for label, row in results.items():
        cells = [
            _ratio(row, "pyvista.read", "ours: welded"),
            _ratio(row, "pyvista.read" + CPU, "ours: welded" + CPU),
            _ratio(row, "pyvista.read+normals", "ours: welded+normals"),
            _ratio(row, "pyvista.read+normals" + CPU, "ours: welded+normals" + CPU),
            _ratio(row, "pyvista.read", "ours: first drawable"),
            _ratio(row, "trimesh.load", "ours: welded+normals"),
            _ratio(row, "trimesh.load(raw)", "ours: first drawable"),
        ]
        widths = (20, 12, 20, 12, 18, 16, 16)
        print(label.ljust(width) + "".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True)))


_CPU_SHOWN = ("ours: first drawable", "ours: welded", "pyvista.read", "ours: welded+normals")


def _triple(stats: Stats) -> str:
    return f"{stats[0]:.1f} / {stats[1]:.1f} ±{stats[2]:.0f}"


def _cold_ratios(cold: dict[str, dict[str, Stats]]) -> None:
    width = max(len(label) for label in cold) + 2
    print(
        "\ncold cache, ratio of medians pyvista.read / ours first drawable (wall, CPU; for an "
        "STL not the same work: ours is the unwelded soup), and the\nceiling: pyvista.read / "
        "reading the bytes cold (no reader can beat the disk's share)"
    )
    for label, row in cold.items():
        ratio = row["pyvista.read"][1] / row["ours: first drawable"][1]
        ratio_cpu = row["pyvista.read" + CPU][1] / row["ours: first drawable" + CPU][1]
        ceiling = row["pyvista.read"][1] / row["raw bytes"][1]
        print(
            label.ljust(width)
            + f"{ratio:>21.1f}×{ratio_cpu:>21.1f}×"
            + f"{'ceiling ' + format(ceiling, '.1f') + '×':>20}"
        )


def _lod_table(files: list[tuple[str, Path]], repeat: int) -> None:
    """Our vertex clustering against vtkQuadricClustering, same grid, same welded input."""
    from vtkmodules.vtkFiltersCore import vtkQuadricClustering

    from scaninbox.render import to_polydata
    from scaninbox.scans import decimate, read_mesh, refine

    print("\nlevel of detail (~10 % of the triangles), median ms / triangles kept")
    print(f"{'file':24}{'ours (numpy)':>24}{'vtkQuadricClustering':>26}")
    for label, path in files:
        if "STL" not in label or "ASCII" in label:
            continue
        mesh = refine(read_mesh(path))
        ours = decimate(mesh)
        poly = to_polydata(mesh)
        cell = _grid_cell(mesh)
        x0, x1, y0, y1, z0, z1 = mesh.bounds
        clustering = vtkQuadricClustering()
        clustering.SetInputData(poly)
        clustering.SetNumberOfDivisions(
            max(2, int((x1 - x0) / cell) + 1),
            max(2, int((y1 - y0) / cell) + 1),
            max(2, int((z1 - z0) / cell) + 1),
        )
        ours_ms = _median_ms(lambda mesh=mesh: decimate(mesh), repeat)
        vtk_ms = _median_ms(clustering.Update, repeat, fresh=clustering.Modified)
        vtk_faces = clustering.GetOutput().GetNumberOfCells()
        ours_cell = f"{ours_ms:.0f} / {ours.n_faces:,}"
        vtk_cell = f"{vtk_ms:.0f} / {vtk_faces:,}"
        print(f"{label:24}{ours_cell:>24}{vtk_cell:>26}")


def _grid_cell(mesh: object) -> float:
    from scaninbox.scans import face_normals

    areas = np.linalg.norm(face_normals(mesh.points, mesh.faces), axis=1) / 2  # type: ignore[attr-defined]
    return float(np.sqrt(areas.sum() / max(8.0, 0.1 * mesh.n_faces / 2)))  # type: ignore[attr-defined]


def _median_ms(
    action: Callable[[], object], repeat: int, fresh: Callable[[], object] | None = None
) -> float:
    times = []
    for _ in range(repeat + 1):
        if fresh is not None:
            fresh()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times[1:]) * 1000


def _ratio(row: dict[str, Stats], peer: str, ours: str) -> str:
    return f"{row[peer][1] / row[ours][1]:.2f}×"


if __name__ == "__main__":
    raise SystemExit(main())
