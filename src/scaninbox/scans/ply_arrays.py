"""Array helpers of the PLY reader: packed column copies, polygon fans, index checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from scaninbox.language import translate
from scaninbox.scans.mesh import IndexArray, MeshError, count_text
from scaninbox.scans.ply_header import PlyElement

__all__ = ["fans", "fans_by_size", "packed", "stack", "uniform_face_dtype"]


def uniform_face_dtype(element: PlyElement, corners: int) -> np.dtype:
    fields: list[tuple[str, np.dtype] | tuple[str, np.dtype, tuple[int]]] = []
    for i, prop in enumerate(element.properties):
        if prop.count_dtype is None:
            fields.append((f"{i}:{prop.name}", prop.dtype))
        else:
            fields.append(("count", prop.count_dtype))
            fields.append(("corners", prop.dtype, (corners,)))
    return np.dtype(fields)


def fans(polygons: npt.NDArray[np.generic], name: str) -> IndexArray:
    """Triangles of equal-sized polygons (M, k): fans (0, i, i+1) around each first corner."""
    corners = polygons.shape[1]
    if corners < 3:
        raise MeshError(
            name,
            translate("MeshError", "its faces have {corners} corners; a triangle needs 3").format(
                corners=corners
            ),
        )
    _require_integral(polygons, name)
    if corners == 3:
        return np.ascontiguousarray(polygons, dtype=np.int32)
    fan = [(0, i, i + 1) for i in range(1, corners - 1)]
    picked = polygons[:, np.array(fan).ravel()].reshape(-1, 3)
    return np.ascontiguousarray(picked, dtype=np.int32)


def fans_by_size(by_size: dict[int, list[tuple[int, ...]]], name: str) -> IndexArray:
    parts = [fans(np.array(rows), name) for size, rows in sorted(by_size.items()) if size >= 3]
    if not parts:
        raise MeshError(name, translate("MeshError", "the PLY file has points but no triangles"))
    return np.concatenate(parts)


def _require_integral(indices: npt.NDArray[np.generic], name: str) -> None:
    """Indices must be whole and fit int32 (the range itself is checked once, later)."""
    if indices.dtype.kind == "f":
        as_float = np.asarray(indices, np.float64)
        if not np.isfinite(as_float).all() or (as_float != np.round(as_float)).any():
            raise MeshError(
                name,
                translate("MeshError", "a face refers to a vertex by a number that is not whole"),
            )
    elif np.can_cast(indices.dtype, np.int32):
        return  # int8/16/32, uint8/16: any value converts exactly
    if indices.size and (indices.min() < 0 or indices.max() > np.iinfo(np.int32).max):
        low, high = int(indices.min()), int(indices.max())
        culprit = low if low < 0 else high
        raise MeshError(
            name,
            translate(
                "MeshError", "a triangle refers to point {point}, which does not exist"
            ).format(point=count_text(culprit)),
        )


def packed(records: np.ndarray, fields: list[str], dtype: np.dtype) -> np.ndarray | None:
    """``fields`` of ``records`` as one (N, k) array, copied row by row in one go; None unless
    they are adjacent fields (or one array field) of exactly ``dtype`` in native byte order."""
    layout: Mapping[str, Any] = records.dtype.fields or {}
    offsets: list[int] = []
    count = 0
    for field in fields:
        field_dtype, offset = layout[field][:2]
        base = field_dtype.base if field_dtype.subdtype else field_dtype
        if base != dtype:
            return None
        width = int(np.prod(field_dtype.shape)) if field_dtype.subdtype else 1
        if offsets and offset != offsets[0] + count * dtype.itemsize:
            return None
        offsets.append(offset)
        count += width
    start = offsets[0]
    width = count * dtype.itemsize
    rows = records.view(np.uint8).reshape(len(records), records.dtype.itemsize)
    # Each row's bytes as one opaque item ("V12" for three int32 after a PLY face's count
    # byte): numpy copies whole items, several times faster than 12 separate bytes (or 3 unaligned
    # int32) per row.
    items = rows[:, start : start + width].view(np.dtype((np.void, width)))
    block = items.copy()
    return block.view(dtype).reshape(len(records), count)


def stack(columns: list[npt.NDArray[np.generic]], dtype: type[np.generic]) -> np.ndarray:
    out = np.empty((len(columns[0]), len(columns)), dtype)
    # A value beyond float32's range becomes infinite, which the reader then refuses in words
    # (`require_finite`); numpy's overflow warning would only say it less clearly.
    with np.errstate(over="ignore"):
        for i, column in enumerate(columns):
            out[:, i] = column
    return out
