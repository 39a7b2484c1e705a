"""The bar above the inbox: search, status, received date, portal, delivery due, unread only,
and how many cases show.

Typing in the search box is debounced (``SEARCH_DELAY_MS``) so a search runs once the person
pauses, not on every key. Every change emits ``filterChanged(FilterState)``.

What is kept for the next start (``saved_state``) holds only a search the person ran: text
confirmed with Enter, or left by clicking or tabbing elsewhere in the window, or cleared. Text
that merely reached the box — keys meant for a dialog that had lost the focus, a password among
them — is never written to ``ui.ini``, and nothing is confirmed while a modal dialog is open.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from PySide6.QtCore import QDate, QEvent, QLocale, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scaninbox.language import current, translate
from scaninbox.qt.inbox.filters import DatePreset, DuePreset, FilterState
from scaninbox.qt.inbox.multi_select import MultiSelectButton
from scaninbox.qt.look.flow_layout import FlowLayout

__all__ = ["SEARCH_DELAY_MS", "FiltersBar"]

SEARCH_DELAY_MS = 250


class FiltersBar(QWidget):
    """Edits a :class:`FilterState`; ``set_state`` shows one without emitting.

    Signals: ``filterChanged(FilterState)`` on every change, ``savedStateChanged(FilterState)``
    when what should be kept for the next start changes (see the module docstring)."""

    filterChanged = Signal(object)
    savedStateChanged = Signal(object)
    listRequested = Signal()  # Down in the search box: on to the results

    # Focus leaving the box by one of these is the person moving on from a search they ran.
    _LEAVING = (
        Qt.FocusReason.MouseFocusReason,
        Qt.FocusReason.TabFocusReason,
        Qt.FocusReason.BacktabFocusReason,
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("filtersBar")
        self._state = FilterState()
        self._committed_text = ""

        self.search = QLineEdit(self)
        self.search.setObjectName("inboxSearch")
        self.search.setPlaceholderText(
            translate("FiltersBar", "Search patient, dentist, clinic, ID, remark…  (Ctrl+F)")
        )
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(translate("FiltersBar", "Search cases"))
        self.search.setMinimumWidth(220)
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self._apply_search)
        self.search.textEdited.connect(lambda _text: self._search_timer.start())
        self.search.returnPressed.connect(self._run_search)
        self.search.installEventFilter(self)
        # The clear button changes the text without an edit: apply at once.
        self.search.textChanged.connect(self._on_text_changed)

        self.status_button = MultiSelectButton(
            translate("FiltersBar", "Status"), self, name="status"
        )
        self.status_button.selectionChanged.connect(
            lambda values: self._change(replace(self._state, statuses=values))
        )
        self.source_button = MultiSelectButton(
            translate("FiltersBar", "Portal"), self, name="portal"
        )
        self.source_button.selectionChanged.connect(
            lambda values: self._change(replace(self._state, sources=values))
        )

        self.date_combo = QComboBox(self)
        self.date_combo.setAccessibleName(translate("FiltersBar", "Received date"))
        self.date_combo.setToolTip(translate("FiltersBar", "Show cases received in this period"))
        for preset in DatePreset:
            self.date_combo.addItem(preset.label, preset.value)
        self.date_combo.currentIndexChanged.connect(self._on_preset)
        self.from_edit = _date_edit(self, translate("FiltersBar", "Received from"))
        self.to_edit = _date_edit(self, translate("FiltersBar", "Received until"))
        self.from_edit.dateChanged.connect(self._on_custom_dates)
        self.to_edit.dateChanged.connect(self._on_custom_dates)
        self._dash = QLabel("–", self)

        self.due_combo, self.unread_button = self._due_and_unread()

        self.clear_button = QToolButton(self)
        self.clear_button.setText(translate("FiltersBar", "Clear filters"))
        self.clear_button.setAutoRaise(True)
        self.clear_button.clicked.connect(lambda: self._change(FilterState(), show=True))
        self.count_label = QLabel(self)
        self.count_label.setObjectName("caseCount")
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.count_label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._lay_out()
        self.set_state(FilterState())

    def _due_and_unread(self) -> tuple[QComboBox, QToolButton]:
        due_combo = QComboBox(self)
        due_combo.setAccessibleName(translate("FiltersBar", "Delivery due"))
        due_combo.setToolTip(translate("FiltersBar", "Show cases by their requested delivery date"))
        for due in DuePreset:
            due_combo.addItem(due.label, due.value)
        due_combo.currentIndexChanged.connect(
            lambda index: self._change(replace(self._state, due=list(DuePreset)[index]))
        )
        unread_button = QToolButton(self)
        unread_button.setText(translate("FiltersBar", "Unread only"))
        unread_button.setCheckable(True)
        unread_button.setToolTip(
            translate("FiltersBar", "Show only the cases nobody has looked at yet")
        )
        unread_button.toggled.connect(
            lambda checked: self._change(replace(self._state, unread_only=checked))
        )
        return due_combo, unread_button

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.setSpacing(8)
        top.addWidget(self.search, 1)
        top.addWidget(self.count_label)
        # The filters wrap onto a second line in a narrow inbox instead of widening it (the
        # case pane and its 3D view get the room) or being squeezed into each other.
        bottom = FlowLayout(spacing=6, row_spacing=4)
        for widget in (
            self.status_button,
            self.date_combo,
            self.from_edit,
            self._dash,
            self.to_edit,
            self.source_button,
            self.due_combo,
            self.unread_button,
            self.clear_button,
        ):
            bottom.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 6)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addLayout(bottom)

    @property
    def state(self) -> FilterState:
        return self._state

    @property
    def saved_state(self) -> FilterState:
        """The filters to keep for the next start: only a search the person ran."""
        return self._state.with_text(self._committed_text)

    def set_state(self, state: FilterState) -> None:
        """Show ``state`` without emitting ``filterChanged``."""
        self._state = state
        self._committed_text = state.text
        self._search_timer.stop()
        quiet = (
            self.search,
            self.date_combo,
            self.from_edit,
            self.to_edit,
            self.due_combo,
            self.unread_button,
        )
        for widget in quiet:
            widget.blockSignals(True)
        try:
            self.due_combo.setCurrentIndex(list(DuePreset).index(state.due))
            self.unread_button.setChecked(state.unread_only)
            if self.search.text() != state.text:
                self.search.setText(state.text)
            self.date_combo.setCurrentIndex(list(DatePreset).index(state.preset))
            today = date.today()
            first = state.custom_from or today.replace(day=1)
            last = state.custom_to or today
            self.from_edit.setDate(QDate(first.year, first.month, first.day))
            self.to_edit.setDate(QDate(last.year, last.month, last.day))
        finally:
            for widget in quiet:
                widget.blockSignals(False)
        self.status_button.set_selected(state.statuses)
        self.source_button.set_selected(state.sources)
        self._update_custom_visibility()
        self.clear_button.setVisible(not state.is_default)

    def set_statuses(self, choices: Sequence[tuple[str, str]]) -> None:
        self.status_button.set_choices(choices)

    def set_sources(self, choices: Sequence[tuple[str, str]]) -> None:
        self.source_button.set_choices(choices)

    def set_counts(self, shown: int, total: int, *, busy: bool = False) -> None:
        if busy:
            text = translate("FiltersBar", "Searching…")
        elif shown == total:
            text = translate("FiltersBar", "%n case(s)", None, total)
        else:
            text = translate("FiltersBar", "{shown} of {total} cases").format(
                shown=current().count_text(shown), total=current().count_text(total)
            )
        self.count_label.setText(text)

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def flush(self) -> None:
        """Apply typed text at once (e.g. before the window saves its state)."""
        if self._search_timer.isActive():
            self._apply_search()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.search
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() == Qt.Key.Key_Down
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
        ):
            self._run_search()  # moving on to the results runs the search typed
            self.listRequested.emit()
            return True
        if (
            watched is self.search
            and isinstance(event, QFocusEvent)
            and event.type() == QEvent.Type.FocusOut
            and event.reason() in self._LEAVING
        ):
            self._run_search()
        return super().eventFilter(watched, event)

    # ------------------------------------------------------------------ internals

    def _change(self, state: FilterState, *, show: bool = False) -> None:
        if show:
            self.set_state(state)
        if state == self._state and not show:
            return
        before = self.saved_state
        self._state = state
        if not state.text:
            self._committed_text = ""  # clearing the box is always meant
        self.clear_button.setVisible(not state.is_default)
        self.filterChanged.emit(state)
        if self.saved_state != before:
            self.savedStateChanged.emit(self.saved_state)

    def _on_text_changed(self, text: str) -> None:
        if not text and self._state.text:
            self._apply_search()

    def _run_search(self) -> None:
        """The person ran the search in the box: apply it and keep it (never while a modal
        dialog is open: those keys were not meant for the inbox)."""
        self._apply_search()
        if QApplication.activeModalWidget() is not None:
            return
        if self._committed_text != self._state.text:
            self._committed_text = self._state.text
            self.savedStateChanged.emit(self.saved_state)

    def _apply_search(self) -> None:
        self._search_timer.stop()
        text = self.search.text()
        if text != self._state.text:
            self._change(self._state.with_text(text))

    def _on_preset(self, index: int) -> None:
        preset = list(DatePreset)[index]
        state = replace(self._state, preset=preset)
        if preset is DatePreset.CUSTOM:
            state = replace(
                state,
                custom_from=_py_date(self.from_edit.date()),
                custom_to=_py_date(self.to_edit.date()),
            )
        self._update_custom_visibility(preset)
        self._change(state)
        if preset is DatePreset.CUSTOM:
            self.from_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_custom_dates(self) -> None:
        if self._state.preset is DatePreset.CUSTOM:
            self._change(
                replace(
                    self._state,
                    custom_from=_py_date(self.from_edit.date()),
                    custom_to=_py_date(self.to_edit.date()),
                )
            )

    def _update_custom_visibility(self, preset: DatePreset | None = None) -> None:
        custom = (preset or self._state.preset) is DatePreset.CUSTOM
        for widget in (self.from_edit, self._dash, self.to_edit):
            widget.setVisible(custom)


def _date_edit(parent: QWidget, name: str) -> QDateEdit:
    edit = QDateEdit(parent)
    edit.setCalendarPopup(True)
    # Month names in the window's language (the default QLocale, set with the language).
    german = QLocale().language() == QLocale.Language.German
    edit.setLocale(QLocale())
    edit.setDisplayFormat("d. MMM yyyy" if german else "d MMM yyyy")
    edit.setAccessibleName(name)
    edit.setToolTip(name)
    return edit


def _py_date(value: QDate) -> date:
    return date(value.year(), value.month(), value.day())
