"""The embedded 3D scan viewport: a case's scans, coloured by jaw, oriented by their portal.

Importing this package is cheap: VTK, pyvista and pyvistaqt load only when asked. The window
calls `preload_3d_stack` on a worker thread once it is shown (seconds of imports, off the GUI
thread), then `create_scan_viewport` on the GUI thread::

    import scaninbox.qt.viewer as viewer
    await async_bridge.to_thread(viewer.preload_3d_stack)
    vp = viewer.create_scan_viewport(provider, store.axis_mapping, settings.jaw_colours)
    vp.show_case(case)      # signals: statusMessage(str), caseShown(CaseRef)
    vp.close()              # scene first, then the plotter: no VTK left behind

Rooms: `plan` (which files, under which names; no Qt), `loader` (cached files at once, the rest
as they arrive, off the GUI thread), `viewport` (the widget and the loader's sink), `interactor`
(pyvistaqt's widget, one render per frame), `scan_list` (floating over the view) and its
`scan_row` rows, `toolbar`, `overlays`, `measure_tool`, `pictures`, `icons`, `heap` (the C
heap's settings for large meshes, and its free pages given back before each heavy step).
"""

from __future__ import annotations

import importlib
import os
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from scaninbox.qt.files import CaseFileProvider, FileDialogs

if TYPE_CHECKING:
    from scaninbox.portal_turns import PortalTurns
    from scaninbox.qt.viewer.viewport import ScanViewport

__all__ = ["create_scan_viewport", "preload_3d_stack"]

# pyvistaqt finds Qt through QtPy; it must know the binding before it is first imported.
os.environ.setdefault("QT_API", "pyside6")

# pyvistaqt's widget is a pyvista plotter, so it needs pyvista.plotting, whose colors module
# imports matplotlib at module level; matplotlib.pyplot and the Agg canvas (with matplotlib's
# text and fonts), the largest parts, wait until something uses them (`defer_pyplot`,
# `agg_canvas_deferred`). The scene itself is built from the VTK modules alone
# (`scaninbox.render`), and the off-screen path never imports pyvista (a test pins it).
_STACK = (
    "vtkmodules.vtkRenderingOpenGL2",
    "vtkmodules.vtkRenderingFreeType",
    "vtkmodules.vtkRenderingAnnotation",
    "vtkmodules.vtkInteractionStyle",
    "pyvista",
    "pyvista.plotting",
    "pyvistaqt",
    "scaninbox.render",
    "scaninbox.scans",
    "scaninbox.qt.viewer.viewport",
)
# What an inbox case's view also uses at once: its prepared teeth (from its work) and the QC maps
# of it. Local files have no work; their first map imports it.
_FOR_A_CASE = ("scaninbox.qc",)
# One thread imports the stack at a time; a second caller waits for the first to finish instead
# of importing beside it (two threads importing the same modules in different orders can meet
# in a circle, and Python then hands one of them a half-initialised module).
_importing = threading.Lock()


def preload_3d_stack(*, for_a_case: bool = True) -> None:
    """Import VTK, pyvista, pyvistaqt and the viewport's modules (the slow part), from any
    thread, any number of times; ``for_a_case``: also what an inbox case's view uses at once
    (QC, for its prepared teeth), which local files' first frame does without.

    Safe on a worker thread: these imports load libraries and define classes (including Qt
    widget classes) but create no Qt or VTK object; every object is made by
    `create_scan_viewport`, on the GUI thread. (Measured with
    ``benchmarks/case_first_frame.py``: most of it is ``pyvista.plotting`` and the matplotlib
    it imports, which pyvistaqt needs; matplotlib.pyplot and the Agg canvas, which pyvista
    imports but this app never uses, are left to their first use: `deferred_pyplot`,
    `deferred_agg_canvas`; and qtpy's modules forward to PySide6's without star-importing them:
    `qtpy_forwarders`.)
    """
    from scaninbox.qt.viewer.heap import tune_heap
    from scaninbox.qt.workarounds.qtpy_forwarders import forward_qtpy
    from scaninbox.workarounds.deferred_agg_canvas import agg_canvas_deferred
    from scaninbox.workarounds.deferred_pyplot import defer_pyplot

    with _importing:  # a loaded module costs nothing: repeated calls are cheap
        tune_heap()  # before the first scan's arrays: freed ones go back to the system
        defer_pyplot()
        forward_qtpy()
        with agg_canvas_deferred():
            for name in _STACK + (_FOR_A_CASE if for_a_case else ()):
                importlib.import_module(name)


def create_scan_viewport(
    provider: CaseFileProvider,
    axis_mapping_for: Callable[[str | None], str | None],
    jaw_colours: Mapping[str, str],
    parent: QWidget | None = None,
    *,
    dialogs: FileDialogs | None = None,
    turns: PortalTurns | None = None,
) -> ScanViewport:
    """The viewport widget (GUI thread). ``axis_mapping_for(source)`` gives the portal's
    ``axisMapping`` text (None when unknown); ``dialogs`` answers "save the picture where?";
    ``turns`` remembers how the person turned each portal's scans (None: for this run only)."""
    preload_3d_stack(for_a_case=False)  # loaded already, as the caller asked
    from scaninbox.qt.viewer.viewport import ScanViewport

    return ScanViewport(
        provider, axis_mapping_for, jaw_colours, parent, dialogs=dialogs, turns=turns
    )
