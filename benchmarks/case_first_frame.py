"""The 3D viewport in the real widget: case selected → first frame, and frames per second turning.

    .venv/bin/python benchmarks/case_first_frame.py                 # re-runs itself under Xvfb
    .venv/bin/python benchmarks/case_first_frame.py --triangles 300000 --repeat 7 --size 1000x700

What it measures, with the files already in the cache (the provider hands out local paths):

- loading the 3D stack: ``preload_3d_stack`` (on a worker thread, as the window does) and
  ``create_scan_viewport`` (GUI thread);
- case selected → ``caseShown`` (the first frame on screen: soups read, drawn flat-shaded), →
  smooth (refined meshes drawn) and → ready (levels of detail built), for a two-arch case of
  2 × ``--triangles`` and, when ``../shared/realscans`` is there, a real scan; the cases take
  turns so each selection replaces the other;
- frames per second while the camera turns: a left-button drag sent to the widget as mouse
  events, one frame awaited per move, with the level of detail (as shipped) and with it taken
  away (full resolution in motion), plus still frames at full resolution;
- the peer, in the same run: a plain pyvistaqt ``QtInteractor`` of the same size, case
  selected → ``pyvista.read`` of the same files → ``add_mesh(smooth_shading=True)`` → its first
  frame on screen (MSAA off, as ours).

Every figure is printed as min / median ±spread (max − min), with the load average and the
number of llvmpipe threads; ratios are of medians.

Needs an X display (Qt's xcb platform: the widget does not draw under ``offscreen``); without
one it starts itself again under ``xvfb-run``.
"""

from __future__ import annotations

import argparse
import asyncio
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

REALSCANS = Path(__file__).resolve().parents[2] / "shared" / "realscans"
os.environ.setdefault("QT_API", "pyside6")


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
    parser.add_argument("--repeat", type=int, default=7, help="selections per case")
    parser.add_argument("--moves", type=int, default=40, help="mouse moves per drag")
    parser.add_argument("--size", default="1000x700", help="viewport size (the 3D view is smaller)")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", sys.executable, *sys.argv]
        return subprocess.run(command, check=False).returncode
    width, height = (int(v) for v in args.size.lower().split("x"))
    load_before = os.getloadavg()

    from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget  # noqa: TID251

    import scaninbox.qt  # noqa: F401 - the PySide6 refcount guard first
    from scaninbox.qt.workarounds.qasync_loop import GuiEventLoop  # the app's loop, as in the app

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="scaninbox-frame-") as folder:
        cases = _write_cases(Path(folder), args.triangles)
        host = QWidget()
        host.resize(width, height)
        QVBoxLayout(host).setContentsMargins(0, 0, 0, 0)
        host.show()
        loop = GuiEventLoop(app)
        asyncio.set_event_loop(loop)
        with loop:
            rows = loop.run_until_complete(_measure(host, CachedFiles(Path(folder)), cases, args))
            peer = loop.run_until_complete(_peer_first_frames(Path(folder), cases[0], args))
        host.close()
    _print(rows, peer, args, load_before)
    return 0


def _write_cases(folder: Path, triangles: int) -> list[Any]:
    from scaninbox.domain import Case, CaseRef, Jaw, ScanFile

    for name, lower in (("upper.stl", False), ("lower.stl", True)):
        points, faces = procedural_arch(triangles, lower=lower)
        points[:, 2] += -3.0 if lower else 3.0
        write_binary_stl(folder / name, points, faces)
    cases = [
        Case(
            ref=CaseRef("arches"),
            source="Benchmark",
            scan_files=(
                ScanFile(
                    filename="upper.stl",
                    file_type="stl",
                    scan_type="preparationScan",
                    jaw=Jaw.UPPER,
                ),
                ScanFile(
                    filename="lower.stl",
                    file_type="stl",
                    scan_type="preparationScan",
                    jaw=Jaw.LOWER,
                ),
            ),
        )
    ]
    real = REALSCANS / "Example_01_binary.stl"
    if real.is_file():
        shutil.copy(real, folder / real.name)
        scan = ScanFile(
            filename=real.name, file_type="stl", scan_type="preparationScan", jaw=Jaw.UPPER
        )
        cases.append(Case(ref=CaseRef("real"), source="Benchmark", scan_files=(scan,)))
    return cases


async def _measure(host: Any, provider: CachedFiles, cases: list[Any], args: Any) -> dict[str, Any]:
    import scaninbox.qt.viewer as viewer
    from scaninbox.qt.runtime import async_bridge

    rows: dict[str, Any] = {}
    started = time.perf_counter()
    await async_bridge.to_thread(viewer.preload_3d_stack)
    rows["preload_3d_stack (worker thread)"] = time.perf_counter() - started
    started = time.perf_counter()
    viewport = viewer.create_scan_viewport(provider, lambda _s: "x,y,z", _colours(), host)
    host.layout().addWidget(viewport)
    viewport.show()
    rows["create_scan_viewport (GUI thread)"] = time.perf_counter() - started
    await _until(lambda: viewport.view.renderer_name is not None)
    rows["renderer"] = viewport.view.renderer_name
    rows["view size"] = f"{viewport.view.width()}×{viewport.view.height()}"

    timings: dict[str, dict[str, list[float]]] = {
        c.ref.value: {"frame": [], "smooth": [], "ready": []} for c in cases
    }
    for _ in range(args.repeat):
        for case in cases:
            shown = asyncio.get_running_loop().create_future()
            slot = lambda ref, f=shown: f.done() or f.set_result(ref)  # noqa: E731
            viewport.caseShown.connect(slot)
            started = time.perf_counter()
            viewport.show_case(case)
            await shown
            timings[case.ref.value]["frame"].append(time.perf_counter() - started)
            viewport.caseShown.disconnect(slot)
            await _until(lambda c=case: _all_refined(viewport, c))
            timings[case.ref.value]["smooth"].append(time.perf_counter() - started)
            await _until(lambda: all(r.state.value == "ready" for r in viewport.scans.rows()))
            timings[case.ref.value]["ready"].append(time.perf_counter() - started)
    rows["timings"] = timings

    viewport.show_case(cases[0])
    await _until(lambda: all(r.state.value == "ready" for r in viewport.scans.rows()))
    await _next_frame(viewport)
    rows["triangles"] = [s.n_triangles for s in viewport.scene]
    rows["lod triangles"] = [
        s.lod_actor.GetMapper().GetInput().GetNumberOfCells() for s in viewport.scene
    ]
    fps: dict[str, list[float]] = {
        "turning, as shipped (LOD, 1 light, no FXAA, ½ size)": [],
        "turning, full resolution (LOD removed)": [],
        "still frames, full resolution": [],
    }
    for _ in range(3):
        labels = list(fps)
        fps[labels[0]].append(await _drag_fps(viewport, args.moves))
        fps[labels[1]].append(await _drag_fps(viewport, args.moves, lod=False))
        fps[labels[2]].append(await _still_fps(viewport, args.moves // 2))
    rows["fps"] = fps
    viewport.close()
    return rows


def _all_refined(viewport: Any, case: Any) -> bool:
    from scaninbox.qt.viewer.loader import Stage

    stages = viewport.sink.stages
    return len(stages) == len(case.scan_files) and all(s is Stage.REFINED for s in stages.values())


async def _drag_fps(viewport: Any, moves: int, *, lod: bool = True) -> float:
    # The drag is sent as Qt mouse events, the way a person's drag reaches the widget.
    from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: TID251
    from PySide6.QtGui import QMouseEvent  # noqa: TID251
    from PySide6.QtWidgets import QApplication  # noqa: TID251

    stashed = []
    if not lod:
        for state in viewport.scene:
            stashed.append((state, state.lod_actor))
            state.lod_actor.SetVisibility(False)
            state.lod_actor = None
    view = viewport.view
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
    await _next_frame(viewport, after=lambda: send(QEvent.Type.MouseMove, x + 2, True))
    started = time.perf_counter()
    for step in range(moves):
        await _next_frame(
            viewport, after=lambda s=step: send(QEvent.Type.MouseMove, x + 4 + 4 * s, True)
        )
    fps = moves / (time.perf_counter() - started)
    assert viewport.scene.showing_lod  # the scene saw an interaction (LOD drawn if it has one)
    await _next_frame(viewport, after=lambda: send(QEvent.Type.MouseButtonRelease, x, False))
    for state, actor in stashed:
        state.lod_actor = actor
    return fps


async def _still_fps(viewport: Any, frames: int) -> float:
    started = time.perf_counter()
    for _ in range(frames):
        await _next_frame(
            viewport,
            after=lambda: (viewport.view.camera.Azimuth(3.0), viewport.view.request_frame()),
        )
    return frames / (time.perf_counter() - started)


async def _next_frame(viewport: Any, after: Callable[[], object] | None = None) -> None:
    future = asyncio.get_running_loop().create_future()
    slot = lambda f=future: f.done() or f.set_result(None)  # noqa: E731
    viewport.view.frameSwapped.connect(slot)
    if after is not None:
        after()
    else:
        viewport.view.request_frame()
    await future
    viewport.view.frameSwapped.disconnect(slot)


async def _until(condition: Callable[[], bool], timeout_s: float = 60.0) -> None:
    deadline = time.perf_counter() + timeout_s
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the viewport did not get there in time")
        await asyncio.sleep(0.002)


def _colours() -> dict[str, str]:
    from scaninbox.settings import DEFAULT_JAW_COLOURS

    return dict(DEFAULT_JAW_COLOURS)


async def _peer_first_frames(folder: Path, case: Any, args: Any) -> list[float]:
    """Case selected → first frame in a plain pyvistaqt viewer (``pyvista.read``, add_mesh)."""
    import pyvista as pv
    from pyvistaqt import QtInteractor  # noqa: TID251

    width, height = (int(v) for v in args.size.lower().split("x"))
    peer = QtInteractor(None, auto_update=False)
    peer.render_window.SetMultiSamples(0)
    peer.resize(width, height)
    peer.show()
    await _widget_frame(peer)
    times = []
    for _ in range(args.repeat):
        peer.clear_actors()
        await _widget_frame(peer)
        started = time.perf_counter()
        for scan in case.scan_files:
            peer.add_mesh(pv.read(folder / scan.filename), smooth_shading=True, render=False)
        peer.reset_camera()
        await _widget_frame(peer)
        times.append(time.perf_counter() - started)
    peer.close()
    return times


async def _widget_frame(widget: Any) -> None:
    future = asyncio.get_running_loop().create_future()
    slot = lambda f=future: f.done() or f.set_result(None)  # noqa: E731
    widget.frameSwapped.connect(slot)
    widget.update()
    await future
    widget.frameSwapped.disconnect(slot)


def _stats(values: list[float], scale: float = 1.0, fmt: str = "{:.0f}") -> str:
    low, mid = min(values) * scale, statistics.median(values) * scale
    spread = (max(values) - min(values)) * scale
    return f"{fmt.format(low)} / {fmt.format(mid)} ±{fmt.format(spread)}"


def _print(rows: dict[str, Any], peer: list[float], args: Any, load: tuple[float, ...]) -> None:
    threads = os.environ.get("LP_NUM_THREADS", f"{os.cpu_count()} (llvmpipe default: all cores)")
    print(f"\nrenderer: {rows['renderer']}; 3D view {rows['view size']} px")
    print(f"llvmpipe threads: {threads}; both sides draw on one GUI thread")
    print(f"load average at start: {load[0]:.2f}, now: {os.getloadavg()[0]:.2f}")
    print(f"preload_3d_stack on a worker thread: {rows['preload_3d_stack (worker thread)']:.2f} s")
    print(
        f"create_scan_viewport on the GUI thread: {rows['create_scan_viewport (GUI thread)']:.2f} s"
    )
    print(f"\ncase selected → … (cached files; min / median ±spread of {args.repeat}, ms)")
    print(f"{'case':34}{'first frame':>20}{'smooth':>20}{'LOD ready':>20}")
    for ref, timing in rows["timings"].items():
        label = f"2 × {args.triangles:,} triangles" if ref == "arches" else "real scan (100k)"
        cells = [_stats(timing[k], 1000) for k in ("frame", "smooth", "ready")]
        print(f"{label:34}" + "".join(f"{c:>20}" for c in cells))
    ours = statistics.median(rows["timings"]["arches"]["frame"])
    print(f"{'peer: pyvista.read + add_mesh':34}{_stats(peer, 1000):>20}")
    print(f"  first frame, peer / ours (2 arches, medians): {statistics.median(peer) / ours:.1f}×")
    print("  target: first frame < 500 ms")
    tri = ", ".join(f"{t:,}" for t in rows["triangles"])
    lod = ", ".join(f"{t:,}" for t in rows["lod triangles"])
    print(f"\nframes per second, 2 arches ({tri} triangles; LOD {lod}), min / median ±spread of 3:")
    for label, values in rows["fps"].items():
        print(f"  {label:48}{_stats(values, 1.0, '{:.1f}'):>20}")
    print("  target: ≥ 20 frames/s while turning (benchmarks/render_fps.py compares a peer)")


if __name__ == "__main__":
    raise SystemExit(main())
