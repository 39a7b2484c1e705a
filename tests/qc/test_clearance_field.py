"""The colour maps' distance fields: an antagonist pushed in by a known depth or held off by a
known gap, and a tooth reduced by a known thickness, are measured per point within 0.05 mm."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.qc.clearance_field import (
    CAP_MM,
    CHUNK_POINTS,
    clearance_field,
    reduction_field,
    surface_of_mesh,
)
from scaninbox.scans import read_mesh
from tests.qc.shapes import arch, mesh, plane, soup, sphere

REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "realscans"


@pytest.mark.parametrize(("shift", "up"), [(0.4, True), (-0.25, True), (0.4, False)])
def test_each_point_of_an_arch_gets_its_signed_distance_to_the_antagonist_plane(
    shift: float, up: bool
) -> None:
    """The plane faces the upper arch (its winding either way: the side that faces the arch is
    its front); a point above it is that far in the air, one below it inside (negative)."""
    points, _faces = arch("upper", spacing_mm=0.25)
    tip = float(points[:, 2].min())
    level = tip + shift  # shift > 0: the cusps go in by ``shift``; < 0: held off by the gap
    antagonist = surface_of_mesh(mesh(*plane(level, step_mm=0.7, up=up)))
    field = clearance_field(points, antagonist)
    expected = points[:, 2].astype(np.float64) - level
    near = np.abs(expected) <= CAP_MM - 0.01
    far = np.abs(expected) > CAP_MM + 0.01
    assert near.sum() > 1000
    assert far.sum() > 1000
    assert np.all(np.isfinite(field[near]))
    assert np.abs(field[near] - expected[near]).max() < 0.05
    assert np.all(np.isnan(field[far]))
    inside = expected < -0.05
    assert bool(inside.any()) is (shift > 0)
    assert np.all(field[inside] < 0)
    assert np.all(field[near & (expected > 0.05)] > 0)


def test_distances_are_to_the_antagonist_triangles_not_its_vertices() -> None:
    """A coarse plane: a point over the middle of a 9 mm triangle is 0.3 mm from it, though its
    nearest vertex is millimetres away."""
    query = np.array([[3.1, 2.7, 0.3], [-4.2, 1.3, -0.2]])
    coarse = surface_of_mesh(mesh(*plane(0.0, half_mm=18.0, step_mm=9.0)))
    field = clearance_field(query, coarse)
    assert field == pytest.approx([0.3, -0.2], abs=1e-5)


def test_a_soup_antagonist_is_welded_first_and_measures_the_same() -> None:
    points, faces = sphere((0.0, 0.0, 0.0), 5.0, rings=60)
    query = np.array([[0.0, 0.0, 6.0], [0.0, 4.0, 0.0], [7.9, 0.0, 0.0]])
    welded = clearance_field(query, surface_of_mesh(mesh(points, faces)))
    from_soup = clearance_field(query, surface_of_mesh(soup(points, faces)))
    assert from_soup == pytest.approx(welded, abs=1e-6)
    assert welded == pytest.approx([1.0, -1.0, 2.9], abs=0.02)


def _dome(radius: float, rings: int = 120) -> tuple[np.ndarray, np.ndarray]:
    """The upper half of a sphere about the origin: an open shell, triangles facing out."""
    points, faces = sphere((0.0, 0.0, 0.0), radius, rings=rings)
    keep = points[faces].mean(axis=1)[:, 2] > 0
    return points, np.ascontiguousarray(faces[keep])


@pytest.mark.parametrize("inside_out", [False, True])
def test_reduction_is_the_thickness_taken_off_the_tooth(inside_out: bool) -> None:
    """Before: a dome of radius 5. The preparation: the same dome with its top (within 35° of
    the pole) taken down by 1.2 mm toward the centre. Removed there: 1.2 mm; elsewhere 0."""
    radius, depth = 5.0, 1.2
    points, faces = _dome(radius)
    if inside_out:  # the scanner wrote both inside out: the answer must not change sign
        faces = np.ascontiguousarray(faces[:, ::-1])
    unit = points / np.linalg.norm(points, axis=1, keepdims=True)
    top = unit[:, 2] > np.cos(np.radians(35))
    prepared = points.copy()
    prepared[top] = unit[top] * (radius - depth)
    used = np.unique(faces)
    removed = reduction_field(prepared[used], surface_of_mesh(mesh(points, faces)))
    reduced = top[used]
    assert reduced.sum() > 200
    assert removed[reduced] == pytest.approx(np.full(reduced.sum(), depth), abs=0.05)
    assert np.abs(removed[~reduced]).max() < 0.01


def test_nothing_to_measure_against_gives_no_values() -> None:
    empty = surface_of_mesh(
        mesh(np.zeros((3, 3), np.float32), np.zeros((0, 3), np.int32), name="empty")
    )
    field = clearance_field(np.zeros((4, 3)), empty)
    assert field.shape == (4,)
    assert np.all(np.isnan(field))


@pytest.mark.skipif(not REAL.is_dir(), reason="../shared/realscans is absent")
def test_a_real_arch_over_a_copy_of_itself_pushed_up_has_that_depth_everywhere_near() -> None:
    """The real upper arch and the same surface 0.3 mm higher as its "antagonist" (wound the
    same way, so the arch lies inside it by 0.3 mm along the surface normals): every point
    where the surface is not too steep reads about -0.3 (a tilted surface is nearer than the
    vertical shift: |d| <= 0.3 always)."""
    scan = read_mesh(REAL / "Example_01_binary.stl")
    surface = surface_of_mesh(scan)
    lifted = surface.points.astype(np.float32) + np.array([0, 0, 0.3], np.float32)
    other = surface_of_mesh(mesh(lifted, surface.faces))
    field = clearance_field(surface.points, other)
    assert np.all(np.isfinite(field))
    assert np.all(np.abs(field) <= 0.3 + 1e-3)
    assert np.median(np.abs(field)) > 0.15


def test_only_points_on_a_point_of_the_scan_before_are_taken_as_untouched() -> None:
    """Points kept from the scan before read 0 without a query; a point 0.05 mm off one (a
    tolerance wider than `UNCHANGED_MM` would call it untouched) is measured."""
    points, faces = _dome(5.0)
    used = np.unique(faces)
    unit = points / np.linalg.norm(points, axis=1, keepdims=True)
    prepared = points.copy()
    outward = unit[:, 0] > 0.5  # one side grew by 0.05 mm (swollen gingiva): removed -0.05
    prepared[outward] = unit[outward] * 5.05
    removed = reduction_field(prepared[used], surface_of_mesh(mesh(points, faces)))
    grew = outward[used]
    assert removed[grew] == pytest.approx(np.full(grew.sum(), -0.05), abs=0.005)
    assert np.all(removed[~grew] == 0.0)


def test_measuring_reports_its_progress_chunk_by_chunk_and_the_values_do_not_change() -> None:
    points, _faces = arch("upper", spacing_mm=0.12)
    tip = float(points[:, 2].min())
    antagonist = surface_of_mesh(mesh(*plane(tip + 0.3, step_mm=0.7)))
    asked = len(antagonist.candidates(np.asarray(points, np.float64), CAP_MM))
    assert asked > 2 * CHUNK_POINTS  # so that there is more than one chunk to report
    reports: list[float] = []
    field = clearance_field(points, antagonist, progress=reports.append)
    assert len(reports) == -(-asked // CHUNK_POINTS)
    assert reports == sorted(reports)
    assert reports[-1] == 1.0
    assert reports[0] == pytest.approx(CHUNK_POINTS / asked)
    # In one go (no progress asked for) the same values.
    whole = antagonist.distances(np.asarray(points, np.float64), CAP_MM)
    expected = np.full(len(points), np.nan, np.float32)
    expected[whole.index] = whole.signed
    assert np.array_equal(field, expected, equal_nan=True)

    before = surface_of_mesh(mesh(points, _faces))
    removed: list[float] = []
    reduction_field(points + np.float32(0.02), before, progress=removed.append)
    assert removed
    assert removed[-1] == 1.0
