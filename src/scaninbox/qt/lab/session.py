"""The window's link to the lab hub: the listener thread, and changes made in the window.

A change (claim, release, note, decision, read mark) is written to the outbox on the GUI
thread — one small SQLite transaction — and the listener is asked to send it at once; its
answer (sent, refused, taken over) and other desks' events come back as signals on the GUI
thread. Nothing here waits for the network.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal

from scaninbox.language import translate

if TYPE_CHECKING:  # the store and the lab load with the first account, not with the window
    from scaninbox.domain import CaseRef
    from scaninbox.lab.live import LabListener
    from scaninbox.lab.state import CaseLabState
    from scaninbox.services.lab_link import LabLink
    from scaninbox.store import CaseStore
    from scaninbox.store.lab_store import LabEvent

__all__ = ["LabHubSession"]

_log = logging.getLogger(__name__)


class LabHubSession(QObject):
    """Signals (GUI thread): ``changed()`` (the lab's state of some cases changed),
    ``connection(bool connected, str reason)``, ``waitingChanged(int)``, ``told(str)`` (a
    sentence the person must read: a claim refused when sent, a stale claim taken over),
    ``decisionsAdopted(list[CaseRef])``."""

    changed = Signal()
    decisionsAdopted = Signal(object)  # list[CaseRef]: their local QC decision is the lab's now
    connection = Signal(bool, str)
    waitingChanged = Signal(int)
    told = Signal(str)

    _relay = Signal(str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._relay.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        self.link: LabLink | None = None
        self._listener: LabListener | None = None
        self.connected = False
        self.reason = ""

    # ------------------------------------------------------------------ the open account

    @property
    def active(self) -> bool:
        return self.link is not None

    @property
    def me(self) -> str:
        return self.link.who if self.link is not None else ""

    def attach(self, store: CaseStore) -> bool:
        """Start for ``store``'s account when a hub is configured; False: none is."""
        from scaninbox.lab.errors import LabError
        from scaninbox.lab.live import LabListener
        from scaninbox.services.lab_link import lab_link
        from scaninbox.store.lab_store import waiting_count

        self.detach()
        try:
            self.link = lab_link(store)
        except LabError as exc:  # a broken [lab] url: say so, run as a single desk
            self.link = None
            self.told.emit(str(exc))
            return False
        if self.link is None:
            return False
        self._listener = LabListener(
            store,
            self.link.address,
            self.link.organisation,  # asked at each connection: a first sync may still be due
            on_change=lambda count: self._relay.emit("change", count),
            on_state=lambda up, why: self._relay.emit("state", (up, why or "")),
            on_sent=lambda report: self._relay.emit("sent", report),
        )
        self._listener.start()
        self.waitingChanged.emit(waiting_count(store))
        return True

    def wake(self) -> None:
        """Try the hub again now (a sync just finished: the account's details are in)."""
        if self._listener is not None:
            self._listener.wake()

    def detach(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.stop(timeout_s=0)  # the thread ends by itself within half a second
        self.link = None
        self.connected = False

    # ------------------------------------------------------------------ state

    def state(self, ref: CaseRef) -> CaseLabState:
        from scaninbox.lab.state import CaseLabState, derive_state
        from scaninbox.store.lab_store import case_events

        if self.link is None or self.link.store.closed:
            return CaseLabState()
        return derive_state(case_events(self.link.store, ref.value))

    def history(self, ref: CaseRef) -> list[LabEvent]:
        from scaninbox.store.lab_store import case_events

        if self.link is None or self.link.store.closed:
            return []
        return case_events(self.link.store, ref.value)

    # ------------------------------------------------------------------ changes

    def record(self, ref: CaseRef, kind: str, body: dict[str, Any] | None = None) -> None:
        from scaninbox.lab.events import new_event
        from scaninbox.store.lab_store import queue_event, waiting_count

        link = self.link
        if link is None or link.store.closed:
            return
        queue_event(link.store, new_event(ref.value, kind, link.who, body))
        if self._listener is not None:
            self._listener.send_soon()
        self.waitingChanged.emit(waiting_count(link.store))
        self.changed.emit()

    def decision_recorded(self, ref: CaseRef) -> None:
        """The QC tab recorded a decision: the lab gets it too."""
        from scaninbox.store.qc_store import qc_decision

        if self.link is None or self.link.store.closed:
            return
        recorded = qc_decision(self.link.store, ref)
        if recorded is not None:
            self.record(ref, "decision", {"value": recorded.decision, "note": recorded.note})

    # ------------------------------------------------------------------ from the listener

    def _adopt_decisions(self, store: CaseStore) -> None:
        from scaninbox.domain import CaseRef
        from scaninbox.store.lab_store import adopt_lab_decisions

        changed = adopt_lab_decisions(store)
        if changed:
            self.decisionsAdopted.emit([CaseRef.parse(ref) for ref in changed])

    def _deliver(self, what: str, value: object) -> None:
        from scaninbox.lab.exchange import ExchangeReport, refusal_text
        from scaninbox.store.lab_store import dismiss_refused, refused_events, waiting_count

        link = self.link
        if link is None or link.store.closed:
            return
        if what in ("change", "sent"):
            self._adopt_decisions(link.store)
        if what == "change":
            self.changed.emit()
        elif what == "state" and isinstance(value, tuple):
            up, why = value
            self.connected, self.reason = bool(up), str(why)
            self.connection.emit(self.connected, self.reason)
        elif what == "sent" and isinstance(value, ExchangeReport):
            for event, outcome in value.taken_over:
                self.told.emit(
                    translate(
                        "LabHubSession", "Case {ref}: the stale claim of {holder} was taken over."
                    ).format(ref=event.case_ref, holder=outcome.holder)
                )
            refused = refused_events(link.store)
            for event, reason in refused:
                self.told.emit(_refused_text(event.kind).format(ref=event.case_ref, reason=reason))
            if refused:
                dismiss_refused(link.store, [e.id for e, _ in refused])
            for event, outcome in value.refused:
                _log.info("the hub refused %s: %s", event.kind, refusal_text(event, outcome))
            self.changed.emit()
        self.waitingChanged.emit(waiting_count(link.store))


def _refused_text(kind: str) -> str:
    """ "Your claim of case {ref} was refused: {reason}." — one whole sentence per kind."""
    texts = {
        "claim": translate("LabHubSession", "Your claim of case {ref} was refused: {reason}."),
        "release": translate("LabHubSession", "Your release of case {ref} was refused: {reason}."),
        "decision": translate(
            "LabHubSession", "Your decision on case {ref} was refused: {reason}."
        ),
        "note": translate("LabHubSession", "Your note on case {ref} was refused: {reason}."),
    }
    return texts.get(
        kind, translate("LabHubSession", "Your change to case {ref} was refused: {reason}.")
    )
