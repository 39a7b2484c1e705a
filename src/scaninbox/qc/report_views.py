"""Pictures of a scan with its findings marked, for the PDF report (off-screen, no display).

The scan is drawn as the viewer draws it (`scaninbox.render.ScanScene`) on render's bare-VTK
`OffscreenCanvas` (no pyvista plotter: lighter to import, quicker to draw), turned by the portal's
orientation and seen as the viewer's occlusal views show it (upper teeth from below, lower from
above; patient's right on the viewer's left, as on the tooth chart). Each finding with a place
gets a numbered sphere in its severity's colour; holes are outlined, fragments tinted. Marks are
given in the file's coordinates and turned with the scan. The numbers sit on tags above their
spheres; tags of findings close together are moved apart (`tag_layout`) and joined to their
sphere by a leader line.
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
from scaninbox.qc.tag_layout import Tag, place_tags
from scaninbox.scans import Mesh, point_normals

__all__ = ["SEVERITY_RGB", "Marker", "picture_height", "scan_picture", "turned_geometry"]

SEVERITY_RGB = {
    Severity.FAIL: (200, 40, 40),
    Severity.WARN: (230, 140, 0),
    Severity.INFO: (40, 110, 200),
}
_OUTLINE_RGB = (200, 0, 160)
_MARGIN_RGB = (0, 150, 230)  # a preparation's margin line
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
    tags: list[Tag] | None = None,
    margin_lines: npt.NDArray[np.int64] | None = None,
) -> Path:
    """Render the scan with ``markers`` into the PNG ``out``; ``matrix`` is the portal's
    orientation (canonical = matrix @ file point), identity when unknown. ``tinted`` picks the
    fragments to tint (indices into ``geometry.fragment_faces``; default: all). ``tags``, when
    given, receives where each marker's number was placed (pixels from the bottom left)."""
    from scaninbox.render import View, offscreen_scene, write_png

    geometry, mesh, turn = turned_geometry(geometry, matrix)
    points = geometry.points
    markers = [
        dataclasses.replace(m, center_mm=tuple(turn @ np.asarray(m.center_mm))) for m in markers
    ]
    with offscreen_scene(size) as (canvas, scene):
        scene.set_scan("scan", mesh, jaw=jaw if jaw in (Jaw.UPPER, Jaw.LOWER) else Jaw.BITE)
        span = float(np.linalg.norm(points.max(axis=0) - points.min(axis=0)))
        _outline_holes(canvas, geometry)
        if margin_lines is not None and len(margin_lines):
            _draw_segments(canvas, geometry, margin_lines, _MARGIN_RGB)
        _tint_fragments(canvas, geometry, tinted)
        view = {Jaw.UPPER: View.UPPER, Jaw.LOWER: View.LOWER}.get(jaw, View.FRONT)
        radius = max(0.4, span / 70)
        _add_spheres(canvas, markers, radius)
        scene.apply_view(view)
        placed = _add_numbers(canvas, markers, radius, size)
        if tags is not None:
            tags.extend(placed)
        pixels = canvas.screenshot()
    return write_png(pixels, out)


def turned_geometry(
    geometry: ScanGeometry, matrix: npt.NDArray[np.float64] | None
) -> tuple[ScanGeometry, Mesh, npt.NDArray[np.float64]]:
    """The scan turned by the orientation ``matrix`` (identity when None) for a picture: the
    turned geometry, the mesh to draw (smooth normals) and the 3×3 turn. A matrix that mirrors
    reverses the triangles' winding, so their outside stays outside."""
    turn = np.eye(3) if matrix is None else np.asarray(matrix, np.float64)
    points = np.ascontiguousarray(geometry.points @ turn.T.astype(np.float32))
    faces = geometry.faces if np.linalg.det(turn) >= 0 else geometry.faces[:, ::-1].copy()
    mesh = Mesh(points, faces, normals=point_normals(points, faces), welded=True, name="scan")
    return dataclasses.replace(geometry, points=points, faces=faces), mesh, turn


def _draw_segments(
    canvas: Any, geometry: ScanGeometry, pairs: npt.NDArray[np.int64], rgb: tuple[int, int, int]
) -> None:
    """Segments between pairs of the scan's points drawn as a line (a margin)."""
    from vtkmodules.vtkCommonDataModel import vtkCellArray

    ends = np.ascontiguousarray(pairs, np.int32)
    lines = vtkCellArray()
    lines.Use32BitStorage()
    lines.SetData(2, _vtk_array(ends.reshape(-1), np.int32))
    poly = _points_poly(geometry.points)
    poly.SetLines(lines)
    actor = _actor(canvas, poly, rgb)
    actor.GetProperty().SetLineWidth(3)
    actor.GetProperty().SetRenderLinesAsTubes(True)


def _outline_holes(canvas: Any, geometry: ScanGeometry) -> None:
    loops = [ids for ids in geometry.hole_loops[:200] if len(ids)]
    if not loops:
        return
    from vtkmodules.vtkCommonDataModel import vtkCellArray

    ids = np.concatenate(loops)
    ends = np.stack([geometry.edges.a[ids], geometry.edges.b[ids]], axis=1).astype(np.int32)
    lines = vtkCellArray()
    lines.Use32BitStorage()
    lines.SetData(2, _vtk_array(ends.reshape(-1), np.int32))
    poly = _points_poly(geometry.points)
    poly.SetLines(lines)
    actor = _actor(canvas, poly, _OUTLINE_RGB)
    actor.GetProperty().SetLineWidth(4)
    actor.GetProperty().SetRenderLinesAsTubes(True)


def _tint_fragments(canvas: Any, geometry: ScanGeometry, tinted: Sequence[int] | None) -> None:
    chosen = range(len(geometry.fragment_faces)) if tinted is None else tinted
    parts = [geometry.fragment_faces[i] for i in chosen]
    if not parts:
        return
    from scaninbox.render import to_polydata

    faces = np.ascontiguousarray(geometry.faces[np.concatenate(parts)])
    poly = to_polydata(Mesh(geometry.points, faces, welded=True, name="fragments"))
    actor = _actor(canvas, poly, _FRAGMENT_RGB)
    actor.GetProperty().SetInterpolationToFlat()
    # Drawn a hair in front of the scan's own copy of the same triangles, so the tint wins.
    actor.GetMapper().SetResolveCoincidentTopologyToPolygonOffset()
    actor.GetMapper().SetRelativeCoincidentTopologyPolygonOffsetParameters(-1, -1)


def _add_spheres(canvas: Any, markers: Sequence[Marker], radius: float) -> None:
    from vtkmodules.vtkFiltersCore import vtkGlyph3D
    from vtkmodules.vtkFiltersSources import vtkSphereSource

    for severity in Severity:
        chosen = [m for m in markers if m.severity is severity]
        if not chosen:
            continue
        ball = vtkSphereSource()
        ball.SetRadius(radius)
        ball.SetThetaResolution(24)
        ball.SetPhiResolution(16)
        glyphs = vtkGlyph3D()
        glyphs.SetSourceConnection(ball.GetOutputPort())
        glyphs.SetInputData(_points_poly(np.array([m.center_mm for m in chosen], np.float32)))
        glyphs.ScalingOff()
        glyphs.OrientOff()
        glyphs.Update()
        actor = _actor(canvas, glyphs.GetOutput(), SEVERITY_RGB[severity])
        actor.GetProperty().SetInterpolationToPhong()


def _add_numbers(
    canvas: Any, markers: Sequence[Marker], radius: float, size: tuple[int, int]
) -> list[Tag]:
    """Each marker's number on a white tag just above its sphere in the picture (drawn over
    the scene, so a tooth in front never hides it); tags that would overlap are moved apart,
    with a leader line to their sphere."""
    if not markers:
        return []
    from vtkmodules.vtkRenderingCore import vtkCoordinate, vtkTextActor

    renderer = canvas.renderer
    canvas.render_window.Render()  # the camera's projection as the picture will have it
    where = vtkCoordinate()
    where.SetCoordinateSystemToWorld()
    mark_px = _pixels_per_mm(renderer, markers[0].center_mm) * radius
    lift = round(1.2 * mark_px) + 12
    texts, anchors, sizes = [], [], []
    for marker in markers:
        where.SetValue(*marker.center_mm)
        anchors.append(where.GetComputedDoubleDisplayValue(renderer))
        text = vtkTextActor()
        text.SetInput(str(marker.number))
        style = text.GetTextProperty()
        style.SetFontSize(22)
        style.BoldOn()
        style.SetColor(0.0, 0.0, 0.0)
        style.SetBackgroundColor(1.0, 1.0, 1.0)
        style.SetBackgroundOpacity(0.8)
        extent = [0.0, 0.0, 0.0, 0.0]  # the tag with its background, around its position
        text.GetBoundingBox(renderer, extent)
        sizes.append((extent[1] - extent[0], extent[3] - extent[2]))
        texts.append((text, extent[0], extent[2]))
    placed = place_tags(anchors, sizes, lift=lift, mark_px=mark_px, picture=size)
    _add_leaders(renderer, [t for t in placed if t.moved])  # first: drawn under the tags
    for (text, left, bottom), tag in zip(texts, placed, strict=True):
        text.SetDisplayPosition(round(tag.box.x - left), round(tag.box.y - bottom))
        renderer.AddViewProp(text)
    return placed


def _add_leaders(renderer: Any, tags: Sequence[Tag]) -> None:
    """A thin dark line from each moved tag to its point, over the scene (2D props are drawn
    after it, in the order added: these before the tags, so under them)."""
    if not tags:
        return
    from vtkmodules.vtkCommonCore import vtkPoints
    from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData
    from vtkmodules.vtkRenderingCore import vtkActor2D, vtkCoordinate, vtkPolyDataMapper2D

    points, lines = vtkPoints(), vtkCellArray()
    for tag in tags:
        x, y = tag.anchor
        first = points.InsertNextPoint(x, y, 0.0)
        points.InsertNextPoint(*tag.box.nearest(x, y), 0.0)
        lines.InsertNextCell(2, (first, first + 1))
    poly = vtkPolyData()
    poly.SetPoints(points)
    poly.SetLines(lines)
    display = vtkCoordinate()
    display.SetCoordinateSystemToDisplay()
    mapper = vtkPolyDataMapper2D()
    mapper.SetInputData(poly)
    mapper.SetTransformCoordinate(display)
    actor = vtkActor2D()
    actor.SetMapper(mapper)
    actor.GetProperty().SetColor(0.08, 0.08, 0.1)
    actor.GetProperty().SetLineWidth(2)
    renderer.AddViewProp(actor)


def _pixels_per_mm(renderer: Any, at: tuple[float, float, float]) -> float:
    """How many pixels one millimetre across the view covers near ``at``."""
    from vtkmodules.vtkRenderingCore import vtkCoordinate

    camera = renderer.GetActiveCamera()
    up = np.asarray(camera.GetViewUp(), np.float64)
    here, there = vtkCoordinate(), vtkCoordinate()
    for c in (here, there):
        c.SetCoordinateSystemToWorld()
    here.SetValue(*at)
    there.SetValue(*(np.asarray(at, np.float64) + up))
    (x0, y0), (x1, y1) = (
        here.GetComputedDisplayValue(renderer),
        there.GetComputedDisplayValue(renderer),
    )
    return float(np.hypot(x1 - x0, y1 - y0))


def _points_poly(points: npt.NDArray[np.float32]) -> Any:
    from vtkmodules.vtkCommonCore import vtkPoints
    from vtkmodules.vtkCommonDataModel import vtkPolyData

    vtk_points = vtkPoints()
    vtk_points.SetData(_vtk_array(points, np.float32))
    poly = vtkPolyData()
    poly.SetPoints(vtk_points)
    return poly


def _vtk_array(values: npt.NDArray[Any], dtype: type[np.generic]) -> Any:
    from vtkmodules.util.numpy_support import numpy_to_vtk

    return numpy_to_vtk(np.ascontiguousarray(values, dtype=dtype), deep=True)  # type: ignore[no-untyped-call]


def _actor(canvas: Any, poly: Any, colour: tuple[int, int, int] | str) -> Any:
    from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

    mapper = vtkPolyDataMapper()
    mapper.SetInputData(poly)
    mapper.ScalarVisibilityOff()
    actor = vtkActor()
    actor.SetMapper(mapper)
    actor.GetProperty().SetColor(*_unit_rgb(colour))
    canvas.add_actor(actor)
    return actor


def _unit_rgb(colour: tuple[int, int, int] | str) -> tuple[float, float, float]:
    if isinstance(colour, str):
        colour = (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))
    return (colour[0] / 255, colour[1] / 255, colour[2] / 255)


def picture_height(picture: Path, width_mm: float) -> float:
    """The height (mm) a PNG picture takes on the page at ``width_mm`` wide (its size is in its
    header: nothing is decoded)."""
    header = picture.read_bytes()[16:24]
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")
    return width_mm * height / max(1, width)
