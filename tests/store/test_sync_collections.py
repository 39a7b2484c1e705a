"""A sync pass collects cyclic garbage less often while it runs (a first sync's pages are
hundreds of short-lived objects a case) and gives Python its own setting back afterwards."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

import pytest

from scaninbox.api.errors import ApiError
from scaninbox.sandbox import SandboxServer
from scaninbox.store import SyncListener
from scaninbox.store.sync_pass import fewer_collections
from tests.store.conftest import running_engine

pytestmark = pytest.mark.anyio


class _Thresholds(SyncListener):
    def __init__(self) -> None:
        self.during: list[int] = []

    def on_sync_progress(self, pages: int, cases: int, server_total: int) -> None:
        self.during.append(gc.get_threshold()[0])


async def test_a_pass_holds_collections_back_and_restores_the_setting(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    before = gc.get_threshold()
    seen = _Thresholds()
    async with running_engine(sandbox, tmp_path / "acc") as (engine, _recorder, _client):
        engine.add_listener(seen)
        await engine.sync_now()
    assert seen.during
    assert min(seen.during) >= 50_000 > before[0]
    assert gc.get_threshold() == before


def test_overlapping_holds_restore_the_setting_once_the_last_ends() -> None:
    before = gc.get_threshold()
    first, second = fewer_collections(), fewer_collections()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert gc.get_threshold()[0] >= 50_000  # the second still runs
    second.__exit__(None, None, None)
    assert gc.get_threshold() == before


def test_a_pass_that_fails_restores_the_setting_too() -> None:
    before = gc.get_threshold()

    async def failing() -> None:
        with fewer_collections():
            raise ApiError("the service went away")

    with pytest.raises(ApiError):
        asyncio.run(failing())
    assert gc.get_threshold() == before
