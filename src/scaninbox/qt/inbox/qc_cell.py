"""The inbox's QC cell: a traffic light for the kept QC verdict, or the local decision.

A decision outranks the verdict (the reviewer has looked): "ready to accept" is a green tick,
"rescan needed" a red warning sign. Without a decision the verdict shows as a green, amber or
red light; a case never checked shows nothing. While background QC is checking a case (new
scans, or a scan whose content changed since the kept result), the kept verdict is not current:
a grey "checking" ring shows instead of its light. When nothing is checking it (background QC
is off) a verdict made on older scans shows as *outdated* — its light hollow and struck
through, "checked on older scans — re-run" — and so does a decision taken on it: a reviewer
must not accept a case on an out-of-date verdict. The words are in the tooltip and the
accessible text, so the colour is never the only signal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon

from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.inbox import icons

if TYPE_CHECKING:
    from scaninbox.store.qc_store import QcState

__all__ = ["CHECKING_COLOUR", "OUTDATED_WORDS", "VERDICT_COLOURS", "data", "words"]

VERDICT_COLOURS = {"pass": "#2e9d4f", "warn": "#d89a13", "fail": "#d1403a"}
_VERDICT_WORDS = {
    "pass": QT_TRANSLATE_NOOP("QcCell", "QC passed"),
    "warn": QT_TRANSLATE_NOOP("QcCell", "QC: check the findings"),
    "fail": QT_TRANSLATE_NOOP("QcCell", "QC failed"),
}
_DECISION_WORDS = {
    "ready": QT_TRANSLATE_NOOP("QcCell", "Ready to accept"),
    "rescan": QT_TRANSLATE_NOOP("QcCell", "Rescan needed"),
}
CHECKING_COLOUR = "#8a8f98"
# Marked here; shown through ``translate("QcCell", OUTDATED_WORDS)``.
OUTDATED_WORDS = QT_TRANSLATE_NOOP("QcCell", "checked on older scans — re-run")


def _verdict(value: str) -> str:
    known = _VERDICT_WORDS.get(value)
    return translate("QcCell", known) if known else value


def _decision(value: str) -> str:
    known = _DECISION_WORDS.get(value)
    return translate("QcCell", known) if known else value


def words(state: QcState | None, *, pending: bool = False) -> str:
    if pending:
        known = state is not None and state.verdict in _VERDICT_WORDS
        checking = (
            translate("QcCell", "QC: checking… (last result: {verdict})").format(
                verdict=_verdict(state.verdict or "")
            )
            if known and state is not None
            else translate("QcCell", "QC: checking…")
        )
        if state is not None and state.decision is not None:
            decided = _decision(state.decision)
            if state.who:
                decided = translate("QcCell", "{decision} ({who})").format(
                    decision=decided, who=state.who
                )
            return f"{decided}; {checking}"
        return checking
    if state is None:
        return translate("QcCell", "Not checked")
    parts = []
    if state.decision is not None:
        decided = _decision(state.decision)
        parts.append(
            translate("QcCell", "{decision} ({who})").format(decision=decided, who=state.who)
            if state.who
            else decided
        )
    if state.verdict is not None:
        verdict = _verdict(state.verdict)
        parts.append(
            translate("QcCell", "{verdict} — {outdated}").format(
                verdict=verdict, outdated=translate("QcCell", OUTDATED_WORDS)
            )
            if state.stale
            else verdict
        )
    return "; ".join(parts) or translate("QcCell", "Not checked")


def icon(state: QcState | None, *, pending: bool = False) -> QIcon | None:
    if state is None or (pending and state.decision is None):
        return icons.icon("checking", QColor(CHECKING_COLOUR)) if pending else None
    if state.stale and state.verdict in VERDICT_COLOURS:  # a decision on it is outdated too
        return icons.icon("outdated", QColor(VERDICT_COLOURS[state.verdict]))
    if state.decision == "ready":
        return icons.icon("tick", QColor(VERDICT_COLOURS["pass"]))
    if state.decision == "rescan":
        return icons.icon("warning", QColor(VERDICT_COLOURS["fail"]))
    if state.verdict in VERDICT_COLOURS:
        return icons.icon("light", QColor(VERDICT_COLOURS[state.verdict]))
    return None


def data(state: QcState | None, role: int, *, pending: bool = False) -> Any:
    if role == Qt.ItemDataRole.DecorationRole:
        return icon(state, pending=pending)
    if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
        return words(state, pending=pending)
    if role == Qt.ItemDataRole.TextAlignmentRole:
        return int(Qt.AlignmentFlag.AlignCenter)
    return None
