"""Welding merges exactly equal points and nothing else."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from scaninbox.scans import weld
from scaninbox.scans.weld import weld_points

from .meshfiles import TETRA_FACES, TETRA_POINTS, arch_mesh, soup_of


def _check(soup: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    points, inverse = weld_points(soup)
    assert points.dtype == np.float32
    assert inverse.dtype == np.int32
    np.testing.assert_array_equal(points[inverse], soup + np.float32(0))  # -0.0 reads as 0.0
    distinct = np.unique((soup + np.float32(0)).view("V12").ravel())
    assert len(points) == len(distinct)
    return points, inverse


def test_shared_corners_become_one_point() -> None:
    points, inverse = _check(soup_of(TETRA_POINTS, TETRA_FACES))
    assert len(points) == 4
    # The welded triangles are the original ones, up to the numbering of the points.
    np.testing.assert_array_equal(points[inverse.reshape(-1, 3)], TETRA_POINTS[TETRA_FACES])


def test_distinct_but_close_points_stay_apart() -> None:
    base = np.float32(1.0)
    neighbour = np.nextafter(base, np.float32(2.0))
    soup = np.array([[base, 0, 0], [neighbour, 0, 0], [base, 0, 0], [0, neighbour, 0]], np.float32)
    points, inverse = _check(soup)
    assert len(points) == 3
    assert inverse[0] == inverse[2] != inverse[1]


def test_negative_zero_is_zero() -> None:
    soup = np.array([[0.0, 1, 2], [-0.0, 1, 2], [0.0, -0.0, 2]], np.float32)
    points, inverse = _check(soup)
    assert inverse[0] == inverse[1]
    assert len(points) == 2


def test_a_realistic_soup() -> None:
    points, faces = arch_mesh()
    welded, _ = _check(soup_of(points, faces))
    assert len(welded) == len(points)


def test_slot_collisions_are_resolved(monkeypatch: pytest.MonkeyPatch) -> None:
    # A 256-slot table for thousands of points: most points collide, round after round.
    monkeypatch.setattr(weld, "_table_bits", lambda n: 8)
    points, faces = arch_mesh(60, 12)
    _check(soup_of(points, faces))


def test_hopeless_collisions_fall_back_to_sorting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(weld, "_table_bits", lambda n: 8)
    monkeypatch.setattr(weld, "_MAX_ROUNDS", 1)
    points, faces = arch_mesh(60, 12)
    _check(soup_of(points, faces))


def test_empty() -> None:
    points, inverse = weld_points(np.empty((0, 3), np.float32))
    assert points.shape == (0, 3)
    assert inverse.shape == (0,)


@settings(max_examples=100, deadline=None)
@given(
    hnp.arrays(
        np.float32,
        st.tuples(st.integers(1, 60), st.just(3)),
        elements=st.sampled_from([0.0, -0.0, 1.0, 2.5, -3.0, 1e-30, np.float32(1.0000001)]),
    ),
)
def test_any_soup_round_trips(soup: np.ndarray) -> None:
    _check(np.ascontiguousarray(soup))


def test_the_weld_keeps_little_per_point() -> None:
    """Per point only a slot (becoming its winner, then its label) and a collision flag: the
    weld runs while a case's soups are on screen, at the viewer's peak memory. Keeping each
    point's 64-bit hash as well took half as much again."""
    import tracemalloc

    points, faces = arch_mesh(1000, 101)  # ~200k triangles
    soup = soup_of(points, faces)
    tracemalloc.start()
    try:
        welded, _ = weld_points(soup)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(welded) == len(points)
    # Measured 1.03× the soup's points, results included (1.5× with the hashes kept).
    assert peak < 1.25 * soup.nbytes, peak / soup.nbytes
