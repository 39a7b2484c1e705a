"""Large scans are drawn in step with the rasteriser: the same picture, a shorter queue."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scaninbox.domain import Jaw
from scaninbox.render import draw_pacing, render_policy, scene
from scaninbox.render.appearance import gl_renderer_name
from scaninbox.render.canvas import OffscreenCanvas
from scaninbox.render.draw_pacing import IN_FLIGHT, LARGE_TRIANGLES, pace_drawing
from scaninbox.render.offscreen import SceneInput, render_png
from scaninbox.render.pieces import to_pieces
from scaninbox.render.polydata import to_polydata
from scaninbox.render.render_policy import RenderPolicy
from scaninbox.scans import Mesh, refine
from tests.render import pixels
from tests.unit.scans.meshfiles import arch_mesh

ROOT = Path(__file__).resolve().parents[2]


def _arch(n_around: int, n_across: int, *, lower: bool = False) -> Mesh:
    points, faces = arch_mesh(n_around, n_across)
    if lower:
        points = np.ascontiguousarray(points * np.float32([1, 1, -1]) + np.float32([0, 0, -3]))
        faces = np.ascontiguousarray(faces[:, ::-1])
    return refine(Mesh(points, faces, welded=True, name="arch"))


@pytest.fixture(scope="module")
def large_arches() -> tuple[Mesh, Mesh]:
    # Over the threshold each: 2 × 1,099 × 50 triangles.
    return _arch(1100, 51), _arch(1100, 51, lower=True)


class _CountingWindow:
    """Stands in for the render window whose queue the pacing drains."""

    def __init__(self, renderer: str = "llvmpipe (LLVM 15.0.6, 256 bits)") -> None:
        self.waits = 0
        self.asked = 0
        self.renderer = renderer

    def WaitForCompletion(self) -> None:  # VTK's names
        self.waits += 1

    def ReportCapabilities(self) -> str:
        self.asked += 1
        return f"OpenGL vendor string:  Someone\nOpenGL renderer string:  {self.renderer}\n"


class _RecordingFences:
    """Stands in for `GLFences`: numbered fences, and what was done with each, in order."""

    def __init__(self) -> None:
        self.log: list[tuple[str, int]] = []
        self._made = 0

    def insert(self) -> int:
        self._made += 1
        self.log.append(("insert", self._made))
        return self._made

    def wait(self, handle: int) -> None:
        self.log.append(("wait", handle))

    def drop(self, handle: int) -> None:
        self.log.append(("drop", handle))

    def count(self, what: str) -> int:
        return sum(1 for done, _ in self.log if done == what)


def _recording(monkeypatch: pytest.MonkeyPatch) -> list[_RecordingFences]:
    """Every window's fences recorded (one `_RecordingFences` per window, in order)."""
    made: list[_RecordingFences] = []

    def load(egl_first: bool = False) -> _RecordingFences:
        made.append(_RecordingFences())
        return made[-1]

    monkeypatch.setattr(draw_pacing, "load_fences", load)
    return made


def _add(canvas: OffscreenCanvas, poly: Any, window: Any) -> None:
    from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

    mapper = vtkPolyDataMapper()
    mapper.SetInputData(poly)
    actor = vtkActor()
    actor.SetMapper(mapper)
    canvas.add_actor(actor)
    pace_drawing(mapper, window)


def test_only_a_large_scan_is_paced_once_per_frame(
    large_arches: tuple[Mesh, Mesh], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert large_arches[0].n_faces >= LARGE_TRIANGLES
    fences = _recording(monkeypatch)
    small = _arch(40, 10)
    canvas = OffscreenCanvas((200, 150))
    windows = [_CountingWindow(), _CountingWindow()]
    try:
        for mesh, window in zip((large_arches[0], small), windows, strict=True):
            _add(canvas, to_polydata(mesh), window)
        canvas.renderer.ResetCamera()
        for _ in range(2):
            canvas.render_window.Render()
    finally:
        canvas.close()
    assert len(fences) == 1  # the small scan's window never needed any
    assert fences[0].count("insert") == 2
    assert [w.waits for w in windows] == [0, 0]  # not the whole queue: fences are there
    assert windows[0].asked == 1  # the renderer is asked once, not on every frame


def test_a_graphics_card_draws_without_waiting(
    large_arches: tuple[Mesh, Mesh], monkeypatch: pytest.MonkeyPatch
) -> None:
    fences = _recording(monkeypatch)
    canvas = OffscreenCanvas((200, 150))
    cards = [_CountingWindow("NVIDIA GeForce RTX 3060/PCIe/SSE2"), _CountingWindow("llvmpipe")]
    try:
        for window in cards:
            _add(canvas, to_polydata(large_arches[0]), window)
        canvas.renderer.ResetCamera()
        for _ in range(3):
            canvas.render_window.Render()
    finally:
        canvas.close()
    assert [f.count("insert") for f in fences] == [3]  # the llvmpipe window's only
    assert [w.asked for w in cards] == [1, 1]


def test_without_fences_the_whole_queue_is_waited_for(
    large_arches: tuple[Mesh, Mesh], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(draw_pacing, "load_fences", lambda egl_first=False: None)
    canvas = OffscreenCanvas((200, 150))
    window = _CountingWindow()
    try:
        _add(canvas, to_polydata(large_arches[0]), window)
        canvas.renderer.ResetCamera()
        for _ in range(2):
            canvas.render_window.Render()
    finally:
        canvas.close()
    assert window.waits == 2


def test_one_large_draw_is_rasterised_while_the_next_is_sorted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fences = _recording(monkeypatch)
    monkeypatch.setattr(draw_pacing, "LARGE_TRIANGLES", 100)  # every piece below counts
    canvas = OffscreenCanvas((200, 150))
    # Paced whatever this machine's OpenGL is (the policy asked at the first large draw).
    render_policy.remember(canvas.render_window, RenderPolicy("llvmpipe (LLVM 15.0.6, 256 bits)"))
    try:
        for piece in to_pieces(_arch(60, 11), most=300):  # 1,180 triangles: 4 pieces
            _add(canvas, piece, canvas.render_window)
        canvas.renderer.ResetCamera()
        for _ in range(2):
            canvas.render_window.Render()
    finally:
        canvas.close()
    # Before each draw a fence; the fence before the previous draw is waited for, so that
    # draw is the only one left in the queue while this one is sorted. The fence still in the
    # queue when the frame ends is dropped: none is carried into the next frame.
    one_frame = [
        ("insert", 1),
        ("insert", 2),
        ("wait", 1),
        ("insert", 3),
        ("wait", 2),
        ("insert", 4),
        ("wait", 3),
        ("drop", 4),
    ]
    second = [(done, handle + 4) for done, handle in one_frame]
    assert IN_FLIGHT == 1
    assert fences[0].log == one_frame + second


def test_a_real_fence_is_made_and_waited_for(large_arches: tuple[Mesh, Mesh]) -> None:
    from scaninbox.render.gl_fences import load_fences

    canvas = OffscreenCanvas((200, 150))
    try:
        window = canvas.render_window
        waits: list[int] = []
        # VTK lets an instance shadow its method: counts the whole-queue waits, if any.
        window.WaitForCompletion = lambda: waits.append(1)
        _add(canvas, to_polydata(large_arches[0]), window)
        _add(canvas, to_polydata(large_arches[1]), window)
        canvas.renderer.ResetCamera()
        window.Render()
        fences = load_fences()
        assert fences is not None
        window.MakeCurrent()
        handle = fences.insert()
        assert handle is not None
        fences.wait(handle)
        fences.wait(handle)  # gone: passed over, no OpenGL error
        software = render_policy.classify(gl_renderer_name(canvas)).value == "software"
    finally:
        canvas.close()
    if software:
        assert waits == []  # the arches were paced with fences, not by waiting for all


def test_pacing_leaves_the_picture_as_it_was(
    large_arches: tuple[Mesh, Mesh], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scans = [SceneInput(large_arches[0]), SceneInput(large_arches[1], jaw=Jaw.LOWER)]
    paced = pixels.load(render_png(scans, tmp_path / "paced.png", size=(480, 320)))
    monkeypatch.setattr(scene, "pace_drawing", lambda mapper, window: None)
    unpaced = pixels.load(render_png(scans, tmp_path / "unpaced.png", size=(480, 320)))
    assert pixels.scan_mask(paced).sum() > 5000  # the arches are in the picture
    np.testing.assert_array_equal(paced, unpaced)


PEAK_PROBE = textwrap.dedent(
    """
    import sys
    import numpy as np
    import vtkmodules.vtkRenderingOpenGL2  # noqa: F401
    from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper, vtkRenderer
    from vtkmodules.vtkRenderingCore import vtkRenderWindow
    from scaninbox.render import draw_pacing
    from scaninbox.render.draw_pacing import pace_drawing
    from scaninbox.render.pieces import to_pieces
    from scaninbox.render.polydata import to_polydata
    from scaninbox.scans import Mesh, refine
    from tests.unit.scans.meshfiles import arch_mesh

    mode = sys.argv[1]
    if mode == "pieces-whole-queue":  # as before the fences: glFinish before each piece
        draw_pacing.load_fences = lambda egl_first=False: None
    window = vtkRenderWindow()
    window.SetSize(1000, 671)
    renderer = vtkRenderer()
    renderer.SetUseFXAA(True)
    window.AddRenderer(renderer)
    window.Render()  # the context, with nothing to draw yet
    for sign in (1, -1):
        points, faces = arch_mesh(3000, 101)  # 600k triangles, as a full arch scan has
        points = np.ascontiguousarray(points * np.float32([1, 1, sign]))
        mesh = refine(Mesh(points, faces, welded=True))
        parts = to_pieces(mesh) if mode.startswith("pieces") else [to_polydata(mesh)]
        for part in parts:
            mapper = vtkPolyDataMapper()
            mapper.SetInputData(part)
            actor = vtkActor()
            actor.SetMapper(mapper)
            actor.GetProperty().SetInterpolationToPhong()
            renderer.AddActor(actor)
            if not mode.endswith("unpaced"):
                pace_drawing(mapper, window)
    renderer.ResetCamera()
    with open("/proc/self/clear_refs", "w") as reset:
        reset.write("5")  # the peak starts again from here
    start = int(open("/proc/self/statm").read().split()[1]) * 4096
    for turn in range(4):  # the first frame also uploads the arrays: the same either way
        renderer.GetActiveCamera().Azimuth(3)
        window.Render()
    peak = [line for line in open("/proc/self/status") if line.startswith("VmHWM")][0]
    name = [line for line in window.ReportCapabilities().splitlines() if "renderer" in line]
    print(name, "|", int(peak.split()[1]) * 1024 - start)
    """
)


def _queue_peak_mib(mode: str) -> tuple[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", PEAK_PROBE, mode],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    renderer, _, grown = done.stdout.strip().splitlines()[-1].rpartition(" | ")
    return renderer, int(grown) / 2**20


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="Linux's peak RSS reset")
@pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="an on-screen window (Xvfb)")
def test_pacing_bounds_the_software_rasterisers_memory() -> None:
    renderer, unpaced = _queue_peak_mib("unpaced")
    if "llvmpipe" not in renderer.lower():
        pytest.skip(f"the queue measured here is llvmpipe's (this is {renderer})")
    _, pieces_unpaced = _queue_peak_mib("pieces-unpaced")
    _, paced = _queue_peak_mib("pieces")
    _, whole_queue = _queue_peak_mib("pieces-whole-queue")
    # Paced, the pile is a fraction of the unpaced one, whether one piece is rasterised while
    # the next is sorted (`IN_FLIGHT`) or the whole queue is waited for (the figures:
    # benchmarks/README.md). Demand margins.
    assert paced < unpaced - 100, (paced, unpaced)
    assert paced < pieces_unpaced - 100, (paced, pieces_unpaced)
    # The draw in flight costs about one piece's worth more than waiting for everything.
    assert paced < whole_queue + 40, (paced, whole_queue)


def test_the_window_is_not_kept_alive_by_the_pacing() -> None:
    import weakref

    from vtkmodules.vtkRenderingCore import vtkPolyDataMapper

    window: Any = _CountingWindow()
    mapper = vtkPolyDataMapper()
    pace_drawing(mapper, window)
    gone = weakref.ref(window)
    del window
    assert gone() is None
