"""The limits that turn a measurement into info, warn or fail — one place, documented, adjustable.

Defaults, and why:

- **Holes** (perimeter of a boundary loop other than the rim). Every real arch has gaps well
  under a millimetre where the scanner saw nothing; design software closes them. Below
  ``hole_warn_perimeter_mm`` (3 mm, about 1 mm across) a hole is ``info``; from there to
  ``hole_fail_perimeter_mm`` (10 mm, about 3 mm across: more than software can bridge
  faithfully) ``warn``; above, ``fail``.
- **Fragments** (pieces not connected to the main surface). Specks under
  ``fragment_warn_area_mm2`` (1 mm²) are ``info``; up to ``fragment_fail_area_mm2`` (50 mm², a
  tooth's side) ``warn``: a floating island a technician must remove; above, ``fail``: the arch
  came apart.
- **Non-manifold edges**: a handful is ``info`` (most software repairs them); above
  ``non_manifold_warn_edges`` (100) ``warn``.
- **Degenerate / duplicate triangles**: ``info`` up to ``bad_triangles_warn_fraction`` (0.1 %) of
  the triangles, then ``warn``.
- **Bite-through** (one arch inside the other): shallower than ``bite_through_min_mm``
  (0.01 mm) is contact, not penetration; up to ``bite_through_warn_mm`` (0.1 mm, scan noise)
  ``info``; up to ``bite_through_fail_mm`` (0.3 mm) ``warn``; deeper ``fail``: the bite
  registration is wrong.
- **Clearance** (arches apart): more than ``occlusion_max_gap_mm`` (1 mm) means the arches are not
  in occlusion (``warn``; for fixed work without a bite scan the coverage check fails).
- **One-sided contact**: arches within ``contact_mm`` (0.1 mm: scan noise and the thickness of
  articulating paper) touch; a side whose posterior teeth all stay ``open_side_mm`` (0.5 mm) or
  more from the antagonist while the other side touches was bitten open (``warn``).
- **Room for the material** (`MATERIAL_MINIMUMS`, each figure with its source): the smallest
  occlusal clearance over a prepared tooth against the least thickness the prescribed material
  needs there — over a premolar's or molar's functional cusps against the functional cusps'
  figure, over its other cusps against theirs where the sources give one (`qc.room`): short by
  up to ``room_warn_mm`` (0.2 mm) ``warn``, more ``fail``.
- **Undercut** on a preparation's best path of insertion (searched within ``max_tilt_deg``, 25°,
  of the occlusal axis): up to ``undercut_warn_mm`` (0.1 mm) the die spacer and cement gap take
  it up; deeper ``warn``; from ``undercut_fail_mm`` (0.3 mm) ``fail``: the crown will not seat.
- **Abutment divergence**: two abutments of a bridge whose best axes are more than
  ``divergence_warn_deg`` (10°, about the total taper a preparation is given) apart ``warn``.
"""

from __future__ import annotations

from dataclasses import dataclass

from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "MATERIAL_MINIMUMS",
    "MaterialMinimum",
    "QcThresholds",
    "material_minimum",
    "material_word",
]


@dataclass(frozen=True, slots=True)
class QcThresholds:
    hole_warn_perimeter_mm: float = 3.0
    hole_fail_perimeter_mm: float = 10.0
    fragment_warn_area_mm2: float = 1.0
    fragment_fail_area_mm2: float = 50.0
    non_manifold_warn_edges: int = 100
    bad_triangles_warn_fraction: float = 0.001
    bite_through_min_mm: float = 0.01
    bite_through_warn_mm: float = 0.1
    bite_through_fail_mm: float = 0.3
    occlusion_max_gap_mm: float = 1.0
    duplicate_window_days: int = 30
    contact_mm: float = 0.1
    open_side_mm: float = 0.5
    room_warn_mm: float = 0.2
    undercut_warn_mm: float = 0.1
    undercut_fail_mm: float = 0.3
    max_tilt_deg: float = 25.0
    divergence_warn_deg: float = 10.0


@dataclass(frozen=True, slots=True)
class MaterialMinimum:
    """The least occlusal thickness (mm) a material needs over a prepared tooth, and where the
    figure comes from: ``needed_mm`` over the functional (supporting) cusps, ``others_mm`` over
    the other cusps where the source gives a smaller figure for them (None: the same)."""

    name: str  # as a person reads it, in English (kept in the JSON); shown by `material_word`
    needed_mm: float
    source: str
    others_mm: float | None = None

    @property
    def non_functional_mm(self) -> float:
        """The figure over the non-functional cusps."""
        return self.needed_mm if self.others_mm is None else self.others_mm


# The least occlusal thickness per material and setting, for a posterior crown: what a lab can
# raise but should not go below. Checked (2026-12) against the makers' instructions and the
# prosthodontics texts cited with each figure; where they give a range or disagree, the larger
# (conservative) figure is taken. Where a text separates the functional cusps from the others,
# both figures are kept (``needed_mm``, ``others_mm``) and `qc.room` compares each with the room
# over its own cusps: the functional cusps' figure against the whole tooth's least room made a
# preparation thin only over a non-functional cusp fail. Keys: (material, setting) as the
# portals name them, lower case; setting "" applies to any setting.
MATERIAL_MINIMUMS: dict[tuple[str, str], MaterialMinimum] = {
    ("zirconia", "monolithic"): MaterialMinimum(
        QT_TRANSLATE_NOOP("Materials", "monolithic zirconia"),
        1.0,
        "1.0 mm, the larger of the makers' figures: Vsmile Zirconia, 'Preparation guidelines "
        "for layered or monolithic restorations' (vsmilezirconia.com): 1.0–1.5 mm occlusal for "
        "a full-contour monolithic crown; high-strength (3Y) zirconias' directions for use "
        "allow 0.5 mm (e.g. 'Minimum occlusal wall thickness: 0.5 mm, including a 0.1 mm "
        "reserve'), which the more translucent zirconias do not; 0.5 mm is the critical "
        "thickness in Operative Dentistry 45(2):219 (2020)",
    ),
    ("zirconia", "layered"): MaterialMinimum(
        QT_TRANSLATE_NOOP("Materials", "layered zirconia"),
        2.0,
        "2.0 mm, the larger figure (was 1.5): The Dental Advisor, 'Tooth preparation guidelines "
        "for zirconia crowns' (Clinician Technique Guide): occlusal reduction 2 mm; Ivoclar, "
        "IPS e.max Clinical Guide: a 0.5 mm zirconia framework under at least 1.0 mm of "
        "veneering ceramic, 1.5–2.0 mm occlusal",
    ),
    ("lithiumdisilicate", "monolithic"): MaterialMinimum(
        QT_TRANSLATE_NOOP("Materials", "monolithic lithium disilicate"),
        1.5,
        "Ivoclar Vivadent, IPS e.max CAD Labside Instructions for Use, preparation guidelines, "
        "posterior crown: at least 1.5 mm of reduction in the cusp areas, a 1.0 mm shoulder or "
        "deep chamfer (azmanual.top/manuals/773744, p. 13)",
    ),
    ("lithiumdisilicate", "layered"): MaterialMinimum(
        QT_TRANSLATE_NOOP("Materials", "layered lithium disilicate"),
        1.5,
        "Ivoclar Vivadent, IPS e.max CAD Labside Instructions for Use (as above): the same "
        "posterior crown preparation, 1.5 mm in the cusp areas, for the cut-back and layering "
        "technique; laboratories' guides say 1.5–2.0 mm",
    ),
    ("porcelainfusedtometal", ""): MaterialMinimum(
        QT_TRANSLATE_NOOP("Materials", "porcelain fused to metal"),
        2.0,
        "Shillingburg et al., Fundamentals of Fixed Prosthodontics (4th ed., 2012), the "
        "metal-ceramic crown: 2.0 mm on the functional cusps where porcelain covers the "
        "occlusal surface (1.5 mm on the others)",
        others_mm=1.5,
    ),
    ("nonpreciousmetal", ""): MaterialMinimum(
        QT_TRANSLATE_NOOP("Materials", "cast metal"),
        1.5,
        "1.5 mm over the functional cusps, 1.0 mm over the others: "
        "Shillingburg et al., Fundamentals of Fixed Prosthodontics (4th ed., 2012), and "
        "Rosenstiel, Land & Fujimoto, Contemporary Fixed Prosthodontics, the complete cast "
        "crown: 1.5 mm occlusal clearance over the functional cusps, 1.0 mm over the others",
        others_mm=1.0,
    ),
    ("preciousmetal", ""): MaterialMinimum(
        QT_TRANSLATE_NOOP("Materials", "cast metal"),
        1.5,
        "1.5 mm over the functional cusps, 1.0 mm over the others: "
        "Shillingburg et al., Fundamentals of Fixed Prosthodontics (4th ed., 2012), and "
        "Rosenstiel, Land & Fujimoto, Contemporary Fixed Prosthodontics, the complete cast "
        "crown: 1.5 mm occlusal clearance over the functional cusps, 1.0 mm over the others",
        others_mm=1.0,
    ),
    ("pmma", ""): MaterialMinimum(
        QT_TRANSLATE_NOOP("Materials", "PMMA (provisional)"),
        1.5,
        "Makers of CAD/CAM PMMA blanks (e.g. Ivoclar Telio CAD): at least 1.5 mm occlusal — "
        "not confirmed against a maker's document in the 2026-12 check (none found); "
        "laboratories design milled provisionals 0.5–1.0 mm thick, so 1.5 mm stays the "
        "conservative figure",
    ),
}


def material_minimum(material: str | None, setting: str | None) -> MaterialMinimum | None:
    """The minimum for a prescribed material and setting (None: not a material with a known
    minimum — nothing is judged)."""
    key = "".join((material or "").lower().split())
    how = "".join((setting or "").lower().split())
    return MATERIAL_MINIMUMS.get((key, how)) or MATERIAL_MINIMUMS.get((key, ""))


def material_word(name: str) -> str:
    """A material's name (a `MaterialMinimum.name`, as kept in a finding) in the person's
    language; a name not of this table as it is."""
    return translate("Materials", name)
