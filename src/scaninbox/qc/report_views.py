"""Pictures of a scan with its findings marked, for the PDF report (off-screen, no display).

The scan is drawn as the viewer draws it (`scaninbox.render.ScanScene`), turned by the portal's
orientation and seen as the viewer's occlusal views show it (upper teeth from below, lower from
above; patient's right on the viewer's left, as on the tooth chart). Each finding with a place
gets a numbered sphere in its severity's colour; holes are outlined, fragments tinted. Marks are
given in the file's coordinates and turned with the scan.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from scaninbox.domain import Jaw
from scaninbox.qc.findings import Severity
from scaninbox.qc.scan_checks import ScanGeometry
from scaninbox.scans import Mesh, point_normals

__all__ = ["SEVERITY_RGB", "Marker", "scan_picture"]

SEVERITY_RGB = {
    Severity.FAIL: (200, 40, 40),
    Severity.WARN: (230, 140, 0),
    Severity.INFO: (40, 110, 200),
}
_OUTLINE_RGB = (200, 0, 160)
_FRAGMENT_RGB = "#8a2be2"


@dataclass(frozen=True, slots=True)
class Marker:
    number: int
    center_mm: tuple[float, float, float]
    severity: Severity


def scan_picture(
    geometry: ScanGeometry,
    jaw: Jaw,
    markers: Sequence[Marker],
    out: Path,
    *,
    matrix: npt.NDArray[np.float64] | None = None,
    tinted: Sequence[int] | None = None,
    size: tuple[int, int] = (1000, 760),
) -> Path:
    """Render the scan with ``markers`` into the PNG ``out``; ``matrix`` is the portal's
    orientation (canonical = matrix @ file point), identity when unknown. ``tinted`` picks the
    fragments to tint (indices into ``geometry.fragment_faces``; default: all)."""
    from scaninbox.render import ScanScene, View, prepare_offscreen_backend, write_png

    prepare_offscreen_backend()
    import pyvista as pv

    turn = np.eye(3) if matrix is None else np.asarray(matrix, np.float64)
    points = np.ascontiguousarray(geometry.points @ turn.T.astype(np.float32))
    faces = geometry.faces if np.linalg.det(turn) >= 0 else geometry.faces[:, ::-1].copy()
    geometry = dataclasses.replace(geometry, points=points, faces=faces)
    markers = [
        dataclasses.replace(m, center_mm=tuple(turn @ np.asarray(m.center_mm))) for m in markers
    ]
    mesh = Mesh(points, faces, normals=point_normals(points, faces), welded=True, name="scan")
    plotter = pv.Plotter(off_screen=True, window_size=list(size))
    scene: ScanScene | None = None
    try:
        scene = ScanScene(plotter)
        scene.set_scan("scan", mesh, jaw=jaw if jaw in (Jaw.UPPER, Jaw.LOWER) else Jaw.BITE)
        span = float(np.linalg.norm(points.max(axis=0) - points.min(axis=0)))
        _outline_holes(plotter, pv, geometry, span)
        _tint_fragments(plotter, pv, geometry, tinted)
        view = {Jaw.UPPER: View.UPPER, Jaw.LOWER: View.LOWER}.get(jaw, View.FRONT)
        # The views' "up" in the picture: +Y for the occlusal views, +Z from the front.
        up = np.array([0.0, 1.0, 0.0]) if view in (View.UPPER, View.LOWER) else np.eye(3)[2]
        _add_markers(plotter, pv, markers, span, up)
        scene.apply_view(view)
        pixels = plotter.screenshot(return_img=True)
        if pixels is None:
            raise RuntimeError("the off-screen renderer returned no image")
    finally:
        if scene is not None:
            scene.close()
        plotter.close()
    return write_png(pixels, out)


def _outline_holes(plotter: Any, pv: Any, geometry: ScanGeometry, span: float) -> None:
    loops = [ids for ids in geometry.hole_loops[:200] if len(ids)]
    if not loops:
        return
    ids = np.concatenate(loops)
    a, b = geometry.edges.a[ids], geometry.edges.b[ids]
    segments = np.empty((2 * len(ids), 3), np.float32)
    segments[0::2] = geometry.points[a]
    segments[1::2] = geometry.points[b]
    lines = pv.line_segments_from_points(segments)
    plotter.add_mesh(lines, color=_OUTLINE_RGB, line_width=4, render_lines_as_tubes=True)
    del span


def _tint_fragments(
    plotter: Any, pv: Any, geometry: ScanGeometry, tinted: Sequence[int] | None
) -> None:
    chosen = range(len(geometry.fragment_faces)) if tinted is None else tinted
    parts = [geometry.fragment_faces[i] for i in chosen]
    if not parts:
        return
    faces = geometry.faces[np.concatenate(parts)]
    poly = pv.PolyData.from_regular_faces(geometry.points, faces)
    plotter.add_mesh(poly, color=_FRAGMENT_RGB, smooth_shading=False)


def _add_markers(
    plotter: Any, pv: Any, markers: Sequence[Marker], span: float, up: npt.NDArray[np.float64]
) -> None:
    if not markers:
        return
    radius = max(0.4, span / 70)
    for severity in Severity:
        chosen = [m for m in markers if m.severity is severity]
        if not chosen:
            continue
        centres = np.array([m.center_mm for m in chosen], dtype=np.float64)
        balls = pv.PolyData(centres).glyph(geom=pv.Sphere(radius=radius), scale=False, orient=False)
        plotter.add_mesh(balls, color=SEVERITY_RGB[severity], smooth_shading=True)
    # Numbers just above their sphere, so that the label does not cover it.
    centres = np.array([m.center_mm for m in markers], dtype=np.float64) + 2.5 * radius * up
    plotter.add_point_labels(
        centres,
        [str(m.number) for m in markers],
        font_size=18,
        bold=True,
        point_size=1,
        shape_color="white",
        shape_opacity=0.8,
        always_visible=True,
        show_points=False,
    )
