"""Holding the background prefetch (the window does while its 3D viewer draws the first case):
the sync and files someone asks for go on, the bulk prefetch waits until it is released."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from scaninbox.sandbox import SandboxServer
from tests.store.conftest import running_engine, wait_for

pytestmark = pytest.mark.anyio

_QUIET_S = 3.0  # unheld, the prefetch brings other cases' files well within this


async def test_a_held_prefetch_waits_while_the_sync_and_asked_for_files_go_on(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=12)
    async with running_engine(server, tmp_path / "acc", prefetch_days=7) as (
        engine,
        recorder,
        _client,
    ):
        engine.hold_prefetch()
        assert engine.prefetch_held
        engine.start()
        await wait_for(lambda: bool(recorder.reports))  # the first sync went on
        with_files = [r for r in engine.store.rows(limit=100) if r.file_count]
        assert len(with_files) > 1
        asked = with_files[0].ref
        report = await engine.fetcher.fetch_case(asked)  # the case on screen, say
        assert report.fetched

        def others_came() -> bool:
            return len({ref for ref, _file, _path in recorder.ready}) > 1

        # Only what was asked for comes: the prefetch of every case's files is waiting.
        with pytest.raises(AssertionError, match="not met"):
            await wait_for(others_came, timeout_s=_QUIET_S)
        assert {ref for ref, _file, _path in recorder.ready} == {asked}
        engine.release_prefetch()
        assert not engine.prefetch_held
        await wait_for(others_came)
