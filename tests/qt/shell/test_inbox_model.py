"""The inbox model over a real store: Qt's model tester, sorting, filtering, windowing."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from pytestqt.qtbot import QtBot

from scaninbox.domain import Urgency, exact_time, relative_time
from scaninbox.qt.inbox import COLUMNS, CaseTableModel, Column, DatePreset, FilterState
from scaninbox.qt.inbox.filters import to_case_filter
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseFilter, SortKey, SortSpec
from tests.qt.shell.conftest import WAIT_MS, Synced, run_async


@pytest.fixture
def new_model(qtbot: QtBot) -> Iterator[Callable[..., CaseTableModel]]:
    """Models deleted on the GUI thread at the end (a garbage collection on a worker thread
    would otherwise destroy their timers there)."""
    made: list[CaseTableModel] = []

    def make(**options: Any) -> CaseTableModel:
        made.append(CaseTableModel(**options))
        return made[-1]

    yield make
    for model in made:
        model.set_store(None)
        shiboken6.delete(model)


def apply(qtbot: QtBot, model: CaseTableModel, change: Callable[[], None]) -> None:
    """Make a change that takes a fresh list, and wait until the model shows it."""
    with qtbot.waitSignal(model.queryApplied, timeout=WAIT_MS):
        change()


def test_the_model_passes_qts_model_tester_through_filters_and_a_resync(
    qtbot: QtBot, qtmodeltester: Any, qt_loop: Any, make_sandbox: Callable[..., SandboxServer],
    tmp_path: Path, new_model: Callable[..., CaseTableModel],
) -> None:  # fmt: skip
    server = make_sandbox(cases=30)
    synced = Synced(qtbot, server.base_url, tmp_path / "account")
    try:
        synced.sync()
        model = new_model()
        apply(qtbot, model, lambda: model.set_store(synced.store))
        assert model.rowCount() == synced.store.count() == 30
        qtmodeltester.check(model)  # stays attached: later resets are checked too

        patients = [r.patient for r in synced.store.rows(limit=30) if r.patient]
        surname = patients[2].split()[-1]
        apply(qtbot, model, lambda: model.set_filter(FilterState(text=surname)))
        assert 0 < model.rowCount() < 30
        found = synced.store.rows(CaseFilter(text=surname), limit=30)
        assert [model.ref_at(i) for i in range(model.rowCount())] == [r.ref for r in found]
        assert any(surname in (r.patient or "") for r in found)

        apply(qtbot, model, lambda: model.set_filter(FilterState()))
        server.control.add_case()
        report = synced.sync()
        assert len(report.new) == 1
        apply(qtbot, model, model.refresh)
        assert model.rowCount() == 31
        assert model.ref_at(0) == report.new[0]  # newest first
        qtmodeltester.check(model)
        model.set_store(None)
        assert model.rowCount() == 0
    finally:
        synced.close()


@pytest.mark.parametrize("column", [c.column for c in COLUMNS if c.sort_key])  # QC: not sortable
def test_every_column_sorts_in_the_store(
    qtbot: QtBot, synced: Synced, new_model: Callable[..., CaseTableModel], column: Column
) -> None:
    model = new_model()
    apply(qtbot, model, lambda: model.set_store(synced.store))
    key = SortKey(COLUMNS[column].sort_key)
    for descending in (False, True):
        order = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
        if (model.sort_column, model.sort_descending) != (column, descending):
            apply(qtbot, model, lambda o=order: model.sort(column, o))
        expected = synced.store.rows(sort=SortSpec(key, descending), limit=60)
        shown = [model.ref_at(i) for i in range(model.rowCount())]
        assert shown == [r.ref for r in expected]
        assert (model.sort_column, model.sort_descending) == (column, descending)


def test_rows_are_read_in_bounded_blocks(
    qtbot: QtBot, synced: Synced, new_model: Callable[..., CaseTableModel]
) -> None:
    model = new_model(block_rows=7, max_blocks=3)
    apply(qtbot, model, lambda: model.set_store(synced.store))
    every = synced.store.rows(limit=1000)
    assert model.rowCount() == len(every)
    for position in [*range(len(every)), *reversed(range(len(every)))]:
        assert model.ref_at(position) == every[position].ref
        assert model.cached_blocks <= 3
    assert model.row_at(len(every)) is None
    assert model.data(model.index(len(every), 0)) is None


def test_filters_run_in_the_store(
    qtbot: QtBot, synced: Synced, new_model: Callable[..., CaseTableModel]
) -> None:
    model = new_model()
    apply(qtbot, model, lambda: model.set_store(synced.store))
    store = synced.store
    statuses = frozenset(store.distinct_statuses()[:1])
    sources = frozenset(store.distinct_sources()[:2])
    states = [
        FilterState(statuses=statuses),
        FilterState(sources=sources),
        FilterState(statuses=statuses, sources=sources),
        FilterState(preset=DatePreset.LAST_7_DAYS),
        FilterState(preset=DatePreset.LAST_30_DAYS),
        FilterState(
            preset=DatePreset.CUSTOM, custom_from=date(2000, 1, 1), custom_to=date(2000, 1, 2)
        ),
    ]
    counts = []
    for state in states:
        apply(qtbot, model, lambda s=state: model.set_filter(s))
        expected = store.rows(to_case_filter(state), limit=1000)
        assert [model.ref_at(i) for i in range(model.rowCount())] == [r.ref for r in expected]
        assert model.total_count == store.count()
        counts.append(model.rowCount())
    assert counts[0] > 0
    assert counts[1] > 0
    assert counts[-1] == 0
    assert counts[3] <= counts[4] <= store.count()


def test_cells_show_words_times_and_marks(
    qtbot: QtBot, synced: Synced, new_model: Callable[..., CaseTableModel]
) -> None:
    model = new_model()
    apply(qtbot, model, lambda: model.set_store(synced.store))
    row = model.row_at(0)
    assert row is not None
    assert row.received_at is not None
    received = model.index(0, Column.RECEIVED)
    assert model.data(received) == relative_time(row.received_at, compact=True)
    assert model.data(received, Qt.ItemDataRole.ToolTipRole) == exact_time(row.received_at)
    assert model.data(model.index(0, Column.PATIENT)) == (row.patient or "—")
    assert isinstance(model.data(model.index(0, Column.PATIENT), Qt.ItemDataRole.FontRole), QFont)
    assert model.data(model.index(0, Column.UNREAD), Qt.ItemDataRole.DecorationRole) is not None
    files = model.data(model.index(0, Column.FILES), Qt.ItemDataRole.ToolTipRole)
    assert f"{row.scan_count} scan" in files

    run_async(qtbot, synced.engine.mark_read([row.ref]))
    model.refresh_rows([row.ref])
    assert model.data(model.index(0, Column.PATIENT), Qt.ItemDataRole.FontRole) is None
    assert model.data(model.index(0, Column.UNREAD), Qt.ItemDataRole.DecorationRole) is None
    assert model.data(model.index(0, Column.UNREAD), Qt.ItemDataRole.AccessibleTextRole) == "Read"


@pytest.mark.parametrize(
    ("status", "coloured"),
    [("new", True), ("in_production", True), ("complete", False), ("cancelled", False)],
)
def test_the_delivery_cell_colours_only_late_open_work(
    qtbot: QtBot,
    synced: Synced,
    new_model: Callable[..., CaseTableModel],
    status: str,
    coloured: bool,
) -> None:
    from scaninbox.qt.inbox import cells

    model = new_model()
    apply(qtbot, model, lambda: model.set_store(synced.store))
    row = model.row_at(0)
    assert row is not None
    late = dataclasses.replace(row, status=status, delivery_date=date.today() - timedelta(days=1))
    colour = cells.ROLES[Qt.ItemDataRole.ForegroundRole](late, Column.DELIVERY)
    assert (colour is not None) is coloured
    expected = Urgency.OVERDUE if coloured else Urgency.NOT_APPLICABLE
    assert cells.urgency(late) is expected
