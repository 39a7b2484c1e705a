"""The orientation marker: the patient's directions, named in words, in the view's lower left.

Three lines cross on a small dark plate, one per axis of the patient: right–left, front–back,
up–down, each drawn as it lies on the screen for the camera of the frame and named at both ends
("R"/"L", "Front"/"Back", "Up"/"Down"); the positive end (R, Front, Up) is bright, the other
dimmer. An axis that points at the viewer has no length on the screen: its labels would pile
up on the centre, so the line under the cross says where the view looks from instead ("Seen
from the front").
This replaced an annotated cube, which showed a single big letter in every standard view ("A"
from the front, "I" from below) and said nothing about the patient's right and left.

Scene axes (the frame `scaninbox.scans.orientation` turns every scan into): +X is the patient's
right, +Y the front (anterior), +Z up (superior). So from the front the patient's right is on
the viewer's left, as on the tooth chart.

Cost per frame: a handful of 2D props drawn in the main renderer's overlay pass (text textures
are made once; moving a label or a line's end costs nothing measurable) — no second renderer,
no second layer, no second camera. The marker scales with the picture (`marker_size`) and is
left out of pictures under 360 px on their short side, where it would cover the scans.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "AXES",
    "MARKER_SHARE",
    "SEEN_FROM",
    "OrientationMarker",
    "ScreenAxis",
    "add_orientation_marker",
    "marker_size",
    "screen_axes",
]

# (positive end's label, negative end's label, direction in scene coordinates, RGB 0-255).
# Pale tints, not signal colours: the pictures mark findings in red, amber and blue, and a
# saturated red "R" in the corner would read as one more mark (and trip what looks for them).
# The labels are keys here; the words shown are translated (`_shown`).
AXES = (
    (
        QT_TRANSLATE_NOOP("OrientationMarker", "R"),
        QT_TRANSLATE_NOOP("OrientationMarker", "L"),
        (1.0, 0.0, 0.0),
        (238, 182, 170),
    ),
    (
        QT_TRANSLATE_NOOP("OrientationMarker", "Front"),
        QT_TRANSLATE_NOOP("OrientationMarker", "Back"),
        (0.0, 1.0, 0.0),
        (176, 222, 176),
    ),
    (
        QT_TRANSLATE_NOOP("OrientationMarker", "Up"),
        QT_TRANSLATE_NOOP("OrientationMarker", "Down"),
        (0.0, 0.0, 1.0),
        (178, 200, 238),
    ),
)
# The caption for an axis pointing at the viewer, by the label of the end that does (English;
# shown translated).
SEEN_FROM = {
    "R": QT_TRANSLATE_NOOP("OrientationMarker", "Seen from the right"),
    "L": QT_TRANSLATE_NOOP("OrientationMarker", "Seen from the left"),
    "Front": QT_TRANSLATE_NOOP("OrientationMarker", "Seen from the front"),
    "Back": QT_TRANSLATE_NOOP("OrientationMarker", "Seen from the back"),
    "Up": QT_TRANSLATE_NOOP("OrientationMarker", "Seen from above"),
    "Down": QT_TRANSLATE_NOOP("OrientationMarker", "Seen from below"),
}
MARKER_SHARE = 0.14  # of the picture's short side: the plate's height, within these bounds
_MIN_PX, _MAX_PX = 96, 170  # under 96 px the labels would be under 12 px
_SHOWN_FROM_PX = 360  # pictures with a shorter side get no marker (it would hide the scans)
_FORESHORTENED = 0.35  # an axis shorter than this on the screen points at or away from the viewer
_PLATE = (0.07, 0.08, 0.10)
_PLATE_OPACITY = 0.62
_DIM = 0.8  # the negative end's label, relative to the positive end's colour
_INTERACTIVE_RATE = 1.0  # frames/s above which VTK is in the middle of an interaction


@dataclass(frozen=True, slots=True)
class ScreenAxis:
    """One patient axis as the camera sees it: its positive end's direction on the screen
    (x right, y up; length 1 when it lies in the screen's plane) and whether it points
    towards the viewer."""

    positive: str
    negative: str
    x: float
    y: float
    towards_viewer: bool

    @property
    def length(self) -> float:
        return math.hypot(self.x, self.y)


def screen_axes(
    position: tuple[float, float, float],
    focal_point: tuple[float, float, float],
    view_up: tuple[float, float, float],
) -> list[ScreenAxis]:
    """The patient's axes on the screen for a camera (VTK's position, focal point, view-up)."""
    forward = _unit(_sub(focal_point, position))
    right = _unit(_cross(forward, view_up))
    up = _cross(right, forward)
    out = []
    for positive, negative, axis, _colour in AXES:
        out.append(
            ScreenAxis(
                positive,
                negative,
                _dot(axis, right),
                _dot(axis, up),
                towards_viewer=_dot(axis, forward) < 0.0,
            )
        )
    return out


def marker_size(width: int, height: int, scaling: float = 1.0) -> tuple[int, int]:
    """(width, height) in pixels of the corner the marker takes in a picture of this size,
    margins included; (0, 0) where it is not drawn. ``scaling``: the display's (pixels per
    point: 1.5 at 150 %), which the marker's bounds follow, so that it looks the same size."""
    layout = _layout(width, height, scaling)
    if layout is None:
        return (0, 0)
    side, plate_w, margin = layout
    return (plate_w + 2 * margin, side + 2 * margin)


def _layout(width: int, height: int, scaling: float = 1.0) -> tuple[int, int, int] | None:
    """(the plate's height, its width, the margin around it) in pixels, None: no marker."""
    scaling = max(1.0, scaling)
    short = min(width, height) / scaling
    if short < _SHOWN_FROM_PX:
        return None
    side = max(_MIN_PX, min(_MAX_PX, round(MARKER_SHARE * short)))
    side = round(side * scaling)
    return side, round(side * 1.25), max(2, side // 30)


class OrientationMarker:
    """The marker's VTK props in ``renderer``; `update` places them for its current camera.

    The marker keeps no reference to the renderer: its observer gets the renderer as the
    caller, so no Python ↔ VTK reference cycle keeps a closed view's renderer (and its GL
    resources) alive."""

    def __init__(self, renderer: Any) -> None:
        from vtkmodules.vtkCommonCore import vtkPoints, vtkUnsignedCharArray
        from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData
        from vtkmodules.vtkRenderingCore import (
            vtkActor2D,
            vtkPolyDataMapper2D,
            vtkTextActor,
        )

        self._last: tuple[Any, ...] | None = None
        self._rest_size: tuple[int, int] | None = None
        # The plate: one quad, drawn first.
        self._plate_points = vtkPoints()
        self._plate_points.SetNumberOfPoints(4)
        plate_cells = vtkCellArray()
        plate_cells.InsertNextCell(4, [0, 1, 2, 3])
        plate = vtkPolyData()
        plate.SetPoints(self._plate_points)
        plate.SetPolys(plate_cells)
        self.plate = _actor_2d(vtkActor2D, vtkPolyDataMapper2D, plate)
        self.plate.GetProperty().SetColor(*_PLATE)
        self.plate.GetProperty().SetOpacity(_PLATE_OPACITY)
        # The three lines, coloured per axis (cell colours).
        self._line_points = vtkPoints()
        self._line_points.SetNumberOfPoints(6)
        lines = vtkCellArray()
        colours = vtkUnsignedCharArray()
        colours.SetNumberOfComponents(3)
        for index, (_p, _n, _axis, colour) in enumerate(AXES):
            lines.InsertNextCell(2, [2 * index, 2 * index + 1])
            colours.InsertNextTuple3(*colour)
        cross = vtkPolyData()
        cross.SetPoints(self._line_points)
        cross.SetLines(lines)
        cross.GetCellData().SetScalars(colours)
        self.lines = _actor_2d(vtkActor2D, vtkPolyDataMapper2D, cross)
        self.lines.GetMapper().SetColorModeToDirectScalars()
        self.lines.GetProperty().SetLineWidth(2.0)
        self.labels: dict[str, Any] = {}
        for positive, negative, _axis, colour in AXES:
            for text, shade, bold in ((positive, 1.0, True), (negative, _DIM, False)):
                label = vtkTextActor()
                label.SetInput(_shown(text))
                label.PickableOff()
                style = label.GetTextProperty()
                style.SetBold(bold)
                style.SetColor(*(shade * c / 255 for c in colour))
                style.SetJustificationToCentered()
                style.SetVerticalJustificationToCentered()
                self.labels[text] = label
        self.caption = vtkTextActor()
        self.caption.PickableOff()
        caption_style = self.caption.GetTextProperty()
        caption_style.SetColor(0.93, 0.94, 0.95)
        caption_style.SetJustificationToCentered()
        caption_style.SetVerticalJustificationToBottom()
        for prop in (self.plate, self.lines, *self.labels.values(), self.caption):
            renderer.AddViewProp(prop)

    def props(self) -> list[Any]:
        return [self.plate, self.lines, *self.labels.values(), self.caption]

    def update(self, renderer: Any) -> None:
        """Place the marker for ``renderer``'s camera and size (nothing if neither changed)."""
        camera = renderer.GetActiveCamera()
        width, height = renderer.GetSize()
        # While the camera moves the Qt view draws a smaller picture and stretches it: the
        # marker keeps the layout of the picture at rest, scaled down, so that it neither
        # hides nor jumps in size while the scans turn.
        moving = renderer.GetRenderWindow().GetDesiredUpdateRate() > _INTERACTIVE_RATE
        if not moving or self._rest_size is None:
            self._rest_size = (width, height)
        scale = width / max(1, self._rest_size[0])
        key = (camera.GetPosition(), camera.GetFocalPoint(), camera.GetViewUp(), width, height)
        if key == self._last:
            return
        self._last = key
        # The display's scaling: Qt's view sets the window's DPI to 72 × it (150 %: 108).
        dpi = max(1, renderer.GetRenderWindow().GetDPI())
        layout = _layout(*self._rest_size, dpi / 72.0)
        for prop in self.props():
            prop.SetVisibility(layout is not None)
        if layout is None:
            return
        side, plate_w, margin = (round(v * scale) for v in layout)
        axes = screen_axes(*key[:3])
        # Sizes below are in pixels; VTK sizes text in points at the window's DPI. Converted,
        # the words keep the size the layout gives them room for.
        points = 72.0 / dpi
        font = max(round(12 / points), round(layout[0] * 0.12))  # 12 px at 100 %, or more
        font = max(4, round(font * scale))
        caption_px = self._fit_caption(renderer, axes, plate_w, (font, scale, points))
        caption_h = round(caption_px * 1.25)
        x0, y0 = margin, margin
        for index, (px, py) in enumerate(
            ((x0, y0), (x0 + plate_w, y0), (x0 + plate_w, y0 + side), (x0, y0 + side))
        ):
            self._plate_points.SetPoint(index, px, py, 0.0)
        self._plate_points.Modified()
        # The cross above the caption line; labels sit just beyond each end.
        cx, cy = x0 + plate_w / 2, y0 + caption_h + (side - caption_h) / 2
        # A label's half width and height (text ~0.55 em a letter, 1.2 em a line): labels
        # sit just beyond their line's end, clear of it whichever way the line points.
        gap, half_h = font * 0.3, font * 0.6
        widest = max(len(_shown(text)) for axis in AXES for text in axis[:2]) * font * 0.3
        room = min(plate_w / 2 - 2 * widest, (side - caption_h) / 2 - 2 * half_h)
        reach = room - gap - 2
        for index, axis in enumerate(axes):
            flat = axis.length < _FORESHORTENED
            dx, dy = axis.x * reach, axis.y * reach
            self._line_points.SetPoint(2 * index, cx - dx, cy - dy, 0.0)
            self._line_points.SetPoint(2 * index + 1, cx + dx, cy + dy, 0.0)
            for text, sign in ((axis.positive, 1.0), (axis.negative, -1.0)):
                label = self.labels[text]
                label.SetVisibility(not flat)
                label.GetTextProperty().SetFontSize(max(1, round(font * points)))
                if axis.length > 0.0:
                    ux, uy = axis.x / axis.length, axis.y / axis.length
                    half_w = len(label.GetInput() or text) * font * 0.3
                    beyond = axis.length * reach + gap + abs(ux) * half_w + abs(uy) * half_h
                    label.SetDisplayPosition(
                        round(cx + sign * ux * beyond), round(cy + sign * uy * beyond)
                    )
        self._line_points.Modified()
        self.caption.SetDisplayPosition(round(cx), y0 + max(2, margin))

    def _fit_caption(
        self,
        renderer: Any,
        axes: list[ScreenAxis],
        plate_w: int,
        sizes: tuple[int, float, float],
    ) -> int:
        """Set the caption ("Seen from the front") for ``axes``, as large as the labels' font
        allows and no wider than the plate (measured, not guessed: a long caption in a small
        plate is made smaller); its height in pixels. ``sizes``: the labels' font (pixels),
        the picture's scale while turning, points per pixel."""
        font, scale, points = sizes
        facing = [
            axis.positive if axis.towards_viewer else axis.negative
            for axis in axes
            if axis.length < _FORESHORTENED
        ]
        self.caption.SetInput(_shown(SEEN_FROM[facing[0]]) if facing else "")
        size_px = max(round(11 * scale / points), round(font * 0.85))
        style = self.caption.GetTextProperty()
        style.SetFontSize(max(1, round(size_px * points)))
        if not facing:
            return size_px
        box = [0.0] * 4
        self.caption.GetBoundingBox(renderer, box)
        room = plate_w - 2 * max(3, plate_w // 24)
        wide = box[1] - box[0]
        if wide > room > 0:
            size_px = max(4, int(size_px * room / wide))
            style.SetFontSize(max(1, round(size_px * points)))
        return size_px


def _shown(words: str) -> str:
    """A label or caption of the marker in the person's language."""
    return translate("OrientationMarker", words)


def add_orientation_marker(plotter: Any) -> OrientationMarker:
    """The marker in ``plotter``'s renderer, placed before each of its frames — its props in
    the plotter's ``overlay_renderer`` where it has one (the Qt view: drawn after FXAA)."""
    marker = OrientationMarker(getattr(plotter, "overlay_renderer", None) or plotter.renderer)

    def follow(renderer: Any, _event: str) -> None:
        marker.update(renderer)

    plotter.renderer.AddObserver("StartEvent", follow)
    return marker


def _actor_2d(actor_class: Any, mapper_class: Any, data: Any) -> Any:
    mapper = mapper_class()
    mapper.SetInputData(data)
    actor = actor_class()
    actor.SetMapper(mapper)
    actor.PickableOff()
    return actor


def _sub(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, float, float]:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _dot(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, float, float]:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _unit(a: tuple[float, float, float]) -> tuple[float, float, float]:
    length = math.sqrt(_dot(a, a)) or 1.0
    return (a[0] / length, a[1] / length, a[2] / length)
