"""Undercuts and the path of insertion (issue 27.4): the best axis of a tilted, tapered
preparation within 2°, an overhang's undercut depth within 0.05 mm and its place within 1 mm; a
bridge whose abutments lean apart; no undercut on the sandbox's tapered preparations."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.qc.occlusion import Arch
from scaninbox.qc.scan_checks import check_mesh
from scaninbox.qc.undercut import _point_areas, best_axis, undercut_depths, undercut_findings
from scaninbox.scans import Mesh
from tests.qc.shapes import stump


def _search(tilt_deg: float, ledge_mm: float = 0.0) -> tuple[np.ndarray, object, np.ndarray]:
    points, faces, axis = stump(tilt_deg=tilt_deg, ledge_mm=ledge_mm)
    p = points.astype(np.float64)
    area = (
        np.linalg.norm(
            np.cross(p[faces[:, 1]] - p[faces[:, 0]], p[faces[:, 2]] - p[faces[:, 0]]), axis=1
        )
        / 2
    )
    weights, normals = _point_areas(faces, area, p, len(p))
    balanced = (normals * weights[:, None]).sum(axis=0)
    found = best_axis(
        p, weights, normals, balanced / np.linalg.norm(balanced), np.array([0, 0, 1.0])
    )
    return p, found, axis


@pytest.mark.parametrize("tilt_deg", [0.0, 8.0, 17.0])
def test_the_best_axis_of_a_tilted_tapered_preparation_is_its_own(tilt_deg: float) -> None:
    _points, found, axis = _search(tilt_deg)
    angle = np.degrees(np.arccos(np.clip(float(found.axis @ axis), -1, 1)))  # type: ignore[attr-defined]
    assert angle < 2.0
    assert float(found.depth.max()) < 0.01  # type: ignore[attr-defined]


@pytest.mark.parametrize("ledge_mm", [0.15, 0.4])
def test_an_overhang_is_an_undercut_of_its_depth_under_it(ledge_mm: float) -> None:
    points, found, axis = _search(5.0, ledge_mm)
    depth = found.depth  # type: ignore[attr-defined]
    deepest = points[int(np.argmax(depth))]
    assert float(depth.max()) == pytest.approx(ledge_mm, abs=0.05)
    # Under the overhang: three fifths of the way up, on the +X side of the stump.
    height = float(deepest @ axis)
    assert height == pytest.approx(3.0, abs=1.0)
    assert float(
        np.degrees(np.arctan2(deepest[1], deepest[0] * np.cos(np.radians(5))))
    ) == pytest.approx(0, abs=40)
    # Along the stump's own axis the overhang is as deep.
    p, faces = stump(tilt_deg=5.0, ledge_mm=ledge_mm)[:2]
    pp = p.astype(np.float64)
    area = (
        np.linalg.norm(
            np.cross(pp[faces[:, 1]] - pp[faces[:, 0]], pp[faces[:, 2]] - pp[faces[:, 0]]), axis=1
        )
        / 2
    )
    normals = _point_areas(faces, area, pp, len(pp))[1]
    assert float(undercut_depths(pp, axis, normals).max()) == pytest.approx(ledge_mm, abs=0.05)


def _sandbox_arch(treatments: tuple[tuple[int, str], ...]) -> Arch:
    from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch

    built = build_arch(ArchRecipe("upper", 3, treatments=treatments), spacing_mm=0.25)  # type: ignore[arg-type]
    mesh = Mesh(
        np.ascontiguousarray(built.vertices, np.float32),
        np.ascontiguousarray(built.faces, np.int32),
        welded=True,
    )
    return Arch("upper", "upper.stl", check_mesh(mesh, jaw="upper", file="upper.stl")[1])


def test_the_sandbox_s_tapered_preparations_have_no_undercut_and_parallel_abutments() -> None:
    arch = _sandbox_arch(((14, "stump"), (16, "stump")))
    findings = undercut_findings([14, 16], [(14, 16)], {"upper": arch})
    assert [f for f in findings if str(f.severity) == "fail"] == []


def _region(tilt_deg: float, shift_x: float) -> object:
    from scaninbox.qc.undercut import region_of

    points, faces, axis = stump(tilt_deg=tilt_deg)
    p = points.astype(np.float64) + np.array([shift_x, 0.0, 0.0])
    area = (
        np.linalg.norm(
            np.cross(p[faces[:, 1]] - p[faces[:, 0]], p[faces[:, 2]] - p[faces[:, 0]]), axis=1
        )
        / 2
    )
    weights, normals = _point_areas(faces, area, p, len(p))
    return region_of(p, weights, normals, np.array([0.0, 0.0, 1.0])), axis


@pytest.mark.parametrize(("lean_deg", "diverge"), [(2.0, False), (15.0, True)])
def test_abutments_leaning_apart_have_no_common_path(lean_deg: float, diverge: bool) -> None:
    from scaninbox.qc.undercut import common_axis

    (mesial, mesial_axis), (distal, distal_axis) = _region(-lean_deg, -8.0), _region(lean_deg, 8.0)
    pair = [mesial, distal]
    common, _score = common_axis(pair, np.array([0.0, 0.0, 1.0]))
    worst = max(float(undercut_depths(r.points, common, r.normals).max()) for r in pair)  # type: ignore[attr-defined]
    assert (worst >= 0.1) is diverge
    own = [
        best_axis(r.points, r.weights, r.normals, r.balanced, np.array([0.0, 0.0, 1.0])).axis  # type: ignore[attr-defined]
        for r in pair
    ]
    angle = np.degrees(np.arccos(np.clip(float(own[0] @ own[1]), -1, 1)))
    truth = np.degrees(np.arccos(np.clip(float(mesial_axis @ distal_axis), -1, 1)))
    assert angle == pytest.approx(truth, abs=2.0)


def test_an_unprepared_real_tooth_prescribed_a_crown_has_an_undercut_drawn_again_from_the_file(
    realscans: Path,
) -> None:
    # The real arch's 16 is a natural molar: its bulge overhangs its neck on every path.
    from datetime import UTC, datetime

    from scaninbox.domain import Case, CaseRef, Jaw, Worktype
    from scaninbox.qc import ScanInput, check_scans
    from scaninbox.qc.outlines import scan_shapes

    path = realscans / "Example_01_binary.stl"
    crown = Worktype(category="Fixed", restoration_type="Crown", material="Zirconia", fdi="16")
    case = Case(
        ref=CaseRef.parse("1"), worktypes=(crown,), received_at=datetime(2026, 1, 1, tzinfo=UTC)
    )
    result = check_scans([ScanInput(path, Jaw.UPPER, "upper.stl")], case=case).result
    (undercut,) = [f for f in result.findings if f.kind == "undercut"]
    assert undercut.figures["tooth"] == 16
    assert undercut.number("depth_mm") >= 0.3
    assert str(undercut.severity) == "fail"
    assert undercut.center_mm is not None
    # Clicked in the QC tab: its triangles are found again from the file, along its axis.
    shape = scan_shapes(path, jaw="upper", name="upper.stl").match(
        "undercut", undercut.center_mm, undercut.figures
    )
    assert shape is not None
    assert shape.kind == "undercut"
    assert len(shape.faces) > 10
    near = np.linalg.norm(shape.points.astype(np.float64) - np.asarray(undercut.center_mm), axis=1)
    assert float(near.min()) < 1.0  # the tinted area holds the deepest point
