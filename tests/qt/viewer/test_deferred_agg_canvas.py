"""matplotlib's Agg canvas (its drawing layer: text, patches, fonts) waits for its first use:
the 3D stack loads and draws without it, pyvista's charts still make a real canvas, and a later
import finds the real module."""

from __future__ import annotations

import textwrap
from typing import Any

from tests.fresh_interpreter import run_reporting_script
from tests.qt.viewer.viewport_script import DRAW_A_VIEWPORT


def _run(script: str) -> dict[str, Any]:
    """``script`` in a fresh interpreter (this one may have imported it already), warnings as
    errors; its report."""
    report, _output = run_reporting_script(textwrap.dedent(script), python_options=("-W", "error"))
    return report


def test_the_viewport_loads_and_draws_without_the_agg_canvas_and_charts_still_make_one() -> None:
    loading = textwrap.dedent(
        """
        import json, sys, threading
        import scaninbox.qt.viewer as viewer
        AGG = "matplotlib.backends.backend_agg"
        worker = threading.Thread(target=viewer.preload_3d_stack)
        worker.start(); worker.join()
        loaded = {"pyvista.plotting", "pyvista.plotting.charts", "pyvistaqt"} <= sys.modules.keys()
        stand_in_left = AGG in sys.modules
        """
    )
    after_drawing = textwrap.dedent(
        """
        drew = viewport.view.renderer_name != ""
        canvas_before_use = AGG in sys.modules
        fonts_before_use = "matplotlib.font_manager" in sys.modules
        from matplotlib.figure import Figure
        from pyvista.plotting import charts
        canvas = charts.FigureCanvasAgg(Figure())  # what pyvista's ChartMPL makes
        import matplotlib.backends.backend_agg as agg
        print(json.dumps({
            "loaded": loaded,
            "stand_in_left": stand_in_left,
            "drew": drew,
            "canvas_before_use": canvas_before_use,
            "fonts_before_use": fonts_before_use,
            "real_canvas": isinstance(canvas, agg.FigureCanvasAgg),
            "real_module": sys.modules[AGG] is agg and hasattr(agg, "RendererAgg"),
        }))
        viewport.close()
        """
    )
    result = _run(loading + DRAW_A_VIEWPORT + after_drawing)
    assert result == {
        "loaded": True,
        "stand_in_left": False,  # the stand-in was there for pyvista's import only
        "drew": True,
        "canvas_before_use": False,  # nothing on the way to a frame used the canvas
        "fonts_before_use": False,  # nor matplotlib's font list
        "real_canvas": True,
        "real_module": True,
    }


def test_a_canvas_imported_before_is_left_alone() -> None:
    result = _run(
        """
        import json, sys
        import matplotlib.backends.backend_agg as agg
        from scaninbox.workarounds.deferred_agg_canvas import agg_canvas_deferred
        with agg_canvas_deferred() as stood_in:
            inside = sys.modules["matplotlib.backends.backend_agg"] is agg
        print(json.dumps({"stood_in": stood_in, "inside": inside}))
        """
    )
    assert result == {"stood_in": False, "inside": True}
