"""The 3D viewer is brought in after the window is up: loaded on a worker thread, swapped into
the pane's "3D scans" tab, shown the selected case. A stand-in module plays the viewer here
(the real one is tested on its own); its contract is what ``scaninbox.qt.viewer`` promises."""

from __future__ import annotations

import threading
import types
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, FileKind
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.viewer_host import first_look_files
from scaninbox.sandbox import SandboxServer
from tests.qt.shell.conftest import WAIT_MS, sign_in_via_dialog


class StandInViewport(QLabel):
    statusMessage = Signal(str)
    caseShown = Signal(object)
    caseComplete = Signal(object)  # the stand-in shows a case whole in its first frame

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__("3D", parent)
        self.shown: list[Case | None] = []
        self.closed = False

    def show_case(self, case: Case | None) -> None:
        self.shown.append(case)
        if case is not None:
            QTimer.singleShot(0, lambda: self.caseShown.emit(case.ref))
            QTimer.singleShot(0, lambda: self.caseComplete.emit(case.ref))

    def close(self) -> bool:
        self.closed = True
        return super().close()


@pytest.fixture
def stand_in_viewer(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    module = types.ModuleType("scaninbox.qt.viewer")

    def preload_3d_stack() -> None:
        seen["preload_thread"] = threading.get_ident()

    def create_scan_viewport(
        provider: Any,
        axis_mapping_for: Callable[[str | None], str | None],
        jaw_colours: Mapping[str, str],
        parent: QWidget | None = None,
        *,
        turns: Any = None,
    ) -> StandInViewport:
        seen["create_thread"] = threading.get_ident()
        seen["turns"] = turns
        seen["provider"], seen["axis_mapping_for"], seen["jaw_colours"] = (
            provider, axis_mapping_for, jaw_colours,
        )  # fmt: skip
        seen["viewport"] = StandInViewport(parent)
        return seen["viewport"]

    module.preload_3d_stack = preload_3d_stack  # type: ignore[attr-defined]
    module.create_scan_viewport = create_scan_viewport  # type: ignore[attr-defined]
    monkeypatch.setitem(__import__("sys").modules, "scaninbox.qt.viewer", module)
    return seen


def test_the_viewer_loads_in_the_background_and_shows_the_selected_case(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    sandbox: SandboxServer,
    stand_in_viewer: dict[str, Any],
) -> None:
    app = make_app(load_viewer=True)
    assert app.window.pane.tabs.widget(CasePane.SCANS_TAB) is app.viewer.placeholder
    sign_in_via_dialog(qtbot, app, sandbox.base_url)
    qtbot.waitUntil(lambda: app.viewer.viewport is not None, timeout=WAIT_MS)
    viewport = stand_in_viewer["viewport"]
    assert stand_in_viewer["preload_thread"] != threading.get_ident()  # off the GUI thread
    assert stand_in_viewer["create_thread"] == threading.get_ident()
    assert stand_in_viewer["provider"] is app.provider
    assert stand_in_viewer["jaw_colours"]["upper"].startswith("#")
    assert app.window.pane.tabs.widget(CasePane.SCANS_TAB) is viewport

    model = app.window.inbox.model
    ref = model.ref_at(0)
    with qtbot.waitSignal(app.viewer.caseShown, timeout=WAIT_MS) as shown:
        app.window.inbox.view.select_ref(ref)
    assert shown.args == [ref]
    assert viewport.shown[-1] is not None
    assert viewport.shown[-1].ref == ref
    source = viewport.shown[-1].source
    store = app.session.current.store  # type: ignore[union-attr]
    assert stand_in_viewer["axis_mapping_for"](source) == store.axis_mapping(source)


@pytest.mark.expect_logged_errors(match="the 3D viewer could not start")
def test_a_viewer_that_cannot_start_leaves_a_plain_note(
    qtbot: QtBot, make_app: Callable[..., AppController], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = types.ModuleType("scaninbox.qt.viewer")

    def broken() -> None:
        raise RuntimeError("no OpenGL 3.2 context")

    module.preload_3d_stack = broken  # type: ignore[attr-defined]
    monkeypatch.setitem(__import__("sys").modules, "scaninbox.qt.viewer", module)
    app = make_app(load_viewer=True)
    qtbot.waitUntil(lambda: "could not start" in app.viewer.placeholder.text(), timeout=WAIT_MS)
    assert "no OpenGL 3.2 context" in app.viewer.placeholder.text()


def test_a_case_chosen_while_the_viewer_loads_has_its_scans_fetched_meanwhile(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    sandbox: SandboxServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The import of the 3D stack is the longest step to the first 3D frame: the downloads of
    # what the first look draws overlap it, so the viewport finds them on this computer.
    loaded = threading.Event()
    module = types.ModuleType("scaninbox.qt.viewer")

    def preload_3d_stack() -> None:
        loaded.wait(timeout=WAIT_MS / 1000)

    def create_scan_viewport(*_args: Any, parent: QWidget | None = None, **_kw: Any) -> QWidget:
        return StandInViewport(parent)

    module.preload_3d_stack = preload_3d_stack  # type: ignore[attr-defined]
    module.create_scan_viewport = create_scan_viewport  # type: ignore[attr-defined]
    monkeypatch.setitem(__import__("sys").modules, "scaninbox.qt.viewer", module)
    app = make_app(load_viewer=True)
    try:
        sign_in_via_dialog(qtbot, app, sandbox.base_url)
        model = app.window.inbox.model
        qtbot.waitUntil(lambda: model.rowCount() > 0, timeout=WAIT_MS)
        app.window.inbox.view.select_ref(model.ref_at(0))
        qtbot.waitUntil(lambda: app.viewer.case is not None, timeout=WAIT_MS)
        case = app.viewer.case
        assert case is not None
        scans = first_look_files(case)
        assert scans  # the sandbox's cases have scans

        def cached() -> bool:
            paths = [
                app.provider.cached_path(case.ref, FileKind.SCAN, s.filename or "", s.file_type)
                for s in scans
            ]
            return all(p is not None and p.is_file() for p in paths)

        qtbot.waitUntil(cached, timeout=WAIT_MS)
        assert app.viewer.viewport is None  # all of it while the stack was still loading
    finally:
        loaded.set()
    qtbot.waitUntil(lambda: app.viewer.viewport is not None, timeout=WAIT_MS)


def test_the_first_look_wants_previews_where_there_are_any_and_scans_elsewhere() -> None:
    from scaninbox.domain import CaseRef, Jaw, ScanFile

    upper = ScanFile(filename="u.stl", file_type="stl", scan_type="preparationScan", jaw=Jaw.UPPER)
    lower = ScanFile(filename="l.stl", file_type="stl", scan_type="preparationScan", jaw=Jaw.LOWER)
    preview = ScanFile(filename="u_p.ply", file_type="preview", scan_type="preview", jaw=Jaw.UPPER)
    case = Case(ref=CaseRef("c"), scan_files=(upper, lower, preview))
    assert first_look_files(case) == [preview, lower]
