"""At start, background QC waits until the first case's scans are on screen at full resolution
(`scaninbox.qt.shell.qc_hold`): a check would share the cores with reading and drawing them.
Cases whose scans arrive meanwhile wait in the queue; with no case shown the wait is bounded.

Real sandbox over loopback, real store, the real window; the 3D viewer is a stand-in whose full
frame comes when the test says (the real viewer's own frames are tested in tests/qt/viewer)."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, CaseRef, full_scans
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.qt.shell.qc_hold import QcAfterFirstFrame
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseStore
from scaninbox.store.qc_store import qc_result
from tests.qt.shell.conftest import WAIT_MS, sign_in_via_dialog, wait_for_rows

_QC_WAIT_MS = 8 * WAIT_MS  # two slow CPUs shared with other test runs
_NEVER_MS = 3_600_000


class FrameOnCue(QLabel):
    """Plays the 3D viewport: shows a case, and draws it in full when ``draw_in_full`` says."""

    statusMessage = Signal(str)
    caseShown = Signal(object)
    caseComplete = Signal(object)

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__("3D", parent)
        self.case: Case | None = None

    def show_case(self, case: Case | None) -> None:
        self.case = case

    def draw_in_full(self) -> None:
        assert self.case is not None
        self.caseComplete.emit(self.case.ref)


@pytest.fixture
def viewports(monkeypatch: pytest.MonkeyPatch) -> list[FrameOnCue]:
    made: list[FrameOnCue] = []
    module = types.ModuleType("scaninbox.qt.viewer")

    def create_scan_viewport(
        _provider: Any,
        _axis_mapping_for: Callable[[str | None], str | None],
        _jaw_colours: Mapping[str, str],
        parent: QWidget | None = None,
        *,
        turns: Any = None,
    ) -> FrameOnCue:
        made.append(FrameOnCue(parent))
        return made[-1]

    module.preload_3d_stack = lambda: None  # type: ignore[attr-defined]
    module.create_scan_viewport = create_scan_viewport  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "scaninbox.qt.viewer", module)
    return made


def _a_case_with_scans(store: CaseStore, app: AppController) -> CaseRef:
    model = app.window.inbox.model
    for row in range(model.rowCount()):
        ref = model.ref_at(row)
        stored = store.case(ref) if ref is not None else None
        if ref is not None and stored is not None and len(full_scans(stored.case.scan_files)) >= 2:
            return ref
    raise AssertionError("the sandbox has no case with two scans")


def test_background_qc_waits_for_the_first_cases_full_resolution_frame(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    viewports: list[FrameOnCue],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(QcAfterFirstFrame, "NO_CASE_MS", _NEVER_MS)  # only the frame ends it
    monkeypatch.setattr(QcAfterFirstFrame, "CASE_MS", _NEVER_MS)
    server = make_sandbox(cases=6)
    app = make_app(load_viewer=True)
    sign_in_via_dialog(qtbot, app, server.base_url)
    wait_for_rows(qtbot, app, minimum=6)
    qtbot.waitUntil(lambda: app.viewer.viewport is not None, timeout=WAIT_MS)
    viewport = viewports[0]
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    store, background = session.store, app.window.qc_background
    ref = _a_case_with_scans(store, app)
    started: list[CaseRef] = []
    background.started.connect(started.append)

    app.window.inbox.view.select_ref(ref)
    qtbot.waitUntil(lambda: viewport.case is not None and viewport.case.ref == ref)
    app.window.cases.set_pinned(ref, True)  # every file of it downloaded: QC has work
    qtbot.waitUntil(lambda: background.is_pending(ref), timeout=_QC_WAIT_MS)  # queued…
    # …and the queue's task has ended without checking it (unheld, it checks before ending).
    qtbot.waitUntil(
        lambda: async_bridge.running_task(background, "pump") is None, timeout=_QC_WAIT_MS
    )
    assert started == []
    assert qc_result(store, ref) is None
    assert background.is_pending(ref)  # the inbox shows it as waiting ("checking")

    viewport.draw_in_full()  # the case's scans on screen at full resolution
    qtbot.waitUntil(lambda: qc_result(store, ref) is not None, timeout=_QC_WAIT_MS)
    assert ref in started
    assert not background.held


def test_with_no_case_shown_background_qc_waits_only_a_short_while(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    viewports: list[FrameOnCue],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(QcAfterFirstFrame, "NO_CASE_MS", 500)
    monkeypatch.setattr(QcAfterFirstFrame, "CASE_MS", _NEVER_MS)  # no other bound helps
    server = make_sandbox(cases=6)
    app = make_app(load_viewer=True)
    assert app.window.qc_background.held  # from launch on
    sign_in_via_dialog(qtbot, app, server.base_url)
    wait_for_rows(qtbot, app, minimum=6)
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    store = session.store
    ref = _a_case_with_scans(store, app)
    app.window.cases.set_pinned(ref, True)  # no case shown, no frame will come
    qtbot.waitUntil(lambda: qc_result(store, ref) is not None, timeout=_QC_WAIT_MS)
    assert viewports == [] or all(v.case is None for v in viewports)
