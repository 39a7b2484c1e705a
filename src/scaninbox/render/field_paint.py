"""Per-point colours of a distance map on a scan's own actor (no second actor, no copy of the
surface: the map lies exactly where the scan is, turned as it is — it cannot mirror anything).

The colours are a second uint8 point array (``field_colours``) beside the scanner's own
(``colours``); the mapper is switched between them (`ScanScene` decides which), so switching
the map off gives the scan back its colours without touching the mesh.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["FIELD_COLOURS", "paint"]

FIELD_COLOURS = "field_colours"


def paint(actor: Any, colours: npt.NDArray[np.uint8] | None) -> bool:
    """Attach ``colours`` ((N, 3) uint8, one row per point of the actor's mesh) to ``actor``'s
    mesh, or take them away (None); whether the mesh now carries them. Colours for another
    number of points than the mesh has are refused (False): they belong to another mesh."""
    from vtkmodules.util.numpy_support import numpy_to_vtk

    poly = actor.GetMapper().GetInput()
    data = poly.GetPointData()
    if colours is None or len(colours) != poly.GetNumberOfPoints():
        data.RemoveArray(FIELD_COLOURS)
        poly.Modified()
        return False
    array = numpy_to_vtk(np.ascontiguousarray(colours, np.uint8), deep=True)  # type: ignore[no-untyped-call]
    array.SetName(FIELD_COLOURS)
    data.AddArray(array)  # replaces an array of the same name
    poly.Modified()
    return True
