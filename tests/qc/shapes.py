"""Meshes with defects at known places for the QC tests: procedural arches from the sandbox,
planes and spheres whose distances are known exactly, and an independent measure of a punched
hole (plain Python over the triangles, no numpy tricks shared with the code under test)."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import numpy.typing as npt

from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch
from scaninbox.scans import Mesh

Points = npt.NDArray[np.float32]
Faces = npt.NDArray[np.int32]


def arch(jaw: str = "upper", seed: int = 7, spacing_mm: float = 0.25) -> tuple[Points, Faces]:
    built = build_arch(ArchRecipe(jaw, seed), spacing_mm=spacing_mm)  # type: ignore[arg-type]
    return np.ascontiguousarray(built.vertices), np.ascontiguousarray(built.faces)


def mesh(points: Points, faces: Faces, name: str = "scan") -> Mesh:
    return Mesh(
        np.ascontiguousarray(points, np.float32),
        np.ascontiguousarray(faces, np.int32),
        welded=True,
        name=name,
    )


def soup(points: Points, faces: Faces, name: str = "scan") -> Mesh:
    """The same triangles as an STL reader gives them: three points per triangle."""
    corners = np.ascontiguousarray(points[faces].reshape(-1, 3), np.float32)
    return Mesh(corners, np.arange(len(corners), dtype=np.int32).reshape(-1, 3), name=name)


def plane(
    z: float, half_mm: float = 45.0, step_mm: float = 0.5, *, up: bool = True
) -> tuple[Points, Faces]:
    """A square at height ``z`` facing +Z (``up``) or -Z."""
    n = round(2 * half_mm / step_mm) + 1
    axis = np.linspace(-half_mm, half_mm, n)
    x, y = np.meshgrid(axis, axis, indexing="ij")
    points = np.stack([x.ravel(), y.ravel(), np.full(x.size, z)], axis=1).astype(np.float32)
    grid = np.arange(n - 1)[:, None] * n + np.arange(n - 1)[None, :]
    a = grid.ravel()
    b, c, d = a + n, a + 1, a + n + 1
    faces = np.concatenate([np.stack([a, b, d], 1), np.stack([a, d, c], 1)]).astype(np.int32)
    return points, faces if up else np.ascontiguousarray(faces[:, ::-1])


def sphere(
    centre: tuple[float, float, float], radius: float, rings: int = 180
) -> tuple[Points, Faces]:
    """A closed UV sphere with a vertex at each pole; triangles face outwards."""
    sectors = 2 * rings
    theta = np.linspace(0, math.pi, rings + 1)[1:-1]
    phi = np.linspace(0, 2 * math.pi, sectors, endpoint=False)
    t, p = np.meshgrid(theta, phi, indexing="ij")
    ring = np.stack([np.sin(t) * np.cos(p), np.sin(t) * np.sin(p), np.cos(t)], -1).reshape(-1, 3)
    points = np.concatenate([[[0, 0, 1]], ring, [[0, 0, -1]]]) * radius + np.array(centre)
    faces = []
    top, bottom = 0, len(points) - 1
    for j in range(sectors):
        k = (j + 1) % sectors
        faces.append((top, 1 + j, 1 + k))
        last = 1 + (rings - 2) * sectors
        faces.append((bottom, last + k, last + j))
    for i in range(rings - 2):
        for j in range(sectors):
            k = (j + 1) % sectors
            a, b = 1 + i * sectors + j, 1 + i * sectors + k
            c, d = a + sectors, b + sectors
            faces += [(a, c, b), (b, c, d)]
    return points.astype(np.float32), np.array(faces, np.int32)


def side_tip(points: Points) -> npt.NDArray[np.float32]:
    """The lowest point among those more than 10 mm to one side (x < -10) of a generated arch:
    a cusp of a back tooth, where a punched hole shows on that side only."""
    return points[np.argmin(np.where(points[:, 0] < -10, points[:, 2], np.inf))]


def punch(
    points: Points, faces: Faces, at: npt.ArrayLike, radius: float
) -> tuple[Faces, list[int]]:
    """The faces without those whose centroid lies within ``radius`` of ``at``, and the
    removed faces' indices."""
    centroid = points[faces].mean(axis=1)
    gone = np.linalg.norm(centroid - np.asarray(at, np.float32), axis=1) < radius
    return np.ascontiguousarray(faces[~gone]), [int(i) for i in np.flatnonzero(gone)]


def opening(points: Points, faces: Faces, removed: list[int]) -> tuple[float, np.ndarray]:
    """Perimeter and mean point of the opening the removed faces leave, measured with plain
    Python: the edges shared by a removed and a kept triangle."""
    gone = set(removed)
    count_all: Counter[tuple[int, int]] = Counter()
    count_gone: Counter[tuple[int, int]] = Counter()
    for i, (a, b, c) in enumerate(faces.tolist()):
        for u, v in ((a, b), (b, c), (c, a)):
            key = (min(u, v), max(u, v))
            count_all[key] += 1
            if i in gone:
                count_gone[key] += 1
    rim = [e for e, n in count_gone.items() if n == 1 and count_all[e] == 2]
    length = sum(math.dist(points[u].tolist(), points[v].tolist()) for u, v in rim)
    corners = sorted({p for e in rim for p in e})
    return length, points[corners].astype(np.float64).mean(axis=0)


def stump(
    *,
    tilt_deg: float = 0.0,
    taper_deg: float = 6.0,
    ledge_mm: float = 0.0,
    radius_mm: float = 3.0,
    height_mm: float = 5.0,
) -> tuple[Points, Faces, np.ndarray]:
    """A crown preparation: a frustum tapering ``taper_deg`` toward its closed top, open at its
    base, its axis tilted ``tilt_deg`` from +Z about the Y axis (returned as the third value).
    ``ledge_mm``: on one side (azimuth 0 ± 40°) the upper two fifths stick out that far
    beyond the taper — an overhang, an undercut of that depth just below it."""
    rings, around = 101, 120
    heights = np.linspace(0.0, height_mm, rings)
    phi = np.linspace(0.0, 2 * np.pi, around, endpoint=False)
    h, a = np.meshgrid(heights, phi, indexing="ij")
    r = radius_mm - h * np.tan(np.radians(taper_deg))
    side = np.abs(np.angle(np.exp(1j * a))) < np.radians(40)
    r = r + np.where(side & (h >= 0.6 * height_mm), ledge_mm, 0.0)
    points = np.stack([r * np.cos(a), r * np.sin(a), h], axis=-1).reshape(-1, 3)
    faces = []
    for i in range(rings - 1):
        for j in range(around):
            p0, p1 = i * around + j, i * around + (j + 1) % around
            q0, q1 = p0 + around, p1 + around
            faces += [(p0, p1, q1), (p0, q1, q0)]
    top = len(points)
    points = np.vstack([points, [[0.0, 0.0, height_mm]]])
    last = (rings - 1) * around
    faces += [(last + j, last + (j + 1) % around, top) for j in range(around)]
    t = np.radians(tilt_deg)
    turn = np.array([[np.cos(t), 0, np.sin(t)], [0, 1, 0], [-np.sin(t), 0, np.cos(t)]])
    axis = turn @ np.array([0.0, 0.0, 1.0])
    return (
        (points @ turn.T).astype(np.float32),
        np.array(faces, np.int32),
        axis,
    )
