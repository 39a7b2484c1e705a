"""Bite-through and clearance between arches: an antagonist pushed in by a known depth or held
off by a known gap is measured within 0.05 mm (point-to-triangle, not point-to-vertex)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from scaninbox.qc import Severity
from scaninbox.qc.occlusion import Arch, check_occlusion
from scaninbox.qc.scan_checks import check_mesh
from scaninbox.scans import read_mesh
from tests.qc.shapes import arch, mesh, plane, sphere


def _arch(points: np.ndarray, faces: np.ndarray, jaw: str) -> Arch:
    _result, geometry = check_mesh(mesh(points, faces), jaw=jaw, file=f"{jaw}.ply")
    return Arch(jaw, f"{jaw}.ply", geometry)


@pytest.mark.parametrize("depth", [0.12, 0.4])
def test_a_plane_pushed_into_the_arch_is_a_bite_through_of_that_depth(depth: float) -> None:
    points, faces = arch("upper", spacing_mm=0.2)
    tip = points[np.argmin(points[:, 2])]
    below = plane(float(tip[2]) + depth, step_mm=0.7)  # faces up, toward the upper teeth
    result = check_occlusion(_arch(points, faces, "upper"), _arch(*below, "lower"))
    assert result.in_occlusion
    deepest = result.findings[0]
    assert deepest.kind == "bite_through"
    assert float(deepest.figures["depth_mm"]) == pytest.approx(depth, abs=0.05)
    assert deepest.figures["jaw"] == "upper"
    assert np.linalg.norm(np.array(deepest.center_mm) - tip) < 0.5
    assert deepest.severity is (Severity.FAIL if depth >= 0.3 else Severity.WARN)
    assert not [f for f in result.findings if f.kind == "clearance"]


def test_a_plane_between_vertices_is_measured_to_its_triangles_not_its_vertices() -> None:
    """A coarse antagonist: the arch's cusp sits over the middle of a big triangle, far from
    every vertex; the clearance is the distance to the triangle."""
    points, faces = arch("upper", spacing_mm=0.2)
    tip = points[np.argmin(points[:, 2])]
    gap = 0.3
    coarse = plane(float(tip[2]) - gap, half_mm=45.0, step_mm=9.0)
    coarse[0][:, :2] += tip[:2] - np.round(tip[:2] / 9.0) * 9.0 + 3.0  # cusp off the vertices
    result = check_occlusion(_arch(points, faces, "upper"), _arch(*coarse, "lower"))
    (clearance,) = result.findings
    assert clearance.kind == "clearance"
    assert float(clearance.figures["min_mm"]) == pytest.approx(gap, abs=0.05)


@pytest.mark.parametrize("gap", [0.25, 2.5, 9.0])
def test_a_plane_held_off_gives_the_clearance(gap: float) -> None:
    points, faces = arch("upper", spacing_mm=0.2)
    tip = points[np.argmin(points[:, 2])]
    below = plane(float(tip[2]) - gap, step_mm=0.7)
    result = check_occlusion(_arch(points, faces, "upper"), _arch(*below, "lower"))
    (clearance,) = result.findings
    assert clearance.kind == "clearance"
    assert float(clearance.figures["min_mm"]) == pytest.approx(gap, abs=0.05)
    assert np.linalg.norm(np.array(clearance.center_mm) - tip) < 0.5
    apart = gap > 1.0
    assert result.in_occlusion is not apart
    assert clearance.severity is (Severity.WARN if apart else Severity.INFO)


def test_a_sphere_pushed_into_a_plane_has_the_analytic_depth_and_areas() -> None:
    radius, depth = 5.0, 0.6
    ball = sphere((0.0, 0.0, radius - depth), radius)  # the "upper": its bottom dips below z=0
    floor = plane(0.0, half_mm=12.0, step_mm=0.1)
    result = check_occlusion(_arch(*ball, "upper"), _arch(*floor, "lower"))
    by_jaw = {f.figures["jaw"]: f for f in result.findings if f.kind == "bite_through"}
    assert set(by_jaw) == {"upper", "lower"}
    cap = by_jaw["upper"]
    assert float(cap.figures["depth_mm"]) == pytest.approx(depth, abs=0.05)
    assert float(cap.figures["area_mm2"]) == pytest.approx(2 * math.pi * radius * depth, rel=0.1)
    assert cap.center_mm == pytest.approx((0.0, 0.0, -depth), abs=0.05)
    disc = by_jaw["lower"]
    assert float(disc.figures["depth_mm"]) == pytest.approx(depth, abs=0.05)
    disc_area = math.pi * (2 * radius * depth - depth**2)
    assert float(disc.figures["area_mm2"]) == pytest.approx(disc_area, rel=0.1)


def test_a_sphere_held_off_a_plane_gives_the_gap() -> None:
    radius, gap = 4.0, 0.35
    ball = sphere((0.0, 0.0, radius + gap), radius)
    floor = plane(0.0, half_mm=10.0, step_mm=0.5)
    result = check_occlusion(_arch(*ball, "upper"), _arch(*floor, "lower"))
    (clearance,) = result.findings
    assert float(clearance.figures["min_mm"]) == pytest.approx(gap, abs=0.05)


def test_the_rim_of_an_open_antagonist_does_not_count_as_inside() -> None:
    """Points beside a small patch (closest point on its edge) are outside, not bitten through."""
    points, faces = arch("upper", spacing_mm=0.2)
    tip = points[np.argmin(points[:, 2])]
    patch = plane(float(tip[2]) + 0.2, half_mm=0.5, step_mm=0.25)
    patch[0][:, :2] += tip[:2] + 3.0  # beside the cusp, lower than the tooth walls around it
    result = check_occlusion(_arch(points, faces, "upper"), _arch(*patch, "lower"))
    assert all(
        f.figures["jaw"] != "upper" or float(f.figures["depth_mm"]) < 0.25
        for f in result.findings
        if f.kind == "bite_through"
    )


def test_real_arch_against_its_mirror_image_held_off_by_a_known_gap(realscans: Path) -> None:
    upper = read_mesh(realscans / "Example_01_binary.stl")
    _result, geometry = check_mesh(upper, jaw="upper", file="Example_01_binary.stl")
    gap = 0.4
    z0 = float(geometry.points[:, 2].min()) - gap / 2
    mirrored = geometry.points.copy()
    mirrored[:, 2] = 2 * z0 - mirrored[:, 2]
    lower = _arch(mirrored, np.ascontiguousarray(geometry.faces[:, ::-1]), "lower")
    result = check_occlusion(Arch("upper", "Example_01_binary.stl", geometry), lower)
    (clearance,) = result.findings
    assert float(clearance.figures["min_mm"]) == pytest.approx(gap, abs=0.05)


def test_real_arch_with_a_plane_pushed_in(realscans: Path) -> None:
    upper = read_mesh(realscans / "Example_01_binary.stl")
    _result, geometry = check_mesh(upper, jaw="upper", file="Example_01_binary.stl")
    tip = geometry.points[np.argmin(geometry.points[:, 2])]
    depth = 0.25
    floor = plane(float(tip[2]) + depth, half_mm=60.0, step_mm=1.0)
    result = check_occlusion(Arch("upper", "a.stl", geometry), _arch(*floor, "lower"))
    deepest = result.findings[0]
    assert float(deepest.figures["depth_mm"]) == pytest.approx(depth, abs=0.05)
    assert np.linalg.norm(np.array(deepest.center_mm) - tip) < 0.5


def test_inside_and_outside_near_edges_and_corners_of_a_closed_box() -> None:
    """Signed distances to a closed cube's triangles: outside near an edge and a corner (closest
    point on the edge / the corner), inside near them, outside under a face."""
    from scaninbox.qc.distance import Surface
    from scaninbox.qc.topology import unique_edges

    corners = np.array(
        [[x, y, z] for x in (0.0, 2.0) for y in (0.0, 2.0) for z in (0.0, 2.0)], np.float32
    )
    quads = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    faces = np.array([t for a, b, c, d in quads for t in ((a, b, c), (a, c, d))], np.int32)
    surface = Surface(corners, faces, unique_edges(faces, len(corners)))
    query = np.array(
        [
            [2.1, 2.1, 1.0],  # outside, nearest an edge
            [2.1, 2.1, 2.1],  # outside, nearest a corner
            [1.9, 1.95, 1.0],  # inside, near the same edge
            [1.9, 1.9, 1.9],  # inside, near the corner
            [1.0, 1.0, -0.3],  # outside, under a face
        ]
    )
    found = surface.distances(query, 1.0)
    signed = dict(zip(found.index.tolist(), found.signed.tolist(), strict=True))
    assert signed[0] == pytest.approx(0.1 * math.sqrt(2), abs=1e-6)
    assert signed[1] == pytest.approx(0.1 * math.sqrt(3), abs=1e-6)
    assert signed[2] == pytest.approx(-0.05, abs=1e-6)
    assert signed[3] == pytest.approx(-0.1, abs=1e-6)
    assert signed[4] == pytest.approx(0.3, abs=1e-6)
