"""Saving a case's files where the disk refuses, in a German window: the status line says why
in German (the system's English text kept as "Technische Angabe") and nothing half-written is
left. Real faults: an immutable or unwritable folder, a full 64 KiB file system."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.api import case_folder_name
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.case_pane.file_status import FileState
from scaninbox.qt.runtime.language import QtLanguage
from tests.qt.case_pane.cases import REPORT, full_case
from tests.qt.case_pane.conftest import FakeDialogs
from tests.qt.language.conftest import catalogues, german  # noqa: F401 - fixtures used by name


def _show_attachments(pane: CasePane) -> None:
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ATTACHMENTS_TAB)


def test_saving_a_file_into_a_read_only_folder_says_why_in_german(
    german: QtLanguage,  # noqa: F811
    pane: CasePane,
    qtbot: QtBot,
    dialogs: FakeDialogs,
    read_only_folder: Path,
) -> None:
    _show_attachments(pane)
    dialogs.save_path = read_only_folder / "Bericht.txt"
    tile = next(t for t in pane.attachments.tiles if t.file.filename == REPORT)
    with qtbot.waitSignal(pane.statusError, timeout=10_000) as message:  # an error: kept shown
        pane.attachments.save_file(tile.file)
    [text] = message.args
    assert text.startswith(
        "Bericht.txt wurde nicht gespeichert: Sie haben keine Berechtigung für diese Datei oder "
        "diesen Ordner (Technische Angabe: [Errno "
    )
    assert list(read_only_folder.iterdir()) == []


def test_save_all_on_a_full_disk_says_why_in_german_and_leaves_nothing(
    german: QtLanguage,  # noqa: F811
    pane: CasePane,
    qtbot: QtBot,
    dialogs: FakeDialogs,
    full_disk: Path,
) -> None:
    # The case's files (a few KiB each) fit one by one, not beside what already fills the disk.
    filler = full_disk / "Sicherung.bin"
    filler.write_bytes(b"\0" * (60 * 1024))
    dialogs.folder = full_disk
    _show_attachments(pane)
    status = pane.attachments.save_status
    qtbot.mouseClick(pane.attachments.save_all_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: status.state is FileState.FAILED, timeout=10_000)
    text = status.message_label.text()
    folder = full_disk / case_folder_name(full_case())
    assert text == (
        f"Nichts wurde in {folder} gespeichert: der Datenträger ist voll (Technische Angabe: "
        f"[Errno {errno.ENOSPC}] {os.strerror(errno.ENOSPC)})."
    )
    assert [p.name for p in full_disk.iterdir() if p != filler] in ([], [folder.name])
    assert not folder.exists() or list(folder.iterdir()) == []
