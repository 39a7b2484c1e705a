"""What the window loads before its first paint: neither the QC code nor the API client and store.

The QC package (numpy filters, VTK locators) and the PDF report (fpdf2, the off-screen renderer)
load when a case with a QC result or decision is shown, or with the 3D view; the API client, the
store and the services' sign-in targets load as the account opens or the sign-in dialog shows.
Before the first paint each cost a noticeable part of the launch (`benchmarks/startup.py`).
"""

from __future__ import annotations

import os

from tests.fresh_interpreter import run_reporting_script

_BUILD_AND_SHOW = """
import json, sys
from PySide6.QtWidgets import QApplication
import scaninbox.qt
app = QApplication([])
from scaninbox.qt.shell.app_controller import AppController, GuiOptions
controller = AppController(GuiOptions(load_viewer=False, use_tray=False))
controller.window.show()
app.processEvents()
heavy = (
    "fpdf", "scaninbox.qc", "scaninbox.qc.report",
    "httpx", "scaninbox.api", "scaninbox.store", "scaninbox.services",
)
print(json.dumps({"loaded": [name for name in heavy if name in sys.modules]}))
"""


def test_building_and_showing_the_window_loads_no_qc_api_or_store_code() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    report, _output = run_reporting_script(_BUILD_AND_SHOW, env=env)
    assert report["loaded"] == []
