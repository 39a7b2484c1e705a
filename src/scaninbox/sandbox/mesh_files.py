"""Mesh file writers as scanner portals export them: binary STL and binary little-endian PLY.

- STL: the 80-byte header, a uint32 triangle count, then per triangle a float32 normal, three
  float32 vertices and a uint16 attribute (zero): 84 + 50·n bytes, an unwelded triangle soup.
- PLY: ``format binary_little_endian 1.0``, float32 x/y/z (optionally uchar red/green/blue per
  vertex), faces as a uchar count (always 3) followed by three int32 indices.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["GINGIVA_RGB", "TOOTH_RGB", "ply_bytes", "stl_bytes"]

GINGIVA_RGB = (214, 132, 138)
TOOTH_RGB = (238, 228, 205)

_STL_RECORD = np.dtype([("normal", "<f4", (3,)), ("vertices", "<f4", (3, 3)), ("attribute", "<u2")])
_PLY_FACE = np.dtype([("count", "u1"), ("indices", "<i4", (3,))])


def stl_bytes(
    vertices: npt.NDArray[np.float32], faces: npt.NDArray[np.int32], *, header_text: str
) -> bytes:
    triangles = vertices[faces]  # (m, 3, 3)
    normals = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])
    lengths = np.linalg.norm(normals, axis=1, keepdims=True)
    lengths[lengths == 0] = 1.0
    records = np.zeros(len(faces), dtype=_STL_RECORD)
    records["normal"] = normals / lengths
    records["vertices"] = triangles
    # A header starting with "solid" makes some readers take the file for ASCII STL.
    header = header_text.encode("ascii", "replace")[:80].ljust(80, b" ")
    if header.lower().startswith(b"solid"):
        header = b"binary " + header[:73]
    return header + np.uint32(len(faces)).tobytes() + records.tobytes()


def ply_bytes(
    vertices: npt.NDArray[np.float32],
    faces: npt.NDArray[np.int32],
    *,
    colors: npt.NDArray[np.uint8] | None = None,
    comment: str,
) -> bytes:
    fields = [("x", "<f4"), ("y", "<f4"), ("z", "<f4")]
    if colors is not None:
        fields += [("red", "u1"), ("green", "u1"), ("blue", "u1")]
    table = np.zeros(len(vertices), dtype=np.dtype(fields))
    table["x"], table["y"], table["z"] = vertices[:, 0], vertices[:, 1], vertices[:, 2]
    lines = [
        "ply",
        "format binary_little_endian 1.0",
        f"comment {comment}",
        f"element vertex {len(vertices)}",
        "property float x",
        "property float y",
        "property float z",
    ]
    if colors is not None:
        table["red"], table["green"], table["blue"] = colors[:, 0], colors[:, 1], colors[:, 2]
        lines += ["property uchar red", "property uchar green", "property uchar blue"]
    lines += [f"element face {len(faces)}", "property list uchar int vertex_indices", "end_header"]
    face_table = np.zeros(len(faces), dtype=_PLY_FACE)
    face_table["count"] = 3
    face_table["indices"] = faces
    header = ("\n".join(lines) + "\n").encode("ascii", "replace")
    return header + table.tobytes() + face_table.tobytes()
