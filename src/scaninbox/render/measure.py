"""Distances between two picked points, and the line + label that show them.

Picking is the viewport's business (Qt); this module turns two world points (mm) into a
`Measurement` and into VTK actors. The actors must be made and removed on the GUI thread.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scaninbox import language

__all__ = ["Measurement", "MeasurementActors", "add_measurement", "measure"]

Point = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class Measurement:
    start: Point
    end: Point
    distance_mm: float

    @property
    def midpoint(self) -> Point:
        return (
            (self.start[0] + self.end[0]) / 2,
            (self.start[1] + self.end[1]) / 2,
            (self.start[2] + self.end[2]) / 2,
        )

    @property
    def label(self) -> str:
        """The distance as the person reads it (``12.34 mm``, German ``12,34 mm``)."""
        return f"{language.current().number_text(self.distance_mm, 2)} mm"


@dataclass(slots=True)
class MeasurementActors:
    """The line and the label on ``plotter``; `remove` takes both away."""

    plotter: Any
    line: Any
    label: Any

    def remove(self) -> None:
        for actor in (self.line, self.label):
            self.plotter.remove_actor(actor, reset_camera=False, render=False)


def measure(start: Sequence[float], end: Sequence[float]) -> Measurement:
    """The straight distance between two points in scan units (mm)."""
    a = _point(start)
    b = _point(end)
    return Measurement(a, b, math.dist(a, b))


def add_measurement(
    plotter: Any, measurement: Measurement, *, colour: str = "#ffc640", text: str | None = None
) -> MeasurementActors:
    """Draw ``measurement`` as a line with ``text`` (default: its length) at the middle."""
    import pyvista as pv

    line = pv.Line(measurement.start, measurement.end)
    line_actor = plotter.add_mesh(
        line,
        color=colour,
        line_width=3,
        render_lines_as_tubes=False,
        pickable=False,
        reset_camera=False,
        render=False,
        lighting=False,
    )
    # Always on top of the surface it measures: lines inside a tooth would be hidden.
    line_actor.GetMapper().SetResolveCoincidentTopologyToPolygonOffset()
    label_actor = plotter.add_point_labels(
        [measurement.midpoint],
        [text if text is not None else measurement.label],
        font_size=16,
        text_color="white",
        shape_color="#202020",
        shape_opacity=0.75,
        show_points=False,
        always_visible=True,
        pickable=False,
        reset_camera=False,
        render=False,
    )
    return MeasurementActors(plotter, line_actor, label_actor)


def _point(values: Sequence[float]) -> Point:
    if len(values) != 3 or not all(math.isfinite(float(v)) for v in values):
        raise ValueError("a point needs three finite coordinates")
    return (float(values[0]), float(values[1]), float(values[2]))
