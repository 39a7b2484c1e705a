"""Scene building without Qt: scans as VTK actors, cameras, measurements, off-screen pictures.

VTK is imported inside the functions that need them, so importing this package is cheap; the
off-screen path (`render_png`, `render_scan_files`, `OffscreenCanvas`) uses ``vtkmodules``
alone and never imports pyvista's plotting layer or matplotlib (a test checks it). Everything
that touches a plotter runs on the thread that owns it (the GUI thread); the mesh work it
consumes comes from `scaninbox.scans`, done on worker threads.
"""

from scaninbox.render.appearance import configure_antialiasing, gl_renderer_name, style_plotter
from scaninbox.render.backend import prepare_offscreen_backend
from scaninbox.render.canvas import OffscreenCanvas
from scaninbox.render.colour_map import (
    BITE_THROUGH,
    MAP_MAX_MM,
    MAP_STEP_MM,
    ColourScale,
    MapKind,
)
from scaninbox.render.measure import Measurement, MeasurementActors, add_measurement, measure
from scaninbox.render.offscreen import (
    DEFAULT_SIZE,
    ScanToDraw,
    SceneInput,
    load_scan_file,
    offscreen_scene,
    render_png,
    render_scan_files,
)
from scaninbox.render.orientation_marker import marker_size
from scaninbox.render.png_file import PictureWriteError, write_png
from scaninbox.render.polydata import to_polydata
from scaninbox.render.render_policy import MOVING_SCALE, RenderPolicy
from scaninbox.render.scene import MIN_FREE_SHARE, ScanScene, ScanState
from scaninbox.render.views import Bounds, View, apply_view, fit

__all__ = [
    "BITE_THROUGH",
    "DEFAULT_SIZE",
    "MAP_MAX_MM",
    "MAP_STEP_MM",
    "MIN_FREE_SHARE",
    "MOVING_SCALE",
    "Bounds",
    "ColourScale",
    "MapKind",
    "Measurement",
    "MeasurementActors",
    "OffscreenCanvas",
    "PictureWriteError",
    "RenderPolicy",
    "ScanScene",
    "ScanState",
    "ScanToDraw",
    "SceneInput",
    "View",
    "add_measurement",
    "apply_view",
    "configure_antialiasing",
    "fit",
    "gl_renderer_name",
    "load_scan_file",
    "marker_size",
    "measure",
    "offscreen_scene",
    "prepare_offscreen_backend",
    "render_png",
    "render_scan_files",
    "style_plotter",
    "to_polydata",
    "write_png",
]
