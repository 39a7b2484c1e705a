"""Fixtures for the 3D viewport: a host window, a factory of viewports, files and real cases.

- ``make_viewport(provider, mapping="x,y,z", turns=None)``: the real viewport
  (``create_scan_viewport``) in a shown host window, its GL context up; closed at the end, and
  checked to leave no VTK behind. The generated scans are canonical, hence the identity mapping
  by default (None: no mapping, the orientation is estimated).
- ``generated``: a "server" folder of small generated scans (upper, lower, previews, damaged).
- ``sandbox_cases``: real sandbox cases of four portals, fetched over loopback HTTP once.
"""

from __future__ import annotations

import asyncio
import gc
import struct
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

import scaninbox.qt.viewer as viewer
from scaninbox.portal_turns import PortalTurns
from scaninbox.qt.files import CaseFileProvider
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.sandbox import SandboxServer
from scaninbox.settings import DEFAULT_JAW_COLOURS
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.gui_collection import collect_only_on_the_gui_thread
from tests.qt.timeouts import EXPOSED_MS
from tests.qt.viewer.meshes import lower_arch, plate, upper_arch, write_stl
from tests.qt.viewer.sandbox_cases import SandboxCase, fetch_portal_cases

HOST_SIZE = (900, 620)
WAIT_MS = 20_000
PORTALS = ("3Shape TRIOS", "iTero", "Medit Link", "Carestream")


class FakeDialogs:
    """Answers "save the picture where?" as a person would; remembers the question."""

    def __init__(self) -> None:
        self.save_path: Path | None = None
        self.asked: list[str] = []

    def save_file_path(self, parent: QWidget, suggested_name: str) -> Path | None:
        self.asked.append(suggested_name)
        return self.save_path

    def folder_path(self, parent: QWidget, title: str) -> Path | None:
        return None


@pytest.fixture(scope="package", autouse=True)
def _collect_only_on_the_gui_thread(qapp: QApplication) -> Iterator[None]:
    """No collection on worker threads while these tests run (see `tests/qt/gui_collection.py`)."""
    yield from collect_only_on_the_gui_thread(qapp)


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread() -> Iterator[None]:
    """Destroy the last test's Qt and VTK objects here, not on some worker thread later."""
    gc.collect()
    yield
    gc.collect()


@pytest.fixture
def host(qtbot: QtBot) -> QWidget:
    """A shown top-level window, as the app's window is before the viewport is made."""
    window = QWidget()
    window.setObjectName("viewerHost")
    window.resize(*HOST_SIZE)
    QVBoxLayout(window).setContentsMargins(0, 0, 0, 0)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window, timeout=EXPOSED_MS)
    return window


@pytest.fixture
def make_viewport(
    qtbot: QtBot, host: QWidget, qt_loop: asyncio.AbstractEventLoop
) -> Iterator[Callable[..., ScanViewport]]:
    made: list[ScanViewport] = []

    def make(
        provider: CaseFileProvider,
        mapping: str | Callable[[str | None], str | None] | None = "x,y,z",
        turns: PortalTurns | None = None,
    ) -> ScanViewport:
        lookup = mapping if callable(mapping) else (lambda _source: mapping)
        viewer.preload_3d_stack()
        viewport = viewer.create_scan_viewport(
            provider, lookup, DEFAULT_JAW_COLOURS, host, dialogs=FakeDialogs(), turns=turns
        )
        made.append(viewport)
        layout = host.layout()
        assert layout is not None
        layout.addWidget(viewport)
        viewport.show()
        qtbot.waitUntil(lambda: viewport.view.renderer_name is not None, timeout=WAIT_MS)
        return viewport

    yield make
    from pyvista.plotting.plotter import _ALL_PLOTTERS

    for viewport in made:
        viewport.close()
        assert viewport.view._closed, "the plotter is still open"
        assert viewport.view._id_name not in _ALL_PLOTTERS, "pyvista still lists the plotter"
        assert viewport.view.render_window is None, "VTK's render window was left behind"
        assert viewport.scene._observer is None


def wait_loaded(qtbot: QtBot, viewport: ScanViewport) -> None:
    """Until every row has reached its end state (ready, a problem, or offline)."""
    final = {"ready", "problem", "offline"}
    qtbot.waitUntil(
        lambda: all(row.state.value in final for row in viewport.scans.rows()), timeout=WAIT_MS
    )


def show_and_wait(qtbot: QtBot, viewport: ScanViewport, case: Any) -> None:
    with qtbot.waitSignal(viewport.caseShown, timeout=WAIT_MS) as shown:
        viewport.show_case(case)
    assert shown.args == [case.ref]


@pytest.fixture(scope="session")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("generated-scans")
    write_stl(folder / "upper.stl", upper_arch())
    write_stl(folder / "lower.stl", lower_arch())
    write_stl(folder / "upper_preview.stl", upper_arch(40, 8))
    write_stl(folder / "plate.stl", plate())
    Image.new("RGB", (320, 200), "#c8a078").save(folder / "upper_preview.png")
    # Damaged files of three kinds: cut short, not a mesh at all, a format nobody reads.
    data = (folder / "lower.stl").read_bytes()
    (folder / "lower_cut.stl").write_bytes(data[: len(data) // 2])
    (folder / "notes.stl").write_text("These are not the scans you are looking for.\n" * 40)
    (folder / "scan.xyz").write_bytes(struct.pack("<4f", 1, 2, 3, 4) * 64)
    return folder


@pytest.fixture
def provider(generated: Path, tmp_path: Path) -> FolderProvider:
    return FolderProvider(generated, tmp_path / "cache")


@pytest.fixture(scope="session")
def sandbox_cases(
    sandbox: SandboxServer, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, SandboxCase]:
    return fetch_portal_cases(sandbox.base_url, tmp_path_factory.mktemp("sandbox-cases"), PORTALS)
