"""The folder dialog ("Save all files to folder…") starts in a folder that exists: in a fresh home
without a Documents folder it offered "Documents" by name, and Choose stayed greyed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.files.dialogs import QtFileDialogs
from tests.qt.shell.conftest import WAIT_MS


@pytest.fixture
def fresh_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder as a new account has it: no Documents, no user-dirs.dirs."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    return home


def _typed_name(dialog: QFileDialog) -> str:
    edit = dialog.findChild(QLineEdit, "fileNameEdit")
    assert edit is not None
    return edit.text()


def _choose_in_the_dialog(qtbot: QtBot, seen: dict[str, object]) -> None:
    """Once the dialog is up: note what it offers, then press its Choose button."""

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, look)
            return
        box = dialog.findChild(QDialogButtonBox)
        assert box is not None
        choose = box.button(QDialogButtonBox.StandardButton.Open)
        assert choose is not None
        seen["directory"] = Path(dialog.directory().absolutePath())
        seen["choose_enabled"] = choose.isEnabled()
        seen["name"] = _typed_name(dialog)
        if choose.isEnabled():
            choose.click()
        else:
            dialog.reject()

    QTimer.singleShot(0, look)


def test_the_folder_dialog_starts_in_a_folder_that_exists(qtbot: QtBot, fresh_home: Path) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    dialogs = QtFileDialogs()
    seen: dict[str, object] = {}
    _choose_in_the_dialog(qtbot, seen)

    chosen = dialogs.folder_path(parent, "Save all files of this case to")

    qtbot.waitUntil(lambda: "choose_enabled" in seen, timeout=WAIT_MS)
    assert seen["choose_enabled"] is True
    assert seen["directory"] == fresh_home
    assert seen["name"] == ""
    assert chosen == fresh_home


def test_a_documents_folder_is_used_once_it_exists(qtbot: QtBot, fresh_home: Path) -> None:
    (fresh_home / "Documents").mkdir()
    parent = QWidget()
    qtbot.addWidget(parent)
    seen: dict[str, object] = {}
    _choose_in_the_dialog(qtbot, seen)

    chosen = QtFileDialogs().folder_path(parent, "Save all files of this case to")

    assert seen["choose_enabled"] is True
    assert chosen == fresh_home / "Documents"


def test_open_scan_files_starts_in_a_folder_that_exists(qtbot: QtBot, fresh_home: Path) -> None:
    from scaninbox.qt.shell.local_files_window import ask_scan_files

    parent = QWidget()
    qtbot.addWidget(parent)
    seen: dict[str, object] = {}

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, look)
            return
        seen["directory"] = Path(dialog.directory().absolutePath())
        seen["name"] = _typed_name(dialog)
        dialog.reject()

    QTimer.singleShot(0, look)
    assert ask_scan_files(parent) == []
    assert seen["directory"] == fresh_home
    assert seen["name"] == ""  # not a missing "Documents" offered as the file to open
