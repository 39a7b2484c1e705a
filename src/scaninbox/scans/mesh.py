"""The triangle mesh every reader produces and every later step (weld, normals, render) consumes.

A `Mesh` is a thin, immutable record over numpy arrays in the layout VTK takes without copying:
float32 points (N, 3) and int32 triangle indices (M, 3), both C-contiguous. A binary or ASCII STL
arrives as a "soup" (three points per triangle, ``welded=False``); PLY and OBJ arrive indexed
(``welded=True``). Steps return new meshes and never modify the arrays of their input, so a mesh
may be drawn on the GUI thread while a worker thread refines it.

Failures a person can act on are `MeshError`: the message names the file and the reason in plain
words, never a numpy traceback.
"""

from __future__ import annotations

import dataclasses
import mmap
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from scaninbox.language import current, translate

__all__ = [
    "BytesLike",
    "ColourArray",
    "FloatArray",
    "IndexArray",
    "Mesh",
    "MeshError",
    "PreviewImageError",
    "count_text",
]

FloatArray = npt.NDArray[np.float32]
IndexArray = npt.NDArray[np.int32]
ColourArray = npt.NDArray[np.uint8]
BytesLike = bytes | bytearray | memoryview | mmap.mmap


class MeshError(Exception):
    """A file cannot be shown as a 3D scan. ``str()`` is one plain sentence naming the file."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        text = translate("MeshError", "Cannot read the scan {name}: {reason}").format(
            name=repr(name), reason=reason
        )
        super().__init__(text if text.endswith(".") else text + ".")


class PreviewImageError(MeshError):
    """The file is a picture (a portal's preview), not a mesh: show it as an image instead."""

    def __init__(self, name: str, image_format: str) -> None:
        self.image_format = image_format
        super().__init__(
            name,
            translate("MeshError", "it is a {format} image, not a 3D mesh").format(
                format=image_format.upper()
            ),
        )


def count_text(number: int) -> str:
    """A count in a message: ``12,345`` in English, ``12.345`` in German (called on errors only)."""
    return current().count_text(number)


@dataclass(frozen=True, slots=True, eq=False)
class Mesh:
    """Triangles over points; optional per-point colours and unit normals.

    ``points`` float32 (N, 3) and ``faces`` int32 (M, 3) are C-contiguous. ``colours`` is uint8
    (N, 3) or (N, 4) (RGB[A]); ``normals`` float32 (N, 3). ``welded`` says that triangles share
    their corner points. A soup (``welded=False``, an STL as read) has exactly three points per
    triangle, triangle i being points 3i, 3i+1, 3i+2; the steps rely on that layout. ``name`` is
    what messages call the mesh
    (usually the file name); ``source`` names the format it came from ("binary STL", ...).
    """

    points: FloatArray
    faces: IndexArray
    colours: ColourArray | None = None
    normals: FloatArray | None = None
    welded: bool = False
    name: str = "scan"
    source: str = ""

    def __post_init__(self) -> None:
        _check(self.points, np.float32, 3, "points")
        _check(self.faces, np.int32, 3, "faces")
        if self.colours is not None:
            if self.colours.dtype != np.uint8 or self.colours.ndim != 2:
                raise ValueError("colours must be a uint8 (N, 3|4) array")
            if self.colours.shape[1] not in (3, 4) or len(self.colours) != len(self.points):
                raise ValueError("colours must have one RGB or RGBA row per point")
        if self.normals is not None:
            _check(self.normals, np.float32, 3, "normals")
            if len(self.normals) != len(self.points):
                raise ValueError("normals must have one row per point")

    @property
    def n_points(self) -> int:
        return int(self.points.shape[0])

    @property
    def n_faces(self) -> int:
        return int(self.faces.shape[0])

    @property
    def bounds(self) -> tuple[float, float, float, float, float, float]:
        """(xmin, xmax, ymin, ymax, zmin, zmax) in the mesh's units (mm for scans)."""
        if self.n_points == 0:
            return (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        low = self.points.min(axis=0)
        high = self.points.max(axis=0)
        return (
            float(low[0]),
            float(high[0]),
            float(low[1]),
            float(high[1]),
            float(low[2]),
            float(high[2]),
        )

    @property
    def centre(self) -> tuple[float, float, float]:
        """Centre of the bounding box."""
        x0, x1, y0, y1, z0, z1 = self.bounds
        return ((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2)

    @property
    def nbytes(self) -> int:
        arrays = (self.points, self.faces, self.colours, self.normals)
        return sum(a.nbytes for a in arrays if a is not None)

    def replace(self, **changes: Any) -> Mesh:
        """A copy with some fields changed (arrays are shared, not copied)."""
        return dataclasses.replace(self, **changes)

    def __repr__(self) -> str:
        extras = [n for n in ("colours", "normals") if getattr(self, n) is not None]
        kind = "welded" if self.welded else "soup"
        return (
            f"Mesh({self.name!r}, {self.n_points:,} points, {self.n_faces:,} triangles, {kind}"
            + "".join(f", {e}" for e in extras)
            + ")"
        )


def _check(array: npt.NDArray[Any], dtype: type[np.generic], width: int, what: str) -> None:
    if array.dtype != dtype or array.ndim != 2 or array.shape[1] != width:
        raise ValueError(f"{what} must be a {np.dtype(dtype).name} (N, {width}) array")
    if not array.flags.c_contiguous:
        raise ValueError(f"{what} must be C-contiguous")
