"""A case's current lab state, derived from its events (the log is the truth).

The events come in the hub's order (its sequence numbers), then those still waiting in this
workstation's outbox. Every workstation reads the same log in the same order, so every one
derives the same state: the current decision is the last decision in that order — two decisions
taken at the same moment are both kept in the log, and the later sequence number is current
everywhere. A claim holds until its holder releases the case or someone takes over a stale
claim (the hub refuses the other claims, so the log holds only accepted ones). A claim still
waiting here is shown as provisional: the hub may refuse it when it is sent.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scaninbox.store.lab_store import LabEvent

__all__ = ["CaseLabState", "LabDecision", "LabNote", "derive_state", "event_json"]

KINDS = ("decision", "claim", "release", "note", "read", "qc_result")
DECISION_VALUES = ("ready", "rescan")


@dataclass(frozen=True, slots=True)
class LabDecision:
    value: str  # "ready" or "rescan"
    by: str
    at: datetime
    note: str
    waiting: bool = False  # not yet on the hub

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "by": self.by,
            "at": self.at.isoformat(),
            "note": self.note,
            "waiting": self.waiting,
        }


@dataclass(frozen=True, slots=True)
class LabNote:
    text: str
    by: str
    at: datetime
    waiting: bool = False


@dataclass(slots=True)
class CaseLabState:
    decision: LabDecision | None = None
    claimed_by: str | None = None
    claimed_since: datetime | None = None
    claim_provisional: bool = False  # made while the hub was away; it may refuse it
    notes: list[LabNote] = field(default_factory=list)
    read_by: set[str] = field(default_factory=set)
    qc_results: dict[str, dict[str, Any]] = field(default_factory=dict)  # files_key → body
    waiting: int = 0  # this case's events not yet on the hub

    def to_json(self) -> dict[str, Any]:
        return {
            "decision": self.decision.to_json() if self.decision else None,
            "claimed_by": self.claimed_by,
            "claimed_since": self.claimed_since.isoformat() if self.claimed_since else None,
            "claim_provisional": self.claim_provisional,
            "notes": [
                {"text": n.text, "by": n.by, "at": n.at.isoformat(), "waiting": n.waiting}
                for n in self.notes
            ],
            "read_by": sorted(self.read_by),
            "waiting": self.waiting,
        }


def derive_state(events: Iterable[LabEvent]) -> CaseLabState:
    """The state after ``events`` (hub's order, then the outbox's)."""
    state = CaseLabState()
    for event in events:
        waiting = event.seq is None
        state.waiting += waiting
        body = event.body
        if event.kind == "decision" and body.get("value") in DECISION_VALUES:
            state.decision = LabDecision(
                str(body["value"]), event.by, event.made_at, str(body.get("note") or ""), waiting
            )
        elif event.kind == "claim":
            state.claimed_by = event.by
            state.claimed_since = event.recorded_at or event.made_at
            state.claim_provisional = waiting
        elif event.kind == "release":
            if state.claimed_by is not None and _same(state.claimed_by, event.by):
                state.claimed_by = state.claimed_since = None
                state.claim_provisional = False
        elif event.kind == "note" and str(body.get("text") or "").strip():
            state.notes.append(LabNote(str(body["text"]), event.by, event.made_at, waiting))
        elif event.kind == "read":
            state.read_by.add(event.by.casefold())
        elif event.kind == "qc_result" and isinstance(body.get("files_key"), str):
            state.qc_results[str(body["files_key"])] = dict(body)
    return state


def _same(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def event_json(event: LabEvent) -> dict[str, Any]:
    """One entry of ``scaninbox lab history --json``."""
    item: dict[str, Any] = {
        "kind": event.kind,
        "by": event.by,
        "at": event.made_at.isoformat(),
        "seq": event.seq,
        "recorded_at": event.recorded_at.isoformat() if event.recorded_at else None,
        "waiting": event.seq is None,
        "id": event.id,
    }
    body = dict(event.body)
    if event.kind == "qc_result":
        body.pop("result_json", None)  # the full result is large; its verdict says enough
    item.update({k: v for k, v in body.items() if k not in item})
    return item
