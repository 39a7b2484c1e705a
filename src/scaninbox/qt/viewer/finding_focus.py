"""Flying the camera to a QC finding and marking it in the 3D view.

A finding's centre is in the scan file's own coordinates; the viewport shows every scan of the
case turned by the case's orientation matrix (canonical = matrix @ file), so the centre is turned
the same way. The mark is a ring facing the camera, sized to the finding (a hole's ring follows
its perimeter; other findings get a ring a few millimetres across) — drawn over the surface so a
hole on a cusp is outlined rather than hidden by it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from scaninbox.scans import Orientation

__all__ = ["FindingFocus", "finding_radius_mm", "world_point"]

_RING_COLOUR = "#ff2bd6"  # magenta: no jaw colour or QC light uses it
_VIEW_DISTANCE_MM = 45.0  # close enough to see a tooth, far enough to see its neighbours
_MIN_RADIUS_MM = 1.0


def world_point(
    centre_mm: tuple[float, float, float], matrix: npt.ArrayLike
) -> tuple[float, float, float]:
    """``centre_mm`` (scan file coordinates) where the viewport draws it."""
    turned = np.asarray(matrix, np.float64) @ np.asarray(centre_mm, np.float64)
    return float(turned[0]), float(turned[1]), float(turned[2])


def finding_radius_mm(kind: str, figures: Mapping[str, object]) -> float:
    """How big the mark is: a hole's radius from its perimeter, a fragment's from its area."""
    perimeter = figures.get("perimeter_mm")
    if kind == "hole" and isinstance(perimeter, int | float):
        return max(_MIN_RADIUS_MM, float(perimeter) / (2 * math.pi) * 1.3)
    area = figures.get("area_mm2")
    if kind == "fragment" and isinstance(area, int | float):
        return max(_MIN_RADIUS_MM, math.sqrt(float(area) / math.pi) * 1.3)
    return 2.0


class FindingFocus:
    """The mark of the finding shown, in ``view`` (a pyvista ``QtInteractor``)."""

    def __init__(self, view: Any) -> None:
        self._view = view
        self._actor: Any = None
        self.point: tuple[float, float, float] | None = None
        # The case's orientation as its scans are drawn (the viewport keeps it up to date).
        self.orientation: Orientation | None = None

    def show(self, point: tuple[float, float, float], radius_mm: float) -> None:
        """Turn the camera to look at ``point`` (world) from its current side, closer, and
        ring it."""
        self.clear()
        camera = self._view.renderer.GetActiveCamera()
        position = np.asarray(camera.GetPosition(), np.float64)
        focal = np.asarray(camera.GetFocalPoint(), np.float64)
        direction = position - focal
        length = float(np.linalg.norm(direction))
        direction = direction / length if length > 0 else np.array([0.0, 0.0, 1.0])
        target = np.asarray(point, np.float64)
        distance = max(_VIEW_DISTANCE_MM, radius_mm * 8)
        camera.SetFocalPoint(*target)
        camera.SetPosition(*(target + direction * distance))
        self._view.renderer.ResetCameraClippingRange()
        self._actor = self._ring(target, direction, radius_mm)
        self.point = (float(target[0]), float(target[1]), float(target[2]))
        self._view.request_frame()

    def clear(self) -> None:
        if self._actor is not None:
            self._view.remove_actor(self._actor, reset_camera=False, render=False)
            self._actor = None
            self.point = None

    def _ring(self, centre: npt.NDArray[np.float64], normal: Any, radius_mm: float) -> Any:
        import pyvista as pv

        ring = pv.Disc(
            center=centre, inner=radius_mm, outer=radius_mm * 1.18, normal=normal, c_res=48
        )
        actor = self._view.add_mesh(
            ring,
            color=_RING_COLOUR,
            pickable=False,
            reset_camera=False,
            render=False,
            lighting=False,
        )
        # Drawn over the surface: the ring must stay visible where the scan would hide it.
        mapper = actor.GetMapper()
        mapper.SetResolveCoincidentTopologyToPolygonOffset()
        mapper.SetRelativeCoincidentTopologyPolygonOffsetParameters(0, -66000)
        return actor
