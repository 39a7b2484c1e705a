"""A scan's preview picture, as some portals ship it: a shaded occlusal view as PNG.

Rendered with numpy only (no VTK, no Qt): the arch's vertices are splatted into a height map
seen from the occlusal side, small holes are closed, and the surface is lit with Lambert shading
from the height map's gradient. Teeth are ivory, gingiva pink, the background dark.
"""

from __future__ import annotations

import io

import numpy as np
import numpy.typing as npt
from PIL import Image

from scaninbox.sandbox.arch_mesh import ArchMesh
from scaninbox.sandbox.mesh_files import GINGIVA_RGB, TOOTH_RGB

__all__ = ["occlusal_png"]

_BACKGROUND = np.array([38, 44, 52], dtype=np.float64)
_MM_PER_PIXEL = 0.14
_MARGIN_PX = 16


def occlusal_png(mesh: ArchMesh, *, upper: bool) -> bytes:
    """PNG bytes of the arch seen from its biting side (canonical-frame input)."""
    xyz = mesh.vertices.astype(np.float64)
    # Seen from the biting side, incisors at the top: an upper arch from below (the patient's
    # right on the picture's left), a lower arch from above (the patient's right on the right).
    toward_viewer = -xyz[:, 2] if upper else xyz[:, 2]
    col = -xyz[:, 0] if upper else xyz[:, 0]
    col = col - col.min()
    row = xyz[:, 1].max() - xyz[:, 1]
    width = int(col.max() / _MM_PER_PIXEL) + 2 * _MARGIN_PX + 1
    height = int(row.max() / _MM_PER_PIXEL) + 2 * _MARGIN_PX + 1
    px = (col / _MM_PER_PIXEL).astype(np.int64) + _MARGIN_PX
    py = (row / _MM_PER_PIXEL).astype(np.int64) + _MARGIN_PX
    order = np.argsort(toward_viewer)  # the highest point of a pixel is written last and wins
    flat = (py * width + px)[order]
    depth = np.full(width * height, np.nan)
    tooth = np.zeros(width * height, dtype=bool)
    depth[flat] = toward_viewer[order]
    tooth[flat] = mesh.is_tooth[order]
    depth, tooth = _close_holes(depth.reshape(height, width), tooth.reshape(height, width))
    rgb = _shade(depth, tooth)
    buffer = io.BytesIO()
    Image.fromarray(rgb, mode="RGB").save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def _close_holes(
    depth: npt.NDArray[np.float64], tooth: npt.NDArray[np.bool_], passes: int = 3
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """Fill empty pixels from their highest filled neighbour (splatting leaves pinholes)."""
    for _ in range(passes):
        padded = np.pad(depth, 1, constant_values=np.nan)
        padded_tooth = np.pad(tooth, 1)
        best = np.full_like(depth, np.nan)
        best_tooth = np.zeros_like(tooth)
        h, w = depth.shape
        for dy in (0, 1, 2):
            for dx in (0, 1, 2):
                shifted = padded[dy : dy + h, dx : dx + w]
                better = np.isfinite(shifted) & ~(shifted <= best)
                best = np.where(better, shifted, best)
                best_tooth = np.where(better, padded_tooth[dy : dy + h, dx : dx + w], best_tooth)
        empty = np.isnan(depth)
        depth = np.where(empty, best, depth)
        tooth = np.where(empty, best_tooth, tooth)
    return depth, tooth


def _shade(depth: npt.NDArray[np.float64], tooth: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint8]:
    filled = np.isfinite(depth)
    surface = np.where(filled, depth, np.nanmin(depth) if filled.any() else 0.0)
    gy, gx = np.gradient(surface, _MM_PER_PIXEL)
    normal = np.stack([-gx, -gy, np.ones_like(surface)], axis=-1)
    normal /= np.linalg.norm(normal, axis=-1, keepdims=True)
    light = np.array([-0.35, -0.45, 0.82])
    light /= np.linalg.norm(light)
    lambert = np.clip(normal @ light, 0.0, 1.0)
    # Deeper parts (gingiva far from the viewer) a little darker, like ambient occlusion.
    span = max(float(np.ptp(surface[filled])) if filled.any() else 1.0, 1e-6)
    depth_cue = 0.65 + 0.35 * (surface - surface[filled].min()) / span if filled.any() else 1.0
    intensity = (0.25 + 0.75 * lambert) * depth_cue
    base = np.where(tooth[..., None], np.array(TOOTH_RGB, float), np.array(GINGIVA_RGB, float))
    rgb = np.where(filled[..., None], base * intensity[..., None], _BACKGROUND)
    return np.clip(rgb, 0, 255).astype(np.uint8)
