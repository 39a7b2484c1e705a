"""Offline keeps its word (issue 8): what is said to be available offline is, exactly; order
forms and previews come for every synced case; `--from DATE --with-files` fetches every file
since DATE; "keep the cases due this week offline" pins and fetches them."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from scaninbox.sandbox import SandboxServer
from scaninbox.store import CaseFilter
from scaninbox.store.offline import is_small, offline_counts, refs_due_between, week_of
from tests.store.conftest import running_engine, scaninbox

pytestmark = pytest.mark.anyio


async def test_order_forms_and_previews_of_every_case_and_exact_counts(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=30)
    async with running_engine(server, tmp_path / "acc", prefetch_days=7) as (engine, _r, _c):
        await engine.sync_now()
        report = await engine.prefetch()
        assert report.failed == []
        store = engine.store
        rows = store.rows(limit=100)
        for row in rows:  # old cases too: 90 days back, outside prefetch_days
            stored = store.case(row.ref)
            assert stored is not None
            assert all(f.cached for f in stored.files if is_small(f.spec)), row.ref
        old = [
            r
            for r in rows
            if r.received_at and r.received_at < datetime.now(UTC) - timedelta(days=10)
        ]
        assert old
        assert any(not r.fully_cached for r in old)  # their scans wait until asked for
        counts = offline_counts(store)
        assert counts.listed == len(rows) == 30
        assert counts.complete == sum(1 for r in rows if r.fully_cached)
        assert 0 < counts.complete < 30
        # A second pass looks at nothing new and fetches nothing.
        again = await engine.prefetch()
        assert again.fetched == []


async def test_from_date_with_files_fetches_everything_since_that_date(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=30)
    since = date.today() - timedelta(days=45)
    async with running_engine(server, tmp_path / "acc", prefetch_days=7) as (engine, _r, _c):
        await engine.sync_now()
        report = await engine.prefetch(since=since)
        assert report.failed == []
        assert report.left_out == 0
        store = engine.store
        after = store.rows(CaseFilter(received_from=since), limit=100)
        before = store.rows(CaseFilter(received_to=since - timedelta(days=1)), limit=100)
        assert after
        assert before
        assert all(r.fully_cached for r in after)
        assert not all(r.fully_cached for r in before)


async def test_keep_the_cases_due_this_week_offline(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=60)
    async with running_engine(server, tmp_path / "acc", prefetch_days=0) as (engine, _r, _c):
        await engine.sync_now()
        first, last = week_of(date.today())
        due = refs_due_between(engine.store, first, last)
        assert due, "the sandbox has cases due this week"
        count, report = await engine.keep_due_offline(first, last)
        assert count == len(due)
        assert report.failed == []
        for ref in due:
            row = engine.store.row(ref)
            assert row is not None
            assert row.pinned
            assert row.fully_cached
            assert row.delivery_date is not None
            assert first <= row.delivery_date <= last


def test_week_of_runs_monday_to_sunday() -> None:
    assert week_of(date(2026, 11, 26)) == (date(2026, 11, 23), date(2026, 11, 29))
    assert week_of(date(2026, 11, 23)) == (date(2026, 11, 23), date(2026, 11, 29))
    assert week_of(date(2026, 11, 29)) == (date(2026, 11, 23), date(2026, 11, 29))


def test_the_command_line_says_exactly_what_is_available(
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=20)
    run = scaninbox("--base-url", server.base_url, "sync", "--with-files", "--json")
    assert run.code == 0, run.err
    answer = json.loads(run.out)
    offline = answer["availableOffline"]
    assert offline["cases"] == 20
    info = json.loads(scaninbox("--base-url", server.base_url, "--offline", "cases", "--json").out)
    assert len(info) == 20
    text = scaninbox("--base-url", server.base_url, "sync", "--with-files")
    assert text.code == 0, text.err
    line = next(x for x in text.out.splitlines() if x.startswith("Available offline:"))
    assert line == (
        f"Available offline: the details of 20 cases, and every file of "
        f"{offline['withEveryFile']} of them."
    )
    assert 0 < offline["withEveryFile"] < 20
