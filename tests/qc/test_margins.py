"""Margins (issue 27.3): with a scan taken before the preparation the margin is the edge of the
zone 0.2 mm or more inside it; a hole within 1 mm of it fails as ``hole`` with ``at_margin`` and
the tooth whatever its size, other holes keep their grading — through ``scaninbox qc --upper …
--upper-pre-prep …`` on the sandbox's prepared arch."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from scaninbox.qc.margins import margins_from_reduction
from scaninbox.qc.occlusion import Arch
from scaninbox.qc.scan_checks import check_mesh
from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch
from scaninbox.sandbox.mesh_files import stl_bytes
from scaninbox.scans import Mesh
from tests.qc.shapes import punch
from tests.store.conftest import scaninbox


def _arch(recipe: ArchRecipe) -> tuple[np.ndarray, np.ndarray]:
    built = build_arch(recipe, spacing_mm=0.25)
    return np.ascontiguousarray(built.vertices, np.float32), np.ascontiguousarray(
        built.faces, np.int32
    )


def _geometry(points: np.ndarray, faces: np.ndarray, name: str) -> Arch:
    mesh = Mesh(points, faces, welded=True)
    return Arch("upper", name, check_mesh(mesh, jaw="upper", file=name)[1])


def test_the_margin_of_a_prepared_tooth_is_the_edge_of_its_reduction() -> None:
    prepared = _geometry(*_arch(ArchRecipe("upper", 3, treatments=((16, "stump"),))), "p.stl")
    before = _geometry(*_arch(ArchRecipe("upper", 3)), "pre.stl")
    (margin,), _frame = margins_from_reduction(prepared, before.geometry)
    assert margin.tooth == 16
    # The line goes round the tooth: as long as a first molar's outline (10.2 mm wide).
    assert 25.0 < margin.length_mm < 45.0
    # Every point of it is on the edge: 0.2 mm or more removed on one side, less on the other.
    from scaninbox.qc.clearance_field import reduction_field
    from scaninbox.qc.occlusion import surface_of

    removed = reduction_field(prepared.geometry.points, surface_of(before.geometry))
    assert np.all(removed[margin.points] >= 0.2)


@pytest.mark.parametrize(("offset_mm", "at_margin"), [(0.5, True), (6.0, False)])
def test_a_hole_near_the_margin_fails_whatever_its_size(
    tmp_path: Path, offset_mm: float, at_margin: bool
) -> None:
    points, faces = _arch(ArchRecipe("upper", 3, treatments=((16, "stump"),)))
    prepared = _geometry(points, faces, "p.stl")
    before_points, before_faces = _arch(ArchRecipe("upper", 3))
    before = _geometry(before_points, before_faces, "pre.stl")
    (margin,), _frame = margins_from_reduction(prepared, before.geometry)
    # A small hole (0.5 mm across: info by its size) beside a margin point, toward the
    # tooth's outside (away from the margin's middle), or farther away on the same side.
    line = prepared.geometry.points[margin.points].astype(np.float64)
    start = line[0]
    outward = start - line.mean(axis=0)
    outward /= np.linalg.norm(outward)
    target = start + outward * offset_mm
    nearest = prepared.geometry.points[
        np.argmin(np.linalg.norm(prepared.geometry.points - target, axis=1))
    ]
    kept, _removed = punch(points, faces, nearest, 0.3)
    upper = tmp_path / "upper.stl"
    upper.write_bytes(stl_bytes(points, kept, header_text="prepared"))
    pre = tmp_path / "upper pre.stl"
    pre.write_bytes(stl_bytes(before_points, before_faces, header_text="before"))
    done = scaninbox("qc", "--upper", str(upper), "--upper-pre-prep", str(pre), "--json")
    assert done.code in (0, 6), done.err
    result = json.loads(done.out)
    holes = [f for f in result["scans"][0]["findings"] if f["kind"] == "hole"]
    made = min(holes, key=lambda f: float(np.linalg.norm(np.array(f["center_mm"]) - nearest)))
    assert float(np.linalg.norm(np.array(made["center_mm"]) - nearest)) < 1.0
    assert made["at_margin"] is at_margin
    if at_margin:
        assert (made["severity"], made["tooth"]) == ("fail", 16)
        assert done.code == 6
    else:
        assert made["severity"] == "info"
    (found,) = [f for f in result["findings"] if f["kind"] == "margin"]
    assert (found["tooth"], found["method"]) == (16, "pre-preparation scan")
    assert result["checks"]["margins"] in ("pass", "fail", "warn")


def test_the_margin_is_drawn_on_the_report_s_picture(tmp_path: Path) -> None:
    from scaninbox.domain import Jaw
    from scaninbox.qc.report_views import scan_picture
    from tests.render.pixels import load

    prepared = _geometry(*_arch(ArchRecipe("upper", 3, treatments=((16, "stump"),))), "p.stl")
    before = _geometry(*_arch(ArchRecipe("upper", 3)), "pre.stl")
    (margin,), _frame = margins_from_reduction(prepared, before.geometry)
    counts = []
    for lines, name in ((None, "plain.png"), (margin.segments(prepared.geometry), "margin.png")):
        out = scan_picture(prepared.geometry, Jaw.UPPER, [], tmp_path / name, margin_lines=lines)
        pixels = load(out)
        # The line's blue, lit and shaded: far bluer than the scan or the background.
        counts.append(int(((pixels[..., 2] - pixels[..., 0]) > 80).sum()))
    assert counts[0] == 0
    assert counts[1] > 150  # a line round the tooth, a few pixels wide


@pytest.mark.parametrize(("tooth", "seed"), [(16, 3), (14, 3), (26, 5), (36, 4)])
def test_without_a_pre_preparation_scan_the_margin_is_estimated_near_the_true_line(
    tooth: int, seed: int
) -> None:
    from scaninbox.qc.margins import estimated_margins

    jaw = "upper" if tooth < 30 else "lower"
    points, faces = _arch(ArchRecipe(jaw, seed, treatments=((tooth, "stump"),)))  # type: ignore[arg-type]
    mesh = Mesh(points, faces, welded=True)
    prepared = Arch(jaw, "p.stl", check_mesh(mesh, jaw=jaw, file="p.stl")[1])
    before_points, before_faces = _arch(ArchRecipe(jaw, seed))  # type: ignore[arg-type]
    before = Mesh(before_points, before_faces, welded=True)
    (truth,), frame = margins_from_reduction(prepared, check_mesh(before, jaw=jaw, file="b.stl")[1])
    (estimate,) = estimated_margins(prepared, frame, [tooth])
    assert estimate.estimated
    assert estimate.tooth == tooth
    line = prepared.geometry.points[truth.points].astype(np.float64)
    found = prepared.geometry.points[estimate.points].astype(np.float64)
    gap = np.min(np.linalg.norm(found[:, None] - line[None], axis=2), axis=1)
    assert float(np.median(gap)) < 1.2
    assert float(gap.max()) < 2.2
    assert estimate.length_mm == pytest.approx(truth.length_mm, rel=0.15)


def test_on_a_real_arch_the_estimated_lines_run_near_the_gingival_line(realscans: Path) -> None:
    """The labelled real arch has no preparation; the concave line a natural tooth has nearest
    to a margin is where it leaves the gingiva, which the labels draw (the edges between a
    tooth's triangles and the gingiva's). The estimate for every tooth lies near it, not in
    the fissures or the palate."""
    import pyvista as pv

    from scaninbox.qc.arch_frame import arch_frame
    from scaninbox.qc.margins import estimated_margins

    data = pv.read(realscans / "MeshLabeler_Example_01.vtp")
    faces = np.asarray(data.faces).reshape(-1, 4)[:, 1:].astype(np.int32)
    labels = np.asarray(data.cell_data["Label"]).astype(int)
    mesh = Mesh(np.asarray(data.points, np.float32), faces, welded=True)
    geometry = check_mesh(mesh, jaw="upper", file="labelled.vtp")[1]
    on_tooth = np.zeros(len(mesh.points), bool)
    on_gum = np.zeros(len(mesh.points), bool)
    on_tooth[faces[labels > 0].ravel()] = True
    on_gum[faces[labels == 0].ravel()] = True
    gingival_line = mesh.points[on_tooth & on_gum].astype(np.float64)
    frame = arch_frame(geometry.points, geometry.edges, upper=True)
    teeth = [q * 10 + p for q in (1, 2) for p in range(1, 8)]
    margins = estimated_margins(Arch("upper", "labelled.vtp", geometry), frame, teeth)
    assert len(margins) >= 12
    found = np.concatenate([geometry.points[m.points] for m in margins]).astype(np.float64)
    gap = np.min(np.linalg.norm(found[:, None] - gingival_line[None], axis=2), axis=1)
    assert float(np.median(gap)) < 2.1  # 3.4 mm when fissures and embrasures were taken
    assert float(np.quantile(gap, 0.9)) < 4.8


def test_an_estimated_margin_is_found_again_from_the_file_to_draw_it(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from scaninbox.domain import Case, CaseRef, Jaw, Worktype
    from scaninbox.qc import ScanInput, check_scans
    from scaninbox.qc.outlines import scan_shapes

    points, faces = _arch(ArchRecipe("upper", 3, treatments=((16, "stump"),)))
    upper = tmp_path / "upper.stl"
    upper.write_bytes(stl_bytes(points, faces, header_text="prepared"))
    crown = Worktype(category="Fixed", restoration_type="Crown", material="Zirconia", fdi="16")
    case = Case(
        ref=CaseRef.parse("1"),
        worktypes=(crown,),
        received_at=datetime(2026, 11, 20, tzinfo=UTC),
    )
    result = check_scans([ScanInput(upper, Jaw.UPPER, "upper.stl")], case=case).result
    (margin,) = [f for f in result.findings if f.kind == "margin"]
    assert margin.figures["method"] == "estimated from the shape"
    assert margin.figures["tooth"] == 16
    assert "estimated" in margin.message
    assert margin.center_mm is not None
    shape = scan_shapes(upper, jaw="upper", name="upper.stl").match(
        "margin", margin.center_mm, margin.figures
    )
    assert shape is not None
    assert shape.closed_loop is not None
    assert len(shape.closed_loop) >= 18  # a line round the tooth, sector by sector


def test_an_estimated_margin_is_drawn_on_the_picture_too(tmp_path: Path) -> None:
    from scaninbox.domain import Jaw
    from scaninbox.qc.margins import estimated_margins
    from scaninbox.qc.report_views import scan_picture
    from tests.render.pixels import load

    prepared = _geometry(*_arch(ArchRecipe("upper", 3, treatments=((16, "stump"),))), "p.stl")
    before = _geometry(*_arch(ArchRecipe("upper", 3)), "pre.stl")
    _found, frame = margins_from_reduction(prepared, before.geometry)
    (estimate,) = estimated_margins(prepared, frame, [16])
    lines = estimate.segments(prepared.geometry)
    assert len(lines) == len(estimate.points)  # joined round, back to the start
    out = scan_picture(prepared.geometry, Jaw.UPPER, [], tmp_path / "m.png", margin_lines=lines)
    pixels = load(out)
    assert int(((pixels[..., 2] - pixels[..., 0]) > 80).sum()) > 100
