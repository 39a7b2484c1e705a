"""Sending this workstation's waiting events to the hub and reading the hub's new ones.

Kill -9 at any moment loses nothing and duplicates nothing:

- an event is in the SQLite outbox (committed) before anything is sent;
- it leaves the outbox only after the hub committed it (and joins the local copy of the log
  with the hub's number in the same transaction); a crash in between sends it again, and the
  hub, which knows its id, ignores the copy (``known``) and gives its number again;
- events read from the hub are added to the local copy by sequence number in one transaction
  with how far the log was read, so reading again after a crash adds only what was not kept.

A claim the hub refuses (someone else holds the case) is kept marked refused, so the person is
told (``ExchangeReport.refused``), and then dismissed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from scaninbox.lab.hub import AppendOutcome, Hub
from scaninbox.language import translate
from scaninbox.store import CaseStore
from scaninbox.store.lab_store import (
    LabEvent,
    keep_hub_rows,
    last_seq,
    mark_refused,
    mark_sent,
    use_hub,
    waiting_events,
)

__all__ = ["ExchangeReport", "exchange", "pull", "refusal_text", "send_waiting"]

_log = logging.getLogger(__name__)
_BATCH = 5000


@dataclass(slots=True)
class ExchangeReport:
    sent: int = 0
    received: int = 0
    refused: list[tuple[LabEvent, AppendOutcome]] = field(default_factory=list)
    taken_over: list[tuple[LabEvent, AppendOutcome]] = field(default_factory=list)


def send_waiting(
    store: CaseStore, hub: Hub, report: ExchangeReport | None = None
) -> ExchangeReport:
    """Send the outbox to the hub, oldest first. Raises ``HubUnreachable`` when the hub goes
    away meanwhile (what was sent is out of the outbox; the rest waits)."""
    report = report if report is not None else ExchangeReport()
    _same_hub(store, hub)  # what is sent joins the copy of this hub's log
    while True:
        batch = waiting_events(store, limit=200)
        if not batch:
            return report
        for event in batch:
            outcome = hub.append(event)
            if outcome.outcome == "refused":
                mark_refused(store, event.id, refusal_text(event, outcome))
                report.refused.append((event, outcome))
                continue
            mark_sent(store, event, outcome.seq or 0, outcome.recorded_at)
            report.sent += 1
            if outcome.outcome == "taken_over":
                report.taken_over.append((event, outcome))


def pull(store: CaseStore, hub: Hub) -> int:
    """Read the hub's events after the last one kept here; the number of new ones."""
    _same_hub(store, hub)
    received = 0
    while True:
        rows = hub.rows_since(last_seq(store), limit=_BATCH)
        received += keep_hub_rows(store, rows)
        if len(rows) < _BATCH:
            return received


def _same_hub(store: CaseStore, hub: Hub) -> None:
    if use_hub(store, hub.hub_id()):
        _log.info("the lab hub changed: this workstation's copy of its log starts anew")


def exchange(store: CaseStore, hub: Hub) -> ExchangeReport:
    """Send what waits here, then read what is new on the hub."""
    report = send_waiting(store, hub)
    report.received = pull(store, hub)
    return report


def refusal_text(event: LabEvent, outcome: AppendOutcome) -> str:
    """Why the hub refused ``event``, in plain words ("it is held by …")."""
    if not outcome.holder:
        return translate("LabError", "nobody holds it")
    if outcome.holder_since is None:
        if event.kind == "claim":
            return translate("LabError", "it is held by {holder}").format(holder=outcome.holder)
        return translate("LabError", "it is held by {holder}, not by {by}").format(
            holder=outcome.holder, by=event.by
        )
    since = f"{outcome.holder_since.astimezone():%Y-%m-%d %H:%M}"
    if event.kind == "claim":
        return translate("LabError", "it is held by {holder} since {since}").format(
            holder=outcome.holder, since=since
        )
    return translate("LabError", "it is held by {holder} since {since}, not by {by}").format(
        holder=outcome.holder, since=since, by=event.by
    )
