"""The inbox table view: keyboard, context menu, column chooser, and keeping the person's place.

When the model takes a fresh list (a sync finished, the filter changed) the view keeps the
selected case selected and the case at the top of the viewport at the top, by reference, so
new cases arriving above never make the list jump under the pointer.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import ClassVar

from PySide6.QtCore import QByteArray, QItemSelectionModel, QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QFont, QFontMetrics, QGuiApplication, QKeyEvent, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QMenu,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionHeader,
    QTableView,
    QWidget,
)

from scaninbox.domain import (
    STATUS_LABELS,
    CaseRef,
    format_date,
    relative_time,
    status_label,
)
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.inbox.columns import COLUMNS, DEFAULT_ORDER, KEY_COLUMNS, Column
from scaninbox.qt.inbox.delegates import InboxDelegate
from scaninbox.qt.inbox.model import CaseTableModel

__all__ = ["InboxView"]


# The longest texts the date columns show (``relative_time(compact=True)``, ``format_date``):
# their default widths fit these in bold (unread rows), whatever the font, so a date is never
# cut short ("yesterda…" once was).
# Asked of the wording functions when the view is built, in the language of the window.
def _widest_texts(column: Column) -> tuple[str, ...]:
    if column == Column.STATUS:
        return tuple(status_label(status) for status in STATUS_LABELS)
    if column == Column.DELIVERY:
        return (format_date(date(2027, 9, 30), with_year=True),)
    if column != Column.RECEIVED:
        return ()
    # A long month name (September), every weekday at its widest time, the minutes, "now".
    now = datetime(2025, 10, 10, 12, 0).astimezone()
    return (
        format_date(date(2025, 9, 30), with_year=True),
        *(
            relative_time(datetime(2025, 10, 10 - back, 23, 59).astimezone(), now=now, compact=True)
            for back in range(1, 7)
        ),
        relative_time(now - timedelta(minutes=59), now=now, compact=True),
        relative_time(now, now=now, compact=True),
    )


_CELL_PADDING_PX = 2 * 4 + 8  # the stylesheet's item padding on both sides, the style's margin


class _UsualSortArrows(QProxyStyle):
    """Qt hands styles the sort order upside down (ascending as "SortDown"), so Fusion points
    the arrow up while the newest cases are on top. Here the arrow points the way file managers
    and mail programs do: up for ascending (A→Z, oldest first), down for descending."""

    _FLIPPED: ClassVar[dict[QStyleOptionHeader.SortIndicator, QStyleOptionHeader.SortIndicator]] = {
        QStyleOptionHeader.SortIndicator.SortUp: QStyleOptionHeader.SortIndicator.SortDown,
        QStyleOptionHeader.SortIndicator.SortDown: QStyleOptionHeader.SortIndicator.SortUp,
    }

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if element == QStyle.PrimitiveElement.PE_IndicatorHeaderArrow and isinstance(
            option, QStyleOptionHeader
        ):
            flipped = QStyleOptionHeader(option)
            flipped.sortIndicator = self._FLIPPED.get(option.sortIndicator, option.sortIndicator)
            option = flipped
        super().drawPrimitive(element, option, painter, widget)


_ICON_COLUMN_NAMES = {
    Column.UNREAD: QT_TRANSLATE_NOOP("InboxView", "Unread"),
    Column.PRIORITY: QT_TRANSLATE_NOOP("InboxView", "Priority"),
    Column.OFFLINE: QT_TRANSLATE_NOOP("InboxView", "Available offline"),
}


class InboxView(QTableView):
    """The case table. Signals carry ``CaseRef``\\ s:

    - ``currentCaseChanged(object)``: the selected case (None when nothing is selected);
    - ``openRequested(object)``: Enter or a double click ("open": focus its 3D scans);
    - ``markReadRequested(object, bool)``, ``pinRequested(object, bool)``,
      ``qcRequested(object)`` ("check its scans now"): context menu.
    """

    currentCaseChanged = Signal(object)
    openRequested = Signal(object)
    markReadRequested = Signal(object, bool)
    pinRequested = Signal(object, bool)
    qcRequested = Signal(object)
    statusMessage = Signal(str)

    def __init__(self, model: CaseTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inboxTable")
        self.setAccessibleName(translate("InboxView", "Cases"))
        self._model = model
        self.setModel(model)
        # Only the icon and files columns need Python painting; text columns keep Qt's own
        # delegate, which paints without calling back into Python.
        delegate = InboxDelegate(self)
        for spec in COLUMNS:
            if spec.icon_only or spec.column == Column.FILES:
                self.setItemDelegateForColumn(spec.column, delegate)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # One stop for Tab: Tab leaves the list for the case (a table's own Tab walked it cell
        # by cell, scrolling it sideways, and never got out).
        self.setTabKeyNavigation(False)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)
        self.setShowGrid(False)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._on_context_menu)
        self.doubleClicked.connect(self._on_double_clicked)

        rows = self.verticalHeader()
        rows.setVisible(False)
        # Fixed heights: the view never asks 100,000 rows for their size.
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(max(26, self.fontMetrics().height() + 10))
        header = self.horizontalHeader()
        header.setObjectName("inboxHeader")
        self._header_style = _UsualSortArrows("Fusion")
        self._header_style.setParent(header)
        header.setStyle(self._header_style)
        header.setSectionsMovable(True)
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setMinimumSectionSize(24)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._on_header_menu)
        self.reset_columns()
        self.setSortingEnabled(True)
        header.setSortIndicator(Column.RECEIVED, Qt.SortOrder.DescendingOrder)
        header.sortIndicatorChanged.connect(self._on_sort_indicator)
        self._last_sort_section = int(Column.RECEIVED)

        self._selected_ref: CaseRef | None = None
        self._anchor: tuple[CaseRef | None, int] = (None, 0)
        self._horizontal = 0
        model.modelAboutToBeReset.connect(self._remember_place)
        model.modelReset.connect(self._restore_place)
        # Selection, not the current index: focusing the table makes its first row current
        # without selecting it, and that must not open (and mark read) a case.
        self.selectionModel().selectionChanged.connect(self._on_selection_changed)

    @property
    def selected_ref(self) -> CaseRef | None:
        return self._selected_ref

    def reset_columns(self) -> None:
        """Default order, widths and visibility of the columns."""
        header = self.horizontalHeader()
        for place, column in enumerate(DEFAULT_ORDER):
            visual = header.visualIndex(column)
            if visual != place:
                header.moveSection(visual, place)
        for spec in COLUMNS:
            header.setSectionHidden(spec.column, False)
            if spec.icon_only:
                header.setSectionResizeMode(spec.column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(spec.column, max(spec.width_px, self.text_width(spec.column)))

    def text_width(self, column: Column) -> int:
        """The width the longest text ``column`` can show needs, in bold (0: no such text)."""
        texts = _widest_texts(column)
        font = QFont(self.font())
        font.setBold(True)
        metrics = QFontMetrics(font)
        widest = max((metrics.horizontalAdvance(text) for text in texts), default=0)
        return widest + _CELL_PADDING_PX if widest else 0

    def width_to_show(self, last: Column) -> int:
        """The width (px) the table needs to show every column up to ``last`` (in the order
        shown) in full, with its scroll bar and frame."""
        header = self.horizontalHeader()
        columns = header.visualIndex(last) + 1
        sections = sum(
            header.sectionSize(header.logicalIndex(visual))
            for visual in range(columns)
            if not header.isSectionHidden(header.logicalIndex(visual))
        )
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        return sections + scroll_bar + 2 * self.frameWidth()

    def last_key_column(self) -> Column:
        """The key column shown furthest right (what the first-run split shows up to)."""
        header = self.horizontalHeader()
        return max(KEY_COLUMNS, key=header.visualIndex)

    def bring_key_columns_forward(self) -> None:
        """For a layout saved before the QC column joined the key columns: put it right after
        the status (unless the person moved it) and widen the status to its longest word;
        everything else the person arranged stays."""
        header = self.horizontalHeader()
        status, qc = header.visualIndex(Column.STATUS), header.visualIndex(Column.QC)
        if qc == header.count() - 1 and qc > status + 1:  # still where older versions put it
            header.moveSection(qc, status + 1)
        wanted = self.text_width(Column.STATUS)
        if header.sectionSize(Column.STATUS) < wanted:
            header.resizeSection(Column.STATUS, wanted)

    def restore_header(self, state: QByteArray) -> bool:
        """Columns (order, widths, hidden) and sort from ``header.saveState()``; the model
        takes the restored sort. False when the state cannot be used (defaults stay)."""
        header = self.horizontalHeader()
        if not header.restoreState(state):
            return False
        for spec in COLUMNS:  # icon columns stay fixed whatever an old state said
            if spec.icon_only:
                header.setSectionResizeMode(spec.column, QHeaderView.ResizeMode.Fixed)
        section = header.sortIndicatorSection()
        self._last_sort_section = section  # restoring is not a first click
        self._model.sort(section, header.sortIndicatorOrder())
        return True

    def select_ref(self, ref: CaseRef | None) -> bool:
        """Select ``ref`` (and scroll to it); False when it is not in the list."""
        position = self._model.position_of(ref) if ref is not None else None
        if position is None:
            return False
        index = self._model.index(position, 0)
        self.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        return True

    def select_next_unread(self) -> bool:
        """Select the next unread case below the selection (then from the top); False when the
        list has none."""
        current = self._model.position_of(self._selected_ref) if self._selected_ref else None
        position = self._model.next_unread(-1 if current is None else current)
        if position is None:
            return False
        return self.select_ref(self._model.ref_at(position))

    def select_position(self, position: int) -> None:
        """Select the row at ``position`` (clamped to the list) and scroll to it."""
        count = self._model.rowCount()
        if count:
            self.select_ref(self._model.ref_at(max(0, min(position, count - 1))))

    def top_ref(self) -> CaseRef | None:
        """The case in the first visible row."""
        return self._model.ref_at(self.rowAt(0)) if self._model.rowCount() else None

    # ------------------------------------------------------------------ keeping the place

    def _remember_place(self) -> None:
        top = self.rowAt(0)
        ref = self._model.ref_at(top) if top >= 0 else None
        self._anchor = (ref, top)
        self._horizontal = self.horizontalScrollBar().value()  # a reset scrolls to the left

    def _restore_place(self) -> None:
        anchor_ref, anchor_row = self._anchor
        position = self._model.position_of(anchor_ref) if anchor_ref is not None else None
        if position is not None:
            self.verticalScrollBar().setValue(position)
        elif anchor_row > 0:
            self.verticalScrollBar().setValue(min(anchor_row, self._model.rowCount() - 1))
        selected = self._selected_ref
        if selected is not None and not self._select_quietly(selected):
            self._selected_ref = None  # the case left the list (filtered out, removed)
            self.currentCaseChanged.emit(None)
        # Last: selecting scrolls to the row's first column.
        self.horizontalScrollBar().setValue(self._horizontal)

    def _select_quietly(self, ref: CaseRef) -> bool:
        position = self._model.position_of(ref)
        if position is None:
            return False
        # The reference is unchanged, so _on_selection_changed stays quiet: the pane keeps its case.
        self.selectionModel().setCurrentIndex(
            self._model.index(position, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        return True

    def _on_selection_changed(self, *_: object) -> None:
        rows = self.selectionModel().selectedRows()
        ref = self._model.ref_at(rows[0].row()) if rows else None
        if ref != self._selected_ref:
            self._selected_ref = ref
            self.currentCaseChanged.emit(ref)

    # ------------------------------------------------------------------ input

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._selected_ref:
            self.openRequested.emit(self._selected_ref)
            event.accept()
            return
        # A list of cases, not a spreadsheet: Home and End go to the first and last case
        # (a table's own Home and End go to the first and last column).
        if event.key() == Qt.Key.Key_Home:
            self.select_position(0)
            event.accept()
            return
        if event.key() == Qt.Key.Key_End:
            self.select_position(self._model.rowCount() - 1)
            event.accept()
            return
        # Nothing selected yet (the list just got the keyboard, its first row current but not
        # selected): the first Down or Up selects that row instead of skipping past it.
        if (
            event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up)
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
            and self._selected_ref is None
            and self._model.rowCount()
        ):
            current = self.currentIndex()
            self.select_position(current.row() if current.isValid() else 0)
            event.accept()
            return
        super().keyPressEvent(event)

    def moveCursor(
        self,
        cursorAction: QAbstractItemView.CursorAction,  # noqa: N803 - Qt's own name
        modifiers: Qt.KeyboardModifier,
    ) -> QModelIndex:
        # Rows only: Left and Right scroll the columns into view without moving to another
        # cell (the selection is a row; a current cell off to the side is never seen).
        if cursorAction in (
            QAbstractItemView.CursorAction.MoveLeft,
            QAbstractItemView.CursorAction.MoveRight,
        ):
            bar = self.horizontalScrollBar()
            step = bar.pageStep() // 4 or bar.singleStep()
            left = cursorAction == QAbstractItemView.CursorAction.MoveLeft
            bar.setValue(bar.value() + (-step if left else step))
            return self.currentIndex()
        return super().moveCursor(cursorAction, modifiers)

    def _on_double_clicked(self, index: QModelIndex) -> None:
        ref = self._model.ref_at(index.row())
        if ref is not None:
            self.openRequested.emit(ref)

    def _on_sort_indicator(self, section: int, order: Qt.SortOrder) -> None:
        if 0 <= section < len(COLUMNS) and not COLUMNS[section].sort_key:
            # Not sortable (QC): the indicator goes back to the order the table keeps.
            model = self._model
            back = (
                Qt.SortOrder.DescendingOrder
                if model.sort_descending
                else Qt.SortOrder.AscendingOrder
            )
            self.horizontalHeader().setSortIndicator(model.sort_column, back)
            return
        # A first click on the date, flag and icon columns shows newest/flagged cases first.
        first_click = section != self._last_sort_section
        self._last_sort_section = section
        if (
            first_click
            and 0 <= section < len(COLUMNS)
            and COLUMNS[section].first_sort_descending
            and order == Qt.SortOrder.AscendingOrder
        ):
            self.horizontalHeader().setSortIndicator(section, Qt.SortOrder.DescendingOrder)

    def _on_context_menu(self, point: QPoint) -> None:
        index = self.indexAt(point)
        row = self._model.row_at(index.row()) if index.isValid() else None
        if row is None:
            return
        if row.ref != self._selected_ref:
            self.select_ref(row.ref)
        menu = QMenu(self)
        menu.setObjectName("caseContextMenu")
        read = menu.addAction(
            translate("InboxView", "Mark as unread")
            if not row.unread
            else translate("InboxView", "Mark as read")
        )
        read.triggered.connect(lambda: self.markReadRequested.emit(row.ref, row.unread))
        pin = menu.addAction(translate("InboxView", "Keep available offline"))
        pin.setCheckable(True)
        pin.setChecked(row.pinned)
        pin.triggered.connect(lambda checked: self.pinRequested.emit(row.ref, checked))
        check = menu.addAction(translate("InboxView", "Check scans (QC)"))
        check.setToolTip(
            translate("InboxView", "Open the case's QC tab and check its scans as they are now")
        )
        check.triggered.connect(lambda: self.qcRequested.emit(row.ref))
        menu.addSeparator()
        copy = menu.addAction(translate("InboxView", "Copy reference"))
        copy.triggered.connect(lambda: self._copy_ref(row.ref))
        menu.popup(self.viewport().mapToGlobal(point))

    def _copy_ref(self, ref: CaseRef) -> None:
        QGuiApplication.clipboard().setText(str(ref))
        self.statusMessage.emit(
            translate("InboxView", "Copied the reference {ref}.").format(ref=ref)
        )

    def _on_header_menu(self, point: QPoint) -> None:
        header = self.horizontalHeader()
        menu = QMenu(self)
        menu.setObjectName("columnsMenu")
        for spec in COLUMNS:
            label = (
                translate("Columns", spec.title)
                if spec.title
                else translate("InboxView", _ICON_COLUMN_NAMES[spec.column])
            )
            action = QAction(label, menu)
            action.setCheckable(True)
            action.setChecked(not header.isSectionHidden(spec.column))
            action.toggled.connect(lambda on, c=spec.column: header.setSectionHidden(c, not on))
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(translate("InboxView", "Reset columns"), self.reset_columns)
        menu.popup(header.mapToGlobal(point))
