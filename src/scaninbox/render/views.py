"""Camera presets in the canonical frame (+X patient's right, +Y anterior, +Z superior).

The views follow the dental photo convention and the tooth chart: whenever the camera faces the
patient or an arch, the patient's right is on the viewer's left (a chart's quadrants 1 and 4 on
the left). The upper occlusal view has the incisors at the top, the lower one at the bottom (as
a lab holds each model, and as occlusal photos are published). The left view looks at the
patient's left side (incisors on the viewer's left), the right view at the right side.

=======  =====================================  =========  ===============  ====================
view     camera                                 looks to   up in the image  viewer's left shows
=======  =====================================  =========  ===============  ====================
front    in front of the patient (+Y)           −Y         superior (+Z)    the patient's right
left     at the patient's left side (−X)        +X         superior (+Z)    anterior (incisors)
right    at the patient's right side (+X)       −X         superior (+Z)    posterior (molars)
upper    below the upper arch, at its teeth     +Z         anterior (+Y)    the patient's right
lower    above the lower arch, at its teeth     −Z         posterior (−Y)   the patient's right
=======  =====================================  =========  ===============  ====================

Looking down at the lower arch with the incisors at the top would put the patient's right on
the viewer's right: a mirror image of the chart, a wrong-side risk. Hence "posterior up".

Overlays can cover the right of the view (the viewer's list of scans) and its left (a distance
map's legend): given the shares of the width they cover, `fit` fits the scans into the
uncovered part and `centre_beside` moves the image's centre to that part's centre (VTK's window
centre, which picking and rotation follow).

The functions work on any ``pyvista`` plotter (off-screen or pyvistaqt's ``QtInteractor``) and
must be called on the thread that owns it (the GUI thread).
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Any

__all__ = ["Bounds", "View", "apply_view", "centre_beside", "fit"]

Bounds = tuple[float, float, float, float, float, float]


class View(StrEnum):
    FRONT = "front"
    LEFT = "left"
    RIGHT = "right"
    UPPER = "upper"
    LOWER = "lower"


# view → (direction from the focal point to the camera, view-up)
_CAMERAS: dict[View, tuple[tuple[float, float, float], tuple[float, float, float]]] = {
    View.FRONT: ((0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    View.LEFT: ((-1.0, 0.0, 0.0), (0.0, 0.0, 1.0)),
    View.RIGHT: ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0)),
    View.UPPER: ((0.0, 0.0, -1.0), (0.0, 1.0, 0.0)),
    View.LOWER: ((0.0, 0.0, 1.0), (0.0, -1.0, 0.0)),  # incisors at the bottom: see above
}


def apply_view(
    plotter: Any,
    view: View | str,
    bounds: Bounds,
    *,
    covered: float = 0.0,
    covered_left: float = 0.0,
) -> None:
    """Point the camera as ``view`` says and fit ``bounds``."""
    direction, up = _CAMERAS[View(view)]
    if not _valid(bounds):
        return
    centre = [(bounds[0] + bounds[1]) / 2, (bounds[2] + bounds[3]) / 2, (bounds[4] + bounds[5]) / 2]
    camera = plotter.renderer.GetActiveCamera()
    camera.SetFocalPoint(*centre)
    camera.SetPosition(*(c + d for c, d in zip(centre, direction, strict=True)))
    camera.SetViewUp(*up)
    fit(plotter, bounds, covered=covered, covered_left=covered_left)


def fit(plotter: Any, bounds: Bounds, *, covered: float = 0.0, covered_left: float = 0.0) -> None:
    """Move the camera along its line of sight until ``bounds`` fill the view (the part of it
    between the ``covered_left`` share of its width on the left and the ``covered`` share on
    the right)."""
    if not _valid(bounds):
        return
    renderer = plotter.renderer
    renderer.ResetCamera(*bounds)
    free = 1.0 - _share(covered) - _share(covered_left)
    if 0.0 < free < 1.0:
        _step_back_for(renderer, free)
    renderer.ResetCameraClippingRange(*bounds)
    # Tell pyvista the camera is placed, or its first render "helpfully" resets it.
    renderer.camera_set = True


def centre_beside(plotter: Any, covered: float, covered_left: float = 0.0) -> None:
    """Centre the image in the part of the view between the ``covered_left`` share of its
    width on the left and the ``covered`` share on the right."""
    # The free part's centre lies at ``covered_left - covered`` in normalised coordinates
    # (-1 … 1); +1 in the window centre moves the image left by half the width.
    shift = _share(covered) - _share(covered_left)
    camera = plotter.renderer.GetActiveCamera()
    if camera.GetWindowCenter() != (shift, 0.0):
        camera.SetWindowCenter(shift, 0.0)


def _share(share: float) -> float:
    return share if 0.0 < share < 1.0 else 0.0


def _step_back_for(renderer: Any, free_width: float) -> None:
    # ResetCamera fits the bounding sphere into the narrower of the view's two angles (VTK:
    # vtkRenderer::ResetCamera); here the width is the free share's, so step back by the ratio.
    width, height = renderer.GetSize()
    camera = renderer.GetActiveCamera()
    if width <= 0 or height <= 0 or camera.GetParallelProjection():
        return
    half_angle = math.radians(camera.GetViewAngle()) / 2

    def reach(aspect: float) -> float:
        return math.sin(math.atan(math.tan(half_angle) * min(1.0, aspect)))

    ratio = reach(width / height) / reach(free_width * width / height)
    camera.Dolly(1.0 / ratio)


def _valid(box: tuple[float, ...]) -> bool:
    return len(box) == 6 and box[0] <= box[1] and box[2] <= box[3] and box[4] <= box[5]
