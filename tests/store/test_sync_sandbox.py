"""The sync engine against the real sandbox: first sync, incremental and full reconcile, status
changes, removals, /me and portals, the variant shape, and the session ending."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from scaninbox.api.errors import SessionExpiredError
from scaninbox.domain import CaseRef
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseFilter, CaseRow, EngineState
from tests.store.conftest import running_engine, wait_for

pytestmark = pytest.mark.anyio


def _refs(server: SandboxServer) -> set[str]:
    return set(server.control.case_refs())


async def test_first_sync_stores_every_case_of_the_organisation(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    async with running_engine(sandbox, tmp_path / "acc") as (engine, recorder, _client):
        report = await engine.sync_now()
        store = engine.store
        assert report.initial
        assert report.full
        assert not report.resumed
        assert {str(r) for r in report.new} == _refs(sandbox)
        assert store.count() == len(_refs(sandbox)) == report.server_total
        assert store.unread_count() == store.count()
        assert recorder.new_cases == []  # the first sync is not announced case by case
        assert recorder.states == [EngineState.SYNCING, EngineState.ONLINE]
        me = store.me()
        assert me is not None
        assert me.email == "demo@scaninbox.test"
        sources = store.distinct_sources()
        assert sources
        assert all(store.axis_mapping(s) for s in sources)
        assert store.configured_portals()
        # What the inbox shows equals what the service says.
        newest = store.rows(limit=1)[0]
        stored = store.case(newest.ref)
        assert stored is not None
        assert stored.case.patient_name == newest.patient
        assert str(newest.ref) == sandbox.control.case_refs()[0]


async def test_incremental_sync_picks_up_new_cases_and_status_changes(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=40)
    async with running_engine(server, tmp_path / "acc") as (engine, recorder, _client):
        await engine.sync_now()
        recent = server.control.case_refs()[0]
        old = server.control.case_refs()[-1]  # received ~90 days ago: outside the overlap
        added = server.control.add_case()
        recent_status = _other_status(engine.store.row(CaseRef.guid(recent)))
        old_status = _other_status(engine.store.row(CaseRef.guid(old)))
        server.control.set_status(recent, recent_status)
        server.control.set_status(old, old_status)
        report = await engine.sync_now()
        assert not report.full
        assert report.date_from is not None
        assert [str(r) for r in report.new] == [added]
        assert recorder.new_cases == [[CaseRef.guid(added)]]
        assert [str(r) for r in report.changed] == [recent]
        row = engine.store.row(CaseRef.guid(added))
        assert row is not None
        assert row.unread
        old_row = engine.store.row(CaseRef.guid(old))
        assert old_row is not None
        assert old_row.status != old_status  # not seen yet …
        full = await engine.sync_now(full=True)
        assert [str(r) for r in full.changed] == [old]  # … until the full reconcile
        old_row = engine.store.row(CaseRef.guid(old))
        assert old_row is not None
        assert old_row.status == old_status


async def test_opening_a_case_refreshes_it_at_once(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=20)
    async with running_engine(server, tmp_path / "acc") as (engine, _recorder, _client):
        await engine.sync_now()
        old = CaseRef.guid(server.control.case_refs()[-1])
        status = _other_status(engine.store.row(old))
        server.control.set_status(old.value, status)
        refreshed = await engine.refresh_case(old)
        assert refreshed is not None
        assert refreshed.case.status == status
        row = engine.store.row(old)
        assert row is not None
        assert row.status == status


def _other_status(row: CaseRow | None) -> str:
    assert row is not None
    return "accepted" if row.status == "new" else "new"


async def test_full_reconcile_notices_cases_that_left_the_list(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=30)
    async with running_engine(server, tmp_path / "acc") as (engine, _recorder, _client):
        await engine.sync_now()
        gone = server.control.case_refs()[3]
        server.control.remove_case(gone)
        incremental = await engine.sync_now()
        assert incremental.removed == ()
        assert engine.store.row(CaseRef.guid(gone)) is not None
        full = await engine.sync_now(full=True)
        assert [str(r) for r in full.removed] == [gone]
        assert engine.store.count() == 29
        assert engine.store.count(CaseFilter(include_removed=True)) == 30


async def test_every_nth_sync_is_a_full_reconcile(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=10)
    async with running_engine(server, tmp_path / "acc", full_reconcile_every=3) as (
        engine,
        _recorder,
        _client,
    ):
        kinds = [(await engine.sync_now()).full for _ in range(6)]
    assert kinds == [True, False, True, False, False, True]


async def test_the_variant_shape_is_stored_under_numeric_ids(
    sandbox_variant: SandboxServer, tmp_path: Path
) -> None:
    async with running_engine(sandbox_variant, tmp_path / "acc") as (engine, _recorder, _c):
        await engine.sync_now()
        refs = sandbox_variant.control.case_refs()
        assert engine.store.count() == len(refs)
        first = CaseRef.parse(refs[0])
        assert first.numeric
        stored = engine.store.case(first)
        assert stored is not None
        assert stored.case.variant is not None
        assert len(engine.store.distinct_statuses()) > 2  # the variant's wider status set


async def test_an_ended_session_waits_for_sign_in_without_a_busy_loop(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    from scaninbox.sandbox import DEMO_ACCOUNT

    server = make_sandbox(cases=5)
    async with running_engine(
        server, tmp_path / "acc", keep_credentials=False, interval_s=0.05
    ) as (engine, recorder, client):
        engine.start()
        await wait_for(lambda: engine.state is EngineState.ONLINE)
        server.control.expire_tokens()
        engine.request_sync()
        await wait_for(lambda: engine.state is EngineState.SIGNED_OUT)
        with pytest.raises(SessionExpiredError):
            await engine.sync_now()
        asked = len(server.control.requests)
        await client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)  # one round trip of time
        # Nobody polled: no listing after the failed sync (a download that was already under way
        # when the session ended may still arrive; it is not a poll).
        after = [r.path for r in server.control.requests[asked:]]
        assert "/unified-cases" not in after
        assert after.count("/auth/login") == 1
        engine.resume()
        await wait_for(lambda: engine.state is EngineState.ONLINE)
        assert EngineState.SIGNED_OUT in recorder.states
