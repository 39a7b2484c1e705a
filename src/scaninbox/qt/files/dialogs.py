"""The file dialogs the pane asks for, behind a small interface tests can answer.

The real implementation uses Qt's dialogs and remembers the last folder for the session, so a
technician saving several cases in a row is not sent back to the home folder each time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

from scaninbox.language import translate

__all__ = ["FileDialogs", "QtFileDialogs", "start_folder"]


class FileDialogs(Protocol):
    def save_file_path(self, parent: QWidget, suggested_name: str) -> Path | None:
        """Ask where to save one file; None when the person cancels."""
        ...

    def folder_path(self, parent: QWidget, title: str) -> Path | None:
        """Ask for an existing folder; None when the person cancels."""
        ...


class QtFileDialogs:
    """Qt's own dialogs, starting in the last folder used, else Documents, else the home
    folder: always one that exists (Qt's dialog offered a missing Documents folder by name, with
    its Choose button greyed)."""

    def __init__(self) -> None:
        self._last_folder: Path | None = None

    def save_file_path(self, parent: QWidget, suggested_name: str) -> Path | None:
        start = self._start_folder() / suggested_name
        chosen, _ = QFileDialog.getSaveFileName(
            parent, translate("FileDialogs", "Save as"), str(start)
        )
        if not chosen:
            return None
        path = Path(chosen)
        self._last_folder = path.parent
        return path

    def folder_path(self, parent: QWidget, title: str) -> Path | None:
        chosen = QFileDialog.getExistingDirectory(parent, title, str(self._start_folder()))
        if not chosen:
            return None
        self._last_folder = Path(chosen)
        return self._last_folder

    def _start_folder(self) -> Path:
        return start_folder(self._last_folder)


def start_folder(last: Path | None = None) -> Path:
    """Where a file dialog opens: ``last`` (the folder used before), Documents or the home
    folder, whichever exists first. A fresh home has no Documents folder yet."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    for folder in (last, Path(documents) if documents else None, Path.home()):
        if folder is not None and folder.is_dir():
            return folder
    return Path.home()
