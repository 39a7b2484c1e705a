"""Pictures of scans without a window: the CLI's ``render`` and report images.

Draws the same scene as the viewer (`ScanScene`), off-screen, on a bare VTK window
(`OffscreenCanvas`: no pyvista plotter, no matplotlib). Works with no display at all
(VTK renders through EGL; see `prepare_offscreen_backend`). The PNG is written next to its
final name and moved into place, so a failed render leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from scaninbox.domain import Jaw
from scaninbox.render.backend import prepare_offscreen_backend
from scaninbox.render.canvas import OffscreenCanvas
from scaninbox.render.png_file import write_png
from scaninbox.render.scene import ScanScene
from scaninbox.render.views import View
from scaninbox.scans import Mesh, Orientation, orient, read_mesh, refine

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
    """Read every file and render them together into the PNG ``out``."""
    return render_png(
        [load_scan_file(f) for f in files], out, size=size, view=view, jaw_colours=jaw_colours
    )


def render_png(
    scans: Sequence[SceneInput],
    out: Path,
    *,
    size: tuple[int, int] = DEFAULT_SIZE,
    view: View | str = View.FRONT,
    jaw_colours: Mapping[str, str] | None = None,
) -> Path:
    """Draw ``scans`` as the viewer would, seen from ``view``, into the PNG file ``out``."""
    width, height = size
    if not (16 <= width <= 8192 and 16 <= height <= 8192):
        raise ValueError(f"an image of {width}×{height} pixels is not possible (16–8192 each way)")
    with offscreen_scene((width, height), jaw_colours=jaw_colours) as (canvas, scene):
        for number, scan in enumerate(scans):
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
    size: tuple[int, int], *, jaw_colours: Mapping[str, str] | None = None
) -> Iterator[tuple[OffscreenCanvas, ScanScene]]:
    """The viewer's scene on a bare off-screen VTK window of ``size`` pixels, closed (scene,
    then window) when the block ends, however it ends."""
    prepare_offscreen_backend()
    canvas = OffscreenCanvas(size)
    try:
        scene = ScanScene(canvas, jaw_colours=jaw_colours)
        try:
            yield canvas, scene
        finally:
            scene.close()
    finally:
        canvas.close()
