"""The real upper-arch scan in its three encodings (skipped when ../shared/realscans is absent)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.scans import face_normals, orient, parse_axis_mapping, read_mesh, refine

pytestmark = pytest.mark.realscans


@pytest.mark.parametrize(
    "name", ["Example_01_binary.stl", "Example_01_ascii.stl", "Example_01_vcolor_binary.ply"]
)
def test_every_encoding_welds_to_the_same_mesh(realscans: Path, name: str) -> None:
    mesh = refine(read_mesh(realscans / name))
    assert (mesh.n_points, mesh.n_faces) == (50_643, 99_999)


def test_ascii_and_binary_stl_hold_the_same_float32_points(realscans: Path) -> None:
    ascii_points = read_mesh(realscans / "Example_01_ascii.stl").points
    binary_points = read_mesh(realscans / "Example_01_binary.stl").points
    np.testing.assert_array_equal(ascii_points, binary_points)


def test_the_mapping_puts_cusps_down_and_incisors_forward(realscans: Path) -> None:
    raw = refine(read_mesh(realscans / "Example_01_vcolor_binary.ply"))
    mesh = orient(raw, parse_axis_mapping("-x,-y,z"))
    assert mesh.colours is not None
    # An upper arch is a shell open toward the skull: its outward normals sum toward -Z.
    assert face_normals(mesh.points, mesh.faces).sum(axis=0)[2] < 0
    # Teeth are ivory, gingiva pink: the teeth (cusps) hang below the gingiva.
    teeth = mesh.colours[:, 1] > 150
    assert mesh.points[teeth, 2].mean() < mesh.points[~teeth, 2].mean() - 2
    # The incisors are the front of the arch (+Y), where it is narrow; the molars, behind, wide.
    tooth_points = mesh.points[teeth]
    y = tooth_points[:, 1]
    front = tooth_points[y > np.quantile(y, 0.9)]
    back = tooth_points[y < np.quantile(y, 0.1)]
    assert np.ptp(front[:, 0]) < 0.5 * np.ptp(back[:, 0])
    # Without the mapping the incisors would be at -Y: the check above would fail.
    raw_teeth = raw.points[teeth]
    raw_front = raw_teeth[raw_teeth[:, 1] > np.quantile(raw_teeth[:, 1], 0.9)]
    assert np.ptp(raw_front[:, 0]) > 0.5 * np.ptp(back[:, 0])
