"""Flying the camera to a QC finding and marking it in the 3D view.

A finding's centre is in the scan file's own coordinates; the viewport shows every scan of the
case turned by the case's orientation matrix (canonical = matrix @ file), so the centre is turned
the same way. The camera flies at once and a ring facing it marks the place (sized to the
finding). A hole or a fragment then gets its exact mark, worked out from the scan file on a
worker thread (`scaninbox.qc.outlines`): the hole's boundary loop as a polyline, the fragment's
own triangles tinted — both drawn over the surface so a hole on a cusp is outlined rather than
hidden by it. The shapes of the last few scans are kept, so a second click is immediate.
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from scaninbox.qt.runtime import async_bridge
from scaninbox.scans import Orientation

if TYPE_CHECKING:
    from scaninbox.qc.outlines import FindingShape, ScanShapes

__all__ = ["SHAPED_KINDS", "FindingFocus", "finding_radius_mm", "world_point"]

_log = logging.getLogger(__name__)
_RING_COLOUR = "#ff2bd6"  # magenta: no jaw colour or QC light uses it
_TINT_COLOUR = "#ff2bd6"  # a fragment's own triangles, in the same highlight colour
_OUTLINE_PX = 4.0
_KEPT_SCANS = 3  # scans whose shapes are kept for the next click
SHAPED_KINDS = ("hole", "fragment", "margin", "undercut")
_SHAPE_TASK = "finding shape"  # the async bridge's key of the task working out a mark
_VIEW_DISTANCE_MM = 45.0  # close enough to see a tooth, far enough to see its neighbours
_MIN_RADIUS_MM = 1.0


def world_point(
    centre_mm: tuple[float, float, float], matrix: npt.ArrayLike
) -> tuple[float, float, float]:
    """``centre_mm`` (scan file coordinates) where the viewport draws it."""
    turned = np.asarray(matrix, np.float64) @ np.asarray(centre_mm, np.float64)
    return float(turned[0]), float(turned[1]), float(turned[2])


@dataclass(frozen=True, slots=True)
class _Click:
    """A click on a hole or fragment finding, whose exact mark is being worked out."""

    wanted: int
    path: Path
    jaw: str
    name: str
    kind: str
    centre_mm: tuple[float, float, float]
    figures: Mapping[str, object]


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
        # The exact mark of the finding shown (a hole's outline or a fragment's tint), and the
        # world points it was drawn from (for whoever checks it).
        self.outline_actor: Any = None
        self.tint_actor: Any = None
        self.shape_points: npt.NDArray[np.float64] | None = None
        self.shape_faces: npt.NDArray[np.int64] | None = None
        self._shapes: OrderedDict[Path, ScanShapes] = OrderedDict()
        self._wanted = 0  # the click whose shape may still be drawn

    def show_shape_of(
        self,
        path: Path,
        *,
        jaw: str,
        name: str,
        kind: str,
        centre_mm: tuple[float, float, float],
        figures: Mapping[str, object],
    ) -> None:
        """After `show`: replace the ring by the exact mark of the hole or fragment at
        ``centre_mm`` in scan file ``path`` — worked out on a worker thread the first time."""
        self._wanted += 1
        click = _Click(self._wanted, path, jaw, name, kind, centre_mm, dict(figures))
        async_bridge.run(
            self._shape(click), owner=self._view, key=_SHAPE_TASK, name="finding shape"
        )

    async def _shape(self, click: _Click) -> None:
        from scaninbox.qc.outlines import scan_shapes
        from scaninbox.scans import MeshError

        path, wanted = click.path, click.wanted
        shapes = self._shapes.get(path)
        if shapes is None:
            try:
                shapes = await async_bridge.to_thread(
                    scan_shapes, path, jaw=click.jaw, name=click.name
                )
            except (OSError, MeshError) as exc:  # the ring stays: it still marks the place
                _log.info("the shape of a finding in %s could not be worked out: %s", path, exc)
                return
            self._shapes[path] = shapes
            while len(self._shapes) > _KEPT_SCANS:
                self._shapes.popitem(last=False)
        self._shapes.move_to_end(path)
        shape = shapes.match(click.kind, click.centre_mm, click.figures)
        orientation = self.orientation
        if shape is None or wanted != self._wanted or self.point is None or orientation is None:
            return
        self._draw(shape, np.asarray(orientation.matrix, np.float64))

    def _draw(self, shape: FindingShape, matrix: npt.NDArray[np.float64]) -> None:
        import pyvista as pv

        self._remove_ring()
        points = shape.points.astype(np.float64) @ matrix.T
        self.shape_points = points
        if shape.kind in ("hole", "margin"):  # a line round it (a margin: no opening to face)
            outward = matrix @ np.asarray(shape.outward, np.float64) if shape.outward else None
            self._face_the_opening(points, outward)
            if shape.closed_loop is not None:
                loop = shape.closed_loop
                cells = np.concatenate([[len(loop) + 1], loop, loop[:1]])
            else:
                pairs = shape.lines
                cells = np.column_stack([np.full(len(pairs), 2), pairs]).ravel()
            outline = pv.PolyData(points, lines=cells.astype(np.int64))
            actor = self._view.add_mesh(
                outline,
                color=_RING_COLOUR,
                line_width=_OUTLINE_PX,
                pickable=False,
                reset_camera=False,
                render=False,
                lighting=False,
            )
            self.outline_actor = _drawn_over(actor)
        else:
            faces = shape.faces
            self.shape_faces = faces
            cells = np.column_stack([np.full(len(faces), 3), faces]).ravel()
            tint = pv.PolyData(points, faces=cells.astype(np.int64))
            actor = self._view.add_mesh(
                tint,
                color=_TINT_COLOUR,
                opacity=0.85,
                ambient=0.55,  # bright from any side: seen from behind it must still stand out
                diffuse=0.5,
                pickable=False,
                reset_camera=False,
                render=False,
                lighting=True,
            )
            self.tint_actor = _drawn_over(actor)
        self._view.request_frame()

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

    def _face_the_opening(
        self, loop: npt.NDArray[np.float64], outward: npt.NDArray[np.float64] | None
    ) -> None:
        """Turn the camera (same distance, same focal point) to look straight into the hole:
        along the normal of the loop's best-fit plane, from outside the surface (the side its
        triangles face; without that, the side the camera was on)."""
        if len(loop) < 3:
            return
        centred = loop - loop.mean(axis=0)
        normal = np.linalg.svd(centred, full_matrices=False)[2][2]
        camera = self._view.renderer.GetActiveCamera()
        focal = np.asarray(camera.GetFocalPoint(), np.float64)
        offset = np.asarray(camera.GetPosition(), np.float64) - focal
        distance = float(np.linalg.norm(offset))
        if distance <= 0 or not np.all(np.isfinite(normal)):
            return
        if float(np.dot(normal, outward if outward is not None else offset)) < 0:
            normal = -normal
        up = np.asarray(camera.GetViewUp(), np.float64)
        if abs(float(np.dot(up, normal))) > 0.95:  # looking along the old "up": pick another
            up = np.cross(normal, np.asarray(camera.GetDirectionOfProjection(), np.float64))
        camera.SetPosition(*(focal + normal * distance))
        camera.SetViewUp(*up)
        camera.OrthogonalizeViewUp()
        self._view.renderer.ResetCameraClippingRange()

    def clear(self) -> None:
        """Take the mark away (another finding, another case)."""
        self._wanted += 1
        self._remove_ring()
        for actor in (self.outline_actor, self.tint_actor):
            if actor is not None:
                self._view.remove_actor(actor, reset_camera=False, render=False)
        self.outline_actor = self.tint_actor = None
        self.shape_points = self.shape_faces = None
        self.point = None

    def forget_shapes(self) -> None:
        """Another case: the shapes worked out for the last one go."""
        self._shapes.clear()

    def close(self) -> None:
        """The viewport closes: stop working out a mark and take the mark away. The task is
        the view's, not the viewport's (closing does not destroy the view), so without this a
        shape arriving after the close would be drawn into the closed plotter."""
        async_bridge.cancel(self._view, _SHAPE_TASK)
        self.clear()
        self.forget_shapes()

    def _remove_ring(self) -> None:
        if self._actor is not None:
            self._view.remove_actor(self._actor, reset_camera=False, render=False)
            self._actor = None

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
        return _drawn_over(actor)


def _drawn_over(actor: Any) -> Any:
    """Drawn over the surface: the mark must stay visible where the scan's own surface (the
    same triangles, for a fragment) would hide it."""
    mapper = actor.GetMapper()
    mapper.SetResolveCoincidentTopologyToPolygonOffset()
    mapper.SetRelativeCoincidentTopologyPolygonOffsetParameters(0, -66000)
    mapper.SetRelativeCoincidentTopologyLineOffsetParameters(0, -66000)
    return actor
