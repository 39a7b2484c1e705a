"""The inbox's QC column: the kept verdict as a traffic light, the local decision over it, read
for a block of rows at once (never per painted cell), repainted when QC or a decision changes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from pytestqt.qtbot import QtBot

import scaninbox.store.qc_store as qc_store
from scaninbox.domain import CaseRef, FileKind
from scaninbox.qt.inbox import CaseTableModel, Column
from scaninbox.qt.inbox.view import InboxView
from scaninbox.sandbox import SandboxServer
from scaninbox.sandbox.mesh_files import stl_bytes
from scaninbox.services.qc_queue import check_case
from scaninbox.store import CaseStore, FileCache, FileSpec
from scaninbox.store.qc_store import qc_result, save_qc_result, set_qc_decision
from tests.qc.shapes import arch
from tests.qt.shell.conftest import WAIT_MS, Synced
from tests.unit.store.factory import wire_case


@pytest.fixture
def model(qtbot: QtBot) -> Iterator[CaseTableModel]:
    made = CaseTableModel(block_rows=10)
    yield made
    made.set_store(None)
    shiboken6.delete(made)


def _cell(model: CaseTableModel, row: int, role: Qt.ItemDataRole) -> Any:
    return model.data(model.index(row, Column.QC), role)


def _colour_of(icon: QIcon) -> tuple[int, int, int]:
    """The colour at the middle of the icon (the light's disc)."""
    image = icon.pixmap(16, 16).toImage()
    colour = image.pixelColor(image.width() // 2, image.height() // 2 + 3)
    return colour.red(), colour.green(), colour.blue()


def test_the_qc_column_shows_verdicts_and_decisions_from_one_read_per_block(
    qtbot: QtBot, qt_loop: Any, make_sandbox: Callable[..., SandboxServer], tmp_path: Path,
    model: CaseTableModel, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    server = make_sandbox(cases=25)
    synced = Synced(qtbot, server.base_url, tmp_path / "account")
    try:
        synced.sync()
        store = synced.store
        with qtbot.waitSignal(model.queryApplied, timeout=WAIT_MS):
            model.set_store(store)
        refs = [model.ref_at(i) for i in range(3)]
        assert None not in refs
        for ref, verdict in zip(refs, ("fail", "warn", "pass"), strict=True):
            assert ref is not None
            save_qc_result(store, ref, key="k", qc_version=1, verdict=verdict, result_json="{}")
        assert refs[1] is not None
        set_qc_decision(store, refs[1], "ready", note="", who="qc@lab.example")
        reads: list[int] = []
        original = qc_store.qc_states

        def counted(*args: Any, **kwargs: Any) -> Any:
            reads.append(1)
            return original(*args, **kwargs)

        monkeypatch.setattr(qc_store, "qc_states", counted)
        model.repaint_all()

        tips = [_cell(model, i, Qt.ItemDataRole.ToolTipRole) for i in range(4)]
        assert tips[0] == "QC failed"
        assert tips[1] == "Ready to accept (qc@lab.example); QC: check the findings"
        assert tips[2] == "QC passed"
        assert tips[3] == "Not checked"
        assert _cell(model, 3, Qt.ItemDataRole.DecorationRole) is None
        red = _colour_of(_cell(model, 0, Qt.ItemDataRole.DecorationRole))
        green = _colour_of(_cell(model, 2, Qt.ItemDataRole.DecorationRole))
        assert red[0] > 150 > red[1]
        assert green[1] > 120 > green[0]
        for _ in range(3):  # painting the screen again and again reads nothing more
            for row in range(10):
                _cell(model, row, Qt.ItemDataRole.DecorationRole)
        assert len(reads) == 1
        _cell(model, 15, Qt.ItemDataRole.ToolTipRole)  # the second block: one more read
        assert len(reads) == 2

        assert refs[2] is not None
        set_qc_decision(store, refs[2], "rescan", note="hole", who="qc@lab.example")
        with qtbot.waitSignal(model.dataChanged, timeout=WAIT_MS):
            model.refresh_rows([refs[2]])
        assert _cell(model, 2, Qt.ItemDataRole.ToolTipRole).startswith("Rescan needed")

        before = (model.sort_column, model.sort_descending)
        model.sort(Column.QC, Qt.SortOrder.AscendingOrder)  # the store cannot sort by QC
        assert (model.sort_column, model.sort_descending) == before
        view = InboxView(model)
        qtbot.addWidget(view)
        header = view.horizontalHeader()
        header.setSortIndicator(Column.QC, Qt.SortOrder.AscendingOrder)  # a click on "QC"
        assert header.sortIndicatorSection() == model.sort_column  # the indicator stays true
    finally:
        synced.close()


def _cache_scans(cache: FileCache, ref: CaseRef, index: int, tmp: Path, *, drop: int = 0) -> None:
    for jaw in ("upper", "lower"):
        points, faces = arch(jaw, spacing_mm=1.0)
        source = tmp / f"{jaw}-{index}-{drop}.stl"
        source.write_bytes(stl_bytes(points, faces[: len(faces) - drop], header_text="inbox"))
        spec = FileSpec.of(FileKind.SCAN, f"{jaw} {index}.stl", "stl")
        assert spec is not None
        cache.add(ref, spec, source)


def test_a_verdict_made_on_older_scans_shows_as_outdated_not_as_a_current_light(
    qtbot: QtBot, qt_loop: Any, tmp_path: Path, model: CaseTableModel
) -> None:
    with CaseStore.open(tmp_path / "account") as store, FileCache.open(store) as cache:
        refs = [store.upsert_case(wire_case(i)).new[0] for i in (1, 2)]
        for index, ref in enumerate(refs, 1):
            _cache_scans(cache, ref, index, tmp_path)
            checked = check_case(store, cache, ref)
            assert checked is not None
            assert checked.outcome.kept
        verdict = qc_result(store, refs[0])
        assert verdict is not None
        words = {"pass": "QC passed", "warn": "QC: check the findings", "fail": "QC failed"}
        # The lower scan of case 1 is fetched again with other content (background QC is off:
        # nothing checks it again by itself).
        _cache_scans(cache, refs[0], 1, tmp_path, drop=40)
        set_qc_decision(store, refs[1], "ready", note="", who="qc@lab.example")
        with qtbot.waitSignal(model.queryApplied, timeout=WAIT_MS):
            model.set_store(store)
        rows = [model.position_of(ref) for ref in refs]
        assert None not in rows
        old, current = (row for row in rows if row is not None)

        tip = f"{words[verdict.verdict]} — checked on older scans — re-run"
        # Looked at closely off the GUI thread: the cell is repainted when the answer lands.
        qtbot.waitUntil(lambda: _cell(model, old, Qt.ItemDataRole.ToolTipRole) == tip)
        assert _cell(model, old, Qt.ItemDataRole.AccessibleTextRole) == tip
        model.repaint_all()  # the rows read again: the answer is remembered, not looked for
        assert _cell(model, old, Qt.ItemDataRole.ToolTipRole) == tip
        outdated = _cell(model, old, Qt.ItemDataRole.DecorationRole).pixmap(16, 16).toImage()
        assert outdated.pixelColor(8, 11).alpha() == 0  # hollow: not the current light
        assert _cell(model, current, Qt.ItemDataRole.ToolTipRole).startswith("Ready to accept")

        # A decision taken on the older verdict is outdated with it.
        set_qc_decision(store, refs[0], "ready", note="", who="qc@lab.example")
        with qtbot.waitSignal(model.dataChanged, timeout=WAIT_MS):
            model.refresh_rows([refs[0]])
        tip = _cell(model, old, Qt.ItemDataRole.ToolTipRole)
        assert tip.startswith("Ready to accept (qc@lab.example); ")
        assert tip.endswith("checked on older scans — re-run")  # the same scans: remembered
        icon = _cell(model, old, Qt.ItemDataRole.DecorationRole).pixmap(16, 16).toImage()
        assert icon.pixelColor(8, 11).alpha() == 0  # not the decision's filled tick

        model.qc_pending = lambda ref: ref == refs[0]  # background QC takes it: "checking"
        assert "QC: checking…" in _cell(model, old, Qt.ItemDataRole.ToolTipRole)

        rechecked = check_case(store, cache, refs[0])
        assert rechecked is not None
        assert rechecked.outcome.kept
        model.qc_pending = lambda ref: False
        with qtbot.waitSignal(model.dataChanged, timeout=WAIT_MS):
            model.refresh_rows([refs[0]])
        # A new result of these scans: no longer a suspect at all (checked after the fetch).
        assert "older scans" not in _cell(model, old, Qt.ItemDataRole.ToolTipRole)
        model.set_store(None)
