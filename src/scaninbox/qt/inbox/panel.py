"""The inbox panel: the filter bar over the case table, and what to say when it is empty."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QStackedWidget, QVBoxLayout, QWidget

from scaninbox.domain import status_label
from scaninbox.language import translate
from scaninbox.qt.inbox.filters import FilterState
from scaninbox.qt.inbox.filters_bar import FiltersBar
from scaninbox.qt.inbox.model import CaseTableModel
from scaninbox.qt.inbox.view import InboxView

if TYPE_CHECKING:
    from scaninbox.store import CaseStore

__all__ = ["InboxPanel"]


class InboxPanel(QWidget):
    """``filters`` (FiltersBar) + ``view`` (InboxView) over ``model`` (CaseTableModel)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inboxPanel")
        self.model = CaseTableModel(self)
        self.filters = FiltersBar(self)
        self.view = InboxView(self.model, self)
        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("inboxEmpty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self._stack = QStackedWidget(self)
        self._stack.addWidget(self.view)
        self._stack.addWidget(self.empty_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.filters)
        layout.addWidget(self._stack, 1)
        self._waiting_text = translate("InboxPanel", "Not signed in.")
        self._select_first_pending = False  # Down in the search box while its search runs
        self.filters.filterChanged.connect(self._on_filter_changed)
        self.filters.listRequested.connect(self.enter_list)
        self.model.queryApplied.connect(self._on_query_applied)
        self.model.modelReset.connect(self._update_empty_state)
        self._update_empty_state()

    def set_store(self, store: CaseStore | None, *, waiting_text: str = "") -> None:
        """Show ``store``'s cases (None: nothing, with ``waiting_text`` in the middle)."""
        self._waiting_text = waiting_text or translate("InboxPanel", "Not signed in.")
        self.model.set_store(store)
        self.refresh_choices()
        self._update_empty_state()

    def set_filter_state(self, state: FilterState) -> None:
        self.filters.set_state(state)
        self.model.set_filter(state)

    def refresh_choices(self) -> None:
        """Offer the statuses and portals the store holds (after a sync)."""
        store = self.model.store
        if store is None or store.closed:
            return
        statuses = sorted(set(store.distinct_statuses()) | {"new", "accepted"})
        self.filters.set_statuses([(s, status_label(s)) for s in statuses])
        self.filters.set_sources([(s, s) for s in store.distinct_sources()])

    def enter_list(self) -> None:
        """The keyboard to the list (Down in the search box), on the selected case or else the
        first one — of the new list when a search is still being read."""
        self._select_first_pending = self.model.busy
        if self.model.busy or self.model.rowCount() == 0:
            self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return
        self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if self.view.selected_ref is None:
            self.view.select_position(0)

    def set_waiting_text(self, text: str) -> None:
        self._waiting_text = text
        self._update_empty_state()

    def _on_filter_changed(self, state: FilterState) -> None:
        self.model.set_filter(state)
        self.filters.set_counts(self.model.rowCount(), self.model.total_count, busy=True)

    def _on_query_applied(self) -> None:
        self.filters.set_counts(self.model.rowCount(), self.model.total_count)
        self._update_empty_state()
        if self._select_first_pending:  # the new list is in place (its task is ending)
            self._select_first_pending = False
            if self.view.selected_ref is None and self.model.rowCount():
                self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
                self.view.select_position(0)

    def _update_empty_state(self) -> None:
        if self.model.rowCount() > 0:
            self._stack.setCurrentWidget(self.view)
            return
        if self.model.store is None:
            text = self._waiting_text
            self.filters.count_label.setText("")
        elif self.model.total_count == 0:
            text = translate(
                "InboxPanel",
                "No cases yet. They appear here as soon as the first sync brings them.",
            )
        elif not self.filters.state.is_default:
            text = translate("InboxPanel", "No cases match these filters.")
        else:
            text = translate("InboxPanel", "No cases to show.")
        if self.model.busy and self.model.store is not None and self.model.total_count == 0:
            text = translate("InboxPanel", "Reading the inbox…")
        self.empty_label.setText(text)
        self._stack.setCurrentWidget(self.empty_label)
