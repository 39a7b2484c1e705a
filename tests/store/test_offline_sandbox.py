"""Files and the network going away: prefetch with progress and a cap on parallel downloads,
pinning, a damaged cached file fetched again, answering from the store with the server stopped,
and the engine resuming by itself when the server is back."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scaninbox.api.errors import DownloadError, TransportError
from scaninbox.domain import FileKind
from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseFilter, EngineState, NotCachedError
from tests.store.conftest import running_engine, wait_for

pytestmark = pytest.mark.anyio


async def test_prefetch_downloads_recent_cases_with_progress_and_a_parallel_cap(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=24)
    async with running_engine(server, tmp_path / "acc", prefetch_days=7, parallel_downloads=2) as (
        engine,
        recorder,
        client,
    ):
        await engine.sync_now()
        report = await engine.prefetch()
        assert report.fetched
        assert report.failed == []
        assert recorder.max_in_flight <= 2
        assert {(r, s) for r, s, _p in recorder.ready} == {(r, s) for r, s, _p in report.fetched}
        for event in recorder.progress:
            assert event.total_bytes is None or event.done_bytes <= event.total_bytes
        finals = [p for p in recorder.progress if p.done_bytes and p.done_bytes == p.total_bytes]
        assert len({(p.ref, p.file) for p in finals}) == len(report.fetched)
        # Every case received in the last 7 days is now fully available offline.
        since = (datetime.now(UTC) - timedelta(days=6)).date()
        recent = engine.store.rows(CaseFilter(received_from=since), limit=100)
        assert recent
        assert all(r.fully_cached for r in recent)
        # The cached copy is byte for byte what storage serves.
        ref, spec, path = next(f for f in report.fetched if f[1].kind is FileKind.SCAN)
        direct = await client.download(
            lambda: client.scan_file_link(ref, spec.name, spec.file_type), tmp_path / "direct"
        )
        assert hashlib.sha256(path.read_bytes()).hexdigest() == direct.sha256


async def test_prefetch_stops_short_of_the_cache_limit_but_pinned_cases_are_fetched(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=24)
    async with running_engine(
        server, tmp_path / "acc", prefetch_days=7, cache_limit_bytes=1000
    ) as (engine, _recorder, _client):
        await engine.sync_now()
        with_files = [r for r in engine.store.rows(limit=100) if r.file_count]
        first = await engine.prefetch()  # an empty cache: the newest case, then it is full
        assert {ref for ref, _s, _p in first.fetched} == {with_files[0].ref}
        pinned = with_files[-1].ref  # old: outside the prefetch window
        engine.store.set_pinned(pinned, True)
        second = await engine.prefetch()  # full for prefetching, not for a pinned case
        assert {ref for ref, _s, _p in second.fetched} == {pinned}
        stored = engine.store.case(pinned)
        assert stored is not None
        assert stored.fully_cached  # pinned files stay, over the limit or not


async def test_pinning_fetches_every_file_of_a_case(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=12)
    async with running_engine(server, tmp_path / "acc", prefetch_days=0) as (engine, _rec, _c):
        await engine.sync_now()
        old = [r for r in engine.store.rows(limit=100) if r.file_count][-1].ref
        report = await engine.set_pinned(old)
        stored = engine.store.case(old)
        assert stored is not None
        assert stored.pinned
        assert stored.fully_cached
        assert len(report.fetched) == len(stored.files) > 0
        again = await engine.set_pinned(old)
        assert again.fetched == []
        assert again.already_cached == len(stored.files)


async def test_a_damaged_cached_file_is_fetched_again(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=6)
    async with running_engine(server, tmp_path / "acc", prefetch_days=0) as (engine, _rec, _c):
        await engine.sync_now()
        ref = next(r for r in engine.store.rows(limit=100) if r.file_count).ref
        stored = engine.store.case(ref)
        assert stored is not None
        spec = stored.files[0].spec
        path = await engine.fetcher.ensure(ref, spec)
        good = path.read_bytes()
        with path.open("r+b") as handle:
            handle.seek(len(good) // 2)
            handle.write(b"\x00\xff\x00\xff")
        asked = len(server.control.requests)
        again = await engine.fetcher.ensure(ref, spec)
        assert again.read_bytes() == good
        assert len(server.control.requests) > asked  # it really was downloaded again


async def test_with_the_server_stopped_the_store_answers_and_says_what_is_missing(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=15)
    async with running_engine(server, tmp_path / "acc", prefetch_days=0) as (engine, _rec, _c):
        await engine.sync_now()
        pinned, other = [r for r in engine.store.rows(limit=100) if r.file_count][:2]
        await engine.set_pinned(pinned.ref)
        server.stop()
        with pytest.raises(TransportError):
            await engine.sync_now()
        assert engine.state is EngineState.OFFLINE
        assert engine.state_detail
        store, cache = engine.store, engine.cache
        assert store.count() == 15
        assert store.count(CaseFilter(text=pinned.patient.split()[0])) >= 1
        stored = store.case(pinned.ref)
        assert stored is not None
        assert stored.fully_cached
        for file in stored.files:
            assert cache.require(pinned.ref, file.spec).is_file()
        unpinned = store.case(other.ref)
        assert unpinned is not None
        assert not unpinned.fully_cached
        with pytest.raises(NotCachedError, match="not available offline"):
            cache.require(other.ref, unpinned.files[0].spec)
        with pytest.raises(TransportError):
            await engine.fetcher.ensure(other.ref, unpinned.files[0].spec)


async def test_the_engine_notices_the_server_is_back_and_resumes_by_itself(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    first = make_sandbox(cases=10)
    port = int(first.base_url.rsplit(":", 1)[1])
    async with running_engine(
        first, tmp_path / "acc", interval_s=300, offline_retry_min_s=0.05
    ) as (engine, recorder, _client):
        engine.start()
        await wait_for(lambda: engine.state is EngineState.ONLINE)
        first.stop()
        engine.request_sync()
        await wait_for(lambda: engine.state is EngineState.OFFLINE)
        back = make_sandbox(cases=10, port=port)  # same data set, same address
        added = back.control.add_case()
        await wait_for(lambda: engine.state is EngineState.ONLINE)
        await wait_for(lambda: any(str(r) == added for rep in recorder.reports for r in rep.new))
        assert recorder.states[-3:] == [
            EngineState.OFFLINE,
            EngineState.SYNCING,
            EngineState.ONLINE,
        ]


async def test_a_failed_cache_fetch_names_the_scan_not_the_scratch_file(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=6)
    async with running_engine(server, tmp_path / "acc", prefetch_days=0) as (engine, _rec, _c):
        await engine.sync_now()
        ref = next(r for r in engine.store.rows(limit=100) if r.file_count).ref
        stored = engine.store.case(ref)
        assert stored is not None
        spec = stored.files[0].spec
        server.control.truncate_next_downloads(10)  # every attempt is cut short
        with pytest.raises(DownloadError) as caught:
            await engine.fetcher.ensure(ref, spec)
    assert repr(spec.name) in str(caught.value)
    assert ".download" not in str(caught.value)
