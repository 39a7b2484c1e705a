"""Fixtures for the case pane: real files on a "server" folder, a provider over them, the pane."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane import CasePane
from tests.qt.case_pane.cases import make_server_files
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.timeouts import EXPOSED_MS

PANE_SIZE = (880, 800)  # the pane's share of a 1280×800 window beside the inbox table


class UrlCatcher(QObject):
    """Stands in for the desktop's handler of a URL scheme: remembers what it was asked to open."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url)


@pytest.fixture
def opened_files() -> Iterator[list[QUrl]]:
    """The file URLs the pane asked the desktop to open (nothing is really opened)."""
    catcher = UrlCatcher()
    QDesktopServices.setUrlHandler("file", catcher, "open")
    yield catcher.urls
    QDesktopServices.unsetUrlHandler("file")


class FakeDialogs:
    """Answers the pane's file dialogs as a person would, and remembers the questions."""

    def __init__(self) -> None:
        self.save_path: Path | None = None
        self.folder: Path | None = None
        self.asked: list[str] = []

    def save_file_path(self, parent: QWidget, suggested_name: str) -> Path | None:
        self.asked.append(f"save:{suggested_name}")
        return self.save_path

    def folder_path(self, parent: QWidget, title: str) -> Path | None:
        self.asked.append(f"folder:{title}")
        return self.folder


@pytest.fixture(scope="session")
def server_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_server_files(tmp_path_factory.mktemp("server"))


@pytest.fixture
def provider(server_dir: Path, tmp_path: Path) -> FolderProvider:
    return FolderProvider(server_dir, tmp_path / "cache")


@pytest.fixture
def dialogs() -> FakeDialogs:
    return FakeDialogs()


@pytest.fixture
def pane(
    qtbot: QtBot,
    qt_loop: asyncio.AbstractEventLoop,
    provider: FolderProvider,
    dialogs: FakeDialogs,
) -> CasePane:
    widget = CasePane(provider, dialogs=dialogs)
    widget.resize(*PANE_SIZE)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget, timeout=EXPOSED_MS)
    return widget
