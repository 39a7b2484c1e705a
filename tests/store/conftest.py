"""Integration fixtures: a signed-in client against a real sandbox, a real store and cache."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from scaninbox.api import ApiClient, RetryPolicy, make_http_client
from scaninbox.domain import CaseRef
from scaninbox.sandbox import DEMO_ACCOUNT, SandboxServer
from scaninbox.store import (
    CaseStore,
    DownloadProgress,
    EngineState,
    FileCache,
    FileSpec,
    SyncEngine,
    SyncListener,
    SyncOptions,
    SyncReport,
)

# Retries stay real but quick: a stopped server is "offline" within milliseconds.
FAST_RETRY = RetryPolicy(attempts=2, base_delay_s=0.01, max_delay_s=0.02)


class Recorder(SyncListener):
    """Everything the engine reported, in order."""

    def __init__(self) -> None:
        self.states: list[EngineState] = []
        self.reports: list[SyncReport] = []
        self.new_cases: list[list[CaseRef]] = []
        self.progress: list[DownloadProgress] = []
        self.ready: list[tuple[CaseRef, FileSpec, Path]] = []
        self.failed: list[tuple[CaseRef, FileSpec, str]] = []
        self.in_flight: set[tuple[CaseRef, FileSpec]] = set()
        self.max_in_flight = 0

    def on_state(self, state: EngineState, detail: str) -> None:
        self.states.append(state)

    def on_sync_finished(self, report: SyncReport) -> None:
        self.reports.append(report)

    def on_new_cases(self, refs: Any) -> None:
        self.new_cases.append(list(refs))

    def on_download_progress(self, progress: DownloadProgress) -> None:
        self.progress.append(progress)
        self.in_flight.add((progress.ref, progress.file))
        self.max_in_flight = max(self.max_in_flight, len(self.in_flight))

    def on_file_ready(self, ref: CaseRef, file: FileSpec, path: Path) -> None:
        self.ready.append((ref, file, path))
        self.in_flight.discard((ref, file))

    def on_file_failed(self, ref: CaseRef, file: FileSpec, message: str) -> None:
        self.failed.append((ref, file, message))
        self.in_flight.discard((ref, file))


@asynccontextmanager
async def running_engine(
    server: SandboxServer | str,
    folder: Path,
    *,
    keep_credentials: bool = True,
    cache_limit_bytes: int = 5 * 1024**3,
    transport: httpx.AsyncBaseTransport | None = None,
    timer: Callable[[], float] = time.monotonic,
    **options: Any,
) -> AsyncIterator[tuple[SyncEngine, Recorder, ApiClient]]:
    """A signed-in engine over a real store in ``folder``, stopped (and closed) afterwards.
    ``transport``: what the client sends through (loopback HTTP, a wrapper around it that
    holds answers back); ``timer``: the engine's monotonic clock (``SyncEngine``)."""
    base_url = server if isinstance(server, str) else server.base_url
    http_client = (
        make_http_client(timeout_s=10.0)
        if transport is None
        else httpx.AsyncClient(transport=transport, timeout=10.0)
    )
    async with http_client as http:
        client = ApiClient(http, base_url, retry=FAST_RETRY)
        await client.login(
            DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, keep_credentials=keep_credentials
        )
        with (
            CaseStore.open(folder) as store,
            FileCache.open(store, limit_bytes=cache_limit_bytes) as cache,
        ):
            engine = SyncEngine(client, store, cache, SyncOptions(**options), timer=timer)
            recorder = Recorder()
            engine.add_listener(recorder)
            try:
                yield engine, recorder, client
            finally:
                await engine.stop()


async def wait_for(condition: Callable[[], bool], *, timeout_s: float = 30.0) -> None:
    """Poll ``condition`` on the event loop (yielding to it) until true or the timeout."""
    import asyncio

    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout_s} s")
        await asyncio.sleep(0.01)


REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class CliRun:
    code: int
    out: str
    err: str


def cli_env() -> dict[str, str]:
    """The environment of a ``scaninbox`` subprocess signed in as the demo user."""
    environ = dict(os.environ)  # SCANINBOX_HOME: the test's isolated home
    environ["PYTHONIOENCODING"] = "utf-8"
    environ["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), environ.get("PYTHONPATH", "")])
    environ["SCANINBOX_EMAIL"] = DEMO_ACCOUNT.email
    environ["SCANINBOX_PASSWORD"] = DEMO_ACCOUNT.password
    return environ


def scaninbox(*args: str, timeout_s: float = 120) -> CliRun:
    """Run the ``scaninbox`` command as a user would and collect what it said."""
    done = subprocess.run(
        [sys.executable, "-m", "scaninbox", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=cli_env(),
        timeout=timeout_s,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    return CliRun(done.returncode, done.stdout, done.stderr)
