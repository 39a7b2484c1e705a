"""Tiny hand-made meshes and the bytes of STL, PLY and OBJ files holding them, for reader tests."""

from __future__ import annotations

import struct
from collections.abc import Sequence

import numpy as np

__all__ = [
    "TETRA_FACES",
    "TETRA_POINTS",
    "arch_mesh",
    "ascii_stl",
    "binary_stl",
    "obj",
    "ply",
    "soup_of",
]

# A tetrahedron with outward-facing triangles (counter-clockwise seen from outside).
TETRA_POINTS = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], np.float32)
TETRA_FACES = np.array([[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]], np.int32)


def soup_of(points: np.ndarray, faces: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(points[faces].reshape(-1, 3), np.float32)


def binary_stl(points: np.ndarray, faces: np.ndarray, header: bytes = b"binary stl") -> bytes:
    corners = points[faces].astype("<f4")
    parts = [header.ljust(80, b" ")[:80], struct.pack("<I", len(faces))]
    for tri in corners:
        parts.append(struct.pack("<3f", 0, 0, 0) + tri.tobytes() + b"\0\0")
    return b"".join(parts)


def ascii_stl(
    points: np.ndarray,
    faces: np.ndarray,
    *,
    number: str = "{:.9g}",
    name: str = "part",
    newline: str = "\n",
    upper: bool = False,
) -> bytes:
    lines = [f"solid {name}"]
    for tri in points[faces]:
        lines.append("  facet normal 0 0 0")
        lines.append("    outer loop")
        for corner in tri:
            coords = " ".join(number.format(float(c)) for c in corner)
            lines.append(f"      vertex {coords}")
        lines.append("    endloop")
        lines.append("  endfacet")
    lines.append(f"endsolid {name}")
    text = newline.join(lines) + newline
    if upper:
        text = text.upper()
    return text.encode("ascii")


def ply(
    points: np.ndarray,
    faces: Sequence[Sequence[int]],
    *,
    fmt: str = "binary_little_endian",
    colours: np.ndarray | None = None,
    normals: np.ndarray | None = None,
    coordinate_type: str = "float",
    count_type: str = "uchar",
    index_type: str = "int",
    index_name: str = "vertex_indices",
    before: str = "",
    before_body: bytes = b"",
) -> bytes:
    """A PLY file. ``before``/``before_body``: an extra element (header lines, body bytes)
    placed ahead of the vertices."""
    props = [f"property {coordinate_type} {axis}" for axis in "xyz"]
    if normals is not None:
        props += [f"property float n{axis}" for axis in "xyz"]
    if colours is not None:
        props += [
            f"property uchar {c}" for c in ("red", "green", "blue", "alpha")[: colours.shape[1]]
        ]
    header = ["ply", f"format {fmt} 1.0", "comment made by the tests"]
    if before:
        header.append(before)
    header += [f"element vertex {len(points)}", *props, f"element face {len(faces)}"]
    header += [f"property list {count_type} {index_type} {index_name}", "end_header"]
    head = ("\n".join(header) + "\n").encode("ascii")
    order = {"binary_little_endian": "<", "binary_big_endian": ">"}.get(fmt)
    if order is None:
        rows = []
        for i, p in enumerate(points):
            values = [repr(float(v)) for v in p]
            if normals is not None:
                values += [repr(float(v)) for v in normals[i]]
            if colours is not None:
                values += [str(int(v)) for v in colours[i]]
            rows.append(" ".join(values))
        rows += [" ".join(str(v) for v in (len(f), *f)) for f in faces]
        return head + before_body + ("\n".join(rows) + "\n").encode("ascii")
    codes = {"float": "f", "double": "d", "uchar": "B", "int": "i", "uint": "I", "ushort": "H"}
    body = []
    for i, p in enumerate(points):
        row = struct.pack(f"{order}3{codes[coordinate_type]}", *map(float, p))
        if normals is not None:
            row += struct.pack(f"{order}3f", *map(float, normals[i]))
        if colours is not None:
            row += bytes(int(v) for v in colours[i])
        body.append(row)
    for f in faces:
        body.append(
            struct.pack(f"{order}{codes[count_type]}{len(f)}{codes[index_type]}", len(f), *f)
        )
    return head + before_body + b"".join(body)


def arch_mesh(n_around: int = 120, n_across: int = 24) -> tuple[np.ndarray, np.ndarray]:
    """A small horseshoe-shaped open shell in the canonical frame of an upper jaw: the arch
    opens toward −Y (posterior), the incisors are at +Y, the "teeth" hang toward −Z."""
    u = np.linspace(0, 1, n_around)[:, None]
    v = np.linspace(-1, 1, n_across)[None, :]
    theta = (u - 0.5) * np.radians(200)
    cx, cy = 25 * np.sin(theta), 35 * np.cos(theta) - 15
    out_x, out_y = np.sin(theta), np.cos(theta)
    bumps = 1.5 * np.cos(u * 14 * 2 * np.pi) ** 2
    depth = (1 - v**2) * (7 + bumps)
    x = cx + out_x * 5 * v
    y = cy + out_y * 5 * v
    z = 10 - depth  # lowest (teeth) in the middle of the cross-section
    points = np.stack(np.broadcast_arrays(x, y, z), -1).reshape(-1, 3).astype(np.float32)
    grid = np.arange(n_around * n_across).reshape(n_around, n_across)
    a, b = grid[:-1, :-1].ravel(), grid[:-1, 1:].ravel()
    c, d = grid[1:, :-1].ravel(), grid[1:, 1:].ravel()
    faces = np.concatenate([np.stack([a, b, c], 1), np.stack([b, d, c], 1)]).astype(np.int32)
    return points, faces


def obj(
    points: np.ndarray,
    faces: Sequence[Sequence[int]],
    *,
    form: str = "v",
    relative: bool = False,
    colours: np.ndarray | None = None,
    newline: str = "\n",
    gap: str = " ",
    extras: bool = False,
) -> bytes:
    """An OBJ file. ``form``: how a corner is written ("v", "v/vt", "v//vn", "v/vt/vn");
    ``relative``: negative indices, each face written right after its last vertex;
    ``extras``: the statements a portal's export adds (mtllib, o, g, s, usemtl, vt, vn, comments).
    """
    lines = ["# written by the tests", "mtllib scan.mtl", "o scan", "g jaw"] if extras else []

    def vertex(i: int) -> str:
        values = [repr(float(v)) for v in points[i]]
        if colours is not None:
            values += [repr(float(v)) for v in colours[i]]
        return gap.join(["v", *values])

    def corner(index: int, written: int) -> str:
        number = str(index - written) if relative else str(index + 1)
        return {"v": "{0}", "v/vt": "{0}/1", "v//vn": "{0}//1", "v/vt/vn": "{0}/1/1"}[form].format(
            number
        )

    if extras:
        lines += ["vt 0.5 0.5", "vn 0 0 1", "s off", "usemtl gum"]
    written = 0
    if not relative:
        lines += [vertex(i) for i in range(len(points))]
        written = len(points)
    for face in faces:
        if relative:
            while written <= max(face):
                lines.append(vertex(written))
                written += 1
        lines.append(gap.join(["f", *(corner(int(i), written) for i in face)]))
    while written < len(points):
        lines.append(vertex(written))
        written += 1
    return (newline.join(lines) + newline).encode("ascii")
