"""Pictures of scans without a window: the CLI's ``render`` and report images.

Draws the same scene as the viewer (`ScanScene`), off-screen, on a bare VTK window
(`OffscreenCanvas`: no pyvista plotter, no matplotlib). Works with no display at all
(VTK renders through EGL; see `prepare_offscreen_backend`). The PNG is written next to its
final name and moved into place, so a failed render leaves nothing behind.

The scans may still be being read when the drawing starts (`render_png` takes a `Future` of
them): the reading runs on a thread of its own (numpy's loops release the GIL) while this thread
imports VTK and opens the window, whose OpenGL context stays on the thread that draws. A read
that fails stops the drawing with its error as soon as the next step sees it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scaninbox.domain import Jaw
from scaninbox.render.backend import prepare_offscreen_backend
from scaninbox.render.canvas import OffscreenCanvas, load_vtk
from scaninbox.render.png_file import write_png
from scaninbox.render.scene import ScanScene
from scaninbox.render.views import View
from scaninbox.scans import Mesh, Orientation, orient, read_mesh, refine, running_beside

__all__ = [
    "DEFAULT_SIZE",
    "ScanToDraw",
    "SceneInput",
    "load_scan_file",
    "offscreen_scene",
    "render_png",
    "render_scan_files",
]

DEFAULT_SIZE = (1280, 960)


@dataclass(frozen=True, slots=True)
class SceneInput:
    """One scan to draw: an oriented mesh and how it looks."""

    mesh: Mesh
    jaw: Jaw = Jaw.UPPER
    colour: str | None = None
    opacity: float = 1.0
    visible: bool = True
    vertex_colours: bool = True


@dataclass(frozen=True, slots=True)
class ScanToDraw:
    """A scan file on disk, its jaw and its portal's orientation."""

    path: Path
    jaw: Jaw = Jaw.UPPER
    orientation: Orientation = field(default_factory=Orientation)


def load_scan_file(scan: ScanToDraw) -> SceneInput:
    """Read, refine and orient one file (CPU work; safe on a worker thread)."""
    mesh = refine(read_mesh(scan.path))
    return SceneInput(orient(mesh, scan.orientation.matrix), jaw=scan.jaw)


def render_scan_files(
    files: Sequence[ScanToDraw],
    out: Path,
    *,
    size: tuple[int, int] = DEFAULT_SIZE,
    view: View | str = View.FRONT,
    jaw_colours: Mapping[str, str] | None = None,
) -> Path:
    """Read every file and render them together into the PNG ``out`` (the reading overlaps
    the window's opening)."""
    with running_beside(lambda: [load_scan_file(f) for f in files]) as reading:
        return render_png(reading, out, size=size, view=view, jaw_colours=jaw_colours)


def render_png(
    scans: Sequence[SceneInput] | Future[list[SceneInput]],
    out: Path,
    *,
    size: tuple[int, int] = DEFAULT_SIZE,
    view: View | str = View.FRONT,
    jaw_colours: Mapping[str, str] | None = None,
) -> Path:
    """Draw ``scans`` as the viewer would, seen from ``view``, into the PNG file ``out``.

    ``scans`` may be a `Future` of them still being read on another thread: the window opens
    meanwhile, and the reading's error is raised here (the window closed) as soon as it is
    known."""
    width, height = size
    if not (16 <= width <= 8192 and 16 <= height <= 8192):
        raise ValueError(f"an image of {width}×{height} pixels is not possible (16–8192 each way)")
    reading = scans if isinstance(scans, Future) else None
    with offscreen_scene((width, height), jaw_colours=jaw_colours, reading=reading) as (
        canvas,
        scene,
    ):
        ready = scans.result() if isinstance(scans, Future) else scans
        for number, scan in enumerate(ready):
            scene.set_scan(
                f"scan{number}",
                scan.mesh,
                jaw=scan.jaw,
                colour=scan.colour,
                opacity=scan.opacity,
                visible=scan.visible,
                vertex_colours=scan.vertex_colours,
            )
        scene.apply_view(view)
        pixels = canvas.screenshot()
    return write_png(pixels, out)


@contextmanager
def offscreen_scene(
    size: tuple[int, int],
    *,
    jaw_colours: Mapping[str, str] | None = None,
    reading: Future[Any] | None = None,
) -> Iterator[tuple[OffscreenCanvas, ScanScene]]:
    """The viewer's scene on a bare off-screen VTK window of ``size`` pixels, closed (scene,
    then window) when the block ends, however it ends. ``reading``: what the scene will show,
    still being read elsewhere; if it has failed, its error is raised between the steps of
    opening the window rather than after them."""
    prepare_offscreen_backend()
    load_vtk()
    _raise_if_failed(reading)
    canvas = OffscreenCanvas(size)
    try:
        _raise_if_failed(reading)
        scene = ScanScene(canvas, jaw_colours=jaw_colours)
        try:
            yield canvas, scene
        finally:
            scene.close()
    finally:
        canvas.close()


def _raise_if_failed(reading: Future[Any] | None) -> None:
    if reading is not None and reading.done() and reading.exception() is not None:
        reading.result()  # raises the reading's own exception
