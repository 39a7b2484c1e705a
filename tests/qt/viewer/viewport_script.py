"""Lines of a script run in a fresh interpreter by the viewer's subprocess tests."""

from __future__ import annotations

__all__ = ["DRAW_A_VIEWPORT"]

# A script's lines that show the viewport on the GUI thread, as the window does, until it has
# drawn (`scaninbox.qt.viewer` imported as ``viewer``; leaves ``app`` and ``viewport``).
DRAW_A_VIEWPORT = """
from PySide6.QtWidgets import QApplication
app = QApplication([])
viewport = viewer.create_scan_viewport(None, lambda s: None, {})
viewport.resize(320, 240)
viewport.show()
while viewport.view.renderer_name is None:
    app.processEvents()
"""
