"""Frames per second of a two-arch case (2 × 300k triangles) under software OpenGL, off-screen.

    .venv/bin/python benchmarks/render_fps.py
    .venv/bin/python benchmarks/render_fps.py --triangles 300000 --frames 30 --size 1280x960

Rotating = camera azimuth steps of 3° with a render after each. Measured: full resolution with
VTK's default 8× multisampling, full resolution as the scene sets it up (MSAA off and FXAA on
under llvmpipe), and the level of detail (the coarse copies drawn while VTK's interactor reports
an interaction). Then the time from process start to the first frame of a case whose STL files
are on disk (a fresh interpreter: imports, reading, first render), and its parts.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import procedural_arch, write_binary_stl

FIRST_FRAME = r"""
import json, sys, time
start = time.perf_counter()
from scaninbox.render import ScanScene, View, prepare_offscreen_backend
from scaninbox.scans import read_mesh
from scaninbox.domain import Jaw
prepare_offscreen_backend()
import pyvista as pv
imported = time.perf_counter()
meshes = [read_mesh(p) for p in sys.argv[1:3]]
read = time.perf_counter()
plotter = pv.Plotter(off_screen=True, window_size=[int(sys.argv[3]), int(sys.argv[4])])
scene = ScanScene(plotter)
for key, mesh, jaw in zip(("u", "l"), meshes, (Jaw.UPPER, Jaw.LOWER)):
    scene.set_scan(key, mesh, jaw=jaw)
scene.apply_view(View.FRONT)
plotter.render_window.Render()
drawn = time.perf_counter()
parts = {"imports": imported - start, "read": read - imported, "first render": drawn - read}
print(json.dumps(parts))
scene.close()
plotter.close()
"""


def _fps(plotter: object, frames: int) -> float:
    camera = plotter.camera  # type: ignore[attr-defined]
    window = plotter.render_window  # type: ignore[attr-defined]
    window.Render()
    start = time.perf_counter()
    for _ in range(frames):
        camera.Azimuth(3.0)
        window.Render()
    return frames / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triangles", type=int, default=300_000, help="per arch")
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--size", default="1280x960")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))

    from scaninbox.domain import Jaw
    from scaninbox.render import ScanScene, View, gl_renderer_name, prepare_offscreen_backend
    from scaninbox.scans import build_lod, read_mesh, refine

    prepare_offscreen_backend()
    import pyvista as pv

    with tempfile.TemporaryDirectory(prefix="scaninbox-fps-") as folder:
        paths = []
        for name, lower in (("upper", False), ("lower", True)):
            points, faces = procedural_arch(args.triangles, lower=lower)
            points[:, 2] += -3.0 if lower else 3.0  # a small gap between the arches
            paths.append(write_binary_stl(Path(folder) / f"{name}.stl", points, faces))

        meshes = [refine(read_mesh(p)) for p in paths]
        start = time.perf_counter()
        lods = [build_lod(m) for m in meshes]
        lod_seconds = (time.perf_counter() - start) / 2
        rows = []
        for label, msaa in (
            ("full, MSAA 8 (VTK default)", True),
            ("full, MSAA off + FXAA", False),
            ("LOD while rotating", False),
        ):
            plotter = pv.Plotter(off_screen=True, window_size=[width, height])
            scene = ScanScene(plotter)
            for key, mesh, lod, jaw in zip("ul", meshes, lods, (Jaw.UPPER, Jaw.LOWER), strict=True):
                scene.set_scan(key, mesh, jaw=jaw)
                scene.set_lod(key, lod)
            if msaa:
                plotter.render_window.SetMultiSamples(8)
                plotter.renderer.SetUseFXAA(False)
            scene.apply_view(View.FRONT)
            if label.startswith("LOD"):
                plotter.render_window.SetDesiredUpdateRate(30.0)  # what the interactor does
            first = time.perf_counter()
            plotter.render_window.Render()
            first = time.perf_counter() - first
            fps = _fps(plotter, args.frames)
            assert scene.showing_lod == label.startswith("LOD")
            renderer = gl_renderer_name(plotter)
            scene.close()
            plotter.close()
            rows.append((label, fps, first))

        wall = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-c", FIRST_FRAME, *map(str, paths), str(width), str(height)],
            capture_output=True,
            text=True,
            check=True,
        )
        wall = time.perf_counter() - wall
        parts = json.loads(result.stdout.strip().splitlines()[-1])

    tri = args.triangles
    print(f"\nrenderer: {renderer}; window {width}×{height}; two arches of {tri:,} triangles each")
    built_ms = lod_seconds * 1000
    print(
        f"level of detail: {lods[0].n_faces:,} triangles per arch, built in {built_ms:.0f} ms each"
    )
    print(f"{'mode':32}{'frames/s':>10}{'first frame after setup (ms)':>32}")
    for label, fps, first in rows:
        print(f"{label:32}{fps:>10.1f}{first * 1000:>32.0f}")
    print(f"\nprocess start → first frame (2 STL files on disk, soups, flat-shaded): {wall:.2f} s")
    print(
        "  of which "
        + ", ".join(f"{k} {v:.2f} s" for k, v in parts.items())
        + " (+ interpreter start)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
