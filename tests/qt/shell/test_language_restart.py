"""View › Language › "Restart now" for real: the app quits cleanly, starts again by the same
command line (a new process image, `shell/relaunch.py`) and speaks the chosen language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]

# Started as a script: the restart runs this same command line again. The first run chooses
# German and restarts as the button does; the second writes the language it started in.
_DRIVER = """
import os, sys
from pathlib import Path

os.environ.setdefault("QT_API", "pyside6")
from scaninbox.gui_options import GuiOptions
from scaninbox.qt.shell.app import run_gui

marker = Path(sys.argv[1])


def hook(controller):
    from PySide6.QtCore import QTimer
    from scaninbox import language
    from scaninbox.language import translate

    def act():
        if controller.session is None:  # not started yet
            return
        timer.stop()
        if os.environ.get("SCANINBOX_TEST_RESTARTED") != "1":
            os.environ["SCANINBOX_TEST_RESTARTED"] = "1"  # the next process image sees it
            controller.set_language("de")
            controller.restart()
        else:
            marker.write_text(
                language.current().code + "\\n" + translate("WindowMenus", "&File"),
                encoding="utf-8",
            )
            controller.quit(0)

    timer = QTimer(controller)
    timer.setInterval(50)
    timer.timeout.connect(act)
    timer.start()


sys.exit(run_gui(GuiOptions(load_viewer=False, use_tray=False), on_controller=hook))
"""


@pytest.mark.slow
def test_restart_now_starts_the_app_again_in_the_chosen_language(tmp_path: Path) -> None:
    driver = tmp_path / "driver.py"
    driver.write_text(_DRIVER, encoding="utf-8")
    marker = tmp_path / "started-in.txt"
    env = dict(os.environ)  # DISPLAY: the test run's Xvfb
    env["SCANINBOX_HOME"] = str(tmp_path / "home")
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("SCANINBOX_TEST_RESTARTED", None)
    env["LANGUAGE"] = "en"  # the system's language: English, so German is the window's choice
    done = subprocess.run(
        [sys.executable, str(driver), str(marker)],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    code, menu = marker.read_text(encoding="utf-8").splitlines()
    assert code == "de"
    catalogue = REPO_ROOT / "resources" / "translations" / "scaninbox_window_de.qm"
    if catalogue.is_file():  # compiled by scripts/setup
        assert menu == "&Datei"
    ui_ini = (tmp_path / "home" / "config" / "ui.ini").read_text(encoding="utf-8")
    assert "language=de" in ui_ini
