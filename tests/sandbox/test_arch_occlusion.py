"""The procedural upper and lower arches of a case are in plausible occlusion: they touch at the
cusps (a small clearance) and never go into each other, for any seed — checked with the Scan QC
occlusion measure (closest point to triangle, signed), not with the generator's own height field.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import numpy as np
import pytest

from scaninbox.qc.occlusion import Arch, check_occlusion
from scaninbox.qc.scan_checks import check_mesh
from scaninbox.qc.thresholds import QcThresholds
from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch
from scaninbox.sandbox.config import SandboxConfig
from scaninbox.sandbox.file_specs import ArchFile
from scaninbox.sandbox.state import SandboxState
from scaninbox.scans import Mesh

# Seed 3 drew the tallest canines of the old generator (1.4 mm, crowded 2.0 mm into the other jaw).
CASES = [
    pytest.param(ArchRecipe("upper", 3), ArchRecipe("lower", 3), id="seed3"),
    pytest.param(
        ArchRecipe("upper", 3, crowding=True),
        ArchRecipe("lower", 3, crowding=True),
        id="seed3-crowded",
    ),
    pytest.param(ArchRecipe("upper", 1), ArchRecipe("lower", 1), id="seed1"),
    pytest.param(
        ArchRecipe("upper", 7, crowding=True, third_molars=(True, True)),
        ArchRecipe("lower", 7, crowding=True, third_molars=(True, False)),
        id="seed7-crowded-third-molars",
    ),
    pytest.param(
        ArchRecipe("upper", 11, treatments=((13, "stump"), (21, "veneer"))),
        ArchRecipe("lower", 11, missing=(36,)),
        id="seed11-treated",
    ),
]


def _arch(recipe: ArchRecipe, spacing_mm: float = 0.25) -> Arch:
    built = build_arch(recipe, spacing_mm=spacing_mm)
    mesh = Mesh(
        np.ascontiguousarray(built.vertices),
        np.ascontiguousarray(built.faces),
        welded=True,
        name=recipe.jaw,
    )
    _result, geometry = check_mesh(mesh, jaw=recipe.jaw, file=f"{recipe.jaw}.ply")
    return Arch(recipe.jaw, f"{recipe.jaw}.ply", geometry)


@pytest.mark.parametrize(("upper", "lower"), CASES)
def test_the_arches_touch_without_biting_through(upper: ArchRecipe, lower: ArchRecipe) -> None:
    result = check_occlusion(_arch(upper), _arch(lower))
    depths = [float(f.figures["depth_mm"]) for f in result.findings if f.kind == "bite_through"]
    assert depths == [], f"bite-through up to {max(depths):.2f} mm"
    assert result.in_occlusion
    assert result.clearance_mm is not None
    # Touching at the cusps: apart by a little, far less than QC's "not in occlusion" limit.
    assert 0.05 <= result.clearance_mm <= 0.5
    assert result.clearance_mm < QcThresholds().occlusion_max_gap_mm


def test_the_demo_cases_pass_the_occlusion_check(tmp_path: Path) -> None:
    """The arches exactly as the demo data set serves them (its recipes and scan spacing)."""
    state = SandboxState(SandboxConfig(cases=6, today=date(2026, 3, 2)), tmp_path)
    checked = 0
    for ref in state.catalogue.refs("demo"):
        meta = state.catalogue.lookup(ref)
        assert meta is not None
        files = [f.recipe for f in state.content(meta).files.values()]
        arches = {r.label: r for r in files if isinstance(r, ArchFile)}
        if "upper" not in arches or "lower" not in arches:
            continue
        upper, lower = arches["upper"], arches["lower"]
        result = check_occlusion(
            _arch(upper.recipe, upper.spacing_mm), _arch(lower.recipe, lower.spacing_mm)
        )
        assert [f for f in result.findings if f.kind == "bite_through"] == [], ref
        assert result.clearance_mm is not None
        assert 0.05 <= result.clearance_mm <= 0.5, ref
        checked += 1
    assert checked >= 4
