"""Qt's image-format plugins are made on the GUI thread before any worker decodes an image.

Made on a worker, a plugin is moved to the GUI thread under Qt's signal-slot locks while the
worker holds the GIL; a GUI thread waiting for the GIL inside a ``disconnect`` deadlocks with
it (a test run hung in the thumbnails test). Only a new process starts with no plugin made.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.fresh_interpreter import run_reporting_script

_SCRIPT = """
import json, sys, threading
from pathlib import Path
from PySide6.QtCore import QLibraryInfo, QPluginLoader
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
from scaninbox.qt.case_pane.image_viewer import decode_image, load_image_plugins

app = QApplication([])
folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "imageformats"
plugins = sorted(str(path) for path in folder.iterdir() if path.suffix in {".so", ".dll", ".dylib"})

def on_a_worker(call):
    outcome = {}
    def run():
        try:
            outcome["value"] = call()
        except Exception as exc:
            outcome["error"] = f"{type(exc).__name__}: {exc}"
    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    return outcome

photo = Path(sys.argv[1])
refused = on_a_worker(lambda: decode_image(photo))
made_before = [QPluginLoader(path).isLoaded() for path in plugins]
load_image_plugins()
made = {Path(path).name: QPluginLoader(path).isLoaded() for path in plugins}
on_gui_thread = {}
for path in plugins:
    loader = QPluginLoader(path)  # shares the plugin Qt made, if it made it
    if loader.isLoaded():
        on_gui_thread[Path(path).name] = loader.instance().thread() is app.thread()
image = QImage(640, 480, QImage.Format.Format_RGB32)
image.fill(QColor("teal"))
assert image.save(str(photo), "JPG")
decoded = on_a_worker(lambda: decode_image(photo, 320).size().toTuple())
print(json.dumps({
    "plugins": len(plugins), "refused": refused.get("error"), "made_before": any(made_before),
    "made": made, "on_gui_thread": on_gui_thread, "decoded": decoded.get("value"),
}))
"""


def test_image_plugins_are_made_on_the_gui_thread_before_a_worker_decodes(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    report, _output = run_reporting_script(_SCRIPT, str(tmp_path / "photo.jpg"), env=env)
    assert report["plugins"] >= 3  # jpeg, gif, webp… ship with PySide6
    # A worker asking first is refused plainly instead of making a plugin itself.
    assert (
        report["refused"] == "RuntimeError: load_image_plugins() must be called on the GUI thread"
    )
    assert report["made_before"] is False
    # Every plugin made, each one living on the GUI thread.
    assert all(report["made"].values()), report["made"]
    assert report["on_gui_thread"] == dict.fromkeys(report["made"], True)
    # Then a worker decodes (scaled to 320 on its longer side).
    assert report["decoded"] == [320, 240]
