"""A sync cut off half-way resumes where it stopped (one page early) and loses nothing; a case the
server sends malformed is recorded while the rest of its page is kept."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from scaninbox.api import ApiClient
from scaninbox.api.errors import ServerError
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseStore, EngineState, FileCache, SyncEngine, SyncListener, SyncOptions
from tests.store.conftest import FAST_RETRY, running_engine
from tests.unit.store.factory import make_case

pytestmark = pytest.mark.anyio


class _FailAfterPages(SyncListener):
    """Makes the service fail once, after ``pages`` pages of the first sync were saved."""

    def __init__(self, server: SandboxServer, pages: int) -> None:
        self.server, self.pages, self.fired = server, pages, False

    def on_sync_progress(self, pages: int, cases: int, server_total: int) -> None:
        if pages == self.pages and not self.fired:
            # Once only: the resumed sync counts its pages from 1 again and must run clean.
            # As many failures as the client tries: that page fails, the next request works.
            self.fired = True
            self.server.control.fail_next(FAST_RETRY.attempts, status=503)


async def test_an_interrupted_full_sync_resumes_and_removes_nothing_by_mistake(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=50)
    # Each page committed on its own, so the fault lands right after page 2 (batched commits
    # are pinned in test_sync_batches.py).
    folder = tmp_path / "acc"
    async with running_engine(server, folder, page_size=10, commit_interval_s=0.0) as (
        engine,
        _r,
        _c,
    ):
        engine.add_listener(_FailAfterPages(server, 2))
        with pytest.raises(ServerError):
            await engine.sync_now()
        assert engine.state is EngineState.ERROR
        cursor = engine.store.sync_state().cursor
        assert cursor is not None
        assert cursor.full
        assert cursor.next_page >= 3
        assert engine.store.count() >= 20  # the saved pages are kept
        report = await engine.sync_now()
        assert report.resumed
        assert report.full
        assert report.removed == ()  # cases saved before the cut count as seen
        assert engine.store.count() == 50
        assert engine.store.sync_state().cursor is None
        assert {str(r.ref) for r in engine.store.rows(limit=100)} == set(server.control.case_refs())


def _mock_service(items: list[Any]) -> httpx.MockTransport:
    """A service whose only page of cases holds ``items`` (faults no real server sends)."""

    def handle(request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == "/auth/login":
            return httpx.Response(200, json={"token": "t.t.t", "expiresAt": "2099-01-01T00:00:00Z"})
        if path == "/me":
            return httpx.Response(
                200,
                json={"email": "a@b.c", "name": None, "role": None, "organizations": [],
                      "portals": []},
            )  # fmt: skip
        if path.startswith("/portals/"):
            return httpx.Response(200, json=[])
        if path == "/unified-cases":
            body = {"items": items, "page": 1, "pageSize": 100, "total": len(items)}
            return httpx.Response(200, content=json.dumps(body).encode(),
                                  headers={"content-type": "application/json"})  # fmt: skip
        return httpx.Response(404)

    return httpx.MockTransport(handle)


async def test_a_malformed_case_is_recorded_and_its_page_is_kept(tmp_path: Path) -> None:
    bad = make_case(2)
    bad["acceptedData"]["worktypes"][0]["from"] = "eleven"
    items = [make_case(1), bad, "not even an object", make_case(3)]
    async with httpx.AsyncClient(transport=_mock_service(items)) as http:
        client = ApiClient(http, "http://127.0.0.1:9", retry=FAST_RETRY)
        await client.login("a@b.c", "pw")
        with CaseStore.open(tmp_path / "acc") as store, FileCache.open(store) as cache:
            engine = SyncEngine(client, store, cache, SyncOptions())
            try:
                report = await engine.sync_now()
            finally:
                await engine.stop()
            assert report.malformed == 2
            assert len(report.new) == 2
            records = {r.ref: r for r in store.malformed()}
            assert records[bad["guid"]].field == "acceptedData.worktypes.0.from"
            assert len(records) == 2
            assert store.count() == 2
