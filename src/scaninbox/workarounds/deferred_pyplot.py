"""``matplotlib.pyplot`` imported when something first uses it, not when pyvista imports it: a
stand-in module in ``sys.modules``.

For: pyvista 0.49 (under pyvistaqt 0.13), matplotlib 3.11, on Python 3.11.
Why: pyvistaqt's widget needs ``pyvista.plotting``, whose ``colors`` and ``charts`` modules import
``matplotlib.pyplot`` at module level. Neither uses it at import, and nothing this app does with
pyvista uses it later (pyvista reaches for it only for a matplotlib-themed colour cycle and for
matplotlib charts), yet loading pyplot's figure, axes and backend machinery is a large share of
the 3D stack's import, which stands between launch and the first case's 3D frame (the figures are
in ``benchmarks/``). So `defer_pyplot` puts a stand-in module in its place before the stack is
imported; the first attribute anyone reads from it imports the real ``matplotlib.pyplot`` (which
then replaces the stand-in everywhere but in names already bound to it, which go on forwarding).
``matplotlib`` itself and ``matplotlib.colors`` are still imported as pyvista asks: it uses them
at import. ``importlib.util.LazyLoader`` cannot do this on Python 3.11: the import statement
reads the module's ``__spec__`` to see whether it is still initialising, and any read loads a
lazy module.
Still needed? ``python -X importtime -c "import pyvista.plotting"`` without the stand-in: if
``matplotlib.pyplot`` is among its imports, it is.
Delete when: pyvista imports pyplot lazily (only where it draws matplotlib charts), or the
``benchmarks/`` start-up figures show no difference a person would notice.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
import types
from typing import Any

__all__ = ["PYPLOT", "defer_pyplot", "pyplot_is_deferred"]

PYPLOT = "matplotlib.pyplot"

# Two threads' first reads import the real module once. Re-entrant: should pyplot's own import
# read a name through the stand-in, it gets the module being imported instead of a deadlock.
_loading = threading.RLock()


class _DeferredPyplot(types.ModuleType):
    """Stands in for ``matplotlib.pyplot`` until one of its names is read."""

    def __getattr__(self, name: str) -> Any:
        # Called only for names the stand-in lacks: every name of pyplot's own. Tools walk
        # sys.modules asking each module for dunders (PySide's signature loader reads every
        # module's __file__ whenever the module count changes; others ask for __path__ or
        # __version__): those are answered without the import. Only __all__ is pyplot's own.
        if name.startswith("__") and name.endswith("__") and name != "__all__":
            raise AttributeError(name)
        return getattr(_real_pyplot(self), name)


def defer_pyplot() -> bool:
    """Put the stand-in in place of ``matplotlib.pyplot`` unless it is imported already (or
    matplotlib is missing: then pyvista's own import error says so). True when it did."""
    if PYPLOT in sys.modules:
        return False
    try:
        import matplotlib  # pyvista imports it (and matplotlib.colors) at once in any case
    except ImportError:
        return False
    spec = importlib.util.find_spec(PYPLOT)
    if spec is None:
        return False
    stand_in = _DeferredPyplot(PYPLOT, "matplotlib.pyplot, imported when first used")
    # The real spec, not initialising: the import statement takes the stand-in as loaded,
    # and find_spec on the name still answers. The file and package are the real module's.
    stand_in.__spec__ = spec
    stand_in.__loader__ = spec.loader
    stand_in.__package__ = spec.parent
    if spec.has_location and spec.origin is not None:
        stand_in.__file__ = spec.origin
    with _loading:
        if PYPLOT in sys.modules:  # another thread imported it meanwhile
            return False
        sys.modules[PYPLOT] = stand_in
        matplotlib.pyplot = stand_in  # type: ignore[attr-defined]
    return True


def pyplot_is_deferred() -> bool:
    """Whether ``matplotlib.pyplot`` is still the stand-in (nothing has used it)."""
    return isinstance(sys.modules.get(PYPLOT), _DeferredPyplot)


def _real_pyplot(stand_in: _DeferredPyplot) -> types.ModuleType:
    with _loading:
        current = sys.modules.get(PYPLOT)
        if current is not None and not isinstance(current, _DeferredPyplot):
            return current
        sys.modules.pop(PYPLOT, None)
        try:
            # Sets sys.modules and the package's attribute to the real module.
            return importlib.import_module(PYPLOT)
        except BaseException:
            # Failed to import: the stand-in stays, and the next read tries again.
            sys.modules[PYPLOT] = stand_in
            raise
