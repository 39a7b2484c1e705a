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
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["QcThresholds"]


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
