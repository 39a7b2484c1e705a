"""``speaking``: the person's language for a stretch of work (the command line's reports), and
the language before back afterwards, ``QLocale``'s default included."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from scaninbox import language
from scaninbox.domain import format_size
from scaninbox.qt.runtime.language import speaking


def test_speaking_installs_the_choice_and_restores_the_language_before(
    qapp: QApplication, catalogues: Path
) -> None:
    before = language.current()
    locale_before = QLocale().name()
    with speaking("de", folder=catalogues) as spoken:
        assert spoken.code == "de"
        assert language.current() is spoken
        assert format_size(1_500_000) == "1,5 MB"
    assert language.current() is before
    assert QLocale().name() == locale_before
    assert format_size(1_500_000) == "1.5 MB"


def test_speaking_restores_the_language_when_the_work_fails(
    qapp: QApplication, catalogues: Path
) -> None:
    before = language.current()
    with pytest.raises(OSError, match="disk full"), speaking("de", folder=catalogues):
        raise OSError("disk full")
    assert language.current() is before
