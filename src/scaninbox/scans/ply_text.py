"""The numbers of an ASCII PLY body: in C when the extension is built, else with numpy.

A file in the layout scanners write is read by `common_ascii_mesh` (C, `ply_mesh`) straight
into its arrays. Any other file, and any problem, comes here: every whitespace-separated token
of the body is a number (the elements' records one after the other), so the body is read as one
flat float64 array and `ply` cuts it into elements. The C
function `_text_native.text_numbers` decodes each token with the same rules and arithmetic as
`parse_decimal_tokens` (both give the same bits); a body of 1 MiB or more is cut in two at a
blank byte and the halves are read on two threads (the GIL is released). Tokens the C code does
not accept ("nan", more than 24 bytes, garbage) come back by position and are read by ``float()``
or named in the error, exactly as on the numpy path. Error lines count from the file's start.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np
import numpy.typing as npt

from scaninbox.scans.mesh import Mesh
from scaninbox.scans.parallel import run_together
from scaninbox.scans.ply_header import PlyElement, PlyHeader, require_text_body_fits
from scaninbox.scans.text_numbers import (
    blank_near,
    load_text_native,
    parse_decimal_tokens,
    parse_token,
    reader_name,
    whitespace_tokens,
)

__all__ = ["ascii_ply_parser", "common_ascii_mesh", "text_body_numbers"]

_native = load_text_native()
_SPLIT_FROM_BYTES = 1 << 20  # smaller bodies: handing half to a thread costs more than it saves
# (float64 values, tokens the C code did not accept as (slot, start, end))
_Part = tuple[bytearray, list[tuple[int, int, int]]]


def ascii_ply_parser() -> str:
    """Which reader parses ASCII PLY numbers here: the C extension, or numpy (the fallback)."""
    return reader_name(_native)


_FACE_LISTS = ("vertex_indices", "vertex_index")
_COLOURS = (("red", "diffuse_red"), ("green", "diffuse_green"), ("blue", "diffuse_blue"))
# Roles of vertex columns in `_text_native.ply_mesh`: dropped, x (y, z follow), colour channel
# declared as an integer (green, blue, alpha follow), the same declared as a float, nx (ny, nz).
_X, _COLOUR, _COLOUR_FLOAT, _NORMAL = 1, 4, 8, 12


def common_ascii_mesh(view: memoryview, header: PlyHeader, name: str) -> Mesh | None:
    """The mesh of an ASCII PLY in the layout scanners write, read by the C extension straight
    into its arrays: a vertex element (x, y, z, optional colour and normals, other columns
    read and dropped), then triangles, one row per line. None for any other file, and for any
    problem: the general reader (`text_body_numbers`, then `ply`) reads it, or names the
    problem, so the values and the errors are that reader's. The C code checks what `ply`
    checks (finite coordinates, whole indices below the vertex count)."""
    vertex, face = header.element("vertex"), header.element("face")
    if _native is None or vertex is None or face is None:
        return None
    if [e.name for e in header.elements] != ["vertex", "face"] or len(face.properties) != 1:
        return None
    if face.properties[0].name not in _FACE_LISTS or not face.properties[0].is_list:
        return None
    roles = _roles(vertex)
    if roles is None:
        return None
    # Two threads: the C code starts the second for a body of 64 KiB or more.
    read = _native.ply_mesh(
        view, header.body_offset, view.nbytes, roles, vertex.count, face.count, 2
    )
    if read is None:
        return None
    points, colours, normals, faces = read
    rgb = None
    if colours is not None:
        rgb = np.frombuffer(colours, np.uint8).reshape(vertex.count, -1)
    return Mesh(
        np.frombuffer(points, np.float32).reshape(-1, 3),
        np.frombuffer(faces, np.int32).reshape(-1, 3),
        colours=rgb,
        normals=None if normals is None else np.frombuffer(normals, np.float32).reshape(-1, 3),
        welded=True,
        name=name,
        source="PLY",
    )


def _roles(vertex: PlyElement) -> bytes | None:
    """One role per vertex column, as `ply` reads them (None: no x, y or z)."""
    roles = bytearray(len(vertex.properties))
    axes = [vertex.index(axis) for axis in ("x", "y", "z")]
    found = [vertex.index(*names) for names in _COLOURS]
    channels = [*found, vertex.index("alpha", "diffuse_alpha")] if None not in found else []
    normals = [vertex.index(axis) for axis in ("nx", "ny", "nz")]
    if None in axes:
        return None
    columns = [(axes, _X)]
    columns += [([i], _COLOUR + k) for k, i in enumerate(channels) if i is not None]
    if None not in normals:
        columns.append((normals, _NORMAL))
    for indices, first in columns:
        for k, i in enumerate(indices):
            assert i is not None
            role = first + k
            if _COLOUR <= role < _COLOUR_FLOAT:  # a colour channel declared as an integer
                role += (_COLOUR_FLOAT - _COLOUR) * (vertex.properties[i].dtype.kind == "f")
            roles[i] = role
    return bytes(roles)


def text_body_numbers(view: memoryview, header: PlyHeader, name: str) -> npt.NDArray[np.float64]:
    """Every number of the body after ``header``, in order. Raises `MeshError` when the body has
    fewer numbers than the header announces, or for the first token that is not a number."""
    if _native is not None:
        return _native_numbers(_native, view, header, name)
    return _numpy_numbers(view, header, name)


def _numpy_numbers(view: memoryview, header: PlyHeader, name: str) -> npt.NDArray[np.float64]:
    buf = np.frombuffer(view, np.uint8)
    starts, ends = whitespace_tokens(buf[header.body_offset :])
    require_text_body_fits(header, len(starts), name)
    return parse_decimal_tokens(buf, starts + header.body_offset, ends + header.body_offset, name)


def _native_numbers(
    native: ModuleType, view: memoryview, header: PlyHeader, name: str, *, split: bool = True
) -> npt.NDArray[np.float64]:
    start, size = header.body_offset, view.nbytes
    cut = (
        blank_near(np.frombuffer(view, np.uint8), (start + size) // 2)
        if split and size - start >= _SPLIT_FROM_BYTES
        else None
    )
    if cut is None:
        parts: list[_Part] = [native.text_numbers(view, start, size)]
    else:
        before: list[_Part] = []
        after: list[_Part] = []
        run_together(
            lambda: before.append(native.text_numbers(view, start, cut)),
            lambda: after.append(native.text_numbers(view, cut, size)),
        )
        parts = before + after
    joined = parts[0][0] if len(parts) == 1 else parts[0][0] + parts[1][0]
    values = np.frombuffer(joined, np.float64)
    require_text_body_fits(header, len(values), name)
    bad = list(parts[0][1])
    if len(parts) > 1:
        first_count = len(parts[0][0]) // 8  # the second half's slots follow the first's
        bad += [(slot + first_count, a, b) for slot, a, b in parts[1][1]]
    if bad:
        buf = np.frombuffer(view, np.uint8)
        # The same float() and the same error as the numpy path, in the same order.
        for slot, token_start, token_end in bad:
            values[slot] = parse_token(buf, token_start, token_end, name)
    return values
