"""The case pane's "Lab" tab: the lab's decision, who holds the case (claim / release), notes
and the history (who, when, what).

Every per-case input (the note being typed) is cleared when another case is shown: a note
meant for one patient must never be added to the next (issue 25, point 1).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scaninbox.qt.lab.session import LabHubSession

if TYPE_CHECKING:
    from scaninbox.domain import CaseRef
    from scaninbox.store.lab_store import LabEvent

__all__ = ["LabTab", "event_words"]

_DECISIONS = {"ready": "Ready to accept", "rescan": "Rescan needed"}


def _when(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M") if moment is not None else ""


def event_words(event: LabEvent) -> str:
    """What an event did, in words (the history's third column)."""
    body = event.body
    if event.kind == "decision":
        words = _DECISIONS.get(str(body.get("value")), str(body.get("value")))
        return f"{words} — {body['note']}" if body.get("note") else words
    if event.kind == "note":
        return f"Note: {body.get('text', '')}"
    if event.kind == "qc_result":
        return f"QC checked: {body.get('verdict', '')}"
    return {"claim": "Claimed the case", "release": "Released the case", "read": "Read it"}.get(
        event.kind, event.kind
    )


class LabTab(QWidget):
    def __init__(self, hub: LabHubSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("labTab")
        self._hub = hub
        self._ref: CaseRef | None = None
        self.decision_label = QLabel(self)
        self.decision_label.setObjectName("labDecision")
        self.decision_label.setWordWrap(True)
        self.holder_label = QLabel(self)
        self.holder_label.setObjectName("labHolder")
        self.holder_label.setWordWrap(True)
        self.read_label = QLabel(self)
        self.read_label.setObjectName("labReadBy")
        self.read_label.setWordWrap(True)
        self.claim_button = QPushButton("Claim", self)
        self.claim_button.setToolTip("Say that you are working on this case (one person at a time)")
        self.claim_button.clicked.connect(self.claim)
        self.release_button = QPushButton("Release", self)
        self.release_button.setToolTip("Give the case back so someone else can take it")
        self.release_button.clicked.connect(self.release)
        self.note_edit = QLineEdit(self)
        self.note_edit.setPlaceholderText("A note for the whole lab about this case…")
        self.note_edit.setAccessibleName("Lab note")
        self.note_edit.returnPressed.connect(self.add_note)
        self.note_button = QPushButton("Add note", self)
        self.note_button.clicked.connect(self.add_note)
        self.history = QTreeWidget(self)
        self.history.setObjectName("labHistory")
        self.history.setHeaderLabels(["When", "Who", "What"])
        self.history.setRootIsDecorated(False)
        self.history.setAlternatingRowColors(True)
        self.history.setColumnWidth(0, 130)
        self.history.setColumnWidth(1, 170)

        claims = QHBoxLayout()
        claims.addWidget(self.holder_label, 1)
        claims.addWidget(self.claim_button)
        claims.addWidget(self.release_button)
        notes = QHBoxLayout()
        notes.addWidget(self.note_edit, 1)
        notes.addWidget(self.note_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.decision_label)
        layout.addLayout(claims)
        layout.addWidget(self.read_label)
        layout.addLayout(notes)
        layout.addWidget(QLabel("History", self))
        layout.addWidget(self.history, 1)
        hub.changed.connect(self.refresh)
        self.show_case(None)

    @property
    def ref(self) -> CaseRef | None:
        return self._ref

    def show_case(self, ref: CaseRef | None) -> None:
        if ref != self._ref:
            self.note_edit.clear()  # never carried to another patient's case
        self._ref = ref
        self.refresh()

    def refresh(self) -> None:
        ref = self._ref
        enabled = ref is not None and self._hub.active
        for widget in (self.claim_button, self.release_button, self.note_edit, self.note_button):
            widget.setEnabled(enabled)
        self.history.clear()
        if ref is None or not self._hub.active:
            self.decision_label.setText("")
            self.holder_label.setText("")
            self.read_label.setText("")
            return
        state = self._hub.state(ref)
        decision = state.decision
        if decision is None:
            self.decision_label.setText("The lab has no QC decision for this case yet.")
        else:
            note = f": {decision.note}" if decision.note else ""
            waiting = " (waiting to be sent)" if decision.waiting else ""
            self.decision_label.setText(
                f"<b>{_DECISIONS.get(decision.value, decision.value)}</b> — {decision.by}, "
                f"{_when(decision.at)}{note}{waiting}"
            )
        me = self._hub.me.casefold()
        holder = state.claimed_by
        mine = holder is not None and holder.casefold() == me
        if holder is None:
            self.holder_label.setText("Nobody is working on this case.")
        elif mine:
            provisional = (
                " — provisional: the lab hub has not confirmed it yet, and may refuse it if "
                "someone else claimed the case meanwhile"
                if state.claim_provisional
                else ""
            )
            self.holder_label.setText(
                f"You hold this case since {_when(state.claimed_since)}{provisional}."
            )
        else:
            self.holder_label.setText(f"Held by {holder} since {_when(state.claimed_since)}.")
        readers = sorted(state.read_by)
        self.read_label.setText(
            f"Read by {', '.join(readers)}." if readers else "Nobody has read it yet."
        )
        self.claim_button.setText("Take over" if holder is not None and not mine else "Claim")
        self.claim_button.setEnabled(not mine)
        self.release_button.setEnabled(mine)
        for event in self._hub.history(ref):
            if event.kind == "read":  # the line above says who read it; the list stays short
                continue
            when = _when(event.made_at)
            waiting = " (waiting to be sent)" if event.seq is None else ""
            item = QTreeWidgetItem([when, event.by, event_words(event) + waiting])
            item.setToolTip(2, event_words(event))  # a long note is elided in the column
            if waiting:
                item.setToolTip(2, "Kept on this computer until the lab hub can be reached")
            self.history.addTopLevelItem(item)

    def claim(self) -> None:
        if self._ref is not None:
            self._hub.record(self._ref, "claim")

    def release(self) -> None:
        if self._ref is not None:
            self._hub.record(self._ref, "release")

    def add_note(self) -> None:
        text = self.note_edit.text().strip()
        if self._ref is None or not text:
            return
        self._hub.record(self._ref, "note", {"text": text})
        self.note_edit.clear()
