"""Per-point colours of a distance map on a scan's own actor (no second actor, no copy of the
surface: the map lies exactly where the scan is, turned as it is — it cannot mirror anything).

The colours are a second uint8 point array (``field_colours``) beside the scanner's own
(``colours``); the mapper is switched between them (`ScanScene` decides which), so switching
the map off gives the scan back its colours without touching the mesh.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["FIELD_COLOURS", "paint"]

FIELD_COLOURS = "field_colours"


def paint(actors: Sequence[Any], colours: npt.NDArray[np.uint8] | None) -> bool:
    """Attach ``colours`` ((N, 3) uint8, one row per point of the actors' mesh) to the mesh of
    ``actors`` (the pieces of one scan, `scaninbox.render.pieces`, which share its points), or
    take them away (None); whether the mesh now carries them. Colours for another number of
    points than the mesh has are refused (False): they belong to another mesh.

    One VTK array serves every piece, so OpenGL holds the colours once (VTK's buffer cache is
    keyed by the array)."""
    from vtkmodules.util.numpy_support import numpy_to_vtk

    polys = [actor.GetMapper().GetInput() for actor in actors]
    fits = bool(polys) and all(
        colours is not None and len(colours) == poly.GetNumberOfPoints() for poly in polys
    )
    array = None
    if fits and colours is not None:
        ready = np.ascontiguousarray(colours, np.uint8)
        array = numpy_to_vtk(ready, deep=True)  # type: ignore[no-untyped-call]
        array.SetName(FIELD_COLOURS)
    for poly in polys:
        data = poly.GetPointData()
        if array is None:
            data.RemoveArray(FIELD_COLOURS)
        else:
            data.AddArray(array)  # replaces an array of the same name
        poly.Modified()
    return array is not None
