"""The voxel prefilter of the closest-point queries never drops a point within the window of a
triangle's box (boxes one voxel wide, a few voxels wide and very wide alike), and does rule out
points far from every box."""

from __future__ import annotations

import numpy as np
import pytest

from scaninbox.qc.distance import near_boxes


def _box_distance(low: np.ndarray, high: np.ndarray, query: np.ndarray) -> np.ndarray:
    """(queries, boxes) distances from each point to each box."""
    outside = np.maximum(low[None] - query[:, None], 0) + np.maximum(query[:, None] - high[None], 0)
    distances: np.ndarray = np.linalg.norm(outside, axis=2)
    return distances


@pytest.mark.parametrize("size_mm", [0.3, 2.5, 9.0])  # under a voxel, a few voxels, very wide
def test_every_point_within_the_window_of_a_box_is_kept(size_mm: float) -> None:
    rng = np.random.default_rng(int(size_mm * 10))
    low = rng.uniform(-15, 15, (400, 3)).astype(np.float32)
    high = low + rng.uniform(0, size_mm, (400, 3)).astype(np.float32)
    query = rng.uniform(-30, 30, (6000, 3))
    window = 1.0
    kept = np.zeros(len(query), bool)
    kept[near_boxes(low, high, query, window)] = True
    nearest = _box_distance(low.astype(np.float64), high.astype(np.float64), query).min(axis=1)
    assert (nearest <= window).sum() > 50  # the case has points near boxes
    assert kept[nearest <= window].all()
    # A kept point lies at most a voxel ring (voxels as wide as the window) from a marked voxel.
    assert not kept[nearest > window + 2 * np.sqrt(3) * window].any()
    assert (nearest > window + 2 * np.sqrt(3) * window).sum() > 100
