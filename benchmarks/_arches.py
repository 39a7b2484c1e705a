"""Arch-like test meshes for the benchmarks: procedural horseshoes and a subdivided real scan."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np

__all__ = ["procedural_arch", "subdivide", "write_binary_ply", "write_binary_stl"]


def procedural_arch(n_triangles: int, *, lower: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """An open horseshoe shell (mm, canonical frame) with 14 tooth bumps, ~``n_triangles``.

    Triangles come in the order of the surface grid, as an exporter writes a mesh's faces.
    """
    across = int(max(20, round(np.sqrt(n_triangles / 2 / 7.5))))
    around = round(n_triangles / 2 / across) + 1
    u = np.linspace(0, 1, around)[:, None]
    v = np.linspace(-1, 1, across + 1)[None, :]
    theta = (u - 0.5) * np.radians(200)
    cx, cy = 25 * np.sin(theta), 30 * np.cos(theta) - 12
    teeth = 0.5 + 0.5 * np.cos(u * 14 * 2 * np.pi)
    crown = np.sqrt(np.clip(1 - v**2, 0, 1)) * (6 + 2.5 * teeth) + 0.6 * np.cos(v * 9) * (1 - v**2)
    x = cx + np.sin(theta) * 5 * v
    y = cy + np.cos(theta) * 5 * v
    z = 8 - crown
    if lower:
        z = -z
    points = np.stack(np.broadcast_arrays(x, y, z), -1).reshape(-1, 3).astype(np.float32)
    width = across + 1
    grid = np.arange(around - 1)[:, None] * width + np.arange(across)[None, :]
    a = grid.ravel()
    b, c, d = a + 1, a + width, a + width + 1
    faces = np.concatenate([np.stack([a, c, b], 1), np.stack([b, c, d], 1)])
    if lower:
        faces = faces[:, ::-1]
    return points, np.ascontiguousarray(faces, np.int32)


def write_two_arch_case(folder: Path, n_triangles: int) -> None:
    """``upper.stl`` and ``lower.stl`` of ``n_triangles`` each in ``folder``, 6 mm apart in z:
    the two-arch case the memory benchmarks open."""
    for name, lower in (("upper.stl", False), ("lower.stl", True)):
        points, faces = procedural_arch(n_triangles, lower=lower)
        points[:, 2] += -3.0 if lower else 3.0
        write_binary_stl(folder / name, points, faces)


def subdivide(points: np.ndarray, faces: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each triangle into four (edge midpoints); shared edges share their midpoint."""
    edges = np.sort(faces[:, [0, 1, 1, 2, 2, 0]].reshape(-1, 2), axis=1)
    unique, inverse = np.unique(edges, axis=0, return_inverse=True)
    mid = ((points[unique[:, 0]] + points[unique[:, 1]]) / 2).astype(np.float32)
    m = inverse.reshape(-1, 3) + len(points)
    a, b, c = faces[:, 0], faces[:, 1], faces[:, 2]
    ab, bc, ca = m[:, 0], m[:, 1], m[:, 2]
    new = np.stack(
        [
            np.stack([a, ab, ca], 1),
            np.stack([ab, b, bc], 1),
            np.stack([ca, bc, c], 1),
            np.stack([ab, bc, ca], 1),
        ],
        axis=1,
    ).reshape(-1, 3)
    return np.concatenate([points, mid]), np.ascontiguousarray(new, np.int32)


def write_binary_stl(path: Path, points: np.ndarray, faces: np.ndarray) -> Path:
    from scaninbox.scans.stl import STL_RECORD

    corners = points[faces]
    rows = np.zeros(len(faces), STL_RECORD)
    rows["corners"] = corners
    rows["normal"] = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
    with path.open("wb") as handle:
        handle.write(b"benchmark arch".ljust(80, b" "))
        handle.write(struct.pack("<I", len(faces)))
        handle.write(rows.tobytes())
    return path


def write_binary_ply(
    path: Path, points: np.ndarray, faces: np.ndarray, colours: np.ndarray | None = None
) -> Path:
    header = ["ply", "format binary_little_endian 1.0", f"element vertex {len(points)}"]
    header += [f"property float {a}" for a in "xyz"]
    vertex = [("xyz", "<f4", (3,))]
    if colours is not None:
        header += [f"property uchar {c}" for c in ("red", "green", "blue", "alpha")]
        vertex.append(("rgba", "u1", (4,)))
    header += [f"element face {len(faces)}", "property list uchar int vertex_indices", "end_header"]
    vertices = np.zeros(len(points), vertex)
    vertices["xyz"] = points
    if colours is not None:
        vertices["rgba"] = colours
    rows = np.zeros(len(faces), [("n", "u1"), ("i", "<i4", (3,))])
    rows["n"] = 3
    rows["i"] = faces
    with path.open("wb") as handle:
        handle.write(("\n".join(header) + "\n").encode("ascii"))
        handle.write(vertices.tobytes())
        handle.write(rows.tobytes())
    return path


def write_obj(path: Path, points: np.ndarray, faces: np.ndarray, colours: np.ndarray) -> Path:
    """An OBJ as dental portals export it (Medit and others): ``v x y z r g b`` with the colour
    as 0–1 floats, six decimals, then ``f a b c`` (1-based)."""
    rgb = colours[:, :3].astype(np.float64) / 255
    vertex = np.hstack([points.astype(np.float64), rgb])
    with path.open("w", encoding="ascii") as handle:
        handle.write("# benchmark: the real arch\n")
        np.savetxt(handle, vertex, fmt="v %.6f %.6f %.6f %.6f %.6f %.6f")
        np.savetxt(handle, faces + 1, fmt="f %d %d %d")
    return path


def write_ascii_ply(path: Path, points: np.ndarray, faces: np.ndarray, colours: np.ndarray) -> Path:
    """An ASCII PLY with per-vertex RGBA bytes (as MeshLab writes it)."""
    header = ["ply", "format ascii 1.0", f"element vertex {len(points)}"]
    header += [f"property float {a}" for a in "xyz"]
    header += [f"property uchar {c}" for c in ("red", "green", "blue", "alpha")]
    header += [f"element face {len(faces)}", "property list uchar int vertex_indices", "end_header"]
    with path.open("w", encoding="ascii") as handle:
        handle.write("\n".join(header) + "\n")
        rows = np.hstack([points.astype(np.float64), colours[:, :4].astype(np.float64)])
        np.savetxt(handle, rows, fmt="%.6f %.6f %.6f %d %d %d %d")
        np.savetxt(handle, faces, fmt="3 %d %d %d")
    return path
