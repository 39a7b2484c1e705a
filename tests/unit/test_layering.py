"""The core runs without Qt: every non-``qt`` module imports with PySide6 blocked."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import scaninbox

BLOCKER = """
import sys, importlib
class _Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {'PySide6', 'pyvistaqt', 'qasync', 'qtpy'}:
            raise ImportError(f'{name} is blocked: core code must not import Qt')
        return None
sys.meta_path.insert(0, _Block())
for name in sys.argv[1:]:
    importlib.import_module(name)
print('imported', len(sys.argv) - 1)
"""


def _core_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(scaninbox.__path__, "scaninbox."):
        if info.name.startswith(("scaninbox.qt", "scaninbox.__main__")):
            continue
        names.append(info.name)
    return names


def test_core_imports_without_qt() -> None:
    modules = _core_modules()
    assert "scaninbox.api.wire" in modules
    result = subprocess.run(
        [sys.executable, "-c", BLOCKER, *modules], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"imported {len(modules)}"
