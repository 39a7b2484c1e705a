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
from scaninbox.render import scene
from scaninbox.render.canvas import OffscreenCanvas
from scaninbox.render.draw_pacing import LARGE_TRIANGLES, pace_drawing
from scaninbox.render.offscreen import SceneInput, render_png
from scaninbox.render.polydata import to_polydata
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
    # Just over the threshold each: 2 × 1,099 × 50 triangles.
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


def test_only_a_large_scan_waits_for_the_queue_once_per_frame(
    large_arches: tuple[Mesh, Mesh],
) -> None:
    from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

    assert large_arches[0].n_faces >= LARGE_TRIANGLES
    small = _arch(40, 10)
    canvas = OffscreenCanvas((200, 150))
    windows = []
    try:
        for mesh in (large_arches[0], small):
            mapper = vtkPolyDataMapper()
            mapper.SetInputData(to_polydata(mesh))
            actor = vtkActor()
            actor.SetMapper(mapper)
            canvas.add_actor(actor)
            windows.append(_CountingWindow())
            pace_drawing(mapper, windows[-1])
        canvas.renderer.ResetCamera()
        for _ in range(2):
            canvas.render_window.Render()
    finally:
        canvas.close()
    assert [w.waits for w in windows] == [2, 0]
    assert windows[0].asked == 1  # the renderer is asked once, not on every frame


def test_a_graphics_card_draws_without_waiting(large_arches: tuple[Mesh, Mesh]) -> None:
    from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

    canvas = OffscreenCanvas((200, 150))
    cards = [_CountingWindow("NVIDIA GeForce RTX 3060/PCIe/SSE2"), _CountingWindow("llvmpipe")]
    try:
        for window in cards:
            mapper = vtkPolyDataMapper()
            mapper.SetInputData(to_polydata(large_arches[0]))
            actor = vtkActor()
            actor.SetMapper(mapper)
            canvas.add_actor(actor)
            pace_drawing(mapper, window)
        canvas.renderer.ResetCamera()
        for _ in range(3):
            canvas.render_window.Render()
    finally:
        canvas.close()
    assert [w.waits for w in cards] == [0, 3]
    assert [w.asked for w in cards] == [1, 1]


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
    from scaninbox.render.draw_pacing import pace_drawing
    from scaninbox.render.pieces import to_pieces
    from scaninbox.render.polydata import to_polydata
    from scaninbox.scans import Mesh, refine
    from tests.unit.scans.meshfiles import arch_mesh

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
        parts = to_pieces(mesh) if sys.argv[1] == "pieces" else [to_polydata(mesh)]
        for part in parts:
            mapper = vtkPolyDataMapper()
            mapper.SetInputData(part)
            actor = vtkActor()
            actor.SetMapper(mapper)
            actor.GetProperty().SetInterpolationToPhong()
            renderer.AddActor(actor)
            if sys.argv[1] != "unpaced":
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
    _, paced = _queue_peak_mib("paced")
    _, in_pieces = _queue_peak_mib("pieces")
    # Measured (2 cores, loaded): 214–248 MiB without pacing, 129–130 with, ~37 drawn paced in
    # pieces of 150k (`scaninbox.render.pieces`); demand margins.
    assert paced < unpaced - 40, (paced, unpaced)
    assert in_pieces < paced - 40, (in_pieces, paced)


def test_the_window_is_not_kept_alive_by_the_pacing() -> None:
    import weakref

    from vtkmodules.vtkRenderingCore import vtkPolyDataMapper

    window: Any = _CountingWindow()
    mapper = vtkPolyDataMapper()
    pace_drawing(mapper, window)
    gone = weakref.ref(window)
    del window
    assert gone() is None
