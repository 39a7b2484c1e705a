"""Live: another workstation hears of a new event within 2 s (LISTEN/NOTIFY), and catches up
from the last event it kept after a restart or a lost connection."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scaninbox.lab.config import HubAddress, hub_address
from scaninbox.lab.events import new_event
from scaninbox.lab.exchange import ExchangeReport, exchange
from scaninbox.lab.hub import Hub
from scaninbox.lab.live import LabListener
from scaninbox.lab.state import derive_state
from scaninbox.store import CaseStore
from scaninbox.store.lab_store import case_events, queue_event, waiting_count
from tests.lab.conftest import ORG_DEMO, HubDb


class Heard:
    """What a listener reported, with a way to wait for it (no sleeps)."""

    def __init__(self) -> None:
        self.changes = 0
        self.sent = 0
        self.states: list[bool] = []
        self._cond = threading.Condition()

    def change(self, count: int) -> None:
        with self._cond:
            self.changes += count
            self._cond.notify_all()

    def report(self, report: ExchangeReport) -> None:
        with self._cond:
            self.sent += report.sent
            self._cond.notify_all()

    def state(self, up: bool, _why: str | None) -> None:
        with self._cond:
            self.states.append(up)
            self._cond.notify_all()

    def wait_for(self, condition: object, timeout_s: float) -> bool:
        with self._cond:
            return self._cond.wait_for(condition, timeout_s)  # type: ignore[arg-type]


@pytest.fixture
def address(hub_db: HubDb) -> HubAddress:
    found = hub_address(hub_db.url(), from_file=False)
    assert found is not None
    return found


@pytest.fixture
def desks(tmp_path: Path) -> Iterator[tuple[CaseStore, CaseStore]]:
    with CaseStore.open(tmp_path / "a") as a, CaseStore.open(tmp_path / "b") as b:
        yield a, b


def _listen(store: CaseStore, address: HubAddress, heard: Heard, retry_s: float) -> LabListener:
    listener = LabListener(
        store,
        address,
        ORG_DEMO,
        on_change=heard.change,
        on_state=heard.state,
        on_sent=heard.report,
        retry_s=retry_s,
    )
    listener.start()
    return listener


def test_a_decision_reaches_the_other_desk_within_two_seconds(
    address: HubAddress, desks: tuple[CaseStore, CaseStore]
) -> None:
    a, b = desks
    heard = Heard()
    listener = _listen(b, address, heard, retry_s=0.2)
    try:
        assert heard.wait_for(lambda: heard.states == [True], 10)
        queue_event(a, new_event("case-1", "decision", "qc@lab.test", {"value": "rescan"}))
        started = time.monotonic()
        with Hub.open(address) as hub:
            exchange(a, hub)
        assert heard.wait_for(lambda: heard.changes >= 1, 2.0), "not heard within 2 s"
        took = time.monotonic() - started
    finally:
        listener.stop()
    decision = derive_state(case_events(b, "case-1")).decision
    assert decision is not None
    assert decision.value == "rescan"
    assert took < 2.0


def test_after_a_restart_and_a_lost_connection_it_catches_up(
    address: HubAddress, desks: tuple[CaseStore, CaseStore], hub_db: HubDb
) -> None:
    _a, b = desks
    with Hub.open(address) as hub:  # while desk B's program was not running
        for i in range(3):
            hub.append(new_event("case-2", "note", "qc@lab.test", {"text": f"n{i}"}))
    heard = Heard()
    listener = _listen(b, address, heard, retry_s=0.2)
    try:
        assert heard.wait_for(lambda: heard.changes >= 3, 10)  # caught up at start
        with hub_db.admin() as admin:  # the connection is lost…
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = 'scaninbox-live'"
            )
        with Hub.open(address) as hub:  # …and meanwhile another desk writes
            hub.append(new_event("case-2", "note", "qc@lab.test", {"text": "n3"}))
        assert heard.wait_for(lambda: heard.changes >= 4, 10)
        assert heard.wait_for(lambda: heard.states.count(True) >= 2, 10)  # reconnected
        assert False in heard.states
    finally:
        listener.stop()
    notes = [n.text for n in derive_state(case_events(b, "case-2")).notes]
    assert notes == ["n0", "n1", "n2", "n3"]


def test_the_listener_sends_what_waited_when_the_hub_is_back(
    address: HubAddress, desks: tuple[CaseStore, CaseStore], hub_db: HubDb
) -> None:
    a, _ = desks
    hub_db.cluster.stop()
    heard = Heard()
    listener = _listen(a, address, heard, retry_s=0.2)
    try:
        assert heard.wait_for(lambda: heard.states[:1] == [False], 10)
        queue_event(a, new_event("case-3", "claim", "qc@lab.test"))
        hub_db.cluster.start()
        assert heard.wait_for(lambda: True in heard.states, 20)
        assert heard.wait_for(lambda: heard.sent == 1, 10)
    finally:
        listener.stop()
    assert waiting_count(a) == 0
    assert derive_state(case_events(a, "case-3")).claimed_by == "qc@lab.test"
