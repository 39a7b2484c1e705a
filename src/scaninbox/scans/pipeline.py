"""The viewer's two-stage pipeline, as pure functions safe to run on a worker thread.

1. `read_mesh` (from `scaninbox.scans.reader`): bytes to a drawable mesh as fast as the disk
   allows. An STL arrives as a soup and is drawn flat-shaded at once (VTK shades a mesh without
   normals by its faces); PLY arrives indexed.
2. `refine`: welded points and smooth point normals, so that the viewer can swap in a smooth
   surface a moment later.
3. `build_lod`: a coarse copy drawn while the camera moves.

None of these touch VTK or Qt; each returns new arrays and leaves its input as it was, so the
GUI thread may keep drawing the previous stage meanwhile. Drop the soup once the refined mesh
is shown: both alive double the memory.
"""

from __future__ import annotations

import numpy as np

from scaninbox.scans.decimate import decimate
from scaninbox.scans.mesh import Mesh
from scaninbox.scans.normals import point_normals, soup_point_normals
from scaninbox.scans.reader import read_mesh
from scaninbox.scans.weld import weld_points

__all__ = ["LOD_FRACTION", "build_lod", "read_mesh", "refine"]

LOD_FRACTION = 0.1


def refine(mesh: Mesh) -> Mesh:
    """A welded mesh with smooth unit point normals (``mesh`` itself when it already is one)."""
    if mesh.welded:
        if mesh.normals is not None:
            return mesh
        return mesh.replace(normals=point_normals(mesh.points, mesh.faces))
    # A soup's triangle i is points 3i, 3i+1, 3i+2 (see Mesh), so the welded faces are the
    # inverse itself and the face normals stream straight out of the soup, an axis at a time.
    points, inverse = weld_points(mesh.points)
    normals = soup_point_normals(mesh.points, inverse, len(points))
    colours = None
    if mesh.colours is not None:
        colours = np.empty((len(points), mesh.colours.shape[1]), np.uint8)
        colours[inverse] = mesh.colours
    return Mesh(
        points,
        inverse.reshape(-1, 3),
        colours=colours,
        normals=normals,
        welded=True,
        name=mesh.name,
        source=mesh.source,
    )


def build_lod(mesh: Mesh, fraction: float = LOD_FRACTION) -> Mesh:
    """The level of detail drawn while the camera moves: ~``fraction`` of the triangles."""
    return decimate(mesh, fraction)
