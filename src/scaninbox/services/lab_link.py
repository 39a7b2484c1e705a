"""A workstation's link to the lab hub, written once for the command line and the window.

Every change a person makes (a QC decision, a claim, a release, a note, a read mark, a QC
result) becomes an event in the local outbox first, then is sent at once when the hub can be
reached; when it cannot, it waits there and ``scaninbox sync`` or the window sends it later.
What a person is told comes back as a ``Delivery`` (sent, or waiting and why; a claim refused or
a stale claim taken over), in plain words the front-ends print or show.

Who: the e-mail the service's ``/me`` returned for the signed-in account (issue 25 point 18:
one rule for the window, the command line and the hub). Organisation: the first organisation
``/me`` names; the hub's row-level security holds the role to it.
"""

from __future__ import annotations

import getpass
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scaninbox.lab import CaseLabState, LabError, derive_state, new_event
from scaninbox.language import translate
from scaninbox.store.lab_store import (
    LabEvent,
    adopt_lab_decisions,
    case_events,
    dismiss_refused,
    queue_event,
    refused_events,
    waiting_count,
)

if TYPE_CHECKING:
    from scaninbox.domain import CaseRef
    from scaninbox.lab.config import HubAddress
    from scaninbox.lab.exchange import ExchangeReport
    from scaninbox.lab.hub import AppendOutcome, Hub
    from scaninbox.paths import AppPaths
    from scaninbox.store import CaseStore
    from scaninbox.store.qc_store import QcResultRecord

__all__ = [
    "Delivery",
    "LabLink",
    "decision_author",
    "lab_link",
    "share_decision",
    "share_qc_result",
    "shared_qc_result",
    "waiting_text",
]

_log = logging.getLogger(__name__)


def decision_author(store: CaseStore) -> str:
    """Who a decision is recorded as: the e-mail ``/me`` returns (the login name when the
    store has never seen ``/me``)."""
    me = store.me()
    if me is not None and me.email:
        return me.email
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


@dataclass(slots=True)
class Delivery:
    """What happened to an event (and to others that waited): sent, or waiting and why."""

    event: LabEvent | None = None
    sent: bool = False
    unreachable: str | None = None  # why the hub could not be reached; the events wait here
    outcome: AppendOutcome | None = None  # the hub's answer to ``event``, when it was sent
    report: ExchangeReport | None = None
    refusals: list[tuple[LabEvent, str]] = field(default_factory=list)  # to tell, then gone
    waiting: int = 0

    @property
    def refused(self) -> bool:
        return self.outcome is not None and self.outcome.outcome == "refused"

    def lines(self) -> list[str]:
        """What to tell the person, one sentence a line."""
        told: list[str] = []
        for event, reason in self.refusals:
            if self.event is not None and event.id == self.event.id:
                continue  # the command itself says it
            told.append(_refused(event.kind, str(event.case_ref), reason))
        if self.report is not None:
            for event, outcome in self.report.taken_over:
                if self.event is not None and event.id == self.event.id:
                    continue
                told.append(
                    translate(
                        "LabLink", "Case {case}: the stale claim of {holder} was taken over."
                    ).format(case=event.case_ref, holder=outcome.holder)
                )
        if self.unreachable is not None:
            told.append(f"{self.unreachable} {waiting_text(self.waiting)}")
        return told


def _refused(kind: str, case: str, reason: str) -> str:
    """A change made while the hub was away and refused by it, in a whole sentence per kind."""
    if kind == "decision":
        text = translate(
            "LabLink",
            "Your decision on case {case}, made while the lab hub was away, was refused: {reason}.",
        )
    elif kind == "claim":
        text = translate(
            "LabLink",
            "Your claim of case {case}, made while the lab hub was away, was refused: {reason}.",
        )
    elif kind == "note":
        text = translate(
            "LabLink",
            "Your note on case {case}, made while the lab hub was away, was refused: {reason}.",
        )
    elif kind == "release":
        text = translate(
            "LabLink",
            "Your release of case {case}, made while the lab hub was away, was refused: {reason}.",
        )
    else:
        text = translate(
            "LabLink",
            "Your change to case {case}, made while the lab hub was away, was refused: {reason}.",
        )
    return text.format(case=case, reason=reason)


def waiting_text(count: int) -> str:
    if count == 0:
        return translate("LabLink", "Nothing waits to be sent.")
    if count == 1:
        return translate(
            "LabLink",
            "1 event waits on this computer and will be sent by `scaninbox sync` or the window "
            "when the hub is back.",
        )
    return translate(
        "LabLink",
        "%n events wait on this computer and will be sent by `scaninbox sync` or the window "
        "when the hub is back.",
        None,
        count,
    )


class LabLink:
    """The hub configured for this computer, for one account's store."""

    def __init__(self, store: CaseStore, address: HubAddress) -> None:
        self.store = store
        self.address = address

    # ------------------------------------------------------------------ who

    @property
    def who(self) -> str:
        return decision_author(self.store)

    def organisation(self) -> str:
        me = self.store.me()
        if me is None:
            raise LabError(
                translate(
                    "LabLink",
                    "This computer has not signed in to the service yet, so it does not know "
                    "your laboratory: sign in once (`scaninbox login` or the window).",
                )
            )
        for org in me.organizations:
            if org.guid:
                return org.guid
        raise LabError(
            translate(
                "LabLink", "The service names no organisation for this account; the hub needs one."
            )
        )

    def open_hub(self) -> Hub:
        from scaninbox.lab.hub import Hub

        return Hub.open(self.address, self.organisation())

    # ------------------------------------------------------------------ state

    def state(self, ref: CaseRef) -> CaseLabState:
        """The case's state as this workstation knows it (the hub's log read so far, then what
        waits here)."""
        return derive_state(case_events(self.store, ref.value))

    def history(self, ref: CaseRef) -> list[LabEvent]:
        return case_events(self.store, ref.value)

    def waiting(self) -> int:
        return waiting_count(self.store)

    # ------------------------------------------------------------------ changes

    def record(self, ref: CaseRef, kind: str, body: dict[str, object] | None = None) -> Delivery:
        """Keep a new event in the outbox, then try to send everything waiting."""
        event = new_event(ref.value, kind, self.who, body)
        queue_event(self.store, event)
        return self.exchange(event)

    def exchange(self, event: LabEvent | None = None) -> Delivery:
        """Send what waits and read what is new; never raises for a hub that is away."""
        from scaninbox.lab.exchange import exchange

        delivery = Delivery(event=event)
        try:
            with self.open_hub() as hub:
                delivery.report = exchange(self.store, hub)
        except LabError as exc:  # away, or refusing this workstation: the events wait here
            delivery.unreachable = str(exc)
        delivery.waiting = self.waiting()
        report = delivery.report
        if report is not None:
            delivery.sent = event is not None and not any(
                e.id == event.id for e, _ in report.refused
            )
            for sent_event, outcome in [*report.refused, *report.taken_over]:
                if event is not None and sent_event.id == event.id:
                    delivery.outcome = outcome
        if report is not None:  # the lab's current decisions are this computer's too
            adopt_lab_decisions(self.store)
        # Refusals are told once, then dismissed (the log on the hub never had them).
        delivery.refusals = refused_events(self.store)
        if delivery.refusals:
            dismiss_refused(self.store, [e.id for e, _ in delivery.refusals])
        return delivery


def lab_link(store: CaseStore, paths: AppPaths | None = None) -> LabLink | None:
    """The link for ``store``'s account when a hub is configured; None for a single desk."""
    from scaninbox.lab.settings_link import configured_hub
    from scaninbox.paths import app_paths

    address = configured_hub(paths or app_paths())
    return LabLink(store, address) if address is not None else None


def share_decision(store: CaseStore, ref: CaseRef, decision: str, note: str) -> list[str]:
    """A QC decision taken here goes to the hub too, when one is configured: what to tell the
    person (nothing for a single desk)."""
    link = lab_link(store)
    if link is None:
        return []
    delivery = link.record(ref, "decision", {"value": decision, "note": note})
    lines = delivery.lines()
    if delivery.sent:
        lines.insert(0, translate("LabLink", "The decision was sent to the lab hub."))
    return lines


def shared_qc_result(store: CaseStore, ref: CaseRef, key: str) -> QcResultRecord | None:
    """A QC result of exactly these scans (``key``: their content) made at another desk of the
    lab, from this workstation's copy of the hub's log; None when there is none (or no hub)."""
    from datetime import datetime

    from scaninbox.store.qc_store import QcResultRecord

    found = derive_state(case_events(store, ref.value)).qc_results.get(key)
    if found is None and (link := lab_link(store)) is not None:
        link.exchange()  # the newest of the hub's log first (a desk away checks here)
        found = derive_state(case_events(store, ref.value)).qc_results.get(key)
    if not found or not isinstance(found.get("result_json"), str):
        return None
    try:
        checked = datetime.fromisoformat(str(found["checked_at"]))
        return QcResultRecord(
            key, int(found["qc_version"]), str(found["verdict"]), found["result_json"], checked
        )
    except (KeyError, TypeError, ValueError):
        return None  # a result from a newer or broken program: check here


def share_qc_result(store: CaseStore, ref: CaseRef, record: QcResultRecord) -> None:
    """Put a QC result made here on the hub (once per content key), when one is configured;
    the hub being away only delays it."""
    link = lab_link(store)
    if link is None or record.files_key in derive_state(case_events(store, ref.value)).qc_results:
        return
    body: dict[str, object] = {
        "files_key": record.files_key,
        "qc_version": record.qc_version,
        "verdict": record.verdict,
        "result_json": record.result_json,
        "checked_at": record.checked_at.isoformat(),
    }
    link.record(ref, "qc_result", body)
