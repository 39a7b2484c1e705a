"""Local scan files (``scaninbox gui FILE…``, File › Open scan files…): shown in 3D in the
"Local files" window without signing in; files that cannot be opened say why in plain words."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from scaninbox.domain import Jaw
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.shell import app_controller, local_files_window
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.local_files import OpenedFiles, check_paths, local_case
from scaninbox.qt.shell.local_files_window import LocalFilesWindow
from scaninbox.qt.viewer.scan_list import RowState
from scaninbox.sandbox import SandboxServer
from tests.qt.shell.conftest import sign_in_via_dialog
from tests.qt.viewer.meshes import lower_arch
from tests.qt.window_manager import window_manager
from tests.unit.scans.meshfiles import ply

__all__ = ["window_manager"]  # the fixture, imported to be used here

WAIT_MS = 60_000  # a real 3D viewer and a real scan on a busy machine
REPO_ROOT = Path(__file__).resolve().parents[3]
GUI = (sys.executable, "-m", "scaninbox", "gui")


@pytest.fixture(autouse=True)
def _release_vtk_here() -> Iterator[None]:
    yield
    gc.collect()


@pytest.fixture
def lower_ply(tmp_path: Path) -> Path:
    points, faces = lower_arch()
    path = tmp_path / "patient_LowerJaw.ply"
    path.write_bytes(ply(points, faces.tolist()))
    return path


@pytest.fixture
def real_stl(realscans: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(realscans / "Example_01_binary.stl", tmp_path / "Example_01.stl"))


def local_window(qtbot: QtBot, app: AppController) -> LocalFilesWindow:
    qtbot.waitUntil(lambda: app._local_files is not None, timeout=WAIT_MS)
    window = app.local_files()
    qtbot.waitUntil(window.isVisible, timeout=WAIT_MS)
    return window


def wait_rows(qtbot: QtBot, window: LocalFilesWindow, count: int) -> None:
    final = (RowState.READY, RowState.PROBLEM)

    def settled() -> bool:
        viewport = window.viewport
        if viewport is None:
            return False
        rows = viewport.scans.rows()
        return len(rows) == count and all(row.state in final for row in rows)

    qtbot.waitUntil(settled, timeout=WAIT_MS)


def test_gui_files_show_a_real_stl_and_a_ply_in_3d_without_signing_in(
    qtbot: QtBot, make_app: Callable[..., AppController], real_stl: Path, lower_ply: Path
) -> None:
    app = make_app(files=(real_stl, lower_ply), load_viewer=False)
    window = local_window(qtbot, app)
    wait_rows(qtbot, window, 2)
    viewport = window.viewport
    assert [row.state for row in viewport.scans.rows()] == [RowState.READY] * 2
    qtbot.waitUntil(lambda: len(viewport.scene) == 2, timeout=WAIT_MS)
    actors = [state.actor for state in viewport.scene]
    assert all(actor.GetMapper().GetInput().GetNumberOfCells() > 1000 for actor in actors)
    # The jaw from the file name where it names one; the real scan's name names none.
    assert window.case is not None
    assert [s.jaw for s in window.case.scan_files] == [Jaw.NONE, Jaw.LOWER]
    note = viewport.stage.note.text()
    assert note.startswith("No axis mapping for local files")
    assert "estimated" in note
    image = viewport.scene_image()
    assert int((image.astype(np.int16).sum(axis=2) > 150).sum()) > 5000  # something drawn
    # Files are no reason to ask for a sign-in: the inbox says how to (once the account's start
    # ran, after the files' load), no dialog pops up.
    qtbot.waitUntil(lambda: "Sign in" in app.window.inbox._waiting_text, timeout=WAIT_MS)
    assert app.dialog is None
    assert "Example_01.stl" in window.windowTitle()


def test_with_files_at_start_the_account_opens_after_their_full_frame(
    qtbot: QtBot, make_app: Callable[..., AppController], real_stl: Path
) -> None:
    # `gui FILE`: the person wants the file. Its 3D import and full frame come first; the
    # account's modules, the account and the inbox's own viewer after (imported beside the
    # 3D stack, the account's modules raced it).
    app = make_app(files=(real_stl,), load_viewer=True, start=False)
    at_full_frame: list[tuple[bool, bool]] = []
    app.local_files().caseComplete.connect(
        lambda _case: at_full_frame.append((app.session is None, app.viewer.started))
    )
    # ... and after their welds and levels of detail: the account's modules and store beside
    # that working memory made the app's peak.
    files_loading_at_account: list[bool] = []
    open_first_account = app._open_first_account

    def recording(session: Any) -> Any:
        viewport = app.local_files().viewport
        files_loading_at_account.append(async_bridge.running_task(viewport, "case") is not None)
        return open_first_account(session)

    app._open_first_account = recording  # type: ignore[method-assign]
    app.start()
    qtbot.waitUntil(lambda: app.session is not None, timeout=WAIT_MS)
    assert at_full_frame == [(True, False)]
    qtbot.waitUntil(lambda: files_loading_at_account != [], timeout=WAIT_MS)
    assert files_loading_at_account == [False]
    assert all(row.state is RowState.READY for row in app.local_files().viewport.scans.rows())
    qtbot.waitUntil(lambda: "Sign in" in app.window.inbox._waiting_text, timeout=WAIT_MS)
    assert app.dialog is None  # no account: said so, no dialog


def test_with_files_at_start_the_inbox_makes_its_viewport_only_for_a_case(
    qtbot: QtBot, make_app: Callable[..., AppController], real_stl: Path, sandbox: SandboxServer
) -> None:
    # Until a case is selected the inbox's pane says "Select a case": a second viewport (a GL
    # context and its render targets, in main memory under software OpenGL) would be memory
    # beside the files' viewport for nothing. The 3D stack is imported already by then.
    app = _files_app_signed_in(qtbot, make_app, real_stl, sandbox)
    assert app.window.pane.case is None
    assert app.viewer.viewport is None
    assert not app.viewer.started
    model = app.window.inbox.model
    ref = model.ref_at(0)
    with qtbot.waitSignal(app.viewer.caseShown, timeout=WAIT_MS) as shown:
        app.window.inbox.view.select_ref(ref)
    assert shown.args == [ref]
    assert app.window.pane.tabs.widget(CasePane.SCANS_TAB) is app.viewer.viewport


def test_files_that_do_not_come_keep_the_account_waiting_only_so_long(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    lower_ply: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A share that does not answer (a fault not provoked otherwise: checking the files waits
    # until the test lets it go): the account opens after the bound all the same, and the
    # files still show when they come.
    answer = threading.Event()

    def check_on_a_share_that_hangs(paths: list[Path]) -> OpenedFiles:
        answer.wait(WAIT_MS / 1000)
        return check_paths(paths)

    monkeypatch.setattr(app_controller, "FILES_FIRST_AT_MOST_S", 0.2)
    monkeypatch.setattr(local_files_window, "check_paths", check_on_a_share_that_hangs)
    app = make_app(files=(lower_ply,), start=False)
    try:
        app.start()
        qtbot.waitUntil(lambda: app.session is not None, timeout=WAIT_MS)
        assert app.local_files().case is None  # the files had not come
    finally:
        answer.set()
    wait_rows(qtbot, app.local_files(), 1)
    assert app.local_files().viewport.scans.rows()[0].state is RowState.READY


def test_a_missing_and_a_corrupt_file_say_why_and_the_good_one_shows(
    qtbot: QtBot, make_app: Callable[..., AppController], lower_ply: Path, tmp_path: Path
) -> None:
    corrupt = tmp_path / "upper.stl"
    corrupt.write_bytes(b"\0" * 80 + (1000).to_bytes(4, "little") + b"\0" * 500)  # cut short
    missing = tmp_path / "gone.ply"
    app = make_app(files=(missing, corrupt, lower_ply))
    window = local_window(qtbot, app)
    wait_rows(qtbot, window, 2)
    assert window.banner.isVisible()
    assert window.banner.text() == (
        f"This file could not be opened:\n{missing}: there is no such file."
    )
    corrupt_row, good_row = window.viewport.scans.rows()
    assert corrupt_row.state is RowState.PROBLEM
    message = corrupt_row.status_text
    assert message.startswith("Cannot read the scan 'upper.stl': its header announces")
    assert message.endswith("it is truncated.")
    assert good_row.state is RowState.READY
    assert len(window.viewport.scene) == 1


def test_file_open_in_the_menu_opens_the_chosen_files(
    qtbot: QtBot, make_app: Callable[..., AppController], lower_ply: Path
) -> None:
    app = make_app()
    window = app.local_files()
    window.choose_files = lambda _parent: [lower_ply]
    app.window.menus.open_files_action.trigger()
    wait_rows(qtbot, window, 1)
    assert window.isVisible()
    assert window.viewport.scans.rows()[0].state is RowState.READY
    assert app.window.isVisible()  # the inbox stays beside it


def test_local_case_names_jaws_and_keeps_duplicate_names_apart(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    paths = [tmp_path / "a" / "scan_UJ.stl", tmp_path / "b" / "scan_UJ.stl", tmp_path / "b.ply"]
    case, files = local_case(paths)
    assert [s.filename for s in case.scan_files] == ["scan_UJ.stl", "scan_UJ (2).stl", "b.ply"]
    assert [s.jaw for s in case.scan_files] == [Jaw.UPPER, Jaw.UPPER, Jaw.NONE]
    assert [s.file_type for s in case.scan_files] == ["stl", "stl", "ply"]
    assert files["scan_UJ (2).stl"] == paths[1]
    assert local_case(paths)[0].ref != case.ref  # each opening is a case of its own


def test_check_paths_words_each_problem(tmp_path: Path) -> None:
    empty = tmp_path / "empty.stl"
    empty.write_bytes(b"")
    good = tmp_path / "good.stl"
    good.write_bytes(b"x" * 100)
    opened = check_paths([tmp_path / "nope.stl", tmp_path, empty, good, good])
    assert opened.paths == (good,)
    assert opened.problems == (
        f"{tmp_path / 'nope.stl'}: there is no such file.",
        f"{tmp_path} is a folder, not a scan file.",
        f"{empty} is empty (0 bytes): it is not a scan.",
    )


@pytest.mark.slow
def test_scaninbox_gui_file_shows_it_saves_the_window_and_quits(
    lower_ply: Path, tmp_path: Path
) -> None:
    """The whole path a double-click takes: command line, window, viewer, the file drawn."""
    shot = tmp_path / "local.png"
    env = dict(os.environ)  # DISPLAY: the test run's Xvfb
    env["SCANINBOX_HOME"] = str(tmp_path / "home")
    env["SCANINBOX_STARTUP_TRACE"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    env.pop("QT_QPA_PLATFORM", None)
    done = subprocess.run(
        [*GUI, "--quit-when-ready", "--screenshot", str(shot), str(lower_ply)],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 20_000  # the window with the scan, not an empty image
    # The file's full-resolution frame is traced (benchmarks/startup.py --file times it).
    milestones = [
        line.split()[1] for line in done.stderr.splitlines() if line.startswith("scaninbox-trace")
    ]
    assert milestones.index("window-visible") < milestones.index("files-full-frame")


@pytest.mark.slow
def test_scaninbox_gui_with_only_a_missing_file_exits_1_and_names_it(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["SCANINBOX_HOME"] = str(tmp_path / "home")
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    env.pop("QT_QPA_PLATFORM", None)
    missing = tmp_path / "gone.stl"
    done = subprocess.run(
        [*GUI, "--quit-when-ready", "--ready-timeout", "8", str(missing)],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 1
    assert f"{missing}: there is no such file." in done.stderr


def test_with_files_at_start_the_first_case_keeps_the_inbox_window_in_front(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    real_stl: Path,
    sandbox: SandboxServer,
    window_manager: subprocess.Popen[bytes],
) -> None:
    # The inbox's viewport comes only with this first case, made after the window was shown:
    # under a real window manager the window stays shown, in front and with the keyboard.
    app = _files_app_signed_in(qtbot, make_app, real_stl, sandbox)
    app.window.inbox.view.setFocus()
    with qtbot.waitSignal(app.viewer.caseShown, timeout=WAIT_MS):
        app.window.inbox.view.select_ref(app.window.inbox.model.ref_at(0))
    qtbot.waitUntil(app.window.isActiveWindow, timeout=WAIT_MS)
    assert app.window.isVisible()
    assert QGuiApplication.focusWindow() is app.window.windowHandle()


def _files_app_signed_in(
    qtbot: QtBot, make_app: Callable[..., AppController], real_stl: Path, sandbox: SandboxServer
) -> AppController:
    """An app started for ``real_stl`` with the 3D viewer, its files shown, then signed in to
    ``sandbox`` through the dialog (the inbox shows no case yet)."""
    app = make_app(files=(real_stl,), load_viewer=True)
    wait_rows(qtbot, app.local_files(), 1)
    qtbot.waitUntil(lambda: "Sign in" in app.window.inbox._waiting_text, timeout=WAIT_MS)
    app.show_sign_in()
    sign_in_via_dialog(qtbot, app, sandbox.base_url)
    return app
