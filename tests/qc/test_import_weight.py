"""`scaninbox qc` on local files imports what its work needs, checked in a fresh interpreter:
per-scan checks need neither VTK nor the service / store layers; the report's pictures draw with
bare VTK, not pyvista's plotting layer (over a second of imports dragging in matplotlib)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from scaninbox.sandbox.mesh_files import stl_bytes
from tests.fresh_interpreter import run_reporting_script
from tests.qc.shapes import arch, plane, punch, side_tip

_SCRIPT = """
import json, sys
from scaninbox.cli.main import main
code = main(["qc", *sys.argv[1:]])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

SERVICE = ("httpx", "pydantic", "sqlite3", "scaninbox.store", "scaninbox.service")
PLOTTING = ("matplotlib", "pyvista", "pyvista.plotting", "pyvistaqt", "PySide6")


def _modules(*args: str) -> set[str]:
    report, _ = run_reporting_script(_SCRIPT, *args)
    assert report["code"] in (0, 6)
    return set(report["modules"])


def _upper_with_a_hole(folder: Path) -> Path:
    points, faces = arch("upper", spacing_mm=0.4)
    side = side_tip(points)
    kept, _ = punch(points, faces, side, 2.0)
    path = folder / "upper.stl"
    path.write_bytes(stl_bytes(points, kept, header_text="qc"))
    return path


def test_per_scan_checks_load_no_vtk_and_no_service_layers(tmp_path: Path) -> None:
    loaded = _modules("--upper", str(_upper_with_a_hole(tmp_path)), "--json")
    assert "scaninbox.qc.scan_checks" in loaded  # it did check the scan
    heavy = [name for name in (*SERVICE, *PLOTTING, "vtkmodules") if name in loaded]
    assert not heavy


def _upper_with_a_fragment(folder: Path) -> Path:
    points, faces = arch("upper", spacing_mm=0.4)
    n = len(points)
    crumb = points[:3] + np.float32([0.0, 0.0, -5.0])  # one triangle 5 mm off the arch
    path = folder / "upper.stl"
    path.write_bytes(
        stl_bytes(
            np.concatenate([points, crumb]),
            np.vstack([faces, [[n, n + 1, n + 2]]]),
            header_text="qc",
        )
    )
    return path


def test_per_scan_checks_do_not_import_numpy_ma(tmp_path: Path) -> None:
    """Plain ``np.unique`` imports numpy.ma (not free) on its first call to ask whether the array
    is masked; a fragment's centre is found without it."""
    upper = _upper_with_a_fragment(tmp_path)
    report, output = run_reporting_script(_SCRIPT, "--upper", str(upper), "--json")
    assert "Floating fragment" in output  # it did reach the fragment's centre
    assert "numpy.ma" not in report["modules"]


def test_the_report_pictures_draw_without_pyvista(tmp_path: Path) -> None:
    out = tmp_path / "report.pdf"
    upper = _upper_with_a_hole(tmp_path)
    lower = tmp_path / "lower.stl"  # an antagonist: the clearance pictures are drawn too
    lower.write_bytes(stl_bytes(*plane(-20.0, step_mm=3.0), header_text="qc"))
    loaded = _modules("--upper", str(upper), "--lower", str(lower), "--report", str(out))
    assert "scaninbox.qc.report_clearance" in loaded
    assert "vtkmodules.vtkRenderingOpenGL2" in loaded  # it did draw with VTK
    assert not [name for name in PLOTTING if name in loaded]
    assert out.stat().st_size > 10_000
