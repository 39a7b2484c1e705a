"""A quicker answer to PySide6's question "does this module use PySide6?".

PySide6 replaces ``__import__`` (for its ``from __feature__ import …`` switches) and, for every
module imported after it, asks ``shibokensupport.feature._mod_uses_pyside``, which calls
``inspect.getsource(module)`` — tokenising and line-splitting each module's whole source — to
look for the word "PySide6". At start-up that is every module of the window and of the 3D stack
(VTK, pyvista, matplotlib): ~0.08 s of CPU before the window shows and ~0.08 s more in the 3D
import, which competes with the window for Python's lock (``benchmarks/startup.py``). Reading
the file's bytes gives the same answer for a module with a ``.py`` file; anything else (built-in
and extension modules, sources inside archives as in the frozen app) still gets PySide6's own
answer.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

__all__ = ["quicken_pyside_import_hook"]

_MARK = "_scaninbox_quick"


def quicken_pyside_import_hook() -> bool:
    """Install the quicker check (idempotent); False when PySide6 has no such hook."""
    import PySide6  # noqa: F401 - loads shibokensupport.feature, whose check is replaced

    feature = sys.modules.get("shibokensupport.feature")
    upstream: Callable[[ModuleType], bool] | None = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or upstream is None:
        return False
    if getattr(upstream, _MARK, False):
        return True

    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return upstream(module)
        try:
            return b"PySide6" in Path(path).read_bytes()
        except OSError:
            return upstream(module)

    setattr(uses_pyside, _MARK, True)
    uses_pyside.upstream = upstream  # type: ignore[attr-defined]
    setattr(feature, "_mod_uses_pyside", uses_pyside)  # noqa: B010 - a module mypy cannot see
    return True
