"""pyvista imported without matplotlib's Agg canvas: while ``pyvista.plotting`` imports,
``matplotlib.backends.backend_agg`` is a stand-in whose ``FigureCanvasAgg`` imports the real
canvas when it is called; afterwards the stand-in leaves ``sys.modules`` again.

For: pyvista 0.49 (under pyvistaqt 0.13), matplotlib 3.11, on Python 3.11.
Why: pyvistaqt's widget needs ``pyvista.plotting``, whose ``charts`` module runs ``from
matplotlib.backends.backend_agg import FigureCanvasAgg`` at module level, for the matplotlib
charts (``ChartMPL``) only, which this app never draws. That one import brings matplotlib's whole
drawing layer (``backend_bases``, text, patches, the font manager and its font list) into the 3D
stack's import, which stands between launch and the first case's full scans (the figures are in
``benchmarks/README.md``). The stand-in is in place only for that import (`agg_canvas_deferred`,
around `scaninbox.qt.viewer.preload_3d_stack`'s imports): ``charts`` keeps a forwarder, and any
later ``import matplotlib.backends.backend_agg`` finds the real module. Together with
`deferred_pyplot` (pyplot itself, which pyvista also imports at module level).
Still needed? ``python -X importtime -c "import pyvista.plotting"``: if
``matplotlib.backends.backend_agg`` is among its imports, it is.
Delete when: pyvista imports the Agg canvas where ``ChartMPL`` is made, or the start-up figures
show no difference a person would notice.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["AGG", "agg_canvas_deferred"]

AGG = "matplotlib.backends.backend_agg"


def _figure_canvas_agg(*args: Any, **kwargs: Any) -> Any:
    """What ``pyvista.plotting.charts.FigureCanvasAgg`` is: the real canvas, imported now."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    return FigureCanvasAgg(*args, **kwargs)


@contextmanager
def agg_canvas_deferred() -> Iterator[bool]:
    """Inside: the stand-in answers ``import matplotlib.backends.backend_agg`` (unless the real
    module is loaded already, or matplotlib is missing: then pyvista's own import error says
    so). Yields whether it stood in. Call it where no other thread imports matplotlib's canvas
    meanwhile (the viewer's preload holds its own lock)."""
    if AGG in sys.modules:
        yield False
        return
    try:
        import matplotlib.backends  # the package is small: its backend registry
    except ImportError:
        yield False
        return
    stand_in = types.ModuleType(AGG, "matplotlib's Agg canvas, imported when one is made")
    stand_in.FigureCanvasAgg = _figure_canvas_agg  # type: ignore[attr-defined]
    sys.modules[AGG] = stand_in
    try:
        yield True
    finally:
        if sys.modules.get(AGG) is stand_in:
            del sys.modules[AGG]
        if getattr(matplotlib.backends, "backend_agg", None) is stand_in:
            del matplotlib.backends.backend_agg
