"""Drawing large scans in step with a software rasteriser, so that its queue stays short.

Mesa's llvmpipe (the OpenGL of a machine without a graphics driver, and of our tests) sorts the
triangles of a draw into "scenes" of up to 36 MB that its threads rasterise while the next ones
are being sorted. Sorting is far quicker than rasterising, so with a million triangles in view
scenes pile up — and a scene keeps its memory, once drawn, until it is used again, so the pile's
high-water mark stays in the process. Measured with two 600k-triangle arches under llvmpipe
(``benchmarks/memory_case.py``): a full frame held ~250 MiB of scenes; finishing the queued work
before each large scan is drawn (``glFinish``, VTK's ``WaitForCompletion``) bounds the pile to
one scan's worth, ~165 MiB. The same triangles are drawn in the same order, so the picture does
not change (`tests/render/test_draw_pacing.py` compares them); on a graphics card the wait
costs little, as it happens at most once per large scan in a full frame (in motion the scene
draws the coarse copies, which are small).
"""

from __future__ import annotations

import weakref
from typing import Any

__all__ = ["LARGE_TRIANGLES", "pace_drawing"]

LARGE_TRIANGLES = 100_000  # smaller draws queue little: no wait for them


def pace_drawing(mapper: Any, window: Any) -> None:
    """Before ``mapper`` draws a large mesh, wait until ``window`` has drawn what was queued.

    VTK fires ``UpdateShaderEvent`` on each mapper just before its draw call, once per frame,
    with the context current. The window is held weakly, so that the mapper does not keep it
    alive through VTK's references (a cycle Python cannot collect); its owner (a pyvista plotter,
    `OffscreenCanvas`) keeps the Python object of the window for as long as it draws.
    """
    from vtkmodules.vtkCommonCore import vtkCommand

    window_ref = weakref.ref(window)

    def finish_queued(caller: Any, _event: str) -> None:
        poly = caller.GetInput()
        if poly is None or poly.GetNumberOfCells() < LARGE_TRIANGLES:
            return
        target = window_ref()
        if target is not None:
            target.WaitForCompletion()

    mapper.AddObserver(vtkCommand.UpdateShaderEvent, finish_queued)
