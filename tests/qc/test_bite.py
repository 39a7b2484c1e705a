"""Bite sanity (issue 27.2): scans filed under the wrong jaw fail as ``jaw_swapped``, a bite
taken open on one side warns as ``one_sided_contact`` with the patient's side — on the real arch
of ``../shared/realscans`` and on the sandbox's pairs — and correctly filed pairs raise nothing."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.qc.arch_frame import arch_frame
from scaninbox.qc.bite import bite_findings
from scaninbox.qc.occlusion import Arch, check_occlusion
from scaninbox.qc.scan_checks import check_mesh
from scaninbox.scans import Mesh
from tests.qc.bite_pairs import lower_from, real_upper, sandbox_pair
from tests.qc.shapes import plane


def _bite(upper: Arch, lower: Arch) -> list[tuple[str, str]]:
    occlusion = check_occlusion(upper, lower)
    assert occlusion.in_occlusion
    findings, _frame = bite_findings(upper, lower, occlusion)
    return [(f.kind, str(f.severity)) for f in findings]


def test_the_real_arch_s_frame_follows_its_anatomy(realscans: Path) -> None:
    # README of the real scans: cusps toward -Z, incisors toward -Y, X is the patient's left.
    upper = real_upper(realscans)
    frame = arch_frame(upper.geometry.points, upper.geometry.edges, upper=True)
    for axis, expected in (
        (frame.occlusal, (0, 0, -1)),
        (frame.anterior, (0, -1, 0)),
        (frame.left, (1, 0, 0)),
    ):
        angle = np.degrees(np.arccos(np.clip(float(axis @ np.array(expected)), -1, 1)))
        assert angle < 5, (axis, expected)


@pytest.mark.parametrize("gap_mm", [-0.6, -0.3])  # in occlusion
def test_a_real_pair_filed_right_raises_nothing_and_swapped_fails(
    realscans: Path, gap_mm: float
) -> None:
    upper = real_upper(realscans)
    lower = lower_from(upper.geometry, gap_mm=gap_mm)
    assert _bite(upper, lower) == []
    swapped_upper = Arch("upper", lower.file, lower.geometry)
    swapped_lower = Arch("lower", upper.file, upper.geometry)
    assert _bite(swapped_upper, swapped_lower) == [("jaw_swapped", "fail")]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_sandbox_pairs_filed_right_raise_nothing_and_swapped_fail(seed: int) -> None:
    upper, lower = sandbox_pair(seed)
    assert _bite(upper, lower) == []
    assert _bite(Arch("upper", "l", lower.geometry), Arch("lower", "u", upper.geometry)) == [
        ("jaw_swapped", "fail")
    ]


@pytest.mark.parametrize(("side", "sign"), [("right", -1.0), ("left", 1.0)])
@pytest.mark.parametrize("slope", [0.03, 0.05])
def test_a_bite_open_on_one_side_warns_with_the_patient_s_side_and_the_gap(
    realscans: Path, side: str, sign: float, slope: float
) -> None:
    # An antagonist plane under the real arch touching its cusps on the patient's ``side`` and
    # falling away toward the other side (X is the patient's left).
    upper = real_upper(realscans)
    findings, _frame, back, expected = _tilted_floor(upper, sign, slope)
    (finding,) = [f for f in findings if f.kind == "one_sided_contact"]
    assert str(finding.severity) == "warn"
    assert finding.figures["side"] == side
    assert finding.figures["open_side"] == ("left" if side == "right" else "right")
    assert float(finding.figures["gap_mm"]) == pytest.approx(expected, abs=0.05)
    assert finding.center_mm is not None
    assert float(np.min(np.linalg.norm(back - np.array(finding.center_mm), axis=1))) < 1.0


def test_a_bite_nearly_level_on_both_sides_raises_nothing(realscans: Path) -> None:
    upper = real_upper(realscans)
    findings, _frame, _back, expected = _tilted_floor(upper, 1.0, 0.008)
    assert expected < 0.5  # the open side's back teeth come nearer than 0.5 mm
    assert not [f for f in findings if f.kind == "one_sided_contact"]


def _tilted_floor(upper: Arch, sign: float, slope: float) -> tuple[list, object, np.ndarray, float]:
    """A plane under the arch touching on the side ``sign`` (+1: the patient's left) and
    falling away by ``slope`` mm per mm; the bite findings, the frame, the open side's back
    teeth and their smallest distance to the plane."""
    p = upper.geometry.points.astype(np.float64)
    floor_points, floor_faces = plane(0.0, half_mm=60.0, step_mm=1.0)
    fp = floor_points.astype(np.float64)
    # The plane z = z0 + drop x under the cusps (at -Z): highest — nearest — on that side.
    drop = sign * slope
    z0 = float(np.min(p[:, 2] - drop * p[:, 0])) + 0.05  # 0.05 mm into the touching side
    fp[:, 2] = z0 + drop * fp[:, 0]
    lower_mesh = Mesh(fp.astype(np.float32), floor_faces, welded=True)
    lower = Arch("lower", "floor.stl", check_mesh(lower_mesh, jaw="lower", file="floor.stl")[1])
    occlusion = check_occlusion(upper, lower)
    findings, frame = bite_findings(upper, lower, occlusion)
    assert frame is not None
    teeth = p[frame.teeth]
    x, y = frame.plane(teeth)
    middle = (frame.front_mm + frame.back_mm) / 2
    back = teeth[((x < 0) if sign > 0 else (x > 0)) & (y < middle)]
    normal = np.array([-drop, 0.0, 1.0]) / np.hypot(drop, 1.0)
    expected = float(np.min(np.abs((back - np.array([0.0, 0.0, z0])) @ normal)))
    return findings, frame, back, expected
