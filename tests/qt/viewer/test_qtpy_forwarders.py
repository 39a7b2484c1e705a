"""qtpy's QtCore and QtGui forward to PySide6's modules while the 3D stack loads and draws:
PySide6's QtOpenGL (which qtpy.QtGui star-imports) is not imported on the way to a frame, and
the first name only qtpy has (from any thread, several at once) gives qtpy's real module."""

from __future__ import annotations

import textwrap
from typing import Any

from tests.fresh_interpreter import run_reporting_script
from tests.qt.viewer.viewport_script import DRAW_A_VIEWPORT


def _run(script: str) -> dict[str, Any]:
    """``script`` in a fresh interpreter (this one may have imported qtpy already), warnings as
    errors; its report."""
    report, _output = run_reporting_script(textwrap.dedent(script), python_options=("-W", "error"))
    return report


def test_the_viewport_draws_without_qtpys_star_imports_and_a_qtpy_name_loads_the_real_module() -> (
    None
):
    loading = textwrap.dedent(
        """
        import json, sys, threading
        import scaninbox.qt.viewer as viewer
        from scaninbox.qt.workarounds.qtpy_forwarders import qtpy_is_forwarded
        worker = threading.Thread(target=viewer.preload_3d_stack)
        worker.start(); worker.join()
        loaded = "pyvistaqt" in sys.modules
        """
    )
    after_drawing = textwrap.dedent(
        """
        drew = viewport.view.renderer_name != ""
        forwarded_after_drawing = all(
            qtpy_is_forwarded(name) for name in ("qtpy.QtCore", "qtpy.QtGui", "qtpy.QtWidgets")
        )
        opengl_before_use = "PySide6.QtOpenGL" in sys.modules

        import PySide6.QtGui, PySide6.QtWidgets
        import pyvistaqt.plotting, pyvistaqt.rwi
        same_class = (
            pyvistaqt.rwi.QOpenGLContext is PySide6.QtGui.QOpenGLContext
            and pyvistaqt.plotting.QAction is PySide6.QtGui.QAction  # Qt 6 moved it
        )

        # Four threads read a name only qtpy's QtGui has (moved to QtWidgets in Qt 6) at once.
        import qtpy
        forwarder = qtpy.QtGui
        barrier = threading.Barrier(4)
        seen = []
        def first_use():
            barrier.wait()
            seen.append(forwarder.QFileSystemModel)
        threads = [threading.Thread(target=first_use) for _ in range(4)]
        for thread in threads: thread.start()
        for thread in threads: thread.join()
        import qtpy.QtGui as real
        print(json.dumps({
            "loaded": loaded,
            "drew": drew,
            "forwarded_after_drawing": forwarded_after_drawing,
            "opengl_before_use": opengl_before_use,
            "same_class": same_class,
            "all_threads_saw_it": len(seen) == 4
                and all(cls is PySide6.QtWidgets.QFileSystemModel for cls in seen),
            "real_everywhere": sys.modules["qtpy.QtGui"] is real and qtpy.QtGui is real
                and real is not forwarder and not qtpy_is_forwarded("qtpy.QtGui"),
            "patched": hasattr(PySide6.QtGui.QFontMetrics, "width"),
            "opengl_after_use": "PySide6.QtOpenGL" in sys.modules,
            "forwards": forwarder.QOpenGLTexture is real.QOpenGLTexture,
        }))
        viewport.close()
        """
    )
    result = _run(loading + DRAW_A_VIEWPORT + after_drawing)
    assert result["loaded"]
    assert result["drew"]
    assert result["forwarded_after_drawing"]  # nothing on the way to a frame needed qtpy's own
    assert not result["opengl_before_use"]  # so PySide6.QtOpenGL was never imported
    assert result["same_class"]
    assert result["all_threads_saw_it"]
    assert result["real_everywhere"]
    assert result["patched"]  # qtpy's patches of PySide's classes came with it
    assert result["opengl_after_use"]
    assert result["forwards"]  # a name bound to the forwarder keeps answering


def test_qtpy_imported_before_is_left_alone() -> None:
    result = _run(
        """
        import json, os, sys
        os.environ["QT_API"] = "pyside6"
        import qtpy.QtGui as gui
        from scaninbox.qt.workarounds.qtpy_forwarders import forward_qtpy, qtpy_is_forwarded
        did = forward_qtpy()
        print(json.dumps({
            "did": did,
            "forwarded": qtpy_is_forwarded("qtpy.QtGui"),
            "same": sys.modules["qtpy.QtGui"] is gui,
        }))
        """
    )
    assert result == {"did": False, "forwarded": False, "same": True}
