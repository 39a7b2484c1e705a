"""Drawing large scans in step with a software rasteriser, so that its queue stays short.

Mesa's llvmpipe (the OpenGL of a machine without a graphics driver, and of our tests) sorts the
triangles of a draw into "scenes" of up to 36 MB that its threads rasterise while the next ones
are being sorted. Sorting is far quicker than rasterising, so with a million triangles in view
scenes pile up — and a scene keeps its memory, once drawn, until it is used again, so the pile's
high-water mark stays in the process. Measured with two 600k-triangle arches under llvmpipe
(``benchmarks/memory_case.py``): a full frame held ~250 MiB of scenes; finishing the queued work
before each large draw (``glFinish``, VTK's ``WaitForCompletion``) bounds the pile to one
draw's worth — ~130 MiB for a 600k arch drawn whole, ~37 MiB for the pieces of 150k that
`ScanScene` draws it in (`scaninbox.render.pieces`). The same triangles are drawn in the same
order, so the picture does not change (`tests/render/test_draw_pacing.py` compares them).

Only software rasterisers wait: a graphics card keeps its queue in its own memory, and waiting
there would only cost time. The renderer is asked once, at a mapper's first large draw (the
context is current then, also in a window that was not shown when the scene was built).
"""

from __future__ import annotations

import weakref
from types import SimpleNamespace
from typing import Any

from scaninbox.render.appearance import gl_renderer_name, is_software_renderer

__all__ = ["LARGE_TRIANGLES", "pace_drawing"]

LARGE_TRIANGLES = 100_000  # smaller draws queue little: no wait for them


def pace_drawing(mapper: Any, window: Any) -> None:
    """Before ``mapper`` draws a large mesh, wait until ``window`` has drawn what was queued,
    if ``window`` renders in software.

    VTK fires ``UpdateShaderEvent`` on each mapper just before its draw call, once per frame,
    with the context current. The window is held weakly, so that the mapper does not keep it
    alive through VTK's references (a cycle Python cannot collect); its owner (a pyvista plotter,
    `OffscreenCanvas`) keeps the Python object of the window for as long as it draws.
    """
    from vtkmodules.vtkCommonCore import vtkCommand

    window_ref = weakref.ref(window)
    software: list[bool] = []  # decided at the first large draw

    def finish_queued(caller: Any, _event: str) -> None:
        poly = caller.GetInput()
        if poly is None or poly.GetNumberOfCells() < LARGE_TRIANGLES:
            return
        target = window_ref()
        if target is None:
            return
        if not software:
            software.append(_renders_in_software(target))
        if software[0]:
            target.WaitForCompletion()

    mapper.AddObserver(vtkCommand.UpdateShaderEvent, finish_queued)


def _renders_in_software(window: Any) -> bool:
    """Whether ``window``'s OpenGL is a software rasteriser; unknown counts as software (the
    wait is cheap where it is not needed, the pile is not where it is)."""
    name = gl_renderer_name(SimpleNamespace(render_window=window))
    return name is None or is_software_renderer(name)
