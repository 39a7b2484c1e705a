"""Files written to break the readers: the scan's row shows the problem, never "waiting"."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scaninbox.qt.viewer import loader
from scaninbox.qt.viewer.scan_list import RowState
from scaninbox.qt.viewer.viewport import ScanViewport
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import show_and_wait, wait_loaded

# The 179 bytes: 2^40 faces announced, no body. It used to hang the reader thread.
EVIL_PLY = (
    b"ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
    b"property float y\nproperty float z\nelement face 1099511627776\n"
    b"property int vertex_indices\nend_header\n"
)


@pytest.fixture
def hostile_provider(generated: Path, tmp_path: Path) -> FolderProvider:
    server = tmp_path / "server"
    server.mkdir()
    shutil.copy(generated / "upper.stl", server / "upper.stl")
    (server / "lower_evil.ply").write_bytes(EVIL_PLY)
    return FolderProvider(server, tmp_path / "cache")


@pytest.mark.timeout(60)
def test_a_ply_announcing_2_to_the_40_faces_shows_its_problem(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    hostile_provider: FolderProvider,
) -> None:
    viewport = make_viewport(hostile_provider)
    show_and_wait(qtbot, viewport, generated_case("upper.stl", "lower_evil.ply"))
    wait_loaded(qtbot, viewport)
    rows = viewport.scans.rows()
    assert [r.state for r in rows] == [RowState.READY, RowState.PROBLEM]
    assert rows[1].status_text.startswith(
        "Cannot read the scan 'lower_evil.ply': it is not a valid PLY file"
    )


def test_an_unexpected_failure_in_a_reader_is_a_problem_on_the_row(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    hostile_provider: FolderProvider,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A fault no file provokes today (the readers check what they read): a reader bug.
    real = loader.read_mesh

    def buggy(source: object, *, name: str | None = None) -> object:
        if name == "upper.stl":
            raise ZeroDivisionError("a bug")
        return real(source, name=name)  # type: ignore[arg-type]

    monkeypatch.setattr(loader, "read_mesh", buggy)
    hostile_provider.cache_file("upper.stl")  # the first look reads it too
    viewport = make_viewport(hostile_provider)
    show_and_wait(qtbot, viewport, generated_case("upper.stl", "lower_evil.ply"))
    wait_loaded(qtbot, viewport)
    rows = viewport.scans.rows()
    assert [r.state for r in rows] == [RowState.PROBLEM, RowState.PROBLEM]
    assert rows[0].status_text == (
        "Cannot read the scan 'upper.stl': it could not be shown "
        "(ZeroDivisionError; details in the log)."
    )
