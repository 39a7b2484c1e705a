"""Nothing typed for one patient's case goes with another's: the QC note box (and every other
per-case input of the pane) is reset or restored when the case changes — over a real SQLite
store, real scans checked by the QC tab, and the buttons clicked as a person would."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case
from scaninbox.qt.case_pane import CasePane
from scaninbox.sandbox.mesh_files import stl_bytes
from scaninbox.store import CaseStore
from scaninbox.store.qc_store import qc_decision
from tests.qc.shapes import arch
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.timeouts import EXPOSED_MS
from tests.unit.store.factory import wire_case

_WHO = "reviewer@lab.example"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CaseStore]:
    with CaseStore.open(tmp_path / "account") as opened:
        yield opened


def _cases(store: CaseStore, provider: FolderProvider, *indices: int) -> list[Case]:
    """Cases ``indices`` kept in ``store``, their upper and lower scans served and cached."""
    cases = []
    for index in indices:
        ref = store.upsert_case(wire_case(index)).new[0]
        for jaw, lift in (("upper", 0.0), ("lower", -8.0)):
            points, faces = arch(jaw, spacing_mm=0.5)
            name = f"{jaw} {index}.stl"
            data = stl_bytes(points + np.float32([0, 0, lift]), faces, header_text="per case")
            (provider.server_dir / name).write_bytes(data)
            provider.cache_file(name)
        stored = store.case(ref)
        assert stored is not None
        cases.append(stored.case)
    return cases


@pytest.fixture
def provider(tmp_path: Path) -> FolderProvider:
    server = tmp_path / "server"
    server.mkdir()
    return FolderProvider(server, tmp_path / "cache")


def _on_qc_tab(qtbot: QtBot, pane: CasePane, case: Case) -> None:
    """Select ``case`` with the QC tab showing, and wait until its check is painted."""
    with qtbot.waitSignal(pane.qc.resultShown, timeout=60_000):
        pane.show_case(case, pinned=False, fully_cached=True)
        if pane.tabs.currentIndex() != CasePane.QC_TAB:
            pane.tabs.setCurrentIndex(CasePane.QC_TAB)


def test_a_qc_note_never_goes_with_the_next_patients_decision(
    qtbot: QtBot,
    qt_loop: asyncio.AbstractEventLoop,
    store: CaseStore,
    provider: FolderProvider,
) -> None:
    first, second = _cases(store, provider, 1, 2)
    pane = CasePane(provider)
    qtbot.addWidget(pane)
    pane.resize(1100, 700)
    pane.show()
    qtbot.waitExposed(pane, timeout=EXPOSED_MS)
    pane.qc.set_account(store, _WHO)

    _on_qc_tab(qtbot, pane, first)
    qtbot.keyClicks(pane.qc.note, "margin unclear on 16, asked Dr Dupont")
    with qtbot.waitSignal(pane.qc.decisionRecorded):
        qtbot.mouseClick(pane.qc.ready_button, Qt.MouseButton.LeftButton)
    kept = qc_decision(store, first.ref)
    assert kept is not None
    assert (kept.decision, kept.note) == ("ready", "margin unclear on 16, asked Dr Dupont")
    assert "margin unclear" in pane.qc.decision_label.text()

    # The next patient: an empty note box, and a decision there carries nothing of the first.
    _on_qc_tab(qtbot, pane, second)
    assert pane.qc.note.text() == ""
    assert pane.qc.decision_label.text() == "No decision recorded."
    with qtbot.waitSignal(pane.qc.decisionRecorded):
        qtbot.mouseClick(pane.qc.rescan_button, Qt.MouseButton.LeftButton)
    recorded = qc_decision(store, second.ref)
    assert recorded is not None
    assert (recorded.decision, recorded.note) == ("rescan", "")
    first_after = qc_decision(store, first.ref)
    assert first_after is not None
    assert first_after.note == "margin unclear on 16, asked Dr Dupont"


def test_a_note_not_yet_recorded_stays_with_its_own_case(
    qtbot: QtBot,
    qt_loop: asyncio.AbstractEventLoop,
    store: CaseStore,
    provider: FolderProvider,
    tmp_path: Path,
) -> None:
    first, second = _cases(store, provider, 3, 4)
    pane = CasePane(provider)
    qtbot.addWidget(pane)
    pane.qc.set_account(store, _WHO)
    pane.show_case(first, pinned=False, fully_cached=True)
    pane.qc.note.setFocus()
    qtbot.keyClicks(pane.qc.note, "draft for the first case")

    pane.show_case(second, pinned=False, fully_cached=True)
    assert pane.qc.note.text() == ""
    qtbot.keyClicks(pane.qc.note, "draft for the second")
    # The same case shown again (its details refreshed from the service) keeps the typing.
    pane.show_case(second, pinned=False, fully_cached=True)
    assert pane.qc.note.text() == "draft for the second"

    pane.show_case(first, pinned=False, fully_cached=True)
    assert pane.qc.note.text() == "draft for the first case"
    pane.show_case(None, pinned=False, fully_cached=False)
    assert pane.qc.note.text() == ""
    pane.show_case(second, pinned=False, fully_cached=True)
    assert pane.qc.note.text() == "draft for the second"

    # Another account's store: nothing typed before belongs to its cases.
    with CaseStore.open(tmp_path / "other account") as other:
        pane.qc.set_account(other, _WHO)
        assert pane.qc.note.text() == ""
        pane.qc.set_account(None, "")
    assert qc_decision(store, first.ref) is None
    assert qc_decision(store, second.ref) is None
