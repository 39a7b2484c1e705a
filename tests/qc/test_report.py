"""The QC report: a PDF with the findings and a picture per scan with the findings marked,
written whole or not at all; the pictures show the marks where the findings are."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
import pytest

from scaninbox.domain import Jaw
from scaninbox.qc import ScanInput, Severity, check_scans
from scaninbox.qc.report import _settled, write_report
from scaninbox.qc.report_views import SEVERITY_RGB, Marker, scan_picture
from scaninbox.qc.tag_layout import Tag
from scaninbox.sandbox.mesh_files import stl_bytes
from tests.qc.shapes import arch, plane, punch, side_tip
from tests.render.pixels import load


def _files(folder: Path) -> list[ScanInput]:
    points, faces = arch("upper", spacing_mm=0.4)
    side = side_tip(points)
    kept, _ = punch(points, faces, side, 2.0)
    upper = folder / "upper.stl"
    upper.write_bytes(stl_bytes(points, kept, header_text="qc"))
    tip = points[np.argmin(points[:, 2])]
    lower = folder / "lower.stl"
    lower.write_bytes(stl_bytes(*plane(float(tip[2]) + 0.3, step_mm=1.5), header_text="qc"))
    return [ScanInput(upper, Jaw.UPPER), ScanInput(lower, Jaw.LOWER)]


def test_the_report_has_a_page_of_findings_and_a_picture_per_scan(tmp_path: Path) -> None:
    run = check_scans(_files(tmp_path))
    kinds = {f.kind for f in run.result.all_findings}
    assert {"hole", "bite_through"} <= kinds
    out = tmp_path / "report.pdf"
    assert write_report(run, out) == out
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type /Page\b", data)) >= 2
    # One picture per scan, and an occlusal clearance picture of each arch.
    assert len(re.findall(rb"/Subtype /Image", data)) == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lower.stl", "report.pdf", "upper.stl"]


def test_a_report_that_cannot_be_written_leaves_nothing(tmp_path: Path) -> None:
    run = check_scans(_files(tmp_path))
    target = tmp_path / "taken"
    target.mkdir()  # a folder where the file should go: the final move fails
    with pytest.raises(OSError, match="taken"):
        write_report(run, target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lower.stl", "taken", "upper.stl"]


def test_the_picture_marks_a_finding_in_its_severity_colour(tmp_path: Path) -> None:
    run = check_scans(_files(tmp_path)[:1])
    geometry = run.geometry[0]
    plain = scan_picture(geometry, Jaw.UPPER, [], tmp_path / "plain.png", size=(400, 300))
    tip = geometry.points[np.argmin(geometry.points[:, 2])]
    marked = scan_picture(
        geometry,
        Jaw.UPPER,
        [Marker(1, (float(tip[0]), float(tip[1]), float(tip[2])), Severity.FAIL)],
        tmp_path / "marked.png",
        size=(400, 300),
    )
    assert SEVERITY_RGB[Severity.FAIL][0] > 150  # red: shaded, it stays much redder than ivory

    def reddish(path: Path) -> int:
        pixels = load(path)
        r, g, b = pixels[:, :, 0], pixels[:, :, 1], pixels[:, :, 2]
        return int(((r - g > 60) & (r - b > 60)).sum())

    assert reddish(plain) == 0
    assert reddish(marked) > 20


def test_tags_of_findings_a_millimetre_apart_do_not_overlap(tmp_path: Path) -> None:
    run = check_scans(_files(tmp_path)[:1])
    geometry = run.geometry[0]
    # Two findings 1 mm apart across the picture (the occlusal view looks up the z axis).
    tip = geometry.points[np.argmin(geometry.points[:, 2])].astype(float)
    near = (tip[0] + 1.0, tip[1], tip[2])
    markers = [
        Marker(1, (tip[0], tip[1], tip[2]), Severity.WARN),
        Marker(2, near, Severity.WARN),
        Marker(3, (tip[0], tip[1] + 0.5, tip[2]), Severity.FAIL),
    ]
    tags: list[Tag] = []
    out = scan_picture(geometry, Jaw.UPPER, markers, tmp_path / "close.png", tags=tags)
    assert out.exists()
    assert len(tags) == 3
    for a, b in itertools.combinations(tags, 2):
        assert a.box.overlap(b.box) == 0.0, (a.box, b.box)
    assert not tags[0].moved
    assert tags[1].moved
    assert tags[2].moved
    # Each tag's point is where its finding is drawn: 1 mm apart is a few pixels apart.
    (x0, y0), (x1, y1) = tags[0].anchor, tags[1].anchor
    assert 2 < np.hypot(x1 - x0, y1 - y0) < 40
    # The leader lines are drawn: dark pixels between a moved tag and its point.
    pixels = load(out)
    box = tags[1].box
    end = np.asarray(box.nearest(x1, y1))
    towards = np.asarray((x1, y1)) - end
    near_tag = end + towards / np.linalg.norm(towards) * 3  # just off the tag, not the ball
    row, col = pixels.shape[0] - 1 - round(near_tag[1]), round(near_tag[0])
    patch = pixels[row - 1 : row + 2, col - 1 : col + 2].astype(int)
    assert patch.sum(axis=2).min() < 120, patch


def test_pictures_of_files_without_a_mapping_follow_the_tooth_chart(realscans: Path) -> None:
    # Example_01 as exported: X toward the patient's left, incisors toward −Y, cusps toward −Z
    # (../shared/realscans/README.md). Drawn in that frame the upper occlusal picture had the
    # incisors at the bottom and the patient's right on the viewer's right; the pictures must be
    # oriented as the viewer and `scaninbox render` orient them (estimated, and saying so).
    run = check_scans([ScanInput(realscans / "Example_01_binary.stl", Jaw.UPPER)])
    settled = _settled(run, None)
    matrix = np.asarray(settled.matrix)
    assert (matrix @ [0.0, -1.0, 0.0])[1] > 0.9  # incisors anterior: top of the occlusal view
    assert (matrix @ [1.0, 0.0, 0.0])[0] < -0.9  # the patient's left is not drawn as the right
    assert (matrix @ [0.0, 0.0, -1.0])[2] < -0.9  # cusps down
    assert settled.note is not None
    assert "estimated" in settled.note


def test_the_pictures_turn_with_the_persons_turn_of_the_portal(tmp_path: Path) -> None:
    """The report draws a scan as the viewer shows it: the portal's mapping and the person's turn
    of that portal. A mark on the patient's right incisor region is on the picture's left and
    top in the upper occlusal view (the tooth chart); turned back to front, the arch and the mark
    turn with it — the scan as the turned viewer shows it."""
    from scaninbox.domain import Turn
    from scaninbox.scans import resolve_orientation
    from tests.render.pixels import centroid, scan_mask

    run = check_scans(_files(tmp_path)[:1])
    geometry = run.geometry[0]
    points = geometry.points
    # A point on the patient's right (+X), toward the incisors (+Y): canonical frame.
    right_front = points[np.argmax(points[:, 0] + 2.0 * points[:, 1])]
    mark = Marker(1, (float(right_front[0]), float(right_front[1]), float(right_front[2])),
                  Severity.FAIL)  # fmt: skip

    def drawn(turn: Turn, name: str) -> tuple[np.ndarray, tuple[float, float]]:
        matrix = resolve_orientation("x,y,z", portal="Lab portal", turn=turn).matrix
        picture = scan_picture(geometry, Jaw.UPPER, [mark], tmp_path / name, matrix=matrix,
                               size=(640, 480))  # fmt: skip
        pixels = load(picture)
        r, g, b = pixels[:, :, 0], pixels[:, :, 1], pixels[:, :, 2]
        red = (r - g > 60) & (r - b > 60)
        assert red.sum() > 10
        return scan_mask(pixels), centroid(red)

    plain_mask, (plain_x, plain_y) = drawn(Turn(), "plain.png")
    turned_mask, (turned_x, turned_y) = drawn(Turn(back_to_front=True), "turned.png")
    assert plain_x < 0.5  # the patient's right on the picture's left
    assert plain_y < 0.5  # the incisors at the top of the upper occlusal view
    assert turned_x > 0.5  # turned back to front: the mark went to the other corner
    assert turned_y > 0.5

    def overlap(a: np.ndarray, b: np.ndarray) -> float:
        return float((a & b).sum() / max(1, (a | b).sum()))

    # The arch itself turned half round (a U opening the other way), not just the mark.
    assert overlap(turned_mask, plain_mask[::-1, ::-1]) > 2 * overlap(turned_mask, plain_mask)
