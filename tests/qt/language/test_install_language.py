"""The window's language: our catalogues and Qt's own, the locale's dates, and the choice."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from scaninbox import language
from scaninbox.language import translate
from scaninbox.language.catalogs import compile_all
from scaninbox.paths import app_paths
from scaninbox.qt.runtime.language import (
    choose_language,
    install_language,
    start_language,
    system_language,
)
from tests.qt.language.pseudo import untranslated
from tests.qt.timeouts import EXPOSED_MS

_PROBE_TS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context><name>Probe</name>
<message><source>Lower jaw</source><translation>Unterkiefer</translation></message>
<message numerus="yes"><source>%n day(s) overdue</source>
<translation><numerusform>%n Tag überfällig</numerusform>
<numerusform>%n Tage überfällig</numerusform></translation></message>
</context>
</TS>
"""


@pytest.fixture
def probe_catalogues(tmp_path: Path) -> Path:
    """A German catalogue of two probe strings, compiled by the real tool chain."""
    source = tmp_path / "ts"
    source.mkdir()
    for area in ("window", "pane", "words", "errors"):
        (source / f"scaninbox_{area}_de.ts").write_text(
            _PROBE_TS.replace("Probe", f"Probe-{area}"), encoding="utf-8"
        )
    compile_all(source, tmp_path / "qm")
    return tmp_path / "qm"


def test_german_catalogues_qt_dialogs_dates_and_numbers(
    qapp: QApplication, probe_catalogues: Path
) -> None:
    german = install_language("de", folder=probe_catalogues)
    try:
        assert language.current() is german
        assert translate("Probe-words", "Lower jaw") == "Unterkiefer"
        assert translate("Probe-pane", "%n day(s) overdue", None, 1) == "1 Tag überfällig"
        assert translate("Probe-pane", "%n day(s) overdue", None, 4) == "4 Tage überfällig"
        # Qt's own way reaches the same catalogues (what `self.tr` uses in widgets).
        assert QCoreApplication.translate("Probe-window", "Lower jaw") == "Unterkiefer"
        # Not catalogued: the English source, its plural settled.
        assert translate("Nowhere", "%n file(s)", None, 1) == "1 file"
        # Qt's own words: the standard buttons of every dialog.
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        assert cancel.text().replace("&", "") == "Abbrechen"
        day = date(2025, 3, 12)
        assert german.date_text(day, with_weekday=True, with_year=True) == "Mi. 12. März 2025"
        assert german.date_text(day, with_weekday=False, with_year=False) == "12. März"
        assert german.weekday_text(day) == "Mi."
        assert german.number_text(1.5, 1) == "1,5"
        assert QLocale().language() == QLocale.Language.German
    finally:
        german.uninstall()
    assert language.current() is language.ENGLISH
    assert translate("Probe-words", "Lower jaw") == "Lower jaw"
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text().replace("&", "") == (
        "Cancel"
    )


def test_english_keeps_the_programs_own_dates(qapp: QApplication, catalogues: Path) -> None:
    english = install_language("en", folder=catalogues)
    try:
        day = date(2025, 3, 12)
        assert english.date_text(day, with_weekday=True, with_year=True) == "Wed 12 Mar 2025"
        assert english.number_text(1.5, 1) == "1.5"
    finally:
        english.uninstall()


def test_the_window_choice_wins_then_the_settings_then_the_system() -> None:
    assert choose_language("de", "en") == "de"
    assert choose_language("system", "de") == "de"
    assert choose_language(None, None) == system_language()
    assert choose_language("fr", None) == system_language()  # not a language we have
    assert system_language(["fr-FR", "de-AT", "en-US"]) == "de"
    assert system_language(["de_CH"]) == "de"
    assert system_language(["fr-FR", "it"]) == "en"
    assert system_language([]) == "en"


def test_start_language_reads_the_settings_file(qapp: QApplication, catalogues: Path) -> None:
    paths = app_paths()
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text('[ui]\nlanguage = "de"\n', encoding="utf-8")
    started = start_language(paths, "system")
    try:
        assert started.code == "de"
        assert language.current() is started
    finally:
        started.uninstall()
    started = start_language(paths, "en")  # the window's choice wins over the file
    try:
        assert started.code == "en"
    finally:
        started.uninstall()


def test_the_pseudo_check_finds_words_that_missed_translation(qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    window.setWindowTitle("[Scan Inbox]")
    layout = QVBoxLayout(window)
    for text in ("[Due]: [12 Mar]", "Due", "FDI 16 · 0.3 mm", "<b>[Upper jaw]</b>", "Anna Berg"):
        layout.addWidget(QLabel(text))
    loose = QLabel("Remark")
    loose.setToolTip("Shown on hover")
    layout.addWidget(loose)
    window.show()
    qtbot.waitExposed(window, timeout=EXPOSED_MS)
    found = sorted(text for _name, text in untranslated(window, data=["Anna Berg"]))
    assert found == ["Due", "Remark", "Shown on hover"]


def test_the_pseudo_language_marks_dates_too(pseudo: object) -> None:
    day = date(2025, 3, 12)
    assert language.current().date_text(day, with_weekday=True, with_year=False) == "[Wed 12 Mar]"
    assert language.current().weekday_text(day) == "[Wed]"
