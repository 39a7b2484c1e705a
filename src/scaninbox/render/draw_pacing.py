"""Drawing large scans in step with a software rasteriser, so that its queue stays short.

Mesa's llvmpipe (the OpenGL of a machine without a graphics driver, and of our tests) sorts the
triangles of a draw into "scenes" (tens of megabytes each) that its threads rasterise while the next
ones are being sorted. Sorting is far quicker than rasterising, so with a million triangles in view
scenes pile up — and a scene keeps its memory, once drawn, until it is used again, so the pile's
high-water mark stays in the process. Measured with two 600k-triangle arches under llvmpipe
(``benchmarks/memory_case.py``; the figures: benchmarks/README.md): a full frame held hundreds of
megabytes of scenes; finishing the queued work before each large draw (``glFinish``, VTK's
``WaitForCompletion``) bounds the pile to one draw's worth, so smaller draws pile less (`ScanScene`
draws a large scan in pieces: `scaninbox.render.pieces`). The same triangles are drawn in the same
order, so the picture does not change (`tests/render/test_draw_pacing.py` compares them).

Waiting for the whole queue also stops the rasteriser and the sorting from working at the same
time: sorting (on the drawing thread) and rasterising (on llvmpipe's threads) took turns, and a
full-size still frame of 2 × 300k triangles took longer than a bare pyvistaqt viewer's, which
draws each arch in one go while its queue runs. So the wait is for all but the last large draw
(`IN_FLIGHT`): before each large draw a fence goes into the queue (`gl_fences`) and the one
before it is waited for, so one draw is rasterised while the next is sorted. The pile is two
draws' worth instead of one, so the pieces are half as large as before (75k triangles: the
same pile as one piece of 150k), and the full-size frame is shorter (the figures are in
``benchmarks/README.md``, "stillpeer"). Where fences cannot be had, the whole queue is waited
for as before.

Only where the render policy says so (`render_policy.RenderPolicy.pace_draws`: a software
rasteriser, or one it does not know): a graphics card keeps its queue in its own memory, and
waiting there would only cost time. The policy is asked once per render window, at its first
large draw (the context is current then, also in a window that was not shown when the scene was
built). No fence outlives its frame: those left are dropped at the window's ``EndEvent``.
"""

from __future__ import annotations

import weakref
from collections import deque
from types import SimpleNamespace
from typing import Any

from scaninbox.render.appearance import decide_policy
from scaninbox.render.gl_fences import GLFences, load_fences

__all__ = ["IN_FLIGHT", "LARGE_TRIANGLES", "pace_drawing"]

# Smaller draws queue little: no wait for them. A split scan's pieces are larger (over half of
# `pieces.PIECE_TRIANGLES`), level-of-detail copies (~37k) smaller.
LARGE_TRIANGLES = 50_000
IN_FLIGHT = 1  # large draws that may still be rasterised while the next one is sorted


def pace_drawing(mapper: Any, window: Any) -> None:
    """Before ``mapper`` draws a large mesh, wait until ``window`` has drawn what was queued
    before the previous large draw, if ``window``'s render policy paces draws.

    VTK fires ``UpdateShaderEvent`` on each mapper just before its draw call, once per frame,
    with the context current. The window is held weakly, so that the mapper does not keep it
    alive through VTK's references (a cycle Python cannot collect); its owner (a pyvista plotter,
    `OffscreenCanvas`) keeps the Python object of the window for as long as it draws.
    """
    from vtkmodules.vtkCommonCore import vtkCommand

    queue = _queues.get(window)
    if queue is None:
        queue = _queues[window] = _Queue(window)

    def before_draw(caller: Any, _event: str) -> None:
        poly = caller.GetInput()
        if poly is not None and poly.GetNumberOfCells() >= LARGE_TRIANGLES:
            queue.before_large_draw()

    mapper.AddObserver(vtkCommand.UpdateShaderEvent, before_draw)


class _Queue:
    """One render window's queue, as the pacing sees it: the fences put in it this frame."""

    def __init__(self, window: Any) -> None:
        self._window = weakref.ref(window)
        self._paced: bool | None = None  # decided at the first large draw
        self._fences: GLFences | None = None
        self._pending: deque[int] = deque()
        add_observer = getattr(window, "AddObserver", None)
        if add_observer is not None:
            add_observer("EndEvent", self._frame_drawn)

    def before_large_draw(self) -> None:
        window = self._window()
        if window is None:
            return
        if self._paced is None:
            policy = decide_policy(SimpleNamespace(render_window=window))
            self._paced = policy.pace_draws
            if policy.use_fences:
                name = getattr(window, "GetClassName", lambda: "")()
                self._fences = load_fences(egl_first="EGL" in name)
        if not self._paced:
            return
        fences = self._fences
        handle = fences.insert() if fences is not None else None
        if fences is None or handle is None:
            window.WaitForCompletion()  # everything queued, the fences in it too
            self._frame_drawn()
            return
        self._pending.append(handle)
        while len(self._pending) > IN_FLIGHT:
            fences.wait(self._pending.popleft())

    def _frame_drawn(self, *_args: object) -> None:
        fences = self._fences
        while fences is not None and self._pending:
            fences.drop(self._pending.popleft())


# Keyed weakly: a window gone takes its queue along (the queue holds the window weakly too).
_queues: weakref.WeakKeyDictionary[Any, _Queue] = weakref.WeakKeyDictionary()
