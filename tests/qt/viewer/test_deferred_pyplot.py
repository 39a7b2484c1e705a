"""matplotlib.pyplot waits for its first use: the 3D stack loads and draws without it, and the
first read of one of its names (from any thread, several at once) gives the real module."""

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


def test_the_viewport_loads_and_draws_without_pyplot_and_its_first_use_imports_it() -> None:
    loading = textwrap.dedent(
        """
        import json, sys, threading
        import scaninbox.qt.viewer as viewer
        from scaninbox.workarounds.deferred_pyplot import pyplot_is_deferred
        worker = threading.Thread(target=viewer.preload_3d_stack)
        worker.start(); worker.join()
        loaded = {"pyvista.plotting", "pyvistaqt"} <= sys.modules.keys()
        """
    )
    after_drawing = textwrap.dedent(
        """
        drew = viewport.view.renderer_name != ""
        deferred_after_drawing = pyplot_is_deferred()
        figure_before_use = "matplotlib.figure" in sys.modules

        # Four threads read a pyplot name at once through pyvista's own reference to it.
        from pyvista.plotting import colors
        barrier = threading.Barrier(4)
        seen = []
        def first_use():
            barrier.wait()
            seen.append(colors.plt.rcParams)
        threads = [threading.Thread(target=first_use) for _ in range(4)]
        for thread in threads: thread.start()
        for thread in threads: thread.join()
        import matplotlib, matplotlib.pyplot as plt
        cycle = colors.get_matplotlib_theme_cycler()
        print(json.dumps({
            "loaded": loaded,
            "drew": drew,
            "deferred_after_drawing": deferred_after_drawing,
            "figure_before_use": figure_before_use,
            "deferred_after_use": pyplot_is_deferred(),
            "all_threads_saw_the_real_params": len(seen) == 4
                and all(params is plt.rcParams for params in seen),
            "real_everywhere": sys.modules["matplotlib.pyplot"] is plt
                and matplotlib.pyplot is plt and hasattr(plt, "subplots"),
            "forwards": colors.plt.subplots is plt.subplots,
            "cycle": cycle == plt.rcParams["axes.prop_cycle"],
        }))
        viewport.close()
        """
    )
    result = _run(loading + DRAW_A_VIEWPORT + after_drawing)
    assert result["loaded"]
    assert result["drew"]
    assert result["deferred_after_drawing"]  # nothing on the way to a frame used pyplot
    assert not result["figure_before_use"]  # so its figure machinery was never imported
    assert not result["deferred_after_use"]
    assert result["all_threads_saw_the_real_params"]
    assert result["real_everywhere"]
    assert result["forwards"]
    assert result["cycle"]


def test_a_pyplot_imported_before_is_left_alone() -> None:
    result = _run(
        """
        import json, sys
        import matplotlib.pyplot as plt
        from scaninbox.workarounds.deferred_pyplot import defer_pyplot, pyplot_is_deferred
        did = defer_pyplot()
        print(json.dumps({
            "did": did,
            "deferred": pyplot_is_deferred(),
            "same": sys.modules["matplotlib.pyplot"] is plt,
        }))
        """
    )
    assert result == {"did": False, "deferred": False, "same": True}
