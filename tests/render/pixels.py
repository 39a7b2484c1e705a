"""Reading rendered pictures: which pixels show a scan, where they are, what colour they have."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from scaninbox.render.orientation_marker import marker_size


def load(path: Path) -> np.ndarray:
    with Image.open(path) as image:
        pixels: np.ndarray = np.asarray(image.convert("RGB")).astype(np.int16)
    return pixels


def scan_mask(pixels: np.ndarray) -> np.ndarray:
    """Pixels that differ from the background gradient (which is uniform along each row)."""
    height, width = pixels.shape[:2]
    background = pixels[:, -1:, :]  # the scene is fitted away from the right edge
    mask: np.ndarray = np.abs(pixels - background).max(axis=2) > 24
    corner_w, corner_h = marker_size(width, height)  # the orientation marker: not the scene
    mask[height - corner_h :, :corner_w] = False
    return mask


def centroid(mask: np.ndarray) -> tuple[float, float]:
    """(x, y) of the mask's centre of mass, as fractions of the width and height."""
    rows, cols = np.nonzero(mask)
    return float(cols.mean() / mask.shape[1]), float(rows.mean() / mask.shape[0])


def extent(mask: np.ndarray) -> tuple[int, int]:
    """(width, height) in pixels of the mask's bounding box."""
    rows, cols = np.nonzero(mask)
    return int(np.ptp(cols)) + 1, int(np.ptp(rows)) + 1


def mean_colour(pixels: np.ndarray, mask: np.ndarray) -> np.ndarray:
    colour: np.ndarray = pixels[mask].mean(axis=0)
    return colour


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two masks."""
    return float((a & b).sum() / max(1, (a | b).sum()))
