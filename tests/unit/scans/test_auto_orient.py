"""Estimating the orientation of scans that come without an axisMapping.

Stated tolerance, in random rotations (at least 15° away from every axis-aligned frame, which
an estimate within `SNAP_DEGREES` is snapped to): every canonical axis within 5° of the truth for
the real upper arch Example_01 and the sandbox's intact arches, within 8° for arches with teeth
missing on one side; exact when the scan arrives in an axis-aligned frame, as scanners export.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from scaninbox.domain import Jaw
from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch, build_bite
from scaninbox.sandbox.axes import to_portal_frame
from scaninbox.sandbox.portals import PORTALS
from scaninbox.scans import Mesh, estimate_orientation, orient, read_mesh, resolve_orientation
from scaninbox.scans.auto_orient import SNAP_DEGREES, _spread_sample

AXIS_ALIGNED = [
    resolve_orientation(",".join(f"{s}{a}" for s, a in zip(signs, axes, strict=True))).matrix
    for axes in itertools.permutations("xyz")
    for signs in itertools.product("+-", repeat=3)
]
TOLERANCE_DEGREES = 5.0
GAP_TOLERANCE_DEGREES = 8.0  # teeth missing on one side tilt the best-fitting plane
# Example_01: X is the patient's left, anterior −Y, occlusal −Z (realscans README).
EXAMPLE_01 = np.diag([-1.0, -1.0, 1.0])


def random_rotation(rng: np.random.Generator) -> np.ndarray:
    """A random proper rotation at least 15° from every axis-aligned frame."""
    while True:
        rotation = _any_rotation(rng)
        if min(_angle(rotation, frame) for frame in AXIS_ALIGNED) > SNAP_DEGREES + 5.0:
            return rotation


def _angle(a: np.ndarray, b: np.ndarray) -> float:
    return math.degrees(math.acos(max(-1.0, min(1.0, (float(np.trace(a @ b.T)) - 1.0) / 2.0))))


def _any_rotation(rng: np.random.Generator) -> np.ndarray:
    """A uniformly random proper rotation (from a random unit quaternion)."""
    a, b, c, d = rng.normal(size=4) / 1.0
    norm = math.sqrt(a * a + b * b + c * c + d * d)
    a, b, c, d = a / norm, b / norm, c / norm, d / norm
    return np.array(
        [
            [a * a + b * b - c * c - d * d, 2 * (b * c - a * d), 2 * (b * d + a * c)],
            [2 * (b * c + a * d), a * a - b * b + c * c - d * d, 2 * (c * d - a * b)],
            [2 * (b * d - a * c), 2 * (c * d + a * b), a * a - b * b - c * c + d * d],
        ]
    )


def worst_axis_degrees(estimate: np.ndarray, truth: np.ndarray) -> float:
    """The largest angle between an estimated canonical axis and the true one."""
    cosines = np.clip(np.einsum("ij,ij->i", estimate, truth), -1.0, 1.0)
    return float(np.degrees(np.arccos(cosines)).max())


def sandbox_arch(jaw: str, seed: int, **recipe: object) -> Mesh:
    arch = build_arch(ArchRecipe(jaw=jaw, seed=seed, **recipe), spacing_mm=0.6)  # type: ignore[arg-type]
    return Mesh(arch.vertices, arch.faces, welded=True, name=f"{jaw}.stl")


@pytest.mark.parametrize(
    ("jaw", "recipe"),
    [
        ("upper", {}),
        ("lower", {}),
        ("upper", {"missing": (16, 17, 25), "crowding": True}),
        ("lower", {"missing": (36, 46), "third_molars": (True, True)}),
    ],
)
def test_sandbox_arches_in_random_rotations(jaw: str, recipe: dict[str, object]) -> None:
    mesh = sandbox_arch(jaw, 11, **recipe)
    rng = np.random.default_rng(len(recipe) * 10 + len(jaw))
    as_exported = estimate_orientation(mesh, Jaw(jaw))
    assert as_exported is not None
    np.testing.assert_array_equal(as_exported.matrix, np.eye(3))  # axis-aligned: exact
    for _ in range(6):
        rotation = random_rotation(rng)
        estimate = estimate_orientation(orient(mesh, rotation), Jaw(jaw))
        assert estimate is not None
        assert estimate.confident
        # The file holds rotation @ canonical, so the answer is rotation's inverse.
        tolerance = GAP_TOLERANCE_DEGREES if "missing" in recipe else TOLERANCE_DEGREES
        assert worst_axis_degrees(estimate.matrix, rotation.T) < tolerance
        assert np.linalg.det(estimate.matrix) == pytest.approx(1.0)  # never a mirror


@pytest.mark.parametrize("portal", PORTALS, ids=lambda p: p.name)
@pytest.mark.parametrize(
    ("jaw", "missing"), [("upper", ()), ("lower", ()), ("upper", (14, 15, 16)), ("lower", (46,))]
)
def test_every_portal_convention_is_recovered_exactly(
    portal: object, jaw: str, missing: tuple[int, ...]
) -> None:
    from scaninbox.sandbox.portals import Portal

    assert isinstance(portal, Portal)
    mesh = sandbox_arch(jaw, 3, missing=missing)
    exported = mesh.replace(points=to_portal_frame(mesh.points, portal.axis_mapping))
    estimate = estimate_orientation(exported, Jaw(jaw))
    assert estimate is not None
    expected = resolve_orientation(portal.axis_mapping).matrix
    np.testing.assert_array_equal(estimate.matrix, expected)


@pytest.mark.realscans
def test_the_real_upper_arch_in_random_rotations(realscans: object) -> None:
    from pathlib import Path

    assert isinstance(realscans, Path)
    raw = read_mesh(realscans / "Example_01_binary.stl")  # an unwelded soup, as the viewer has it
    estimate = estimate_orientation(raw, Jaw.UPPER)
    assert estimate is not None
    np.testing.assert_array_equal(estimate.matrix, EXAMPLE_01)
    rng = np.random.default_rng(2026)
    for _ in range(8):
        rotation = random_rotation(rng)
        turned = estimate_orientation(orient(raw, rotation), Jaw.UPPER)
        assert turned is not None
        assert turned.confident
        assert worst_axis_degrees(turned.matrix, EXAMPLE_01 @ rotation.T) < TOLERANCE_DEGREES


def test_the_teeth_side_does_not_depend_on_the_triangles_winding() -> None:
    mesh = sandbox_arch("upper", 5)
    inside_out = mesh.replace(faces=np.ascontiguousarray(mesh.faces[:, ::-1]))
    estimate = estimate_orientation(inside_out, Jaw.UPPER)
    assert estimate is not None
    np.testing.assert_array_equal(estimate.matrix, np.eye(3))


def test_the_jaw_decides_which_way_is_up() -> None:
    # The same lower arch called an upper one is turned upside down (about the front-to-back
    # axis: the incisors stay in front, left and right swap back with it — no mirror).
    mesh = sandbox_arch("lower", 5)
    as_upper = estimate_orientation(mesh, Jaw.UPPER)
    assert as_upper is not None
    np.testing.assert_array_equal(as_upper.matrix, np.diag([-1.0, 1.0, -1.0]))


def test_shapeless_meshes_give_no_estimate() -> None:
    points = np.array([[0, 0, 0], [1, 0, 0], [2, 0, 0]], np.float32)
    line = Mesh(points, np.array([[0, 1, 2]], np.int32), welded=True)
    assert estimate_orientation(line, Jaw.UPPER) is None
    empty = Mesh(np.zeros((0, 3), np.float32), np.zeros((0, 3), np.int32))
    assert estimate_orientation(empty, Jaw.UPPER) is None


def test_a_case_settles_on_its_upper_arch_and_the_bite_follows() -> None:
    upper, lower = sandbox_arch("upper", 9), sandbox_arch("lower", 9)
    bite = build_bite(ArchRecipe("upper", 9), ArchRecipe("lower", 9), spacing_mm=0.6)
    bite_mesh = Mesh(bite.vertices, bite.faces, welded=True)
    rotation = resolve_orientation("-y,x,z").matrix.T  # a Carestream-like export
    pending = resolve_orientation(None, portal="Carestream")
    settled = pending.settle(
        [
            (orient(bite_mesh, rotation), Jaw.BITE),
            (orient(lower, rotation), Jaw.LOWER),
            (orient(upper, rotation), Jaw.UPPER),
        ]
    )
    assert not settled.pending
    np.testing.assert_array_equal(settled.matrix, rotation.T)
    assert settled.note == "No axis mapping for Carestream — orientation estimated from the scan"


def test_a_shapeless_case_is_shown_as_exported_and_says_so() -> None:
    points = np.array([[0, 0, 0], [1, 0, 0], [2, 0, 0]], np.float32)
    line = Mesh(points, np.array([[0, 1, 2]], np.int32), welded=True)
    settled = resolve_orientation(None, portal="iTero").settle([(line, Jaw.UPPER)])
    assert not settled.pending
    assert settled.is_identity
    assert settled.note == (
        "No axis mapping for iTero — shown as exported (its shape gives no orientation)"
    )


def test_its_quantiles_are_numpys_linear_percentiles() -> None:
    from scaninbox.scans.auto_orient import _quantiles

    values = np.random.default_rng(5).normal(size=1001) ** 3
    for sample in (values, values[:2], values[:1], values[:7]):
        shares = (0.0, 0.01, 0.5, 0.9, 0.99, 1.0)
        expected = np.percentile(sample, [100 * s for s in shares])
        np.testing.assert_allclose(_quantiles(sample, shares), expected, rtol=1e-12, atol=0)


@pytest.mark.parametrize("count", [40_001, 90_000, 123_457, 400_000, 1_200_000])
def test_the_triangle_sample_is_distinct_and_keeps_no_step_with_the_file_order(count: int) -> None:
    # Exporters write strips and patches; an even stride fell in step with a sandbox export and
    # tilted the estimate (the viewer's rotated-export test caught it). Whatever period the file's
    # order has, the sample must meet every phase of it about equally often.
    picked = _spread_sample(count, 40_000)
    assert len(np.unique(picked)) == 40_000
    assert np.all(np.diff(picked) > 0)
    assert picked[0] >= 0
    assert picked[-1] < count
    for period in (2, 3, 7, 10, count // 40_000, count // 40_000 + 1, 97):
        if period < 2:
            continue
        phases = np.bincount(picked % period, minlength=period)
        assert phases.max() <= 1.25 * phases.min() + 2, (period, phases)
