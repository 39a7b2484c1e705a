"""Camera presets in the canonical frame (+X patient's right, +Y anterior, +Z superior).

=========  ===========================================  ============  =================
view       camera                                       looks toward  up in the image
=========  ===========================================  ============  =================
front      in front of the patient (+Y)                 −Y            superior (+Z)
left       at the patient's left side (−X)              +X            superior (+Z)
right      at the patient's right side (+X)             −X            superior (+Z)
upper      below the upper arch, at its teeth (−Z)      +Z            anterior (+Y)
lower      above the lower arch, at its teeth (+Z)      −Z            anterior (+Y)
=========  ===========================================  ============  =================

Both functions work on any ``pyvista`` plotter (off-screen or pyvistaqt's ``QtInteractor``) and
must be called on the thread that owns it (the GUI thread).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

__all__ = ["Bounds", "View", "apply_view", "fit"]

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
    View.LOWER: ((0.0, 0.0, 1.0), (0.0, 1.0, 0.0)),
}


def apply_view(plotter: Any, view: View | str, bounds: Bounds | None = None) -> None:
    """Point the camera as ``view`` says and fit ``bounds`` (default: everything shown)."""
    direction, up = _CAMERAS[View(view)]
    box = bounds if bounds is not None else tuple(plotter.renderer.ComputeVisiblePropBounds())
    if not _valid(box):
        return
    centre = [(box[0] + box[1]) / 2, (box[2] + box[3]) / 2, (box[4] + box[5]) / 2]
    camera = plotter.renderer.GetActiveCamera()
    camera.SetFocalPoint(*centre)
    camera.SetPosition(*(c + d for c, d in zip(centre, direction, strict=True)))
    camera.SetViewUp(*up)
    fit(plotter, box)
    # Tell pyvista the camera is placed, or its first render "helpfully" resets it.
    plotter.renderer.camera_set = True


def fit(plotter: Any, bounds: Bounds | None = None) -> None:
    """Move the camera along its line of sight until ``bounds`` fill the view."""
    box = bounds if bounds is not None else tuple(plotter.renderer.ComputeVisiblePropBounds())
    if not _valid(box):
        return
    plotter.renderer.ResetCamera(*box)
    plotter.renderer.ResetCameraClippingRange(*box)
    plotter.renderer.camera_set = True


def _valid(box: tuple[float, ...]) -> bool:
    return len(box) == 6 and box[0] <= box[1] and box[2] <= box[3] and box[4] <= box[5]
