"""PLY (ASCII, binary little- and big-endian) straight into numpy.

Vertices: x/y/z of any numeric type, optional red/green/blue(/alpha) colours and nx/ny/nz normals;
other vertex properties are read past. Faces: the list property ``vertex_indices`` (or
``vertex_index``). When every face has the same number of corners, which is what scanners write
(triangles), the whole element is one structured numpy view; polygons are split into fans of
triangles. Other elements are skipped by their size. Mixed polygon sizes and list properties in
other elements need a walk record by record, done in Python: correct, only slower.
"""

from __future__ import annotations

import struct

import numpy as np
import numpy.typing as npt

from scaninbox.language import translate
from scaninbox.scans.mesh import BytesLike, ColourArray, IndexArray, Mesh, MeshError, count_text
from scaninbox.scans.ply_arrays import fans, fans_by_size, packed, stack, uniform_face_dtype
from scaninbox.scans.ply_header import (
    PlyElement,
    PlyHeader,
    parse_ply_header,
    require_binary_body_fits,
)
from scaninbox.scans.ply_text import text_body_numbers
from scaninbox.scans.validate import require_finite, require_indices_in_range

__all__ = ["parse_ply"]

_FACE_LISTS = ("vertex_indices", "vertex_index")
_COLOURS = (("red", "diffuse_red"), ("green", "diffuse_green"), ("blue", "diffuse_blue"))


def parse_ply(data: BytesLike, name: str) -> Mesh:
    """The indexed mesh of a PLY file held in ``data``."""
    view = memoryview(data).cast("B")
    header = parse_ply_header(view, name)
    vertex = header.element("vertex")
    face = header.element("face")
    if vertex is None or vertex.count == 0:
        raise MeshError(name, translate("MeshError", "the PLY file contains no vertices"))
    if face is None or face.count == 0:
        raise MeshError(
            name, translate("MeshError", "the PLY file has points but no triangles (a point cloud)")
        )
    if vertex.has_lists:
        raise MeshError(
            name,
            translate(
                "MeshError", "its vertices carry list properties, which this program cannot read"
            ),
        )
    target = face.index(*_FACE_LISTS)
    if target is None or not face.properties[target].is_list:
        raise MeshError(name, translate("MeshError", "its faces have no 'vertex_indices' list"))
    body = _AsciiBody(view, header, name) if header.is_ascii else _BinaryBody(view, header, name)
    columns, polygons = body.read()
    mesh = _assemble(columns, vertex, polygons, name, body.records)
    require_finite(mesh.points, name)
    require_indices_in_range(mesh.faces, mesh.n_points, name)
    return mesh


Columns = list[npt.NDArray[np.generic]]


class _BinaryBody:
    def __init__(self, view: memoryview, header: PlyHeader, name: str) -> None:
        self.view = view
        self.header = header
        self.name = name
        self.records: np.ndarray | None = None  # the vertex records, for whole-row copies

    def read(self) -> tuple[Columns, IndexArray]:
        offset = self.header.body_offset
        require_binary_body_fits(self.header, len(self.view) - offset, self.name)
        columns: Columns | None = None
        polygons: IndexArray | None = None
        for element in self.header.elements:
            if element.name == "vertex":
                records = self._records(element, offset)
                columns = [records[f] for f in records.dtype.names or ()]
                self.records = records
                offset += records.nbytes
            elif element.name == "face":
                polygons, offset = self._faces(element, offset)
            elif columns is not None and polygons is not None:
                break  # what follows the mesh is not ours to read
            else:
                offset = self._skip(element, offset)
        return _both(columns, polygons, self.name)

    def _records(self, element: PlyElement, offset: int) -> np.ndarray:
        dtype = element.record_dtype()
        end = offset + element.count * dtype.itemsize
        if end > len(self.view):
            raise MeshError(self.name, _truncated(element, end, len(self.view)))
        return np.frombuffer(self.view, dtype, count=element.count, offset=offset)

    def _faces(self, element: PlyElement, offset: int) -> tuple[IndexArray, int]:
        lists = [i for i, p in enumerate(element.properties) if p.is_list]
        if len(lists) == 1 and offset < len(self.view):
            prop = element.properties[lists[0]]
            before = sum(p.dtype.itemsize for p in element.properties[: lists[0]])
            assert prop.count_dtype is not None
            first = np.frombuffer(self.view, prop.count_dtype, 1, offset + before)
            corners = int(first[0])
            fixed = sum((p.count_dtype or p.dtype).itemsize for p in element.properties)
            end = offset + element.count * (fixed + corners * prop.dtype.itemsize)
            if corners >= 3 and end <= len(self.view):
                uniform = uniform_face_dtype(element, corners)
                records = np.frombuffer(self.view, uniform, count=element.count, offset=offset)
                if (records["count"] == corners).all():
                    block = packed(records, ["corners"], np.dtype(np.int32))
                    polygons = block if block is not None else records["corners"]
                    return fans(polygons, self.name), end
        return self._walk_faces(element, offset)

    def _walk_faces(self, element: PlyElement, offset: int) -> tuple[IndexArray, int]:
        """Mixed polygon sizes: one record at a time."""
        target = element.index(*_FACE_LISTS)
        by_size: dict[int, list[tuple[int, ...]]] = {}
        for _ in range(element.count):
            for i, prop in enumerate(element.properties):
                if prop.count_dtype is None:
                    offset += prop.dtype.itemsize
                    continue
                count = self._count(prop.count_dtype, offset, element)
                offset += prop.count_dtype.itemsize
                if i == target:
                    by_size.setdefault(count, []).append(self._unpack(prop.dtype, offset, count))
                offset += count * prop.dtype.itemsize
        return fans_by_size(by_size, self.name), offset

    def _skip(self, element: PlyElement, offset: int) -> int:
        if not element.has_lists:
            return offset + element.count * element.record_dtype().itemsize
        for _ in range(element.count):
            for prop in element.properties:
                if prop.count_dtype is None:
                    offset += prop.dtype.itemsize
                else:
                    count = self._count(prop.count_dtype, offset, element)
                    offset += prop.count_dtype.itemsize + count * prop.dtype.itemsize
        return offset

    def _count(self, dtype: np.dtype, offset: int, element: PlyElement) -> int:
        count = int(self._unpack(dtype, offset, 1)[0])
        if count < 0:
            raise MeshError(self.name, _bad_length(element, count))
        return count

    def _unpack(self, dtype: np.dtype, offset: int, count: int) -> tuple[int, ...]:
        code = ">" if dtype.byteorder == ">" else "<"
        try:
            return struct.unpack_from(f"{code}{count}{dtype.char}", self.view, offset)
        except struct.error:
            raise MeshError(
                self.name, translate("MeshError", "the PLY file ends in the middle of its faces")
            ) from None


class _AsciiBody:
    def __init__(self, view: memoryview, header: PlyHeader, name: str) -> None:
        self.values = text_body_numbers(view, header, name)
        self.header = header
        self.name = name
        self.records: np.ndarray | None = None  # text has no records to copy whole rows from

    def read(self) -> tuple[Columns, IndexArray]:
        at = 0
        columns: Columns | None = None
        polygons: IndexArray | None = None
        for element in self.header.elements:
            if element.name == "vertex":
                width = len(element.properties)
                table = self._take(at, element.count * width, element).reshape(-1, width)
                columns = [table[:, i] for i in range(width)]
                at += element.count * width
            elif element.name == "face":
                polygons, at = self._faces(element, at)
            elif columns is not None and polygons is not None:
                break
            else:
                at = self._skip(element, at)
        else:  # every element read: the body must end with the last one
            if at < len(self.values):
                extra = len(self.values) - at
                raise MeshError(
                    self.name,
                    translate(
                        "MeshError",
                        "its body has %n number(s) more than the header's elements hold (a row "
                        "is missing a value, or the counts are wrong)",
                        None,
                        extra,
                    ),
                )
        return _both(columns, polygons, self.name)

    def _take(self, at: int, count: int, element: PlyElement) -> npt.NDArray[np.float64]:
        if at + count > len(self.values):
            raise MeshError(
                self.name,
                translate("MeshError", "the PLY file ends before its {element} list does").format(
                    element=element.name
                ),
            )
        return self.values[at : at + count]

    def _faces(self, element: PlyElement, at: int) -> tuple[IndexArray, int]:
        target = element.index(*_FACE_LISTS)
        if len(element.properties) == 1 and at < len(self.values):
            corners = self._count(at, element)
            width = corners + 1
            if corners >= 3 and at + element.count * width <= len(self.values):
                table = self.values[at : at + element.count * width].reshape(-1, width)
                if (table[:, 0] == corners).all():
                    return fans(table[:, 1:], self.name), at + element.count * width
        by_size: dict[int, list[tuple[int, ...]]] = {}
        for _ in range(element.count):
            for i, prop in enumerate(element.properties):
                if not prop.is_list:
                    at += 1
                    continue
                count = self._count(at, element)
                items = self._take(at + 1, count, element)
                if i == target:  # whole and in range: checked by `fans`, in one go
                    by_size.setdefault(count, []).append(tuple(items.tolist()))
                at += 1 + count
        return fans_by_size(by_size, self.name), at

    def _skip(self, element: PlyElement, at: int) -> int:
        if not element.has_lists:
            return at + element.count * len(element.properties)
        for _ in range(element.count):
            for prop in element.properties:
                at += 1 + (self._count(at, element) if prop.is_list else 0)
        return at

    def _count(self, at: int, element: PlyElement) -> int:
        """A list's length: a whole number from 0 up (text may say 2.5, -1, nan or 1e300)."""
        value = float(self._take(at, 1, element)[0])
        if not (0 <= value <= len(self.values)) or value != int(value):
            raise MeshError(self.name, _bad_length(element, value))
        return int(value)


def _both(
    columns: Columns | None, polygons: IndexArray | None, name: str
) -> tuple[Columns, IndexArray]:
    if columns is None or polygons is None:  # the header named both; the body did not have them
        raise MeshError(
            name, translate("MeshError", "the PLY file ends before its vertices and faces do")
        )
    return columns, polygons


def _assemble(
    columns: Columns,
    vertex: PlyElement,
    faces: IndexArray,
    name: str,
    records: np.ndarray | None = None,
) -> Mesh:
    axes = [vertex.index(axis) for axis in ("x", "y", "z")]
    if any(i is None for i in axes):
        raise MeshError(name, translate("MeshError", "its vertices have no x, y and z coordinates"))
    points = None
    if records is not None:
        fields = records.dtype.names or ()
        points = packed(records, [fields[i] for i in axes if i is not None], np.dtype(np.float32))
    if points is None:
        points = stack([columns[i] for i in axes if i is not None], np.float32)
    normals = None
    found = [vertex.index(axis) for axis in ("nx", "ny", "nz")]
    if all(i is not None for i in found):
        normals = stack([columns[i] for i in found if i is not None], np.float32)
        if not np.isfinite(normals).all():
            normals = None  # unusable hints: we compute our own
    colours = _colours(columns, vertex, records)
    return Mesh(
        points, faces, colours=colours, normals=normals, welded=True, name=name, source="PLY"
    )


def _colours(
    columns: Columns, vertex: PlyElement, records: np.ndarray | None
) -> ColourArray | None:
    found = [vertex.index(*names) for names in _COLOURS]
    if any(i is None for i in found):
        return None
    alpha = vertex.index("alpha", "diffuse_alpha")
    chosen = [i for i in [*found, alpha] if i is not None]
    if records is not None:
        fields = records.dtype.names or ()
        block = packed(records, [fields[i] for i in chosen], np.dtype(np.uint8))
        if block is not None:
            return block
    picked = [columns[i] for i in chosen]
    if all(c.dtype == np.uint8 for c in picked):
        return stack(picked, np.uint8)
    # The declared type decides the scale (ASCII bodies arrive as float64 either way).
    scaled = [
        np.asarray(c, np.float64) * (255 if vertex.properties[i].dtype.kind == "f" else 1)
        for i, c in zip(chosen, picked, strict=True)
    ]
    if any(np.isnan(c).any() for c in scaled):
        return None  # no colour to show for "nan": the scan is drawn in its jaw's colour, as
        # unusable normals are recomputed (an infinite one is clipped like any large value)
    return stack([np.clip(np.rint(c), 0, 255) for c in scaled], np.uint8)


def _bad_length(element: PlyElement, value: float) -> str:
    shown = f"{value:g}" if isinstance(value, float) else count_text(value)
    return translate(
        "MeshError", "it is not a valid PLY file: a list in its {element} records has {count} items"
    ).format(element=element.name, count=shown)


def _truncated(element: PlyElement, needed: int, size: int) -> str:
    return translate(
        "MeshError",
        "its {count} {element} records need {needed} bytes but the file has {size}: it is "
        "truncated",
    ).format(
        count=count_text(element.count),
        element=element.name,
        needed=count_text(needed),
        size=count_text(size),
    )
