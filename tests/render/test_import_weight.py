"""Pictures without a window import only what draws them: bare VTK, not pyvista's plotting
layer (over a second of imports that drags in matplotlib) — checked in a fresh interpreter."""

from __future__ import annotations

import os
from pathlib import Path

from tests.fresh_interpreter import run_reporting_script
from tests.unit.scans.meshfiles import arch_mesh, binary_stl

from .pixels import load, scan_mask

HEAVY = ("matplotlib", "pyvista.plotting", "pyvista", "pyvistaqt", "PySide6")
# Not needed to draw a file on disk either: the service client and the store, and the numpy
# modules that np.random and np.percentile import on their first call.
NOT_FOR_A_FILE = (
    "httpx",
    "pydantic",
    "sqlite3",
    "scaninbox.api",
    "scaninbox.store",
    "numpy.random",
    "numpy.ma",
)

_SCRIPT = """
import json, os, sys
from scaninbox.cli.main import main
code = main(["render", sys.argv[1], "--out", sys.argv[2], "--size", "160x120"])
blas = os.environ.get("OPENBLAS_NUM_THREADS")
print(json.dumps({"code": code, "modules": sorted(sys.modules), "blas": blas}))
"""


def test_scaninbox_render_loads_neither_pyvista_nor_matplotlib(tmp_path: Path) -> None:
    points, faces = arch_mesh(80, 16)
    scan = tmp_path / "upper.stl"
    scan.write_bytes(binary_stl(points, faces))
    out = tmp_path / "upper.png"
    report, _ = run_reporting_script(
        _SCRIPT,
        str(scan),
        str(out),
        env={k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"},
        timeout=120,
    )
    assert report["code"] == 0
    loaded = set(report["modules"])
    assert "vtkmodules.vtkRenderingOpenGL2" in loaded  # it did draw with VTK
    assert not [name for name in HEAVY if name in loaded]
    assert not [name for name in NOT_FOR_A_FILE if name in loaded]
    assert report["blas"] == "1"  # numpy's BLAS pool would only spin beside our own threads
    assert scan_mask(load(out)).mean() > 0.03  # and the picture shows the scan


_BACKEND = """
import json, sys
from scaninbox.render import prepare_offscreen_backend
print(json.dumps({"set": prepare_offscreen_backend(), "modules": sorted(sys.modules)}))
"""


def test_with_a_display_choosing_the_backend_does_not_import_ctypes_util() -> None:
    """ctypes.util (an import worth sparing) only answers where the EGL library is: a question for a
    start without a display."""
    env = {k: v for k, v in os.environ.items() if k != "VTK_DEFAULT_OPENGL_WINDOW"}
    env["DISPLAY"] = ":0"
    report, _ = run_reporting_script(_BACKEND, env=env, timeout=120)
    assert report["set"] is None
    assert "ctypes.util" not in report["modules"]
