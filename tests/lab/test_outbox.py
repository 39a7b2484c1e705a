"""The outbox and the exchange with a real hub: two workstations (two stores), the hub stopped
and started, kill -9 while sending, claims made while the hub was away."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from scaninbox.lab.config import hub_address
from scaninbox.lab.errors import HubUnreachable
from scaninbox.lab.events import new_event
from scaninbox.lab.exchange import exchange, pull, send_waiting
from scaninbox.lab.hub import Hub
from scaninbox.lab.state import derive_state
from scaninbox.store import CaseStore
from scaninbox.store.lab_store import (
    case_events,
    last_seq,
    queue_event,
    refused_events,
    waiting_count,
    waiting_events,
)
from tests.lab.conftest import HubDb

REPO_ROOT = Path(__file__).resolve().parents[2]


def _hub(db: HubDb, role: str = "lab_demo") -> Hub:
    address = hub_address(db.url(role), from_file=False)
    assert address is not None
    return Hub.open(address)


@pytest.fixture
def desks(tmp_path: Path) -> Iterator[tuple[CaseStore, CaseStore]]:
    """Two workstations' stores (two homes)."""
    with CaseStore.open(tmp_path / "desk-a") as a, CaseStore.open(tmp_path / "desk-b") as b:
        yield a, b


def test_a_decision_made_at_one_desk_is_seen_at_the_other(
    hub_db: HubDb, desks: tuple[CaseStore, CaseStore]
) -> None:
    a, b = desks
    queue_event(a, new_event("case-1", "decision", "qc@lab.test", {"value": "rescan"}))
    queue_event(a, new_event("case-1", "note", "qc@lab.test", {"text": "hole on 16"}))
    with _hub(hub_db) as hub:
        report = exchange(a, hub)
        assert (report.sent, waiting_count(a)) == (2, 0)
        assert report.received == 0  # its own events were kept with the hub's numbers at once
        assert [e.seq is not None for e in case_events(a, "case-1")] == [True, True]
        assert pull(b, hub) == 2
        assert pull(b, hub) == 0  # nothing new: nothing kept twice
    seen = derive_state(case_events(b, "case-1"))
    assert seen.decision is not None
    assert (seen.decision.value, seen.decision.by) == ("rescan", "qc@lab.test")
    assert [n.text for n in seen.notes] == ["hole on 16"]
    assert derive_state(case_events(a, "case-1")) == seen


def test_while_the_hub_is_down_events_wait_and_go_when_it_is_back(
    hub_db: HubDb, desks: tuple[CaseStore, CaseStore]
) -> None:
    a, b = desks
    address = hub_address(hub_db.url(), from_file=False)
    assert address is not None
    hub_db.cluster.stop()
    try:
        queue_event(a, new_event("case-2", "decision", "qc@lab.test", {"value": "ready"}))
        with pytest.raises(HubUnreachable, match="cannot be reached"):
            Hub.open(address)
        # Offline the desk still shows its own decision, marked as waiting.
        waiting = derive_state(case_events(a, "case-2"))
        assert waiting.decision is not None
        assert waiting.decision.waiting
        assert waiting.waiting == 1
    finally:
        hub_db.cluster.start()
    with Hub.open(address) as hub:
        assert exchange(a, hub).sent == 1
        pull(b, hub)
    decision = derive_state(case_events(b, "case-2")).decision
    assert decision is not None
    assert not decision.waiting


def test_a_lost_connection_while_sending_keeps_the_rest_waiting(
    hub_db: HubDb, desks: tuple[CaseStore, CaseStore]
) -> None:
    a, _ = desks
    for i in range(3):
        queue_event(a, new_event(f"case-{i}", "note", "qc@lab.test", {"text": f"n{i}"}))
    with _hub(hub_db) as hub:
        first = waiting_events(a)[0]
        hub.append(first)  # the hub got it; the outbox does not know yet (a crash here)
        with hub_db.admin() as admin:  # the connection is cut by the server
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'lab_demo'"
            )
        with pytest.raises(HubUnreachable):
            send_waiting(a, hub)
    assert waiting_count(a) == 3  # nothing was forgotten
    with _hub(hub_db) as hub:
        assert send_waiting(a, hub).sent == 3
        assert hub.event_count() == 3  # the resent first one is not doubled


def test_a_claim_made_while_away_is_refused_when_someone_else_got_there_first(
    hub_db: HubDb, desks: tuple[CaseStore, CaseStore]
) -> None:
    a, b = desks
    queue_event(a, new_event("case-9", "claim", "anna@lab.test"))  # provisional: hub away
    assert derive_state(case_events(a, "case-9")).claim_provisional
    queue_event(b, new_event("case-9", "claim", "ben@lab.test"))
    with _hub(hub_db) as hub:
        exchange(b, hub)
        report = exchange(a, hub)
    assert [e.kind for e, _ in report.refused] == ["claim"]
    assert report.refused[0][1].holder == "ben@lab.test"
    (_refused, reason), *_ = refused_events(a)
    assert "held by ben@lab.test" in reason
    assert waiting_count(a) == 0
    assert derive_state(case_events(a, "case-9")).claimed_by == "ben@lab.test"


@pytest.mark.slow
def test_kill_9_while_sending_loses_nothing_and_duplicates_nothing(
    hub_db: HubDb, tmp_path: Path
) -> None:
    folder = tmp_path / "desk"
    queued = []
    with CaseStore.open(folder) as store:
        for i in range(60):
            event = new_event(f"case-{i % 7}", "note", "qc@lab.test", {"text": f"note {i}"})
            queue_event(store, event)
            queued.append(event.id)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), env.get("PYTHONPATH", "")])
    command = [sys.executable, "-m", "tests.lab.send_child", str(folder), hub_db.url()]
    # Killed right after the hub committed its 1st, 5th, 12th… event, before the outbox forgot it.
    for kill_after in (1, 5, 12, 3, 9):
        with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as child:
            assert child.stdout is not None
            said = 0
            for line in child.stdout:
                said += line.strip() == "sent"
                if said == kill_after:
                    child.send_signal(signal.SIGKILL)
                    break
            child.wait(timeout=60)
        assert child.returncode == -signal.SIGKILL
    finished = subprocess.run(
        command, capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.splitlines()[-1] == "done"
    with CaseStore.open(folder) as store:
        assert waiting_count(store) == 0
    with psycopg.connect(hub_db.url(), autocommit=True) as conn:
        ids = [str(r[0]) for r in conn.execute("SELECT id FROM scaninbox.events ORDER BY seq")]
    assert sorted(ids) == sorted(queued)  # every one, once
    assert ids == queued  # and in the order they were made


def test_a_workstation_catches_up_from_its_last_event_after_a_restart(
    hub_db: HubDb, desks: tuple[CaseStore, CaseStore]
) -> None:
    _a, b = desks
    with _hub(hub_db) as hub:
        for i in range(5):
            hub.append(new_event("case-c", "note", "qc@lab.test", {"text": str(i)}))
        pull(b, hub)
        seen = last_seq(b)
        for i in range(5, 8):
            hub.append(new_event("case-c", "note", "qc@lab.test", {"text": str(i)}))
        asked: list[int] = []
        original = hub.rows_since

        def spy(seq: int, limit: int = 5000) -> list:  # type: ignore[type-arg]
            asked.append(seq)
            return original(seq, limit)

        hub.rows_since = spy  # type: ignore[method-assign]
        assert pull(b, hub) == 3
    assert asked[0] == seen  # only what came after the last event it had
    assert [n.text for n in derive_state(case_events(b, "case-c")).notes] == [
        str(i) for i in range(8)
    ]


def test_an_event_sent_from_here_never_makes_the_next_read_skip_others(
    hub_db: HubDb, desks: tuple[CaseStore, CaseStore]
) -> None:
    a, _ = desks
    with _hub(hub_db) as hub:
        for i in range(3):  # other desks' events, numbered before ours, not read here yet
            hub.append(new_event("case-s", "note", "ben@lab.test", {"text": f"b{i}"}))
        queue_event(a, new_event("case-s", "note", "anna@lab.test", {"text": "mine"}))
        assert send_waiting(a, hub).sent == 1
        # Ours shows at once with the hub's number, neither missing nor waiting…
        assert [(n.text, n.waiting) for n in derive_state(case_events(a, "case-s")).notes] == [
            ("mine", False)
        ]
        assert last_seq(a) == 0  # …and the log is still to be read from its start
        assert pull(a, hub) == 3
    texts = [n.text for n in derive_state(case_events(a, "case-s")).notes]
    assert texts == ["b0", "b1", "b2", "mine"]


def test_the_labs_current_decision_becomes_the_desks_unless_its_own_waits(
    hub_db: HubDb, desks: tuple[CaseStore, CaseStore]
) -> None:
    from scaninbox.domain import CaseRef
    from scaninbox.store.lab_store import adopt_lab_decisions
    from scaninbox.store.qc_store import qc_decision, set_qc_decision

    a, _ = desks
    ref = CaseRef.parse("case-d")
    with _hub(hub_db) as hub:
        hub.append(new_event(ref.value, "decision", "ben@lab.test", {"value": "ready"}))
        pull(a, hub)
    assert adopt_lab_decisions(a) == [ref.value]
    adopted = qc_decision(a, ref)
    assert adopted is not None
    assert (adopted.decision, adopted.who) == ("ready", "ben@lab.test")
    assert adopt_lab_decisions(a) == []  # nothing new

    # A decision made here while the hub is away is not overwritten by the lab's older one.
    set_qc_decision(a, ref, "rescan", note="hole", who="anna@lab.test")
    queue_event(a, new_event(ref.value, "decision", "anna@lab.test", {"value": "rescan"}))
    assert adopt_lab_decisions(a) == []
    kept = qc_decision(a, ref)
    assert kept is not None
    assert (kept.decision, kept.who) == ("rescan", "anna@lab.test")
