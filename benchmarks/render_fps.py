"""Frames per second turning a two-arch case in the real widget, against a bare pyvistaqt viewer.

    .venv/bin/python benchmarks/render_fps.py                  # re-runs itself under Xvfb
    .venv/bin/python benchmarks/render_fps.py --triangles 300000 --rounds 5 --moves 30

Both sides draw the same two arches (2 × ``--triangles``, welded, smooth normals handed in) in a
3D view of the same size (1000×671 by default) under the same OpenGL (Xvfb: llvmpipe), in two
scenarios, each printed with what both sides do:

- **A, as shipped under software OpenGL**: ours is the app's `ScanViewport`
  (`create_scan_viewport`, the case loaded from files on disk, waited for until its levels of
  detail are built) with the render policy this OpenGL gets (`render_policy`: llvmpipe is
  software, so while turning it draws half the width and height, the levels of detail and one
  light). The peer is a stock ``pyvistaqt.QtInteractor`` with ``add_mesh(...,
  smooth_shading=True)``: VTK's light kit (5 lights), the full scene at full size, rendered when
  the interactor asks and again in ``paintGL`` (pyvistaqt's way), multisampling off on both.
  These figures compare two different amounts of work on purpose: what a person gets.
- **B, the same full scene**: ours with the render policy told "a graphics card" (full size,
  every triangle, both lights, no FXAA, multisampling off — what a GPU user's view does while
  turning, drawn here by llvmpipe); the peer with the same two lights and material, the same
  gradient background, multisampling off and one render per frame (its interactor's renders
  turned into repaint requests, as ours). What still differs is printed (ours: the orientation
  marker in a second renderer layer, the scans in pieces).

"Turning" is a left-button drag sent to each widget as Qt mouse events, one frame awaited per
move (the frame rate a person gets); "still" turns the camera 3° and asks for one frame, at
full resolution, the next asked for as soon as it is on screen. The sides take turns,
``--rounds`` times; every figure is printed as min / median and the spread (max − min) over the
rounds, with the process CPU time per frame (llvmpipe renders on several threads, so CPU can
exceed wall time). While turning, ours draws what motion needs (levels of detail, one light, no
FXAA, half the width and height). Still, ours draws the full look at full size without FXAA
first (the picture a person sees at once), and once the view has settled (`SETTLE_MS` without
a new request) runs FXAA over that draft's kept picture (`SmoothReplay`): "settled" times a
single 3° step from the request to that smooth picture on screen (the idle wait included) and
its CPU (both frames); "full re-render" is the same with the settled frame drawn again in full
with FXAA (the way before), measured in the same rounds.
"FXAA every frame" is the old way (every still frame smoothed at once), for comparison.
A second part starts fresh interpreters (``-X importtime``) to time process start → first frame
of the case off-screen, ours (bare VTK canvas) against the same through ``pyvista.Plotter``;
imports made lazily in a later step (pyvista's first Plotter imports most of VTK's rendering)
are counted as imports, so the steps add up to the process time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import procedural_arch, write_binary_stl

os.environ.setdefault("QT_API", "pyside6")

FIRST_FRAME = r"""
import json, sys, time
def phase(name):  # -X importtime lines after this marker belong to the phase
    print(f"phase {name}", file=sys.stderr, flush=True)
    return time.perf_counter()
start = phase("imports")
peer = sys.argv[5] == "pyvista"
from scaninbox.domain import Jaw
from scaninbox.render import ScanScene, View, prepare_offscreen_backend
from scaninbox.scans import read_mesh
prepare_offscreen_backend()
if peer:
    import pyvista as pv
    import pyvista.plotting
else:
    from scaninbox.render.canvas import OffscreenCanvas
imported = phase("read")
meshes = [read_mesh(p) for p in sys.argv[1:3]]
read = phase("window")
size = (int(sys.argv[3]), int(sys.argv[4]))
target = pv.Plotter(off_screen=True, window_size=list(size)) if peer else OffscreenCanvas(size)
scene = ScanScene(target)
window = phase("render")
for key, mesh, jaw in zip(("u", "l"), meshes, (Jaw.UPPER, Jaw.LOWER)):
    scene.set_scan(key, mesh, jaw=jaw)
scene.apply_view(View.FRONT)
target.render_window.Render()
drawn = phase("end")
parts = {"imports": imported - start, "read": read - imported, "window": window - read,
         "first render": drawn - window}
print(json.dumps(parts))
"""


class CachedFiles:
    """A CaseFileProvider whose every file is already on this computer."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def cached_path(self, ref: Any, kind: Any, filename: str, file_type: str | None) -> Path:
        return self.folder / filename

    async def fetch(
        self, ref: Any, kind: Any, filename: str, file_type: Any, progress: Any
    ) -> Path:
        return self.folder / filename


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triangles", type=int, default=300_000, help="per arch")
    parser.add_argument("--rounds", type=int, default=3, help="turns each side takes")
    parser.add_argument("--moves", type=int, default=30, help="mouse moves (frames) per drag")
    parser.add_argument("--size", default="1000x671", help="the 3D view's size")
    parser.add_argument("--starts", type=int, default=3, help="fresh processes per side")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", sys.executable, *sys.argv]
        return subprocess.run(command, check=False).returncode
    width, height = (int(v) for v in args.size.lower().split("x"))
    load_before = os.getloadavg()

    from PySide6.QtWidgets import QApplication  # noqa: TID251

    import scaninbox.qt  # noqa: F401 - the PySide6 refcount guard first
    from scaninbox.qt.workarounds.qasync_loop import GuiEventLoop  # the app's loop, as in the app

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="scaninbox-fps-") as folder:
        paths = _write_arches(Path(folder), args.triangles)
        loop = GuiEventLoop(app)
        asyncio.set_event_loop(loop)
        with loop:
            rows = loop.run_until_complete(_measure(Path(folder), paths, (width, height), args))
        starts = _first_frames(paths, (width, height), args.starts)
    _print(rows, starts, args, load_before)
    return 0


def _write_arches(folder: Path, triangles: int) -> list[Path]:
    paths = []
    for name, lower in (("upper.stl", False), ("lower.stl", True)):
        points, faces = procedural_arch(triangles, lower=lower)
        points[:, 2] += -3.0 if lower else 3.0  # a small gap between the arches
        paths.append(write_binary_stl(folder / name, points, faces))
    return paths


async def _measure(
    folder: Path, paths: list[Path], size: tuple[int, int], args: Any
) -> dict[str, Any]:
    from PySide6.QtWidgets import QVBoxLayout, QWidget  # noqa: TID251

    import scaninbox.qt.viewer as viewer
    from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
    from scaninbox.qt.runtime import async_bridge
    from scaninbox.scans import read_mesh, refine
    from scaninbox.settings import DEFAULT_JAW_COLOURS

    await async_bridge.to_thread(viewer.preload_3d_stack)
    ours_host = QWidget()
    QVBoxLayout(ours_host).setContentsMargins(0, 0, 0, 0)
    ours_host.resize(size[0], size[1] + 29)  # the toolbar takes 29 px above the view
    ours_host.show()
    viewport = viewer.create_scan_viewport(
        CachedFiles(folder), lambda _s: "x,y,z", dict(DEFAULT_JAW_COLOURS), ours_host
    )
    ours_host.layout().addWidget(viewport)
    viewport.show()
    case = Case(
        ref=CaseRef("arches"),
        source="Benchmark",
        scan_files=(
            ScanFile(
                filename="upper.stl", file_type="stl", scan_type="preparationScan", jaw=Jaw.UPPER
            ),
            ScanFile(
                filename="lower.stl", file_type="stl", scan_type="preparationScan", jaw=Jaw.LOWER
            ),
        ),
    )
    viewport.show_case(case)
    await _until(lambda: [r.state.value for r in viewport.scans.rows()] == ["ready", "ready"])
    ours = viewport.view
    await _next_frame(ours, ours.request_frame)

    peer = _peer_viewer(QWidget, [refine(read_mesh(p)) for p in paths], size)
    await _next_frame(peer, peer.update)

    results: dict[str, dict[str, list[tuple[float, float]]]] = {
        "ours": {"turning": [], "still": [], "FXAA every frame": []},
        "peer": {"turning": [], "still": []},
    }
    settled: dict[str, list[tuple[float, float, float]]] = {
        "ours": [],
        "peer": [],
        "ours, full re-render": [],
    }
    # Scenario B: the full scene on both sides.
    from scaninbox.render.render_policy import assumed

    with assumed("NVIDIA GeForce RTX 3060/PCIe/SSE2", target_fps=0.1):  # never judged too slow
        full_viewport = viewer.create_scan_viewport(
            CachedFiles(folder), lambda _s: "x,y,z", dict(DEFAULT_JAW_COLOURS), None
        )
        full_viewport.resize(size[0], size[1] + 29)
        full_viewport.show()
        await _until(lambda: full_viewport.view.policy is not None)
    full = full_viewport.view
    full.render_window.SetMultiSamples(0)
    full_viewport.show_case(case)
    await _until(lambda: [r.state.value for r in full_viewport.scans.rows()] == ["ready", "ready"])
    await _next_frame(full, full.request_frame)
    matched = _peer_viewer(QWidget, [refine(read_mesh(p)) for p in paths], size, matched=True)
    await _next_frame(matched, matched.update)
    same: dict[str, list[tuple[float, float]]] = {"ours": [], "peer": []}
    drawn_while_turning: dict[str, Any] = {}

    for _ in range(args.rounds):
        for side, widget in (("ours", full), ("peer", matched)):
            same[side].append(await _drag(widget, args.moves))
        drawn_while_turning = {
            "ours A": await _drag_figures(ours),
            "ours B": await _drag_figures(full),
        }
        for side, widget, request in (
            ("ours", ours, ours.request_frame),
            ("peer", peer, peer.update),
        ):
            results[side]["turning"].append(await _drag(widget, args.moves))
            results[side]["still"].append(await _still(widget, request, args.moves // 2))
            settled[side].append(await _settled(widget, request, args.moves // 6))
        # The settled frame drawn again in full with FXAA, not FXAA over the kept draft.
        ours.replays_when_settled = False
        settled["ours, full re-render"].append(
            await _settled(ours, ours.request_frame, args.moves // 6)
        )
        ours.replays_when_settled = True
        # The old way: FXAA in every still frame, drawn at once.
        ours.smooths_when_settled = False
        results["ours"]["FXAA every frame"].append(
            await _still(ours, ours.request_frame, args.moves // 2)
        )
        ours.smooths_when_settled = True
    info = {
        "same scene": same,
        "drawn while turning": drawn_while_turning,
        "matched lights": sum(light.GetSwitch() for light in matched.renderer.GetLights()),
        "matched MSAA": matched.render_window.GetMultiSamples(),
        "full MSAA": full.render_window.GetMultiSamples(),
        "full FXAA": bool(full.renderer.GetUseFXAA()),
        "policy A": repr(ours.policy),
        "policy B": repr(full.policy),
        "settle ms": ours.settle_ms,
        "renderer": ours.renderer_name,
        "ours view": f"{ours.width()}×{ours.height()}",
        "peer view": f"{peer.width()}×{peer.height()}",
        "ours lights": sum(light.GetSwitch() for light in ours.renderer.GetLights()),
        "ours renderers": ours.render_window.GetRenderers().GetNumberOfItems(),
        "peer renderers": peer.render_window.GetRenderers().GetNumberOfItems(),
        "peer lights": peer.renderer.GetLights().GetNumberOfItems(),
        "peer MSAA": peer.render_window.GetMultiSamples(),
        "pacing": _pacing(),
        "triangles": [s.n_triangles for s in viewport.scene],
        "lod triangles": [
            s.lod_actor.GetMapper().GetInput().GetNumberOfCells() if s.lod_actor else 0
            for s in viewport.scene
        ],
    }
    viewport.close()
    full_viewport.close()
    peer.close()
    matched.close()
    ours_host.close()
    return {"results": results, "settled": settled, "info": info}


def _pacing() -> str:
    """How ours paces large draws under software OpenGL (`scaninbox.render.draw_pacing`)."""
    from scaninbox.render import draw_pacing, pieces

    return (
        f"scans in pieces of ≤ {pieces.PIECE_TRIANGLES:,} triangles; under llvmpipe, before each "
        f"draw of ≥ {draw_pacing.LARGE_TRIANGLES:,} the queue is waited for up to the last "
        f"{draw_pacing.IN_FLIGHT} such draw(s) (a fence), so rasterising and sorting overlap"
    )


def _peer_viewer(
    widget_class: Any, meshes: list[Any], size: tuple[int, int], *, matched: bool = False
) -> Any:
    """A plain pyvistaqt viewer of ``meshes``; ``matched``: with our two lights, material and
    background, and one render per frame (scenario B)."""
    import pyvista as pv
    from pyvistaqt import QtInteractor  # noqa: TID251

    from scaninbox.render import to_polydata

    peer = QtInteractor(None, auto_update=False)
    peer.render_window.SetMultiSamples(0)
    peer.resize(*size)
    for mesh, colour in zip(meshes, ("#e8dcc0", "#bcd8f0"), strict=True):
        actor = peer.add_mesh(pv.wrap(to_polydata(mesh)), color=colour, smooth_shading=True)
        if matched:
            from scaninbox.render.appearance import apply_material

            apply_material(actor.GetProperty())
            actor.GetProperty().SetInterpolationToPhong()
    if matched:
        _match_lights_and_background(peer)
        # One render per frame, as ours: the interactor's render requests become repaints,
        # and the repaint renders (pyvistaqt's paintGL renders through the interactor).
        interactor = peer.iren.interactor
        interactor.EnableRenderOff()
        interactor.AddObserver("RenderEvent", lambda *_: peer._in_paint or peer.update())
        stock_paint = peer.paintGL

        def paint_once() -> None:
            interactor.EnableRenderOn()
            try:
                stock_paint()
            finally:
                interactor.EnableRenderOff()

        peer.paintGL = paint_once
    peer.view_xz()
    peer.show()
    return peer


def _match_lights_and_background(peer: Any) -> None:
    from vtkmodules.vtkRenderingCore import vtkLight

    from scaninbox.render import appearance

    renderer = peer.renderer
    renderer.RemoveAllLights()
    for elevation, azimuth, intensity in (appearance.KEY_LIGHT, appearance.FILL_LIGHT):
        light = vtkLight()
        light.SetLightTypeToCameraLight()
        light.SetDirectionAngle(elevation, azimuth)
        light.SetIntensity(intensity * appearance.LIGHT_GAIN)
        renderer.AddLight(light)
    renderer.SetBackground(*_rgb(appearance.BACKGROUND_BOTTOM))
    renderer.SetBackground2(*_rgb(appearance.BACKGROUND_TOP))
    renderer.GradientBackgroundOn()


def _rgb(colour: str) -> tuple[float, float, float]:
    text = colour.lstrip("#")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)


async def _drag_figures(view: Any) -> str:
    """What ``view`` draws in the middle of a drag: size, visible triangles, lights on."""
    from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: TID251
    from PySide6.QtGui import QMouseEvent  # noqa: TID251
    from PySide6.QtWidgets import QApplication  # noqa: TID251

    x, y = view.width() / 2, view.height() / 2

    def send(kind: QEvent.Type, at: float, held: bool) -> None:
        button = (
            Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else Qt.MouseButton.LeftButton
        )
        buttons = Qt.MouseButton.LeftButton if held else Qt.MouseButton.NoButton
        point = QPointF(at, y)
        QApplication.sendEvent(
            view, QMouseEvent(kind, point, point, button, buttons, Qt.KeyboardModifier.NoModifier)
        )

    send(QEvent.Type.MouseButtonPress, x, True)
    for step in (1, 2, 3):
        await _next_frame(view, lambda s=step: send(QEvent.Type.MouseMove, x + 6 * s, True))
    width, height = view.render_window.GetSize()
    actors = view.renderer.GetActors()
    actors.InitTraversal()
    triangles = 0
    for _ in range(actors.GetNumberOfItems()):
        actor = actors.GetNextActor()
        poly = actor.GetMapper().GetInput()
        if actor.GetVisibility() and poly is not None:
            triangles += poly.GetNumberOfCells()
    lights = sum(light.GetSwitch() for light in view.renderer.GetLights())
    await _next_frame(view, lambda: send(QEvent.Type.MouseButtonRelease, x, False))
    return f"{width}×{height} px, {triangles:,} triangles, {lights} light(s)"


async def _drag(widget: Any, moves: int) -> tuple[float, float]:
    """(frames/s, CPU ms per frame) while a left-button drag turns the camera."""
    from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: TID251
    from PySide6.QtGui import QMouseEvent  # noqa: TID251
    from PySide6.QtWidgets import QApplication  # noqa: TID251

    x, y = widget.width() / 2, widget.height() / 2

    def send(kind: QEvent.Type, at: float, held: bool) -> None:
        button = (
            Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else Qt.MouseButton.LeftButton
        )
        buttons = Qt.MouseButton.LeftButton if held else Qt.MouseButton.NoButton
        point = QPointF(at, y)
        QApplication.sendEvent(
            widget, QMouseEvent(kind, point, point, button, buttons, Qt.KeyboardModifier.NoModifier)
        )

    send(QEvent.Type.MouseButtonPress, x, True)
    await _next_frame(widget, lambda: send(QEvent.Type.MouseMove, x + 2, True))
    wall, cpu = time.perf_counter(), time.process_time()
    for step in range(moves):
        await _next_frame(widget, lambda s=step: send(QEvent.Type.MouseMove, x + 4 + 4 * s, True))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    await _next_frame(widget, lambda: send(QEvent.Type.MouseButtonRelease, x, False))
    return moves / wall, cpu / moves * 1000


async def _still(widget: Any, request: Callable[[], None], frames: int) -> tuple[float, float]:
    """(frames/s, CPU ms per frame) at full resolution, the camera turned 3° per frame."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(frames):
        await _next_frame(widget, lambda: (widget.camera.Azimuth(3.0), request()))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return frames / wall, cpu / frames * 1000


async def _settled(
    widget: Any, request: Callable[[], None], steps: int
) -> tuple[float, float, float]:
    """Medians over ``steps`` single 3° turns, each from a quiet view: (ms to the first picture,
    ms to the picture left on screen — ours: the smooth one after the settle wait —, CPU ms
    spent for it). The peer's first picture is the one it leaves."""
    firsts, finals, cpus = [], [], []
    settles = getattr(widget, "frameSettled", None)
    for _ in range(steps):
        wall, cpu = time.perf_counter(), time.process_time()
        done = asyncio.get_running_loop().create_future()
        if settles is not None:
            slot = lambda f=done: f.done() or f.set_result(None)  # noqa: E731
            settles.connect(slot)
        await _next_frame(widget, lambda: (widget.camera.Azimuth(3.0), request()))
        firsts.append((time.perf_counter() - wall) * 1000)
        if settles is not None:
            await done
            settles.disconnect(slot)
        finals.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(firsts), statistics.median(finals), statistics.median(cpus)


async def _next_frame(widget: Any, after: Callable[[], object]) -> None:
    future = asyncio.get_running_loop().create_future()
    slot = lambda f=future: f.done() or f.set_result(None)  # noqa: E731
    widget.frameSwapped.connect(slot)
    after()
    await future
    widget.frameSwapped.disconnect(slot)


async def _until(condition: Callable[[], bool], timeout_s: float = 120.0) -> None:
    deadline = time.perf_counter() + timeout_s
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the viewport did not get there in time")
        await asyncio.sleep(0.005)


def _first_frames(paths: list[Path], size: tuple[int, int], runs: int) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out: dict[str, Any] = {"ours": [], "pyvista": []}
    for _ in range(runs):
        for side in ("ours", "pyvista"):
            wall = time.perf_counter()
            done = subprocess.run(
                [
                    sys.executable,
                    "-X",
                    "importtime",
                    "-c",
                    FIRST_FRAME,
                    *map(str, paths),
                    *map(str, size),
                    side,
                ],
                capture_output=True,
                text=True,
                check=True,
                env=env,
            )
            parts = json.loads(done.stdout.strip().splitlines()[-1])
            parts["process"] = time.perf_counter() - wall
            # Imports made lazily inside a later phase (pyvista's Plotter imports most of
            # VTK's rendering on first use) are moved to "imports", so the phases add up.
            lazy = _lazy_imports(done.stderr)
            for phase in ("read", "window", "first render"):
                parts[phase] -= lazy.get(phase, 0.0)
                parts["imports"] += lazy.get(phase, 0.0)
            parts["start-up"] = parts["process"] - sum(parts[k] for k in _PHASES)
            out[side].append(parts)
    return out


_PHASES = ("imports", "read", "window", "first render")
_MARKER_PHASE = {"read": "read", "window": "window", "render": "first render"}


def _lazy_imports(stderr: str) -> dict[str, float]:
    """Seconds spent importing (``-X importtime``, top-level modules only) per later phase."""
    seconds: dict[str, float] = {}
    phase = ""
    for line in stderr.splitlines():
        if line.startswith("phase "):
            phase = _MARKER_PHASE.get(line.split()[1], "")
        elif phase and line.startswith("import time:") and line.count("|") == 2:
            _, cumulative, name = line.split("|")
            if cumulative.strip().isdigit() and not name[1:].startswith(" "):
                seconds[phase] = seconds.get(phase, 0.0) + int(cumulative) / 1e6
    return seconds


def _stats(values: list[float], fmt: str = "{:.1f}") -> str:
    low, mid, spread = min(values), statistics.median(values), max(values) - min(values)
    return f"{fmt.format(low)} / {fmt.format(mid)} ±{fmt.format(spread)}"


def _print(
    rows: dict[str, Any], starts: dict[str, Any], args: Any, load: tuple[float, ...]
) -> None:
    info, results = rows["info"], rows["results"]
    threads = os.environ.get("LP_NUM_THREADS", f"{os.cpu_count()} (llvmpipe default: all cores)")
    print(f"\nrenderer: {info['renderer']}; llvmpipe threads: {threads}; both sides one GUI thread")
    print(f"load average at start: {load[0]:.2f}, now: {os.getloadavg()[0]:.2f}")
    tri = ", ".join(f"{t:,}" for t in info["triangles"])
    lod = ", ".join(f"{t:,}" for t in info["lod triangles"])
    print(
        f"ours: view {info['ours view']}, {info['ours lights']} lights at rest (1 in motion, "
        f"drawn at half size), {info['ours renderers']} renderer(s), arches {tri}, LOD {lod}"
    )
    print(f"ours: {info['pacing']}")
    print(
        f"peer: bare pyvistaqt QtInteractor, view {info['peer view']}, "
        f"{info['peer lights']} lights, {info['peer renderers']} renderer(s), "
        f"MSAA {info['peer MSAA']}"
    )
    print("\nScenario A, as shipped under software OpenGL (different work on purpose):")
    print(f"  ours: {info['policy A']}; mid-drag: {info['drawn while turning']['ours A']}")
    print(
        "  peer: stock pyvistaqt, the full scene at full size, VTK's light kit, rendered by "
        "the interactor and again in paintGL"
    )
    print(f"\n{args.rounds} rounds; frames/s as min / median ±spread; CPU ms per frame (median)")
    print(
        f"{'':28}{'ours frames/s':>24}{'peer frames/s':>24}{'ratio (med)':>13}{'CPU ours/peer':>16}"
    )
    for mode in ("turning", "still", "FXAA every frame"):
        ours = [fps for fps, _ in results["ours"][mode]]
        peer_mode = "turning" if mode == "turning" else "still"
        peer = [fps for fps, _ in results["peer"][peer_mode]]
        cpu_ours = statistics.median(c for _, c in results["ours"][mode])
        cpu_peer = statistics.median(c for _, c in results["peer"][peer_mode])
        ratio = statistics.median(ours) / statistics.median(peer)
        label = {
            "turning": "turning (drag)",
            "still": "still, full res (first pic)",
            "FXAA every frame": "still, FXAA every frame",
        }[mode]
        print(
            f"{label:28}{_stats(ours):>24}{_stats(peer):>24}{ratio:>12.2f}×"
            f"{cpu_ours:>8.0f} / {cpu_peer:.0f}"
        )
    print("  budget (issue 24): turning 2 × 300k ≥ 30 frames/s under software OpenGL at 1000×671")
    print("\nScenario B, the same full scene on both sides (turning, frames/s):")
    print(
        f"  ours: {info['policy B']}; mid-drag: {info['drawn while turning']['ours B']}; "
        f"MSAA {info['full MSAA']}, FXAA {info['full FXAA']}; 2 renderers (the orientation "
        "marker's layer), the scans in pieces of ≤ 75k triangles"
    )
    print(
        f"  peer: pyvistaqt, {info['matched lights']} lights (ours), our material and gradient, "
        f"MSAA {info['matched MSAA']}, one render per frame, each arch one actor"
    )
    same = info["same scene"]
    ours_b = [fps for fps, _ in same["ours"]]
    peer_b = [fps for fps, _ in same["peer"]]
    print(
        f"{'turning, full scene':28}{_stats(ours_b):>24}{_stats(peer_b):>24}"
        f"{statistics.median(ours_b) / statistics.median(peer_b):>12.2f}×"
        f"{statistics.median(c for _, c in same['ours']):>8.0f} / "
        f"{statistics.median(c for _, c in same['peer']):.0f}"
    )
    print(
        f"\none 3° step from a quiet view, ms (medians per round, min / median ±spread); "
        f"ours settles after {info['settle ms']} ms without a request:"
    )
    print(f"{'':28}{'ours':>24}{'peer':>24}{'ratio (med)':>13}")
    rows_settled = rows["settled"]
    for index, label in (
        (0, "to the first picture"),
        (1, "to the picture left (AA)"),
        (2, "CPU for it"),
    ):
        ours = [r[index] for r in rows_settled["ours"]]
        peer = [r[index] for r in rows_settled["peer"]]
        ratio = statistics.median(ours) / statistics.median(peer)
        print(f"{label:28}{_stats(ours, '{:.0f}'):>24}{_stats(peer, '{:.0f}'):>24}{ratio:>12.2f}×")
    print("  (the peer leaves its first picture, without anti-aliasing; ours leaves an FXAA one)")
    print(f"{'':28}{'ours':>24}{'full re-render':>24}{'ratio (med)':>13}")
    for index, label in ((1, "to the picture left (AA)"), (2, "CPU for it")):
        ours = [r[index] for r in rows_settled["ours"]]
        full = [r[index] for r in rows_settled["ours, full re-render"]]
        ratio = statistics.median(ours) / statistics.median(full)
        print(f"{label:28}{_stats(ours, '{:.0f}'):>24}{_stats(full, '{:.0f}'):>24}{ratio:>12.2f}×")
    print("  (ours: FXAA run over the kept draft; full re-render: the view drawn again with FXAA)")
    print(f"\nprocess start → first frame of the case off-screen ({args.starts} runs, s):")
    print("  (imports include those made lazily later, e.g. by pyvista's first Plotter;")
    print("   start-up is the interpreter's own start and exit: process − the phases)")
    columns = ("process", "start-up", *_PHASES)
    print(f"{'':9}" + "".join(f"{k:>19}" for k in columns))
    for side in ("ours", "pyvista"):
        runs = starts[side]
        cells = [_stats([r[k] for r in runs], "{:.2f}") for k in columns]
        print(f"{side:9}" + "".join(f"{c:>19}" for c in cells))
    ratio = statistics.median(r["process"] for r in starts["pyvista"]) / statistics.median(
        r["process"] for r in starts["ours"]
    )
    print(f"  pyvista / ours, whole process (medians): {ratio:.2f}×")


if __name__ == "__main__":
    raise SystemExit(main())
