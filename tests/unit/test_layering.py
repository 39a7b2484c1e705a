"""The core runs without Qt, and without VTK outside the 3D rooms: every module imports in a
fresh interpreter with those packages blocked."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import scaninbox

BLOCKER = """
import sys, importlib
blocked = set(sys.argv[1].split(','))
class _Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in blocked:
            raise ImportError(f'{name} is blocked here')
        return None
sys.meta_path.insert(0, _Block())
for name in sys.argv[2:]:
    importlib.import_module(name)
print('imported', len(sys.argv) - 2)
"""
QT = ("PySide6", "pyvistaqt", "qasync", "qtpy")
THREE_D = ("vtk", "vtkmodules", "pyvista", "trimesh")


def _modules(*skipped: str) -> list[str]:
    names = []
    for info in pkgutil.walk_packages(scaninbox.__path__, "scaninbox."):
        if info.name.startswith(("scaninbox.__main__", *skipped)):
            continue
        names.append(info.name)
    return names


def _import_blocking(blocked: tuple[str, ...], modules: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-c", BLOCKER, ",".join(blocked), *modules],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"imported {len(modules)}"


def test_core_imports_without_qt() -> None:
    modules = _modules("scaninbox.qt")
    assert "scaninbox.api.wire" in modules
    assert {"scaninbox.services.opening", "scaninbox.services.targets"} <= set(modules)
    _import_blocking(QT, modules)


def test_only_the_3d_rooms_load_vtk_pyvista_or_trimesh_on_import() -> None:
    # The window appears before VTK loads: nothing it imports first may pull VTK in.
    modules = _modules("scaninbox.qt.viewer.", "scaninbox.render.")
    assert {"scaninbox.render", "scaninbox.qt.viewer", "scaninbox.scans.fallback"} <= set(modules)
    _import_blocking(THREE_D, modules)
