"""A sync commits its pages a few at a time (``SyncOptions.commit_interval_s``), against the real
sandbox over loopback and a real store: progress is never announced before other connections
can read it, a slow listing still gets commits every budget (and while the next page is waited
for), and a page that fails mid-batch leaves nothing of itself behind while the pages before it
are kept with their cursor, so the next sync resumes and ends with the same store."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx
import pytest

from scaninbox.domain import CaseRef
from scaninbox.sandbox import SandboxServer
from scaninbox.store import EngineState, StoreError, SyncListener
from tests.store.conftest import running_engine

pytestmark = pytest.mark.anyio

_PAGE = 10


def _read(db: Path, sql: str) -> list[tuple[Any, ...]]:
    """``sql`` through a connection of its own, as the inbox's readers or another process."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)) as conn:
        return conn.execute(sql).fetchall()


def _count(db: Path) -> int:
    return int(_read(db, "SELECT count(*) FROM cases")[0][0])


def _next_page(db: Path) -> int | None:
    found = _read(db, "SELECT value FROM meta WHERE key = 'sync_cursor'")
    return int(json.loads(found[0][0])["next_page"]) if found else None


class _Listing(httpx.AsyncBaseTransport):
    """Loopback HTTP to the sandbox, calling ``before_page(n)`` before page n is asked for."""

    def __init__(self, before_page: Callable[[int], Awaitable[None]]) -> None:
        self._inner = httpx.AsyncHTTPTransport()
        self._before_page = before_page

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path == "/unified-cases":
            await self._before_page(int(request.url.params["page"]))
        return await self._inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self._inner.aclose()


class _Progress(SyncListener):
    """Each progress event, with what another connection could read at that moment."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.events: list[tuple[int, int, int]] = []  # pages, cases announced, cases readable

    def on_sync_progress(self, pages: int, cases: int, server_total: int) -> None:
        self.events.append((pages, cases, _count(self.db)))


class _Ticks:
    """A monotonic clock that only moves when told: each page asked for takes ``step`` s."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        return self.now

    async def page_asked(self, _page: int) -> None:
        self.now += self.step


async def test_pages_are_committed_every_budget_and_announced_only_once_readable(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    # Each page takes 0.4 s of a 1 s budget: a commit every 2-4 pages (3 when the next page
    # is asked for before the current one is saved, as the engine does), never more.
    server = make_sandbox(cases=12 * _PAGE)
    ticks = _Ticks(step=0.4)
    folder = tmp_path / "acc"
    progress = _Progress(folder / "inbox.sqlite3")
    async with running_engine(
        server,
        folder,
        page_size=_PAGE,
        commit_interval_s=1.0,
        transport=_Listing(ticks.page_asked),
        timer=ticks,
    ) as (engine, _recorder, _client):
        engine.add_listener(progress)
        report = await engine.sync_now()
    assert report.pages == 12
    for _pages, announced, readable in progress.events:
        assert readable >= announced  # never announced before another connection sees it
    pages = [p for p, _cases, _readable in progress.events]
    assert pages[-1] == 12
    steps = [b - a for a, b in zip([0, *pages], pages, strict=False)]
    assert all(2 <= step <= 4 for step in steps[:-1]), steps  # batched, within the budget
    assert len(steps) < 12


async def test_a_slow_listing_gets_what_was_saved_committed_while_it_is_waited_for(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    # The service answers page n only once the pages before n - 1 are readable elsewhere (page
    # n is asked for while n - 1 is saved): it is as slow as it takes the client to commit
    # while waiting. A client that commits only after a page arrives never gets it.
    server = make_sandbox(cases=6 * _PAGE)
    folder = tmp_path / "acc"
    db = folder / "inbox.sqlite3"
    held: list[int] = []  # pages whose rows before were not readable when they were asked for
    missed: list[int] = []

    async def answer_when_saved(page: int) -> None:
        wanted = (page - 2) * _PAGE
        if page < 3 or _count(db) >= wanted:
            return
        held.append(page)
        deadline = time.monotonic() + 5.0  # under the client's 10 s timeout
        while _count(db) < wanted:
            if time.monotonic() > deadline:
                missed.append(page)
                return
            await asyncio.sleep(0.01)  # polling another connection, not guessing a duration

    async with running_engine(
        server,
        folder,
        page_size=_PAGE,
        commit_interval_s=0.2,
        transport=_Listing(answer_when_saved),
    ) as (engine, _recorder, _client):
        report = await engine.sync_now()
    assert missed == []
    assert held  # the client really was waiting for the listing with pages not committed
    assert report.pages == 6
    assert _count(db) == 6 * _PAGE


async def test_a_page_that_fails_mid_batch_leaves_nothing_and_the_next_sync_resumes(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=5 * _PAGE)
    refs = server.control.case_refs()
    refused = refs[2 * _PAGE + 4]  # the fifth case of page 3: four of its cases go in first
    folder = tmp_path / "acc"
    db = folder / "inbox.sqlite3"
    progress = _Progress(db)
    async with running_engine(server, folder, page_size=_PAGE, commit_interval_s=60.0) as (
        engine,
        _recorder,
        _client,
    ):
        engine.add_listener(progress)
        with closing(sqlite3.connect(db)) as conn:  # a fault SQLite really raises, mid-page
            conn.execute(
                f"CREATE TRIGGER refuse BEFORE INSERT ON cases WHEN NEW.ref = '{refused}' "
                "BEGIN SELECT RAISE(ABORT, 'refused for the test'); END"
            )
            conn.commit()
        with pytest.raises(sqlite3.IntegrityError, match="refused for the test"):
            await engine.sync_now()
        assert engine.state is EngineState.ERROR
        stored = {r[0] for r in _read(db, "SELECT ref FROM cases")}
        assert stored == set(refs[: 2 * _PAGE])  # pages 1 and 2 whole, nothing of page 3
        assert _next_page(db) == 3  # their cursor with them
        assert progress.events[-1][:2] == (2, 2 * _PAGE)
        with closing(sqlite3.connect(db)) as conn:
            conn.execute("DROP TRIGGER refuse")
            conn.commit()
        report = await engine.sync_now()
    assert report.resumed
    assert report.removed == ()
    assert {r[0] for r in _read(db, "SELECT ref FROM cases")} == set(refs)
    assert _next_page(db) is None


async def test_pages_lost_at_another_writes_commit_are_saved_again_one_by_one(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    # The window marks a case read while the sync's batch is open: that write commits the
    # batch first, and this COMMIT fails (a unit SQLite refuses only then: a deferred foreign
    # key, as a full disk would refuse it). The batch's pages are gone with their cursor, and
    # the sync hears of it at its next page: it saves the lost pages again, one transaction
    # each, stops with the error, and the next sync resumes after them.
    server = make_sandbox(cases=6 * _PAGE)
    refs = server.control.case_refs()
    folder = tmp_path / "acc"
    db = folder / "inbox.sqlite3"
    progress = _Progress(db)
    engine_box: list[Any] = []
    lost_at: list[int] = []

    async def fail_the_batch_at_another_write(page: int) -> None:
        if page != 4 or lost_at:
            return
        engine = engine_box[0]
        store = engine.store
        with store.batched() as tx:
            tx.execute("PRAGMA defer_foreign_keys = ON")
            tx.execute(
                "INSERT INTO files (case_id, kind, name, size_bytes, sha256, fetched_at) "
                "VALUES (999999, 'scan', 'upper.stl', 1, 'no-such-blob', 0)"
            )
        lost_at.append(_count(db))  # nothing of the batch readable yet
        await engine.mark_read([CaseRef.parse(refs[-1])])  # commits the batch first: it fails

    async with running_engine(
        server,
        folder,
        page_size=_PAGE,
        commit_interval_s=60.0,
        transport=_Listing(fail_the_batch_at_another_write),
    ) as (engine, _recorder, _client):
        engine_box.append(engine)
        engine.add_listener(progress)
        with pytest.raises(StoreError, match="could not be kept"):
            await engine.sync_now()
        assert lost_at == [0]
        assert engine.state is EngineState.ERROR
        assert progress.events  # the lost pages were saved again, and announced
        saved_pages = progress.events[-1][0]
        assert saved_pages >= 2  # pages 1 and 2 at least were in the lost batch
        assert {r[0] for r in _read(db, "SELECT ref FROM cases")} == set(
            refs[: saved_pages * _PAGE]
        )
        assert _next_page(db) == saved_pages + 1  # each saved again with its cursor
        assert progress.events[-1][1] == saved_pages * _PAGE
        report = await engine.sync_now()
    assert report.resumed
    assert {r[0] for r in _read(db, "SELECT ref FROM cases")} == set(refs)
    assert _next_page(db) is None
