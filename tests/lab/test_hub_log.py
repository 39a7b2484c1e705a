"""The hub's event log on a real PostgreSQL: migrations, appends, derived state, claims."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import psycopg
import pytest

from scaninbox.lab.config import hub_address
from scaninbox.lab.errors import HubRefused
from scaninbox.lab.events import new_event
from scaninbox.lab.hub import Hub
from scaninbox.lab.migrations import SCHEMA_VERSION, migrate, schema_version
from scaninbox.lab.state import derive_state
from tests.lab.conftest import ORG_DEMO, PASSWORD, HubDb


def _hub(db: HubDb, role: str = "lab_demo") -> Hub:
    address = hub_address(db.url(role), from_file=False)
    assert address is not None
    return Hub.open(address)


def test_init_is_safe_to_run_twice(hub_db: HubDb) -> None:
    with psycopg.connect(hub_db.url("labowner"), autocommit=True) as owner:
        assert migrate(owner) == (SCHEMA_VERSION, SCHEMA_VERSION)
        assert migrate(owner) == (SCHEMA_VERSION, SCHEMA_VERSION)
        assert schema_version(owner) == SCHEMA_VERSION
        rows = owner.execute("SELECT count(*) FROM scaninbox.schema_version").fetchone()
        assert rows == (SCHEMA_VERSION,)


def test_a_resent_event_is_kept_once(hub_db: HubDb) -> None:
    event = new_event("case-1", "decision", "qc@lab.test", {"value": "ready", "note": ""})
    with _hub(hub_db) as hub:
        first = hub.append(event)
        again = hub.append(event)
        assert first.outcome == "added"
        assert again.outcome == "known"
        assert again.seq == first.seq
        assert [e.id for e in hub.events_since(0)] == [event.id]
        assert hub.organisation == ORG_DEMO


def test_two_decisions_at_once_are_both_kept_and_the_later_one_is_current(
    hub_db: HubDb,
) -> None:
    decisions = [
        new_event("case-2", "decision", "anna@lab.test", {"value": "ready", "note": "fine"}),
        new_event("case-2", "decision", "ben@lab.test", {"value": "rescan", "note": "hole"}),
    ]
    start = threading.Barrier(2)
    outcomes = {}

    def send(index: int) -> None:
        with _hub(hub_db) as hub:
            start.wait()
            outcomes[index] = hub.append(decisions[index])

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {o.outcome for o in outcomes.values()} == {"added"}
    with _hub(hub_db) as one, _hub(hub_db) as other:
        log_one, log_other = one.case_events("case-2"), other.case_events("case-2")
    assert [e.id for e in log_one] == [e.id for e in log_other]
    assert len(log_one) == 2
    later = max(outcomes.values(), key=lambda o: o.seq or 0)
    current = derive_state(log_one).decision
    assert current is not None
    assert current == derive_state(log_other).decision
    winner = decisions[0] if outcomes[0].seq == later.seq else decisions[1]
    assert current.by == winner.by


def test_a_claim_holds_until_released_and_names_the_holder(hub_db: HubDb) -> None:
    with _hub(hub_db) as hub:
        assert hub.append(new_event("case-3", "claim", "anna@lab.test")).outcome == "added"
        refused = hub.append(new_event("case-3", "claim", "ben@lab.test"))
        assert refused.outcome == "refused"
        assert refused.holder == "anna@lab.test"
        assert refused.holder_since is not None
        not_his = hub.append(new_event("case-3", "release", "ben@lab.test"))
        assert not_his.outcome == "refused"
        assert hub.append(new_event("case-3", "release", "anna@lab.test")).outcome == "added"
        assert hub.append(new_event("case-3", "claim", "ben@lab.test")).outcome == "added"
        state = derive_state(hub.case_events("case-3"))
    assert state.claimed_by == "ben@lab.test"


def test_a_stale_claim_is_taken_over_naming_the_holder(hub_db: HubDb) -> None:
    with _hub(hub_db) as hub:
        hub.append(new_event("case-4", "claim", "anna@lab.test"))
    with psycopg.connect(hub_db.url("labowner"), autocommit=True) as owner:
        owner.execute("UPDATE scaninbox.hub_settings SET stale_claim = interval '0 seconds'")
    with _hub(hub_db) as hub:
        taken = hub.append(new_event("case-4", "claim", "ben@lab.test"))
        assert taken.outcome == "taken_over"
        assert taken.holder == "anna@lab.test"
        assert derive_state(hub.case_events("case-4")).claimed_by == "ben@lab.test"


def test_the_log_is_append_only_even_for_its_owner(hub_db: HubDb) -> None:
    with _hub(hub_db) as hub:
        hub.append(new_event("case-5", "note", "anna@lab.test", {"text": "chipped margin"}))
    with psycopg.connect(hub_db.url("labowner"), autocommit=True) as owner:
        assert owner.execute("DELETE FROM scaninbox.events").rowcount == 0  # sees no rows
    with hub_db.admin() as superuser:  # not held by row-level security: the trigger holds
        with pytest.raises(psycopg.Error, match="append-only"):
            superuser.execute("DELETE FROM scaninbox.events")
        assert superuser.execute("SELECT count(*) FROM scaninbox.events").fetchone() == (1,)
    with (
        psycopg.connect(hub_db.url("lab_demo"), autocommit=True) as workstation,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):
        workstation.execute("UPDATE scaninbox.events SET by_email = 'x@y'")


def test_two_organisations_on_one_hub_see_only_their_own_events(hub_db: HubDb) -> None:
    with _hub(hub_db, "lab_demo") as demo, _hub(hub_db, "lab_other") as other:
        demo.append(new_event("case-6", "decision", "a@demo.test", {"value": "ready"}))
        other.append(new_event("case-7", "decision", "b@other.test", {"value": "rescan"}))
        assert [e.case_ref for e in demo.events_since(0)] == ["case-6"]
        assert [e.case_ref for e in other.events_since(0)] == ["case-7"]
    # Not only the client's WHERE: the database itself refuses to show or take another's rows.
    with psycopg.connect(hub_db.url("lab_other"), autocommit=True) as raw:
        seen = raw.execute("SELECT case_ref FROM scaninbox.events").fetchall()
        assert seen == [("case-7",)]
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            raw.execute(
                "INSERT INTO scaninbox.events (id, organisation, case_ref, kind, by_email, "
                "made_at) VALUES (gen_random_uuid(), %s, 'case-6', 'note', 'x@other.test', %s)",
                (ORG_DEMO, datetime.now(UTC)),
            )
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw.execute("SELECT * FROM scaninbox.members")


def test_a_role_no_laboratory_admitted_is_refused(hub_db: HubDb) -> None:
    with pytest.raises(HubRefused, match="belongs to no laboratory"):
        _hub(hub_db, "lab_nobody")
    with psycopg.connect(hub_db.url("lab_nobody"), autocommit=True) as raw:
        assert raw.execute("SELECT count(*) FROM scaninbox.events").fetchone() == (0,)


def test_a_wrong_password_is_refused_in_plain_words(hub_db: HubDb) -> None:
    url = hub_db.url().replace(PASSWORD, "wrong")
    address = hub_address(url, from_file=False)
    assert address is not None
    with pytest.raises(HubRefused, match="refused the sign-in"):
        Hub.open(address)
