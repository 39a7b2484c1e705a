"""The generators without a server: arch geometry, axis conventions, writers, PDFs."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from scaninbox.sandbox import order_form
from scaninbox.sandbox.arch_layout import arch_layout
from scaninbox.sandbox.arch_mesh import ArchMesh, ArchRecipe, build_arch
from scaninbox.sandbox.axes import mapping_matrix, to_portal_frame
from scaninbox.sandbox.mesh_files import ply_bytes, stl_bytes
from scaninbox.sandbox.portals import PORTALS
from tests.sandbox.helpers import apply_axis_mapping, read_ply, read_stl


def test_portal_mappings_are_distinct_proper_rotations() -> None:
    matrices = [mapping_matrix(p.axis_mapping) for p in PORTALS]
    for matrix in matrices:
        assert np.allclose(matrix @ matrix.T, np.eye(3))
        assert round(float(np.linalg.det(matrix))) == 1
    assert len({m.tobytes() for m in matrices}) == len(PORTALS)


@pytest.mark.parametrize("mapping", ["x,y", "x,y,w", "x,x,z", "-x,y,z", "y,x,z"])
def test_bad_or_mirroring_mappings_are_refused(mapping: str) -> None:
    with pytest.raises(ValueError, match="mapping"):
        mapping_matrix(mapping)


@pytest.mark.parametrize("mapping", [p.axis_mapping for p in PORTALS])
def test_portal_frame_round_trips_through_the_spec_reading(mapping: str) -> None:
    canonical = np.random.default_rng(1).normal(size=(50, 3)).astype(np.float32)
    exported = to_portal_frame(canonical, mapping)
    restored = apply_axis_mapping(exported.astype(np.float64), mapping)
    assert np.allclose(restored, canonical, atol=1e-6)


def near(mesh: ArchMesh, jaw: str, fdi: int, radius_mm: float = 2.0) -> npt.NDArray[np.float32]:
    """Canonical vertices within ``radius_mm`` (in the occlusal plane) of a tooth's centre."""
    layout = arch_layout(jaw, third_molars=(False, False))  # type: ignore[arg-type]
    slot = next(s for s in layout.slots if s.fdi == fdi)
    centre, _ = layout.frame(np.array([slot.center_s_mm]))
    distance = np.hypot(*(mesh.vertices[:, :2] - centre[0]).T)
    return np.asarray(mesh.vertices[distance < radius_mm], dtype=np.float32)


def occlusal_reach(points: npt.NDArray[np.float32], jaw: str) -> float:
    """How far the surface reaches toward the other jaw (the teeth's tips)."""
    return float(-points[:, 2].min() if jaw == "upper" else points[:, 2].max())


@pytest.mark.parametrize(("jaw", "fdi"), [("upper", 16), ("lower", 36), ("upper", 11)])
def test_a_prepared_stump_replaces_the_crown(jaw: str, fdi: int) -> None:
    natural = build_arch(ArchRecipe(jaw, 5), spacing_mm=0.2)  # type: ignore[arg-type]
    prepared = build_arch(ArchRecipe(jaw, 5, treatments=((fdi, "stump"),)), spacing_mm=0.2)  # type: ignore[arg-type]
    crown = occlusal_reach(near(natural, jaw, fdi), jaw)
    stump = occlusal_reach(near(prepared, jaw, fdi), jaw)
    assert 1.0 < crown - stump < 6.0  # reduced, yet standing above the gingiva
    neighbour = fdi + 1
    assert occlusal_reach(near(natural, jaw, neighbour), jaw) == pytest.approx(
        occlusal_reach(near(prepared, jaw, neighbour), jaw)
    )


def test_a_bridge_leaves_a_gap_between_its_abutments() -> None:
    recipe = ArchRecipe("lower", 9, missing=(45,), treatments=((44, "stump"), (46, "stump")))
    bridge = build_arch(recipe, spacing_mm=0.2)
    gap = occlusal_reach(near(bridge, "lower", 45), "lower")
    abutment = occlusal_reach(near(bridge, "lower", 44), "lower")
    assert abutment - gap > 3.0


def test_arches_are_the_size_of_real_scans() -> None:
    # No timed assertion: on a shared CI machine it measures the load, not the generator.
    mesh = build_arch(ArchRecipe("upper", 3, third_molars=(True, True)), spacing_mm=0.15)
    assert 100_000 <= len(mesh.faces) <= 300_000
    assert mesh.faces.max() < len(mesh.vertices)
    assert mesh.is_tooth.any()
    assert not mesh.is_tooth.all()


def test_writers_produce_consistent_files() -> None:
    mesh = build_arch(ArchRecipe("lower", 2), spacing_mm=0.5)
    stl = stl_bytes(mesh.vertices, mesh.faces, header_text="solid trap")
    assert not stl.startswith(b"solid")  # or readers take it for ASCII STL
    triangles = read_stl(stl)
    assert np.array_equal(triangles, mesh.vertices[mesh.faces])
    colors = np.full((len(mesh.vertices), 3), 200, dtype=np.uint8)
    vertices, faces, read_colors = read_ply(
        ply_bytes(mesh.vertices, mesh.faces, colors=colors, comment="t")
    )
    assert np.array_equal(vertices, mesh.vertices)
    assert np.array_equal(faces, mesh.faces)
    assert read_colors is not None
    assert (read_colors == 200).all()
    _, _, no_colors = read_ply(ply_bytes(mesh.vertices, mesh.faces, colors=None, comment="t"))
    assert no_colors is None


def test_order_form_prints_without_the_unicode_font(monkeypatch: pytest.MonkeyPatch) -> None:
    data: dict[str, Any] = {
        "externalId": "X-1",
        "receivedDate": "2026-02-01T10:00:00Z",
        "patient": {"fullName": "Γιώργος Παπαδόπουλος", "gender": "M"},
        "customer": {"clinic": {"name": "Zahnzentrum Köln"}, "dentist": None},
        "worktypes": [{"restorationTypeId": "Bridge", "from": "14", "to": 16}],
        "administrative": {"priority": True},
        "remark": "Łódź – ñ",
    }
    with_font = order_form.order_form_pdf(data, portal_name="iTero", case_ref="1")
    monkeypatch.setattr(order_form, "dejavu_font_dir", lambda: None)
    without = order_form.order_form_pdf(data, portal_name="iTero", case_ref="1")
    assert with_font.startswith(b"%PDF")
    assert without.startswith(b"%PDF")
    assert b"DejaVu" in with_font
    assert b"DejaVu" not in without
    pdf = order_form.pdf_with_font(order_form._parse_time(None))
    assert order_form.printable(pdf, "Γιώργος Łódź – ok") == "Giorgos Lódz - ok"


@pytest.mark.parametrize(
    ("fault", "treatments", "kind"),
    [
        ("overhang", ((26, "stump"),), "undercut"),
        ("divergent", ((24, "stump"), (26, "stump")), "abutment_divergence"),
        ("margin_hole", ((26, "stump"),), "hole"),
    ],
)
def test_a_preparation_fault_is_found_by_qc_where_it_was_built(
    fault: Any, treatments: Any, kind: str
) -> None:
    from scaninbox.qc.arch_frame import arch_frame
    from scaninbox.qc.margins import estimated_margins, holes_at_margins
    from scaninbox.qc.occlusion import Arch
    from scaninbox.qc.scan_checks import check_mesh
    from scaninbox.qc.undercut import undercut_findings
    from scaninbox.scans import Mesh

    def checked(recipe: ArchRecipe) -> list[Any]:
        built = build_arch(recipe, spacing_mm=0.2)
        mesh = Mesh(built.vertices, built.faces, welded=True, name="upper.stl")
        result, geometry = check_mesh(mesh, jaw="upper", file="upper.stl")
        arch = Arch("upper", "upper.stl", geometry)
        teeth = [t for t, _ in treatments]
        if kind == "hole":
            frame = arch_frame(geometry.points, geometry.edges, upper=True)
            margins = estimated_margins(arch, frame, teeth)
            return list(holes_at_margins(result, geometry, margins).findings)
        bridges = [(teeth[0], teeth[-1])] if len(teeth) > 1 else []
        return undercut_findings(teeth, bridges, {"upper": arch})

    clean = ArchRecipe("upper", 5, treatments=treatments)
    faulty = ArchRecipe("upper", 5, treatments=treatments, prep_fault=fault)
    assert not [f for f in checked(clean) if f.kind == kind]
    found = [f for f in checked(faulty) if f.kind == kind]
    assert len(found) == 1
    if kind == "hole":
        assert found[0].figures["at_margin"] is True
        assert found[0].figures["tooth"] == 26
    elif kind == "undercut":
        assert found[0].figures["tooth"] == 26
        assert str(found[0].severity) == "fail"
    else:
        assert found[0].number("angle_deg") > 10
    # Deterministic, and the fault touches the prepared teeth only: the rest is the clean arch.
    again, one, other = (
        build_arch(faulty, spacing_mm=0.2),
        build_arch(faulty, spacing_mm=0.2),
        build_arch(clean, spacing_mm=0.2),
    )
    assert np.array_equal(again.vertices, one.vertices)
    assert np.array_equal(again.faces, one.faces)
    moved = np.linalg.norm(one.vertices - other.vertices, axis=1) > 0
    if fault == "margin_hole":
        assert not moved.any()
        assert 0 < len(other.faces) - len(one.faces) < 0.01 * len(other.faces)
    else:
        assert 0 < moved.sum() < 0.1 * len(moved)
