"""The inbox's QC cell: a traffic light for the kept QC verdict, or the local decision.

A decision outranks the verdict (the reviewer has looked): "ready to accept" is a green tick,
"rescan needed" a red warning sign. Without a decision the verdict shows as a green, amber or
red light; a case never checked shows nothing. The words are in the tooltip and the accessible
text, so the colour is never the only signal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon

from scaninbox.qt.inbox import icons

if TYPE_CHECKING:
    from scaninbox.store.qc_store import QcState

__all__ = ["VERDICT_COLOURS", "data", "words"]

VERDICT_COLOURS = {"pass": "#2e9d4f", "warn": "#d89a13", "fail": "#d1403a"}
_VERDICT_WORDS = {"pass": "QC passed", "warn": "QC: check the findings", "fail": "QC failed"}
_DECISION_WORDS = {"ready": "Ready to accept", "rescan": "Rescan needed"}


def words(state: QcState | None) -> str:
    if state is None:
        return "Not checked"
    parts = []
    if state.decision is not None:
        decided = _DECISION_WORDS.get(state.decision, state.decision)
        parts.append(f"{decided} ({state.who})" if state.who else decided)
    if state.verdict is not None:
        parts.append(_VERDICT_WORDS.get(state.verdict, state.verdict))
    return "; ".join(parts) or "Not checked"


def icon(state: QcState | None) -> QIcon | None:
    if state is None:
        return None
    if state.decision == "ready":
        return icons.icon("tick", QColor(VERDICT_COLOURS["pass"]))
    if state.decision == "rescan":
        return icons.icon("warning", QColor(VERDICT_COLOURS["fail"]))
    if state.verdict in VERDICT_COLOURS:
        return icons.icon("light", QColor(VERDICT_COLOURS[state.verdict]))
    return None


def data(state: QcState | None, role: int) -> Any:
    if role == Qt.ItemDataRole.DecorationRole:
        return icon(state)
    if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
        return words(state)
    if role == Qt.ItemDataRole.TextAlignmentRole:
        return int(Qt.AlignmentFlag.AlignCenter)
    return None
