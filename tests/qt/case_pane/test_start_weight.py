"""Building the window loads no QC code: the case pane's QC tab shows "not checked" without it.

The QC package (numpy filters, VTK locators) and the PDF report (fpdf2, the off-screen renderer)
load when a case with a QC result or decision is shown, or with the 3D view — not before the
window's first paint, where they cost ~0.3 s of the start (`benchmarks/startup.py`).
"""

from __future__ import annotations

import os

from tests.fresh_interpreter import run_reporting_script

_BUILD_THE_WINDOW = """
import json, sys
from PySide6.QtWidgets import QApplication
import scaninbox.qt
app = QApplication([])
from scaninbox.paths import app_paths
from scaninbox.qt.file_provider import StoreFileProvider
from scaninbox.qt.main_window import MainWindow
from scaninbox.qt.ui_state import UiState
window = MainWindow(StoreFileProvider(on_session_expired=print), UiState(app_paths()), use_tray=False)
window.show()
app.processEvents()
heavy = ("fpdf", "scaninbox.qc", "scaninbox.qc.report")
print(json.dumps({"loaded": [name for name in heavy if name in sys.modules]}))
"""


def test_building_and_showing_the_window_loads_no_qc_code() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    report, _output = run_reporting_script(_BUILD_THE_WINDOW, env=env)
    assert report["loaded"] == []
