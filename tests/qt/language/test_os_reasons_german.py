"""The operating system's reasons in German, read through the compiled German catalogue (the
``german`` fixture): each errno's words, then the system's English text as "Technische Angabe",
and real faults — a full disk, a folder nobody may write in — provoked under "Save all" and a
saved picture, leaving nothing half-written."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import numpy as np
import pytest

from scaninbox.language.os_reasons import os_reason
from scaninbox.paths import app_paths
from scaninbox.qt.case_pane.file_actions import SaveError, save_files
from scaninbox.qt.runtime.language import QtLanguage
from scaninbox.render.png_file import PictureWriteError, write_png
from scaninbox.settings import SettingsError, load_settings

GERMAN_WORDS = [
    (errno.ENOSPC, "der Datenträger ist voll"),
    (errno.EDQUOT, "Ihr Speicherkontingent auf diesem Datenträger ist aufgebraucht"),
    (errno.EACCES, "Sie haben keine Berechtigung für diese Datei oder diesen Ordner"),
    (errno.EPERM, "Sie haben keine Berechtigung für diese Datei oder diesen Ordner"),
    (errno.EROFS, "der Datenträger oder Ordner ist schreibgeschützt"),
    (errno.ENOENT, "die Datei oder der Ordner existiert nicht"),
    (errno.ENAMETOOLONG, "der Dateiname oder Pfad ist zu lang"),
    (errno.EMFILE, "es sind zu viele Dateien gleichzeitig geöffnet"),
    (errno.ENFILE, "es sind zu viele Dateien gleichzeitig geöffnet"),
    (errno.EBUSY, "die Datei wird von einem anderen Programm benutzt oder ist gesperrt"),
    (errno.EFBIG, "die Datei ist zu groß für diesen Datenträger oder Ordner"),
    (errno.EIO, "der Datenträger konnte nicht lesen oder schreiben"),
    (errno.ENODEV, "der Datenträger ist nicht mehr da (womöglich wurde er getrennt)"),
    (errno.EEXIST, "eine Datei oder ein Ordner dieses Namens ist schon vorhanden"),
    (errno.ENOTDIR, "wo ein Ordner nötig ist, steht eine Datei"),
    (errno.EISDIR, "wo eine Datei nötig ist, steht ein Ordner"),
    (errno.ENETUNREACH, "das Netzwerk oder der Server ist nicht erreichbar"),
    (errno.ECONNREFUSED, "der Server hat die Verbindung abgelehnt"),
    (errno.ECONNRESET, "die Verbindung wurde abgebrochen"),
    (errno.ETIMEDOUT, "die Gegenstelle hat nicht rechtzeitig geantwortet"),
]


@pytest.mark.parametrize(("number", "words"), GERMAN_WORDS)
def test_each_errno_in_german_with_the_system_text_for_support(
    german: QtLanguage, number: int, words: str
) -> None:
    exc = OSError(number, os.strerror(number))
    assert os_reason(exc) == f"{words} (Technische Angabe: [Errno {number}] {os.strerror(number)})"


def test_an_unknown_errno_in_german_keeps_the_system_text(german: QtLanguage) -> None:
    exc = OSError(errno.EL2HLT, "Level 2 halted")
    assert os_reason(exc) == f"das System meldet: [Errno {errno.EL2HLT}] Level 2 halted"


# ---------------------------------------------------------------------- real faults


def _cached(tmp_path: Path, size: int) -> list[tuple[Path, str]]:
    cache = tmp_path / "cache"
    cache.mkdir()
    first, second = cache / "blob-1", cache / "blob-2"
    first.write_bytes(b"solid " * 100)
    second.write_bytes(os.urandom(size))
    return [(first, "Oberkiefer.stl"), (second, "Unterkiefer.stl")]


def test_save_all_on_a_full_disk_says_so_in_german_and_leaves_nothing(
    german: QtLanguage, tmp_path: Path, full_disk: Path
) -> None:
    with pytest.raises(SaveError) as caught:
        save_files(_cached(tmp_path, 256 * 1024), full_disk)
    assert str(caught.value) == (
        f"Nichts wurde in {full_disk} gespeichert: der Datenträger ist voll (Technische Angabe: "
        f"[Errno {errno.ENOSPC}] {os.strerror(errno.ENOSPC)})."
    )
    assert list(full_disk.iterdir()) == []  # neither the first file nor a half of the second


def test_a_picture_on_a_full_disk_says_so_in_german_and_leaves_nothing(
    german: QtLanguage, full_disk: Path
) -> None:
    noise = np.random.default_rng(7).integers(0, 256, (300, 300, 3), dtype=np.uint8)
    with pytest.raises(PictureWriteError) as caught:
        write_png(noise, full_disk / "Ansicht.png")
    assert str(caught.value).startswith(
        f"Das Bild kann nicht nach {full_disk / 'Ansicht.png'} geschrieben werden: "
        "der Datenträger ist voll (Technische Angabe: "
    )
    assert list(full_disk.iterdir()) == []


def test_save_all_into_a_read_only_folder_says_so_in_german(
    german: QtLanguage, tmp_path: Path, read_only_folder: Path
) -> None:
    with pytest.raises(SaveError) as caught:
        save_files(_cached(tmp_path, 1024), read_only_folder)
    message = str(caught.value)
    assert message.startswith(
        f"Nichts wurde in {read_only_folder} gespeichert: Sie haben keine Berechtigung für "
        "diese Datei oder diesen Ordner (Technische Angabe: [Errno "
    )
    assert list(read_only_folder.iterdir()) == []


def test_a_settings_file_that_is_a_folder_reads_german(german: QtLanguage) -> None:
    paths = app_paths()
    paths.settings_file.mkdir(parents=True)  # exists, but nothing can read it as a file
    with pytest.raises(SettingsError) as caught:
        load_settings(paths, env={})
    assert str(caught.value) == (
        f"{paths.settings_file} kann nicht gelesen werden: wo eine Datei nötig ist, steht ein "
        f"Ordner (Technische Angabe: [Errno {errno.EISDIR}] {os.strerror(errno.EISDIR)})"
    )
