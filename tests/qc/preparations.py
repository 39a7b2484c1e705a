"""Crown preparations seeded on the real labelled arch of ``../shared/realscans``, with their finish
line known exactly.

A labelled tooth is prepared as a dentist would for a crown: round the tooth's axis (the occlusal
axis through the middle of its labelled faces) every point of it more than ``margin_mm`` above the
gingival line (the edges between the tooth's triangles and the gingiva's, its height taken
sector by sector round the axis) is moved in toward the axis along a quarter-circle chamfer,
``depth_mm`` deep and ``depth_mm`` high, and the occlusal surface is ground ``occlusal_mm`` down
following its anatomy. Points at or below the finish line stay where they were (the root surface and
the gingiva are untouched). The finish line is the contour ``margin_mm`` above the gingival line
on the unprepared tooth: cut exactly where the tooth's edges cross it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from scaninbox.scans import Mesh

F64 = npt.NDArray[np.float64]

# MeshLabeler's labels: 2 … 8 the patient's right second molar … central incisor, 9 … 15 the
# left central incisor … second molar (tests/qc/test_arch_frame.py).
OCCLUSAL = np.array([0.0, 0.0, -1.0])  # the README: the cusps of Example_01 point to -Z


def fdi_of_label(label: int) -> int:
    return 10 + (9 - label) if label <= 8 else 20 + (label - 8)


def label_of_fdi(fdi: int) -> int:
    return 9 - fdi % 10 if fdi // 10 == 1 else 8 + fdi % 10


@dataclass(frozen=True)
class SeededPreparation:
    mesh: Mesh  # the arch with the tooth prepared (same points, same triangles)
    before: Mesh  # the arch as scanned
    tooth: int  # FDI
    finish_line: F64  # points along the true finish line, densely (on the tooth's edges)
    moved: npt.NDArray[np.int64]  # the prepared points


def labelled_arch(realscans: Path) -> tuple[Mesh, npt.NDArray[np.int64]]:
    import pyvista as pv

    data = pv.read(realscans / "MeshLabeler_Example_01.vtp")
    faces = np.asarray(data.faces).reshape(-1, 4)[:, 1:].astype(np.int32)
    mesh = Mesh(np.asarray(data.points, np.float32), faces, welded=True)
    return mesh, np.asarray(data.cell_data["Label"]).astype(np.int64)


def seed_preparation(
    mesh: Mesh,
    labels: npt.NDArray[np.int64],
    tooth: int,
    *,
    margin_mm: float = 0.5,
    depth_mm: float = 1.0,
    occlusal_mm: float = 1.5,
) -> SeededPreparation:
    points = mesh.points.astype(np.float64)
    faces = mesh.faces
    label = label_of_fdi(tooth)
    mine = np.unique(faces[labels == label])
    gum = np.unique(faces[labels == 0])
    gingival = np.intersect1d(mine, gum)
    centre = points[mine].mean(axis=0)
    height = (points - centre) @ OCCLUSAL
    flat = (points - centre) - np.outer(height, OCCLUSAL)
    radius = np.linalg.norm(flat, axis=1)
    angle = np.arctan2(flat[:, 1], flat[:, 0])
    # The gingival line's height round the axis: the median per 10° sector, sectors without a
    # gingival point (where the tooth meets its neighbour) filled in round the circle.
    sectors = 36
    which = ((angle + np.pi) / (2 * np.pi) * sectors).astype(np.int64) % sectors
    line = np.full(sectors, np.nan)
    for k in range(sectors):
        here = gingival[which[gingival] == k]
        if len(here):
            line[k] = float(np.median(height[here]))
    known = np.flatnonzero(~np.isnan(line))
    middles = (np.arange(sectors) + 0.5) / sectors * 2 * np.pi - np.pi
    gum_height = np.interp(angle, middles[known], line[known], period=2 * np.pi)
    above = height - gum_height - margin_mm  # above the finish line
    prepared = points.copy()
    moved = mine[above[mine] > 0]
    t = np.clip(above[moved] / depth_mm, 0.0, 1.0)
    inward = depth_mm * np.sqrt(1.0 - (1.0 - t) ** 2)  # a quarter-circle chamfer
    inward = np.minimum(inward, 0.6 * radius[moved])
    unit = flat[moved] / np.maximum(radius[moved], 1e-9)[:, None]
    prepared[moved] -= unit * inward[:, None]
    # The occlusal reduction follows the anatomy (cusps and fissures ground alike), blended
    # into the axial walls over the crown's middle three fifths (a rounded line angle).
    top = float(height[mine].max())
    low = float(np.median(gum_height[mine])) + margin_mm
    share = np.clip(((height[moved] - low) / (top - low) - 0.2) / 0.6, 0.0, 1.0)
    prepared[moved] -= np.outer(occlusal_mm * share, OCCLUSAL)
    # The finish line: where the tooth's edges cross the contour, cut exactly.
    tooth_faces = faces[labels == label]
    a = tooth_faces[:, [0, 1, 2]].ravel()
    b = tooth_faces[:, [1, 2, 0]].ravel()
    crossing = (above[a] > 0) != (above[b] > 0)
    a, b = a[crossing], b[crossing]
    s = above[a] / (above[a] - above[b])
    finish = points[a] + (points[b] - points[a]) * s[:, None]
    return SeededPreparation(
        Mesh(prepared.astype(np.float32), faces, welded=True),
        mesh,
        tooth,
        finish,
        moved,
    )
