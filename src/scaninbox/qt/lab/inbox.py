"""The inbox's "Lab" column and lab filter.

The column shows the lab's decision and who holds each case ("Rescan · anna@…", "Held by
you"). States are read for a block of rows at once (one statement, as the QC column does),
kept until the hub reports a change. The filter (all, mine, unclaimed, rescan needed) is SQL
on the store (``store.lab_filters``), applied through the model's ``lab_filter`` hook.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QWidget

from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.inbox.columns import Column
from scaninbox.qt.inbox.model import CaseTableModel
from scaninbox.qt.lab.case_tab import when_text
from scaninbox.qt.lab.session import LabHubSession

if TYPE_CHECKING:
    from scaninbox.domain import CaseRef
    from scaninbox.lab.state import CaseLabState

__all__ = ["LabColumn", "LabFilterCombo"]

_BLOCK = 100
_WORDS = {
    "ready": QT_TRANSLATE_NOOP("LabColumn", "Ready"),
    "rescan": QT_TRANSLATE_NOOP("LabColumn", "Rescan"),
}
_FILTERS = (
    ("", QT_TRANSLATE_NOOP("LabFilterCombo", "Lab: all cases")),
    ("mine", QT_TRANSLATE_NOOP("LabFilterCombo", "Lab: mine")),
    ("unclaimed", QT_TRANSLATE_NOOP("LabFilterCombo", "Lab: unclaimed")),
    ("rescan", QT_TRANSLATE_NOOP("LabFilterCombo", "Lab: rescan needed")),
)


def _short_word(value: str) -> str:
    known = _WORDS.get(value)
    return translate("LabColumn", known) if known else value


class LabColumn(QObject):
    def __init__(self, model: CaseTableModel, hub: LabHubSession) -> None:
        super().__init__(model)
        self._model = model
        self._hub = hub
        self._states: dict[CaseRef, CaseLabState] = {}
        model.lab_data = self.data
        model.modelReset.connect(self._states.clear)
        hub.changed.connect(self.repaint)

    def repaint(self) -> None:
        self._states.clear()
        rows = self._model.rowCount()
        if rows:
            column = int(Column.LAB)
            self._model.dataChanged.emit(
                self._model.index(0, column), self._model.index(rows - 1, column)
            )

    def data(self, position: int, ref: CaseRef, role: int) -> Any:
        if not self._hub.active:
            return None
        state = self._states.get(ref)
        if state is None:
            state = self._load(position, ref)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(state)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            return self._tooltip(state)
        if role == Qt.ItemDataRole.ForegroundRole and state.decision is not None:
            return QColor("#b3261e") if state.decision.value == "rescan" else None
        return None

    def _load(self, position: int, ref: CaseRef) -> CaseLabState:
        from scaninbox.lab.state import CaseLabState, derive_state
        from scaninbox.store.lab_store import events_of_cases

        link = self._hub.link
        if link is None or link.store.closed:
            return CaseLabState()
        start = position - position % _BLOCK
        refs = [r for i in range(start, start + _BLOCK) if (r := self._model.ref_at(i))]
        if ref not in refs:
            refs.append(ref)
        found = events_of_cases(link.store, [r.value for r in refs])
        for each in refs:
            self._states[each] = derive_state(found.get(each.value, []))
        return self._states[ref]

    def _text(self, state: CaseLabState) -> str:
        parts = []
        if state.decision is not None:
            parts.append(_short_word(state.decision.value))
        if state.claimed_by:
            me = self._hub.me.casefold()
            parts.append(
                translate("LabColumn", "mine")
                if state.claimed_by.casefold() == me
                else state.claimed_by
            )
        return " · ".join(parts)

    def _tooltip(self, state: CaseLabState) -> str:
        lines = []
        if state.decision is not None:
            d = state.decision
            line = translate("LabColumn", "{decision} — {who}, {when}").format(
                decision=_short_word(d.value), who=d.by, when=when_text(d.at)
            )
            if d.note:
                line = translate("LabColumn", "{decision}: {note}").format(
                    decision=line, note=d.note
                )
            lines.append(line)
        if state.claimed_by:
            lines.append(
                translate("LabColumn", "Held by {holder} (provisional)").format(
                    holder=state.claimed_by
                )
                if state.claim_provisional
                else translate("LabColumn", "Held by {holder}").format(holder=state.claimed_by)
            )
        return "\n".join(lines) or translate("LabColumn", "No lab decision; nobody holds the case")


class LabFilterCombo(QComboBox):
    """All cases, mine, unclaimed, rescan needed: the lab's filter of the inbox."""

    def __init__(self, model: CaseTableModel, hub: LabHubSession, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("labFilter")
        self.setAccessibleName(translate("LabFilterCombo", "Lab filter"))
        self.setToolTip(
            translate(
                "LabFilterCombo",
                "Show the cases you hold, nobody holds, or the lab wants rescanned",
            )
        )
        for value, label in _FILTERS:
            self.addItem(translate("LabFilterCombo", label), value)
        self._model = model
        self._hub = hub
        model.lab_filter = self.apply
        self.currentIndexChanged.connect(lambda _index: model.refresh())

    @property
    def choice(self) -> str:
        return str(self.currentData() or "")

    def apply(self, case_filter: Any) -> Any:
        if not self.choice or not self._hub.active:
            return case_filter
        return replace(case_filter, lab=(self.choice, self._hub.me))
