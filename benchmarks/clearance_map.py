"""The distance maps' measuring: per-point clearance to an antagonist and reduction since the
scan before the preparation, against VTK's own signed-distance filter, in one run.

    .venv/bin/python benchmarks/clearance_map.py [--repeat N]

Pairs (each arch ~400k triangles: the real scan subdivided once into four when
``../shared/realscans`` is there, else a procedural arch; plus the sandbox's demo arches):

- *in occlusion*: the arch and its mirror image as the antagonist, cusps 0.2 mm into it (what a
  bite looks like: few points within the 3 mm cap);
- *all near*: the arch and a copy 0.3 mm above it (every point within the cap: the worst case);
- *reduction*: the arch before and after a preparation (one region taken 1 mm in; the rest
  keeps its points, as scanners keep the untouched arch);
- *demo*: the sandbox's upper and lower arches of a case, as its portals export them.

Methods: ours (`scaninbox.qc.clearance_field`, surface built included), ``--repeat`` rounds,
and ``vtkDistancePolyDataFilter`` (signed distance of every point, no cap: VTK's ready-made
answer) once per pair — it takes minutes on a 400k arch (about 250 s here), ``--peer-rounds``
for more. Prints min, median and spread per method and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import procedural_arch, subdivide
from scaninbox.qc import clearance_field, reduction_field, surface_of_mesh
from scaninbox.scans import Mesh, read_mesh, refine

ROOT = Path(__file__).resolve().parents[1]
REALSCANS = ROOT.parent / "shared" / "realscans"

Arrays = tuple[np.ndarray, np.ndarray]


def _arch() -> tuple[str, Arrays]:
    real = REALSCANS / "Example_01_binary.stl"
    if real.is_file():
        mesh = refine(read_mesh(real))
        points, faces = subdivide(mesh.points, mesh.faces)
        return "real scan subdivided", (points.astype(np.float32), faces.astype(np.int32))
    points, faces = procedural_arch(400_000)
    return "procedural arch", (points.astype(np.float32), faces.astype(np.int32))


def _mesh(points: np.ndarray, faces: np.ndarray) -> Mesh:
    return Mesh(
        np.ascontiguousarray(points, np.float32),
        np.ascontiguousarray(faces, np.int32),
        welded=True,
    )


def _pairs() -> list[tuple[str, str, Mesh, Mesh]]:
    """(label, kind, painted, reference)."""
    from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch

    label, (points, faces) = _arch()
    # Cusps toward −Z (the real scan) or +Z: the antagonist is the mirror image below/above.
    cusps_down = np.median(points[:, 2]) > (points[:, 2].min() + points[:, 2].max()) / 2
    mirror = points * np.array([1, 1, -1], np.float32)
    if cusps_down:
        mirror[:, 2] += points[:, 2].min() - mirror[:, 2].max() + 0.2
    else:
        mirror[:, 2] += points[:, 2].max() - mirror[:, 2].min() - 0.2
    antagonist = _mesh(mirror, faces[:, ::-1])
    lifted = _mesh(points + np.array([0, 0, 0.3], np.float32), faces)
    prepared = points.copy()
    centre = points[np.argmin(points[:, 2] if cusps_down else -points[:, 2])]
    region = np.linalg.norm(points - centre, axis=1) < 4.0
    prepared[region, 2] += 1.0 if cusps_down else -1.0
    arch, before = _mesh(points, faces), _mesh(points, faces)
    demo = {
        jaw: build_arch(ArchRecipe(jaw, 7), spacing_mm=0.15)  # type: ignore[arg-type]
        for jaw in ("upper", "lower")
    }
    n = f"{len(faces) // 1000}k"
    return [
        (f"{label}, in occlusion, 2 × {n}", "clearance", arch, antagonist),
        (f"{label}, all near (+0.3 mm), 2 × {n}", "clearance", arch, lifted),
        (f"{label}, reduction, 2 × {n}", "reduction", _mesh(prepared, faces), before),
        (
            f"demo arches, upper against lower, {len(demo['upper'].faces) // 1000}k + "
            f"{len(demo['lower'].faces) // 1000}k",
            "clearance",
            _mesh(demo["upper"].vertices, demo["upper"].faces),
            _mesh(demo["lower"].vertices, demo["lower"].faces),
        ),
    ]


def ours(kind: str, painted: Mesh, reference: Mesh) -> np.ndarray:
    surface = surface_of_mesh(reference)
    if kind == "clearance":
        return clearance_field(painted.points, surface)
    return reduction_field(painted.points, surface)


def vtk_filter(_kind: str, painted: Mesh, reference: Mesh) -> np.ndarray:
    from vtkmodules.util.numpy_support import vtk_to_numpy
    from vtkmodules.vtkFiltersGeneral import vtkDistancePolyDataFilter

    from scaninbox.render import to_polydata

    distance = vtkDistancePolyDataFilter()
    distance.SetInputData(0, to_polydata(painted))
    distance.SetInputData(1, to_polydata(reference))
    distance.SignedDistanceOn()
    distance.ComputeSecondDistanceOff()
    distance.Update()
    values: np.ndarray = vtk_to_numpy(distance.GetOutput().GetPointData().GetScalars())  # type: ignore[no-untyped-call]
    return values


def _timed(method: Callable[..., Any], *args: Any) -> float:
    start = time.perf_counter()
    method(*args)
    return time.perf_counter() - start


def _row(name: str, times: list[float]) -> str:
    low, middle, spread = min(times), statistics.median(times), max(times) - min(times)
    return f"    {name:<28} min {low:7.2f} s  median {middle:7.2f} s  spread {spread:5.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--peer-rounds", type=int, default=1)
    args = parser.parse_args()
    methods = {"ours (capped at 3 mm)": ours, "vtkDistancePolyDataFilter": vtk_filter}
    for label, kind, painted, reference in _pairs():
        print(f"{label} ({kind}; {len(painted.points):,} points painted)")
        times: dict[str, list[float]] = {name: [] for name in methods}
        for round_number in range(max(args.repeat, args.peer_rounds)):
            for name, method in methods.items():
                rounds = args.repeat if method is ours else args.peer_rounds
                if round_number < rounds:
                    times[name].append(_timed(method, kind, painted, reference))
        for name, measured in times.items():
            print(_row(name, measured))
        ratio = statistics.median(times["vtkDistancePolyDataFilter"]) / statistics.median(
            times["ours (capped at 3 mm)"]
        )
        print(f"    ours is {ratio:.1f}× the speed of VTK's filter (medians)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
