"""The case pane's "Lab" tab: the lab's decision, who holds the case (claim / release), notes
and the history (who, when, what).

Every per-case input (the note being typed) is cleared when another case is shown: a note
meant for one patient must never be added to the next (issue 25, point 1).
"""

from __future__ import annotations

import html
from datetime import datetime
from typing import TYPE_CHECKING, Any

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

from scaninbox import language
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.lab.session import LabHubSession

if TYPE_CHECKING:
    from scaninbox.domain import CaseRef
    from scaninbox.store.lab_store import LabEvent

__all__ = ["LabTab", "decision_words", "event_words", "when_text"]

_DECISIONS = {
    "ready": QT_TRANSLATE_NOOP("LabTab", "Ready to accept"),
    "rescan": QT_TRANSLATE_NOOP("LabTab", "Rescan needed"),
}
_VERDICTS = {
    "pass": QT_TRANSLATE_NOOP("LabTab", "passed"),
    "warn": QT_TRANSLATE_NOOP("LabTab", "check the findings"),
    "fail": QT_TRANSLATE_NOOP("LabTab", "failed"),
}
_EVENTS = {
    "claim": QT_TRANSLATE_NOOP("LabTab", "Claimed the case"),
    "release": QT_TRANSLATE_NOOP("LabTab", "Released the case"),
    "read": QT_TRANSLATE_NOOP("LabTab", "Read it"),
}


def _word(table: dict[str, str], value: str) -> str:
    """``value``'s words from ``table`` in the window's language (unknown values as sent)."""
    known = table.get(value)
    return translate("LabTab", known) if known else value


def decision_words(value: str) -> str:
    return _word(_DECISIONS, value)


def when_text(moment: datetime | None) -> str:
    """A moment of the lab's history: its day in the window's language and the time of day."""
    if moment is None:
        return ""
    local = moment.astimezone()
    day = language.current().date_text(local.date(), with_weekday=False, with_year=True)
    return f"{day} {local:%H:%M}"


_when = when_text


def event_words(event: LabEvent) -> str:
    """What an event did, in words (the history's third column)."""
    body = event.body
    if event.kind == "decision":
        words = decision_words(str(body.get("value")))
        if body.get("note"):
            return translate("LabTab", "{decision} — {note}").format(
                decision=words, note=body["note"]
            )
        return words
    if event.kind == "note":
        return translate("LabTab", "Note: {text}").format(text=body.get("text", ""))
    if event.kind == "qc_result":
        return translate("LabTab", "QC checked: {verdict}").format(
            verdict=_word(_VERDICTS, str(body.get("verdict", "")))
        )
    return _word(_EVENTS, event.kind)


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
        self.claim_button = QPushButton(translate("LabTab", "Claim"), self)
        self.claim_button.setToolTip(
            translate("LabTab", "Say that you are working on this case (one person at a time)")
        )
        self.claim_button.clicked.connect(self.claim)
        self.release_button = QPushButton(translate("LabTab", "Release"), self)
        self.release_button.setToolTip(
            translate("LabTab", "Give the case back so someone else can take it")
        )
        self.release_button.clicked.connect(self.release)
        self.note_edit = QLineEdit(self)
        self.note_edit.setPlaceholderText(
            translate("LabTab", "A note for the whole lab about this case…")
        )
        self.note_edit.setAccessibleName(translate("LabTab", "Lab note"))
        self.note_edit.returnPressed.connect(self.add_note)
        self.note_button = QPushButton(translate("LabTab", "Add note"), self)
        self.note_button.clicked.connect(self.add_note)
        self.history = QTreeWidget(self)
        self.history.setObjectName("labHistory")
        self.history.setHeaderLabels(
            [translate("LabTab", "When"), translate("LabTab", "Who"), translate("LabTab", "What")]
        )
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
        layout.addWidget(QLabel(translate("LabTab", "History"), self))
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
        self.decision_label.setText(_decision_text(state.decision))
        me = self._hub.me.casefold()
        holder = state.claimed_by
        mine = holder is not None and holder.casefold() == me
        if holder is None:
            self.holder_label.setText(translate("LabTab", "Nobody is working on this case."))
        elif mine:
            since = _when(state.claimed_since)
            self.holder_label.setText(
                translate(
                    "LabTab",
                    "You hold this case since {when} — provisional: the lab hub has not "
                    "confirmed it yet, and may refuse it if someone else claimed the case "
                    "meanwhile.",
                ).format(when=since)
                if state.claim_provisional
                else translate("LabTab", "You hold this case since {when}.").format(when=since)
            )
        else:
            self.holder_label.setText(
                translate("LabTab", "Held by {holder} since {when}.").format(
                    holder=holder, when=_when(state.claimed_since)
                )
            )
        readers = sorted(state.read_by)
        self.read_label.setText(
            translate("LabTab", "Read by {readers}.").format(readers=", ".join(readers))
            if readers
            else translate("LabTab", "Nobody has read it yet.")
        )
        self.claim_button.setText(
            translate("LabTab", "Take over")
            if holder is not None and not mine
            else translate("LabTab", "Claim")
        )
        self.claim_button.setEnabled(not mine)
        self.release_button.setEnabled(mine)
        for event in self._hub.history(ref):
            if event.kind == "read":  # the line above says who read it; the list stays short
                continue
            when = _when(event.made_at)
            words = event_words(event)
            waiting = event.seq is None
            if waiting:
                words = translate("LabTab", "{decision} (waiting to be sent)").format(
                    decision=words
                )
            item = QTreeWidgetItem([when, event.by, words])
            item.setToolTip(2, event_words(event))  # a long note is elided in the column
            if waiting:
                item.setToolTip(
                    2, translate("LabTab", "Kept on this computer until the lab hub can be reached")
                )
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


def _decision_text(decision: Any) -> str:
    """The lab's decision in one line of rich text (what, who, when, note, sent or not)."""
    if decision is None:
        return translate("LabTab", "The lab has no QC decision for this case yet.")
    text = translate("LabTab", "<b>{decision}</b> — {who}, {when}").format(
        decision=html.escape(decision_words(decision.value)),
        who=html.escape(decision.by),
        when=_when(decision.at),
    )
    if decision.note:
        text = translate("LabTab", "{decision}: {note}").format(
            decision=text, note=html.escape(decision.note)
        )
    if decision.waiting:
        text = translate("LabTab", "{decision} (waiting to be sent)").format(decision=text)
    return text
