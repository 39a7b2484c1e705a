"""How QC's figures read (issue 25, points 8 and 10): in plain words, and one distance read the
same in the finding, its figures and the clearance map's legend (the report's pages:
``tests/qt/case_pane/test_qc_report_pages.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from scaninbox.qc import clearance_field, surface_of_mesh
from scaninbox.qc.figures import clearance_summary, figures_words, mm_text
from tests.qc.shapes import mesh, plane


def test_figures_read_in_plain_words() -> None:
    words = figures_words(
        {"area_mm2": 8.046, "depth_mm": 0.4046, "file": "u.stl", "jaw": "upper", "at_margin": True}
    )
    assert words == "area 8.0 mm², depth 0.41 mm, at the margin"
    assert figures_words({"angle_deg": 12.34, "tooth": 16}) == "angle 12.3°, tooth 16"
    assert figures_words({"odd_thing_mm": 1.0}) == "odd thing 1.00 mm"


@pytest.mark.parametrize("gap", [0.4046, 0.4049, 0.4146, 0.405])
def test_the_clearance_of_a_pair_reads_the_same_in_the_finding_and_in_the_map_legend(
    gap: float,
) -> None:
    # Two flat arches `gap` mm apart: 0.4046 kept to the micrometre is 0.405, which `:.2f`
    # read 0.41 from the kept figure and 0.40 from the measured value.
    upper_points, upper_faces = plane(gap, half_mm=10.0, step_mm=1.0, up=False)
    lower_points, lower_faces = plane(0.0, half_mm=10.0, step_mm=1.0)
    from scaninbox.qc.occlusion import Arch, check_occlusion
    from scaninbox.qc.scan_checks import check_mesh

    upper = check_mesh(mesh(upper_points, upper_faces), jaw="upper", file="u")[1]
    lower = check_mesh(mesh(lower_points, lower_faces), jaw="lower", file="l")[1]
    finding = check_occlusion(Arch("upper", "u", upper), Arch("lower", "l", lower)).findings[0]
    assert finding.kind == "clearance"
    shown = mm_text(float(finding.figures["min_mm"]))
    assert shown in finding.message
    assert shown in figures_words(finding.figures)
    field = clearance_field(upper_points, surface_of_mesh(mesh(lower_points, lower_faces)))
    legend = clearance_summary(float(np.nanmin(field)), 3.0)
    assert legend == f"Smallest clearance {shown}."
