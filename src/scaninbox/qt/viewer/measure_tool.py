"""Measuring distances on the scans: click two points on the surface, read the length in mm.

While the tool is on, a left click that does not drag (a drag still turns the view) picks the
surface point under the cursor: the first click drops a marker, the second draws the line and
its numbered label (`scaninbox.render.add_measurement`), a third starts the next measurement —
the earlier ones stay, so a preparation's width and height can be read side by side. `undo`
(Backspace) takes the last point or measurement away, `clear` (Esc) all of them; the viewport
clears them when another case is shown. Points are picked on the scans' full-resolution
surfaces only (never on markers, labels or the level of detail), with VTK's cell picker, in the
canonical frame — so the distance is in the scans' own unit, millimetres.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QMouseEvent

from scaninbox.render import Measurement, MeasurementActors, add_measurement, measure

__all__ = ["MeasureTool", "display_point"]

Point = tuple[float, float, float]
_CLICK_SLOP_PX = 4  # a press and release closer than this is a click, not a drag
_MARKER_COLOUR = "#ffc640"


@dataclass(slots=True)
class _Drawn:
    """One finished measurement and what shows it."""

    measurement: Measurement
    markers: list[Any]
    actors: MeasurementActors


class MeasureTool(QObject):
    """Signals: ``measured(Measurement)``, ``changed()`` (on, off, a point, cleared)."""

    measured = Signal(object)
    changed = Signal()

    def __init__(
        self, view: Any, surfaces: Callable[[], list[Any]], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._view = view  # the SceneInteractor (a pyvista plotter and a QWidget)
        self._surfaces = surfaces
        self._active = False
        self._points: list[Point] = []  # the measurement in progress (one point or none)
        self._markers: list[Any] = []
        self._done: list[_Drawn] = []
        self._pressed_at: QPointF | None = None
        view.installEventFilter(self)

    @property
    def active(self) -> bool:
        return self._active

    @property
    def points(self) -> list[Point]:
        """The first point of the measurement in progress (empty when none is)."""
        return list(self._points)

    @property
    def measurements(self) -> list[Measurement]:
        """The finished measurements, oldest first."""
        return [drawn.measurement for drawn in self._done]

    @property
    def measurement(self) -> Measurement | None:
        """The latest finished measurement."""
        return self._done[-1].measurement if self._done else None

    def set_active(self, active: bool) -> None:
        if active == self._active:
            return
        self._active = active
        self._view.setCursor(Qt.CursorShape.CrossCursor if active else Qt.CursorShape.ArrowCursor)
        self.changed.emit()

    def pick(self, x_px: float, y_px: float) -> Point | None:
        """The surface point under widget position (x, y) (logical pixels from the top left)."""
        from vtkmodules.vtkRenderingCore import vtkCellPicker

        surfaces = [a for a in self._surfaces() if a.GetVisibility()]
        if not surfaces:
            return None
        picker = vtkCellPicker()
        picker.SetTolerance(0.0005)
        picker.PickFromListOn()
        for actor in surfaces:
            picker.AddPickList(actor)
        scale = self._view.devicePixelRatioF()
        x_dev = round(x_px * scale)
        y_dev = round((self._view.height() - y_px - 1) * scale)
        if not picker.Pick(x_dev, y_dev, 0, self._view.renderer):
            return None
        x, y, z = picker.GetPickPosition()
        return (x, y, z)

    def add_point(self, point: Point) -> Measurement | None:
        """Take ``point`` as the next end; returns the measurement once it has two."""
        self._points.append(point)
        self._markers.append(self._marker(point))
        result = None
        if len(self._points) == 2:
            result = measure(self._points[0], self._points[1])
            number = len(self._done) + 1
            actors = add_measurement(self._view, result, text=f"{number}: {result.label}")
            self._done.append(_Drawn(result, self._markers, actors))
            self._points, self._markers = [], []
            self.measured.emit(result)
        self._view.request_frame()
        self.changed.emit()
        return result

    def undo(self) -> bool:
        """Take away the point in progress, else the latest measurement; True when one was."""
        if self._points:
            self._remove(self._markers)
            self._points, self._markers = [], []
        elif self._done:
            drawn = self._done.pop()
            self._remove(drawn.markers)
            drawn.actors.remove()
        else:
            return False
        self._view.request_frame()
        self.changed.emit()
        return True

    def clear(self, *, keep_active: bool = True) -> bool:
        """Remove every point and measurement; True when there was anything to remove."""
        had = bool(self._points or self._done)
        self._remove(self._markers)
        for drawn in self._done:
            self._remove(drawn.markers)
            drawn.actors.remove()
        self._points, self._markers, self._done = [], [], []
        if not keep_active:
            self.set_active(False)
        if had:
            self._view.request_frame()
            self.changed.emit()
        return had

    # ------------------------------------------------------------------ Qt

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self._active or not isinstance(event, QMouseEvent):
            return False
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if event.type() == QEvent.Type.MouseButtonPress:
            self._pressed_at = event.position()
        elif event.type() == QEvent.Type.MouseButtonRelease and self._pressed_at is not None:
            start, end = self._pressed_at, event.position()
            self._pressed_at = None
            if math.dist((start.x(), start.y()), (end.x(), end.y())) <= _CLICK_SLOP_PX:
                point = self.pick(end.x(), end.y())
                if point is not None:
                    self.add_point(point)
        return False  # the view still gets the event (a drag turns the camera)

    # ------------------------------------------------------------------ internals

    def _remove(self, markers: list[Any]) -> None:
        for marker in markers:
            self._view.remove_actor(marker, reset_camera=False, render=False)

    def _marker(self, point: Point) -> Any:
        import pyvista as pv

        bounds = self._view.renderer.ComputeVisiblePropBounds()
        diagonal = math.dist(bounds[0::2], bounds[1::2]) if bounds[0] <= bounds[1] else 50.0
        sphere = pv.Sphere(radius=max(0.2, diagonal * 0.008), center=point)
        return self._view.add_mesh(
            sphere,
            color=_MARKER_COLOUR,
            pickable=False,
            reset_camera=False,
            render=False,
            lighting=False,
        )


def display_point(view: Any, point: Point) -> tuple[float, float]:
    """Where the world ``point`` appears in ``view``: logical pixels from the top left."""
    renderer = view.renderer
    renderer.SetWorldPoint(point[0], point[1], point[2], 1.0)
    renderer.WorldToDisplay()
    x_dev, y_dev, _ = renderer.GetDisplayPoint()
    scale = view.devicePixelRatioF()
    return x_dev / scale, view.height() - 1 - y_dev / scale
