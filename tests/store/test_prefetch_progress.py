"""A prefetch tells how far it has got — files done of those it set out to fetch, and bytes —
to the engine's listeners (the command line's progress line, the window's status bar), and the
command line shows it on a terminal only: not in a pipe, not with ``--json``."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from scaninbox.sandbox import SandboxServer
from scaninbox.store import PrefetchProgress, SyncListener
from tests.store.conftest import cli_env, running_engine

pytestmark = pytest.mark.anyio


class _Tallies(SyncListener):
    def __init__(self) -> None:
        self.seen: list[PrefetchProgress] = []

    def on_prefetch_progress(self, progress: PrefetchProgress) -> None:
        self.seen.append(progress)


async def test_a_prefetch_counts_its_files_and_bytes_to_the_end(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=12)
    async with running_engine(server, tmp_path / "acc", prefetch_days=7) as (engine, _r, _c):
        await engine.sync_now()
        tallies = _Tallies()
        engine.add_listener(tallies)
        report = await engine.prefetch()
    seen = tallies.seen
    assert report.fetched
    first, last = seen[0], seen[-1]
    assert (first.files_done, first.bytes_done, first.finished) == (0, 0, False)
    assert first.files_total == len(report.fetched) + len(report.failed)  # planned = done
    assert last.finished
    assert last.files_done == last.files_total
    assert last.bytes_done == sum(path.stat().st_size for _r, _s, path in report.fetched)
    done = [p.files_done for p in seen]
    assert done == sorted(done)  # never backwards
    assert len(set(done)) == last.files_total + 1  # every file was told as it came


def _sync_on_a_terminal(url: str, *args: str) -> tuple[str, str]:
    """``scaninbox sync`` with stderr on a pseudo-terminal (stdout a pipe): (stdout, stderr)."""
    leader, follower = pty.openpty()
    command = [sys.executable, "-m", "scaninbox", "--base-url", url, "sync", *args]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=follower, stdin=subprocess.DEVNULL, env=cli_env()
    )
    os.close(follower)
    seen: list[bytes] = []

    def drain() -> None:  # the terminal's buffer is small: read it as the program writes
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the program ended and the terminal closed
                return
            if not chunk:
                return
            seen.append(chunk)

    reader = threading.Thread(target=drain)
    reader.start()
    out, _ = process.communicate(timeout=300)
    reader.join(timeout=30)
    os.close(leader)
    return out.decode(), b"".join(seen).decode(errors="replace")


def test_sync_with_files_shows_files_and_bytes_on_a_terminal_only(
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=8)
    out, err = _sync_on_a_terminal(server.base_url, "--with-files", "--from", "2000-01-01")
    assert "Files: 0 of " in err
    last = err.rsplit("Files: ", 1)[1]
    done, _, rest = last.partition(" of ")
    assert int(done.replace(",", "")) == int(rest.split(",", 1)[0].replace(",", ""))
    assert "Files: 0 of" not in out  # stdout (a pipe here) holds the report only
    assert "Available offline" in out


def test_sync_json_shows_no_progress_even_on_a_terminal(
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=8)
    out, err = _sync_on_a_terminal(server.base_url, "--with-files", "--json")
    assert err.strip() == ""
    assert out.lstrip().startswith("{")
