"""Files opened while Scan Inbox runs go to the running app (`scaninbox.qt.shell.single_instance`):
a second launch hands them over a local socket and ends; a dead app's socket is taken over.
On macOS the desktop sends them as file-open events to the application object
(`scaninbox.qt.shell.file_open_events`): they go to the same "Local files" window."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QDir, QUrl
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.file_open_events import ScanInboxApplication, hand_opened_files_to
from scaninbox.qt.shell.single_instance import FileOpenServer, forward_files, server_name
from scaninbox.qt.viewer.scan_list import RowState
from tests.qt.shell.test_local_files import (  # noqa: F401
    WAIT_MS,
    local_window,
    lower_ply,
    wait_rows,
)

REPO_ROOT = Path(__file__).resolve().parents[3]
FORWARD = (
    "import sys; from pathlib import Path\n"
    "from PySide6.QtCore import QCoreApplication\n"
    "from scaninbox.qt.shell.single_instance import forward_files\n"
    "app = QCoreApplication([])\n"
    "print(forward_files(sys.argv[1], [Path(p) for p in sys.argv[2:]]))\n"
)


def _unique_name() -> str:
    return f"scaninbox-test-{uuid.uuid4().hex[:12]}"


def _second_launch(name: str, *files: Path) -> subprocess.Popen[str]:
    """What a second `scaninbox gui FILE` does first, in a process of its own."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    return subprocess.Popen(
        [sys.executable, "-c", FORWARD, name, *map(str, files)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_a_second_launch_hands_its_files_to_the_running_app(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    lower_ply: Path,  # noqa: F811
) -> None:
    app = make_app()
    name = _unique_name()
    server = FileOpenServer(name, parent=app)
    server.filesRequested.connect(app.open_local_files)
    assert server.listening
    launch = _second_launch(name, lower_ply)
    window = None

    def shown() -> bool:
        nonlocal window
        window = app._local_files
        return window is not None and window.viewport is not None

    qtbot.waitUntil(shown, timeout=WAIT_MS)
    assert window is not None
    wait_rows(qtbot, window, 1)
    assert window.viewport.scans.rows()[0].state is RowState.READY
    qtbot.waitUntil(lambda: launch.poll() is not None, timeout=WAIT_MS)
    out, err = launch.communicate()
    assert out.strip() == "True", err


def test_files_the_desktop_opens_with_the_running_app_go_to_the_local_files_window(
    qtbot: QtBot,
    qapp: QApplication,
    make_app: Callable[..., AppController],
    lower_ply: Path,  # noqa: F811
) -> None:
    assert isinstance(qapp, ScanInboxApplication)  # the app's own class (tests/conftest.py)
    app = make_app()
    hand_opened_files_to(qapp, app.open_local_files)  # as `run_gui` does
    other = lower_ply.with_name("other_LowerJaw.ply")
    other.write_bytes(lower_ply.read_bytes())
    try:
        # Finder's "Open with" on two files: one event each, sent to the application object;
        # the same file again (as a URL) counts once, and a web link is not a file of ours.
        with qtbot.waitSignal(qapp.filesOpened, timeout=WAIT_MS) as opened:
            for event in (
                QFileOpenEvent(str(lower_ply)),
                QFileOpenEvent(QUrl.fromLocalFile(str(other))),
                QFileOpenEvent(QUrl.fromLocalFile(str(lower_ply))),
                QFileOpenEvent(QUrl("https://example.com/upper.stl")),
            ):
                assert QCoreApplication.sendEvent(qapp, event)
        assert opened.args == [[lower_ply, other]]  # handed on together
        window = local_window(qtbot, app)
        wait_rows(qtbot, window, 2)
        assert window.viewport is not None
        assert [row.state for row in window.viewport.scans.rows()] == [RowState.READY] * 2
    finally:
        qapp.filesOpened.disconnect(app.open_local_files)


def test_nobody_listening_means_no_hand_over(qtbot: QtBot) -> None:
    assert forward_files(_unique_name(), [Path("/tmp/x.stl")]) is False


def test_a_dead_apps_socket_is_taken_over(qtbot: QtBot) -> None:
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("Unix sockets")
    name = _unique_name()
    path = Path(QDir.tempPath()) / name
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))  # bound, never listening, then the process "crashed": the file stays
    stale.close()
    assert path.exists()
    server = FileOpenServer(name)
    try:
        assert server.listening
    finally:
        server.close()


def test_the_name_is_per_data_folder(tmp_path: Path) -> None:
    assert server_name(tmp_path / "a") != server_name(tmp_path / "b")
    assert server_name(tmp_path / "a") == server_name(tmp_path / "a")
    assert len(server_name(tmp_path / "a")) < 60  # a Unix socket path stays short
