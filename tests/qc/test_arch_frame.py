"""Where the teeth are, estimated from the arch's shape (`qc.arch_frame`), against the tooth labels
of the real MeshLabeler arch in ``../shared/realscans``: each tooth's faces are placed on it, or
on a neighbour where the estimate is off by part of a tooth — never two teeth away."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from scaninbox.qc.arch_frame import arch_frame, tooth_of_points
from scaninbox.qc.scan_checks import check_mesh
from scaninbox.scans import Mesh


def _labelled(realscans: Path) -> tuple[Mesh, np.ndarray]:
    import pyvista as pv

    data = pv.read(realscans / "MeshLabeler_Example_01.vtp")
    faces = np.asarray(data.faces).reshape(-1, 4)[:, 1:].astype(np.int32)
    mesh = Mesh(np.asarray(data.points, np.float32), faces, welded=True)
    return mesh, np.asarray(data.cell_data["Label"]).astype(int)


def _fdi(label: int) -> int:
    """MeshLabeler's labels: 2 … 8 the patient's right second molar … central incisor (at -X,
    as the landmark file's UR1 says), 9 … 15 the left central incisor … second molar."""
    return 10 + (9 - label) if label <= 8 else 20 + (label - 8)


def test_the_estimated_teeth_match_the_labels_within_a_neighbour(realscans: Path) -> None:
    mesh, labels = _labelled(realscans)
    _result, geometry = check_mesh(mesh, jaw="upper", file="labelled.vtp")
    frame = arch_frame(geometry.points, geometry.edges, upper=True)
    centres = mesh.points[mesh.faces].mean(axis=1)
    estimated = tooth_of_points(centres, frame, upper=True)
    exact = 0
    for label in range(2, 16):
        truth = _fdi(label)
        found = estimated[labels == label]
        values, counts = np.unique(found, return_counts=True)
        most = int(values[np.argmax(counts)])
        # The same quadrant, at most one position off (the estimate is said to be one).
        assert most // 10 == truth // 10, (truth, most)
        assert abs(most % 10 - truth % 10) <= 1, (truth, most)
        exact += most == truth
    assert exact >= 9  # of 14: most teeth are named right outright
