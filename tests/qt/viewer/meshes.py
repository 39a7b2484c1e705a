"""Small generated scans for the viewer's tests (fast to read and draw), and pixel helpers.

Arches are horseshoe shells in the canonical frame (+X right, +Y anterior, +Z superior): the
upper arch above z = 2 with its teeth toward −Z, the lower one its mirror image below z = −2.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from scaninbox.settings import DEFAULT_JAW_COLOURS
from tests.render.pixels import scan_mask
from tests.unit.scans.meshfiles import arch_mesh, binary_stl

UPPER = DEFAULT_JAW_COLOURS["upper"]
LOWER = DEFAULT_JAW_COLOURS["lower"]
TRUNCATED_REASON = "it is truncated"


def upper_arch(n_around: int = 240, n_across: int = 40) -> tuple[np.ndarray, np.ndarray]:
    points, faces = arch_mesh(n_around, n_across)
    points[:, 2] -= points[:, 2].min() - 2.0
    return points, faces


def lower_arch(n_around: int = 240, n_across: int = 40) -> tuple[np.ndarray, np.ndarray]:
    points, faces = upper_arch(n_around, n_across)
    points = points * np.array([1, 1, -1], np.float32)
    return np.ascontiguousarray(points), np.ascontiguousarray(faces[:, ::-1])


def plate(
    width_mm: float = 40.0, depth_mm: float = 20.0, n: int = 20
) -> tuple[np.ndarray, np.ndarray]:
    """A flat rectangle in the plane z = 0, centred on the origin, facing −Z (toward the
    camera of the "upper" view)."""
    xs = np.linspace(-width_mm / 2, width_mm / 2, n + 1)
    ys = np.linspace(-depth_mm / 2, depth_mm / 2, n + 1)
    grid_x, grid_y = np.meshgrid(xs, ys, indexing="ij")
    points = np.stack([grid_x, grid_y, np.zeros_like(grid_x)], -1).reshape(-1, 3)
    index = np.arange((n + 1) ** 2).reshape(n + 1, n + 1)
    a, b = index[:-1, :-1].ravel(), index[1:, :-1].ravel()
    c, d = index[:-1, 1:].ravel(), index[1:, 1:].ravel()
    faces = np.concatenate([np.stack([a, c, b], 1), np.stack([b, c, d], 1)])
    return points.astype(np.float32), faces.astype(np.int32)


def write_stl(path: Path, mesh: tuple[np.ndarray, np.ndarray]) -> Path:
    path.write_bytes(binary_stl(*mesh))
    return path


def jaw_pixels(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Masks of scan pixels that read as the upper jaw's ivory and as the lower jaw's blue."""
    mask = scan_mask(pixels)
    red, blue = pixels[:, :, 0].astype(int), pixels[:, :, 2].astype(int)
    return mask & (red - blue > 12), mask & (blue - red > 12)
