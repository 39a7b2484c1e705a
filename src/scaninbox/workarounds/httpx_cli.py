"""``import httpx`` without httpx's command-line client: a stand-in ``httpx._main`` in
``sys.modules`` until someone runs that client.

For: httpx 0.28–0.29 on Python 3.11. Its ``__init__`` ends with ``from ._main import main``
(falling back to a stub when that fails), and ``httpx._main`` imports click, rich and pygments
at module level whenever they are installed — they are wherever a developer tool or another
package brought them along (this project's development environment has all three). The app
never runs httpx's command line, yet every process that talks to the service paid for those
imports; the window pays them on the GUI thread as the account opens (the figures are in
``benchmarks/README.md``). So `leave_httpx_cli_unloaded` puts a finder first on
``sys.meta_path`` that answers the import of ``httpx._main`` (and no other) with a stand-in;
httpx's ``main`` is then the stand-in's, which imports the real client and runs it (or says what
is missing, as httpx's own stub does).
Still needed? ``python -X importtime -c "import httpx"`` with click and rich installed: if
``httpx._main`` is among its imports, it is.
Delete when: httpx imports its command line only when ``main`` runs, or the start-up figures
show no difference a person would notice.
"""

from __future__ import annotations

import importlib
import sys
import types
from importlib.machinery import ModuleSpec
from typing import Any

__all__ = ["CLI", "httpx_cli_is_deferred", "leave_httpx_cli_unloaded"]

CLI = "httpx._main"


class _StandIn(types.ModuleType):
    """Stands in for ``httpx._main``: its one name httpx binds, ``main``, runs the real one."""

    @staticmethod
    def main() -> None:
        _main()


class _StandInFinder:
    """On ``sys.meta_path``: answers the import of ``httpx._main`` with the stand-in (nothing
    is in ``sys.modules`` until httpx itself is imported). Also its loader."""

    def __init__(self) -> None:
        self.real_wanted = False

    def find_spec(self, fullname: str, _path: Any = None, _target: Any = None) -> ModuleSpec | None:
        if fullname != CLI or self.real_wanted:
            return None
        loader: Any = self  # a loader by its two methods (importlib.abc is not imported here)
        return ModuleSpec(CLI, loader)

    def create_module(self, _spec: ModuleSpec) -> types.ModuleType:
        return _StandIn(CLI, "httpx's command line, imported when it is run")

    def exec_module(self, _module: types.ModuleType) -> None:
        """Nothing to run: the stand-in is complete as made."""


_finder = _StandInFinder()


def leave_httpx_cli_unloaded() -> bool:
    """Answer httpx's import of its command line with the stand-in, unless httpx is imported
    already; True when it did. Cheap: imports nothing (``scaninbox/__init__`` calls it before
    anything of ours runs)."""
    if "httpx" in sys.modules or _finder in sys.meta_path:
        return False
    sys.meta_path.insert(0, _finder)
    return True


def httpx_cli_is_deferred() -> bool:
    """Whether ``httpx._main`` is the stand-in."""
    return isinstance(sys.modules.get(CLI), _StandIn)


def _main() -> None:
    """httpx's ``main``: the real command line, imported now."""
    _finder.real_wanted = True
    if httpx_cli_is_deferred():
        del sys.modules[CLI]
    try:
        real = importlib.import_module(CLI)
    except ImportError:
        print(
            "The httpx command line client could not run because the required "
            "dependencies were not installed.\nMake sure you've installed "
            "everything with: pip install 'httpx[cli]'"
        )
        sys.exit(1)
    real.main()
