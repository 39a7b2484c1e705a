"""Compiled catalogues for the language tests, built from the checked-in ``.ts`` files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from scaninbox.language.catalogs import compile_all, write_pseudo
from scaninbox.qt.runtime.language import QtLanguage, install_language


@pytest.fixture(scope="session")
def catalogues(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The German and English catalogues compiled into a folder of the test session."""
    out = tmp_path_factory.mktemp("catalogues")
    compile_all(out=out)
    return out


@pytest.fixture(scope="session")
def pseudo_catalogues(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pseudo")
    write_pseudo(out)
    return out


@pytest.fixture
def german(qapp: QApplication, catalogues: Path) -> Iterator[QtLanguage]:
    """The window's German, for one test; plain English again afterwards."""
    language = install_language("de", folder=catalogues)
    yield language
    language.uninstall()


@pytest.fixture
def pseudo(qapp: QApplication, pseudo_catalogues: Path) -> Iterator[QtLanguage]:
    """The pseudo-language (every catalogued string in brackets), for one test."""
    language = install_language("xx", folder=pseudo_catalogues)
    yield language
    language.uninstall()
