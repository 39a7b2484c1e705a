"""The inbox table model: a thin adapter over the store's windowed reads, never the network.

``CaseTableModel`` holds no cases of its own. For the current filter and sort it keeps one
``CaseList`` (the store's fixed ordering of the matching row ids, built off the GUI thread) and
fetches rows from it in blocks of ``block_rows`` as the view asks for them, keeping at most
``max_blocks`` blocks; 100,000 cases cost one list of ids, not 100,000 Python rows.

Sorting and filtering run in SQL (``CaseFilter``/``SortSpec``), so the model implements
``sort()`` itself and there is no ``QSortFilterProxyModel``: a proxy sorts and filters by asking
the source model for every row's data, which would pull all cases into Python and defeat the
windowing. Column hiding is the header's job (``QHeaderView.setSectionHidden``), so no
pass-through proxy is needed either.

The ordering does not move while a sync writes: ``refresh()`` takes a fresh list (after a sync,
or when the filter changes) and resets the model; the view keeps the selection and scroll
position across the reset by case reference. Changes to single rows (read, pinned, files
downloaded) only drop the cached block and repaint (``refresh_rows``).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)

from scaninbox.domain import CaseRef
from scaninbox.language import translate
from scaninbox.qt.inbox import cells, qc_cell
from scaninbox.qt.inbox.columns import COLUMNS, Column
from scaninbox.qt.inbox.filters import FilterState, to_case_filter
from scaninbox.qt.runtime import async_bridge

if TYPE_CHECKING:
    from scaninbox.store import CaseList, CaseRow, CaseStore, SortSpec
    from scaninbox.store.qc_store import QcState

__all__ = ["CaseTableModel", "QueryResult"]

_log = logging.getLogger(__name__)
_Index = QModelIndex | QPersistentModelIndex
_CLOCK_MS = 60_000
_ROW_FLAGS = (
    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
)


@dataclass(frozen=True, slots=True)
class QueryResult:
    cases: CaseList
    total: int  # cases in the store, whatever the filter


class CaseTableModel(QAbstractTableModel):
    """Rows of the store for one filter and sort (see the module docstring).

    Signals: ``queryApplied()`` after a new list is in place (filter, sort or refresh);
    ``queryFailed(str)`` when the store could not answer.
    """

    queryApplied = Signal()
    queryFailed = Signal(str)

    def __init__(self, parent: Any = None, *, block_rows: int = 200, max_blocks: int = 50) -> None:
        super().__init__(parent)
        self._store: CaseStore | None = None
        self._filter = FilterState()
        self._sort_key = "received"
        self._descending = True
        self._list: CaseList | None = None
        self._count = 0
        self._total = 0
        self._block_rows = block_rows
        self._max_blocks = max_blocks
        self._blocks: OrderedDict[int, list[CaseRow]] = OrderedDict()
        self._qc_blocks: dict[int, dict[CaseRef, QcState]] = {}  # by block, like _blocks
        # Kept results looked at closely: (their `suspect_results` signature, outdated).
        self._qc_looked: dict[CaseRef, tuple[str, bool]] = {}
        # Whether background QC is checking a case (its kept verdict is not current): set by
        # the window to its `BackgroundQc.is_pending`.
        self.qc_pending: Callable[[CaseRef], bool] = _never
        # The lab hub's column and filter (`scaninbox.qt.lab.inbox`), when a hub is configured.
        self.lab_data: Callable[[int, CaseRef, int], Any] = lambda _pos, _ref, _role: None
        self.lab_filter: Callable[[Any], Any] = lambda case_filter: case_filter
        self._last_block: tuple[int, list[CaseRow]] = (-1, [])
        self._generation = 0
        # "5 min ago" goes stale; repaint the received column every minute.
        self._clock = QTimer(self)
        self._clock.setInterval(_CLOCK_MS)
        self._clock.timeout.connect(self._on_clock)
        self._clock.start()

    # ------------------------------------------------------------------ what is shown

    @property
    def store(self) -> CaseStore | None:
        return self._store

    @property
    def filter_state(self) -> FilterState:
        return self._filter

    @property
    def sort_column(self) -> Column:
        return next(c.column for c in COLUMNS if c.sort_key == self._sort_key)

    @property
    def sort_descending(self) -> bool:
        return self._descending

    @property
    def total_count(self) -> int:
        """Cases in the store, whatever the filter (for "12 of 60 cases")."""
        return self._total

    @property
    def cached_blocks(self) -> int:
        """How many blocks of rows are held (at most ``max_blocks``)."""
        return len(self._blocks)

    @property
    def busy(self) -> bool:
        return async_bridge.running_task(self, "query") is not None

    def set_store(self, store: CaseStore | None) -> None:
        """Show ``store`` (None: nothing). Reads start at once, in the background."""
        async_bridge.cancel(self, "query")
        self.beginResetModel()
        self._store = store
        self._list = None
        self._count = self._total = 0
        self._forget_rows()
        self._qc_looked.clear()
        self._generation += 1
        self.endResetModel()
        if store is not None:
            self.refresh()

    def set_filter(self, state: FilterState) -> None:
        if state != self._filter:
            self._filter = state
            self.refresh()

    def set_sort(self, column: Column, *, descending: bool) -> None:
        key = COLUMNS[column].sort_key
        if not key:  # a column the store cannot sort by (QC): the order stays
            return
        if (key, descending) != (self._sort_key, self._descending):
            self._sort_key, self._descending = key, descending
            self.refresh()

    def refresh(self) -> None:
        """Take a fresh list for the current filter and sort (built off the GUI thread)."""
        if self._store is None:
            return
        async_bridge.run(self._query(self._store), owner=self, key="query", name="inbox query")

    def refresh_rows(self, refs: Iterable[CaseRef]) -> None:
        """Repaint these cases with their current values (read, pinned, files downloaded)."""
        if self._list is None:
            return
        for ref in refs:
            position = self._list.position_of(ref)
            if position is None:
                continue
            self._forget_block(position // self._block_rows)
            self.dataChanged.emit(self.index(position, 0), self.index(position, len(COLUMNS) - 1))

    def repaint_qc(self) -> None:
        """Repaint the QC column (background QC started, finished or dropped cases)."""
        if self._count:
            column = int(Column.QC)
            self.dataChanged.emit(self.index(0, column), self.index(self._count - 1, column))

    def repaint_all(self) -> None:
        """Forget cached rows and repaint (many rows changed, or the palette or font did)."""
        cells.forget_looks()
        self._forget_rows()
        if self._count:
            self.dataChanged.emit(self.index(0, 0), self.index(self._count - 1, len(COLUMNS) - 1))

    def position_of(self, ref: CaseRef) -> int | None:
        return self._list.position_of(ref) if self._list is not None else None

    def next_unread(self, after: int) -> int | None:
        """The position of the next unread case after ``after`` (wrapping), or None."""
        return self._list.next_unread(after) if self._list is not None else None

    def row_at(self, position: int) -> CaseRow | None:
        if not 0 <= position < self._count or self._list is None:
            return None
        block_index, offset = divmod(position, self._block_rows)
        if block_index == self._last_block[0]:  # the common case while painting a screen
            last = self._last_block[1]
            return last[offset] if offset < len(last) else None
        found = self._blocks.get(block_index)
        if found is None:
            block = self._list.rows(block_index * self._block_rows, self._block_rows)
            self._blocks[block_index] = block
            self._qc_blocks[block_index] = self._qc_of(block)
            while len(self._blocks) > self._max_blocks:
                dropped, _rows = self._blocks.popitem(last=False)
                self._qc_blocks.pop(dropped, None)
        else:
            block = found
            self._blocks.move_to_end(block_index)
        self._last_block = (block_index, block)
        return block[offset] if offset < len(block) else None

    def ref_at(self, position: int) -> CaseRef | None:
        row = self.row_at(position)
        return row.ref if row is not None else None

    # ------------------------------------------------------------------ Qt model interface

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        spec = COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return translate("Columns", spec.title) if spec.title else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return translate("Columns", spec.tooltip)
        if role == Qt.ItemDataRole.DecorationRole and spec.icon_only:
            return cells.header_icon(spec.column)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return translate("Columns", spec.title or spec.tooltip)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return _ROW_FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if 0 <= column < len(COLUMNS):
            self.set_sort(Column(column), descending=order == Qt.SortOrder.DescendingOrder)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if index.isValid() and index.column() == Column.QC:
            row = self.row_at(index.row())
            if row is None:
                return None
            block = self._qc_blocks.get(index.row() // self._block_rows, {})
            return qc_cell.data(block.get(row.ref), role, pending=self.qc_pending(row.ref))
        if index.isValid() and index.column() == Column.LAB:
            row = self.row_at(index.row())
            return self.lab_data(index.row(), row.ref, role) if row is not None else None
        value = _ROLES.get(role)
        if value is None or not index.isValid():
            return None
        row = self.row_at(index.row())
        return value(row, index.column()) if row is not None else None

    # ------------------------------------------------------------------ internals

    def _qc_of(self, block: list[CaseRow]) -> dict[CaseRef, QcState]:
        """The block's QC states: one statement per block of rows, never one per cell. A kept
        verdict made on other scans than those cached now is marked stale (outdated): the few
        kept results that could be (`suspect_results`, one more statement) are looked at
        closely on a worker thread, once per change, and their cells repainted."""
        from scaninbox.store.qc_store import qc_states

        store = self._store
        if store is None or store.closed or not block:
            return {}
        states = qc_states(store, [row.ref for row in block])
        checked = [ref for ref, state in states.items() if state.verdict is not None]
        if not checked:
            return states  # nothing kept: QC's code (and numpy) stays unloaded at start
        from scaninbox.services.qc_queue import suspect_results

        unknown: dict[CaseRef, str] = {}
        for ref, signature in suspect_results(store, checked).items():
            looked = self._qc_looked.get(ref)
            if looked is None or looked[0] != signature:
                unknown[ref] = signature
            elif looked[1]:
                states[ref] = replace(states[ref], stale=True)
        if unknown:
            async_bridge.run(
                self._look_closer(store, unknown), owner=self, name="inbox QC standing"
            )
        return states

    async def _look_closer(self, store: CaseStore, suspects: dict[CaseRef, str]) -> None:
        from scaninbox.services.qc_queue import outdated_among

        try:
            outdated = await async_bridge.to_thread(outdated_among, store, list(suspects))
        except Exception as exc:  # the store closed or failed meanwhile: the verdicts stand
            _log.info("could not tell whether kept QC results are outdated: %s", exc)
            return
        if store is not self._store:
            return
        for ref, signature in suspects.items():
            self._qc_looked[ref] = (signature, ref in outdated)
        for block_index, states in self._qc_blocks.items():
            for ref in outdated & states.keys():
                states[ref] = replace(states[ref], stale=True)
                position = self.position_of(ref)
                if position is not None and position // self._block_rows == block_index:
                    index = self.index(position, int(Column.QC))
                    self.dataChanged.emit(index, index)

    def _forget_rows(self) -> None:
        self._blocks.clear()
        self._qc_blocks.clear()
        self._last_block = (-1, [])

    def _forget_block(self, block_index: int) -> None:
        self._blocks.pop(block_index, None)
        self._qc_blocks.pop(block_index, None)
        if self._last_block[0] == block_index:
            self._last_block = (-1, [])

    def _sort_spec(self) -> SortSpec:
        from scaninbox.store import SortKey, SortSpec

        return SortSpec(SortKey(self._sort_key), descending=self._descending)

    async def _query(self, store: CaseStore) -> None:
        generation = self._generation
        case_filter = self.lab_filter(to_case_filter(self._filter))
        sort = self._sort_spec()
        try:
            result = await async_bridge.to_thread(_build, store, case_filter, sort)
        except Exception as exc:  # the store is damaged or was closed under us
            if store is self._store and not store.closed:
                _log.warning("the inbox could not be read: %s", exc)
                self.queryFailed.emit(
                    translate(
                        "CaseTableModel", "The local inbox could not be read: {error}"
                    ).format(error=exc)
                )
            return
        if generation != self._generation or store is not self._store:
            return  # the store was replaced while the list was being built
        self.beginResetModel()
        self._list = result.cases
        self._count = result.cases.count
        self._total = result.total
        self._forget_rows()
        self.endResetModel()
        self.queryApplied.emit()

    def _on_clock(self) -> None:
        if self._count:
            column = int(Column.RECEIVED)
            self.dataChanged.emit(
                self.index(0, column),
                self.index(self._count - 1, column),
                [Qt.ItemDataRole.DisplayRole],
            )


def _never(_ref: CaseRef) -> bool:
    return False


def _build(store: CaseStore, case_filter: Any, sort: SortSpec) -> QueryResult:
    cases = store.case_list(case_filter, sort)
    return QueryResult(cases, store.count())


_ROLES = cells.ROLES
