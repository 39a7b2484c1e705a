"""A large scan as a few pieces that share its arrays, so that it can be drawn a piece at a time.

Mesa's llvmpipe sorts the triangles of a draw into "scenes" faster than its threads can
rasterise them, and the sorted triangles pile up in memory until they are drawn; the pile's
high-water mark stays in the process (`draw_pacing`). Waiting for the queue between draws
bounds the pile to one draw's worth, so the draws must be small: a 600k-triangle arch drawn
whole piled several times what four pieces of 150k did under llvmpipe (benchmarks/README.md,
memory_case.py). The pacing lets one draw be rasterised while the next is sorted (so the two
kinds of work overlap), which makes the pile two draws' worth: the pieces are 75k, eight for
such an arch, and the pile stays as small as with pieces of 150k.

Each piece is its own ``vtkPolyData`` (one actor and mapper each, in `ScanScene`) over a
consecutive run of the scan's triangles. The pieces share the scan's arrays — the same
``vtkPoints``, normals and colours objects, none copied — and VTK keeps one buffer in OpenGL
per array of a render window (its VBO cache), so the points and normals are uploaded and held
once per scan, whatever the number of pieces (colours are mapped to RGBA by each mapper: 4 bytes
a point per piece); only the triangle lists are split, and those are views of the mesh's face
array. The pieces are drawn in the triangles' own order,
so the picture is the one the whole scan gives.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from scaninbox.render.polydata import cell_array, point_arrays
from scaninbox.scans import Mesh

__all__ = ["FAR_FROM_ORIGIN", "PIECE_TRIANGLES", "piece_bounds", "shift_scale_method", "to_pieces"]

PIECE_TRIANGLES = 75_000  # at most per piece; llvmpipe's pile is two pieces' worth (`draw_pacing`)
# VTK's own rule for "far from the origin": the centre's distance over the size, squared.
FAR_FROM_ORIGIN = 1e6


def piece_bounds(n_faces: int, most: int | None = None) -> list[tuple[int, int]]:
    """``(start, stop)`` face ranges of equal size (within one), each at most ``most`` faces
    (default `PIECE_TRIANGLES`), covering ``0..n_faces`` in order; one range for a small (or
    empty) mesh."""
    most = PIECE_TRIANGLES if most is None else most
    count = max(1, -(-n_faces // most))
    edges = [n_faces * i // count for i in range(count + 1)]
    return list(itertools.pairwise(edges))


def to_pieces(mesh: Mesh, most: int | None = None) -> list[Any]:
    """``mesh`` as ``vtkPolyData`` pieces sharing its points and point arrays (one piece for a
    mesh of at most ``most`` triangles, default `PIECE_TRIANGLES`). Like `to_polydata`,
    nothing big is copied: do not modify the mesh's arrays afterwards."""
    from vtkmodules.vtkCommonCore import vtkPoints
    from vtkmodules.vtkCommonDataModel import vtkPolyData

    points = vtkPoints()
    arrays = point_arrays(mesh)
    points.SetData(arrays.points)
    faces = np.ascontiguousarray(mesh.faces, dtype=np.int32).reshape(-1)
    pieces = []
    for start, stop in piece_bounds(mesh.n_faces, most):
        poly = vtkPolyData()
        poly.SetPoints(points)  # the same object in every piece: one buffer in OpenGL
        poly.SetPolys(cell_array(faces[start * 3 : stop * 3]))
        data = poly.GetPointData()
        if arrays.normals is not None:
            data.SetNormals(arrays.normals)
        if arrays.colours is not None:
            data.AddArray(arrays.colours)
        pieces.append(poly)
    return pieces


def shift_scale_method(piece: Any) -> int:
    """How VTK should shift and scale the points of ``piece`` (a `to_pieces` piece: all pieces
    of a mesh share its points, and so get the same answer) before uploading them.

    VTK's automatic choice shifts and scales every mesh more than ~32 units across (so every
    arch in millimetres), and keeps the shifted copy beside the upload: as large as the points
    themselves. Our points are float32 already, so the copy adds no precision to them; it
    only spares the shader's float arithmetic from large coordinates, which matters far from
    the origin. So: no shift or scale (no copy), unless the mesh lies far from the origin for
    its size — VTK's own criterion, kept for that case. Turning it off moves no pixel visibly:
    a coordinate rounds differently by ~1e-7 of its size. Measured at 1280×960: smooth arches
    differ in a few dozen isolated pixels, by a few levels of 255; flat-shaded soups and a PLY
    without normals (the first look, whose facet normals come from screen-space derivatives) in
    isolated speckles (the figures: benchmarks/README.md; `tests/render/test_pieces.py` bounds
    it).
    """
    from vtkmodules.vtkRenderingCore import vtkPolyDataMapper

    low_x, high_x, low_y, high_y, low_z, high_z = piece.GetPoints().GetBounds()
    size2 = (high_x - low_x) ** 2 + (high_y - low_y) ** 2 + (high_z - low_z) ** 2
    centre2 = ((high_x + low_x) ** 2 + (high_y + low_y) ** 2 + (high_z + low_z) ** 2) / 4
    far = centre2 > FAR_FROM_ORIGIN * size2 if size2 > 0 else centre2 > FAR_FROM_ORIGIN
    method = vtkPolyDataMapper.AUTO_SHIFT_SCALE if far else vtkPolyDataMapper.DISABLE_SHIFT_SCALE
    return int(method)
