"""Scan QC in the background (issue 10): a case whose scans land in the file cache is checked
without its QC tab ever being opened, on a worker (the event loop keeps ticking), the result is
kept in the store and the inbox's QC light follows; a scan fetched again with other content makes
the kept result stale ("checking" in the inbox) and the case is checked again; signing out
cancels. Real sandbox over loopback, real SQLite, the real window."""

from __future__ import annotations

import hashlib
import struct
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scaninbox.domain import CaseRef, FileKind, full_scans
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.inbox import Column
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.shell.app_controller import AppController
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseStore, FileSpec, account_folder
from scaninbox.store.qc_store import qc_result
from tests.qt.shell.conftest import WAIT_MS, current_dialog, sign_in_via_dialog, wait_for_rows

_QC_WAIT_MS = 8 * WAIT_MS  # two slow CPUs shared with other test runs


def _a_case_with_scans(store: CaseStore, refs: list[CaseRef]) -> CaseRef:
    for ref in refs:
        stored = store.case(ref)
        if stored is not None and len(full_scans(stored.case.scan_files)) >= 2:
            return ref
    raise AssertionError("the sandbox has no case with two scans")


def _refs(app: AppController) -> list[CaseRef]:
    model = app.window.inbox.model
    found = [model.ref_at(i) for i in range(model.rowCount())]
    return [ref for ref in found if ref is not None]


def _qc_tooltip(app: AppController, ref: CaseRef) -> str:
    model = app.window.inbox.model
    position = model.position_of(ref)
    assert position is not None
    return str(model.data(model.index(position, Column.QC), Qt.ItemDataRole.ToolTipRole))


def _fewer_triangles(data: bytes, drop: int) -> bytes:
    """A binary STL without its last ``drop`` triangles (other content, still a valid scan)."""
    count = struct.unpack_from("<I", data, 80)[0]
    kept = count - drop
    return data[:80] + struct.pack("<I", kept) + data[84 : 84 + 50 * kept]


def test_scans_landing_in_the_cache_are_checked_in_the_background_and_again_when_one_changes(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
    tmp_path: Path,
) -> None:
    served_dir = tmp_path / "service-files"  # this test changes a served file: its own folder
    server = make_sandbox(cases=6, cache_dir=served_dir)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    wait_for_rows(qtbot, app, minimum=6)
    window = app.window
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    store, background = session.store, window.qc_background
    assert background.enabled
    ref = _a_case_with_scans(store, _refs(app))
    assert qc_result(store, ref) is None
    assert _qc_tooltip(app, ref) == "Not checked"

    # The event loop's heartbeat, and what it had counted when a check started and ended.
    ticks = [0]
    heartbeat = QTimer()
    heartbeat.setInterval(5)
    heartbeat.timeout.connect(lambda: ticks.__setitem__(0, ticks[0] + 1))
    heartbeat.start()
    started: list[tuple[CaseRef, int, str]] = []
    checked: list[tuple[CaseRef, int]] = []
    background.started.connect(lambda r: started.append((r, ticks[0], _qc_tooltip(app, r))))
    background.checked.connect(lambda r: checked.append((r, ticks[0])))

    window.cases.set_pinned(ref, True)  # "Keep available offline": every file is downloaded
    qtbot.waitUntil(lambda: qc_result(store, ref) is not None, timeout=_QC_WAIT_MS)
    assert window.pane.tabs.currentIndex() != CasePane.QC_TAB  # never opened
    first = qc_result(store, ref)
    assert first is not None
    assert first.verdict in ("pass", "warn", "fail")
    qtbot.waitUntil(lambda: any(r == ref for r, _t in checked))
    begun = next(t for r, t, _tip in started if r == ref)
    ended = next(t for r, t in checked if r == ref)
    assert ended - begun >= 2, "the event loop stood still while the scans were checked"
    words = {"pass": "QC passed", "warn": "QC: check the findings", "fail": "QC failed"}
    qtbot.waitUntil(lambda: _qc_tooltip(app, ref) == words[first.verdict])
    assert not background.is_pending(ref)

    # The upper scan changes on the service; the copy here is evicted and fetched again.
    stored = store.case(ref)
    assert stored is not None
    scan = full_scans(stored.case.scan_files)[0]
    spec = FileSpec.of(FileKind.SCAN, scan.filename, scan.file_type)
    assert spec is not None
    cached = session.cache.cached_path(ref, spec)
    assert cached is not None
    old = cached.read_bytes()
    digest = hashlib.sha256(old).hexdigest()
    served = [p for p in served_dir.rglob("*") if p.is_file() and p.read_bytes() == old]
    assert served, "the served copy of the scan was not found"
    for path in served:
        path.write_bytes(_fewer_triangles(old, 40))
    window.cases.set_pinned(ref, False)
    qtbot.waitUntil(lambda: not store.row(ref).pinned)  # type: ignore[union-attr]
    session.cache.evict(limit_bytes=0)
    assert session.cache.cached_path(ref, spec) is None
    started.clear()
    checked.clear()
    window.cases.set_pinned(ref, True)
    qtbot.waitUntil(lambda: any(r == ref for r, _t in checked), timeout=_QC_WAIT_MS)
    again = qc_result(store, ref)
    assert again is not None
    assert again.files_key != first.files_key
    assert again.checked_at > first.checked_at
    refetched = session.cache.cached_path(ref, spec)
    assert refetched is not None
    assert refetched.name != digest  # another blob
    # While it was being checked again, the old verdict did not show as current.
    assert "checking" in next(tip for r, _t, tip in started if r == ref)
    qtbot.waitUntil(lambda: "checking" not in _qc_tooltip(app, ref))
    heartbeat.stop()


def test_signing_out_cancels_background_qc(
    qtbot: QtBot,
    qapp: QApplication,
    make_app: Callable[..., AppController],
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=6)
    app = make_app()
    sign_in_via_dialog(qtbot, app, server.base_url)
    wait_for_rows(qtbot, app, minimum=6)
    window = app.window
    session = app.session.current  # type: ignore[union-attr]
    assert session is not None
    account, background = session.account, window.qc_background
    refs = _refs(app)
    first = _a_case_with_scans(session.store, refs)
    second = _a_case_with_scans(session.store, [r for r in refs if r != first])
    started: list[CaseRef] = []
    failed: list[tuple[CaseRef, str]] = []
    background.failed.connect(lambda ref, why: failed.append((ref, why)))
    stops: list[threading.Event] = []  # the stop request the running check was given

    def sign_out_when_it_starts(started_ref: CaseRef) -> None:
        started.append(started_ref)
        if len(started) == 1:
            stops.append(background._stop)
            window.menus.sign_out_action.trigger()  # while the check runs on the worker

    background.started.connect(sign_out_when_it_starts)
    window.cases.set_pinned(first, True)
    window.cases.set_pinned(second, True)
    dialog = current_dialog(qtbot, app)  # signed out: it asks to sign in
    assert app.session.current is None  # type: ignore[union-attr]
    dialog.close()
    assert background.pending() == []
    # The queue's task has ended (at once when cancelled; a task left running would end only
    # after trying to keep its result), and the check itself has run out on the worker.
    qtbot.waitUntil(
        lambda: async_bridge.running_task(background, "pump") is None, timeout=_QC_WAIT_MS
    )
    background.worker_idle().result(timeout=_QC_WAIT_MS / 1000)
    qapp.processEvents()
    assert len(started) == 1  # nothing else was started after signing out
    # The running check was asked to stop at its next step; the next account's are not.
    assert stops[0].is_set()
    assert not background._stop.is_set()
    assert failed == []  # the dropped check was not written to the closed store
    with CaseStore.open(account_folder(app.paths, account)) as reopened:
        assert reopened.row(started[0]) is not None
        assert qc_result(reopened, started[0]) is None  # its result was dropped, not kept
