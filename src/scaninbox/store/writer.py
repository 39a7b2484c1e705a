"""Store writes from async code, on one worker thread, so the event loop never waits for disk.

One thread keeps the writes in order (pages of a sync, then its end) and leaves the loop — the
GUI thread under qasync — free while SQLite commits. Reads stay on the caller's thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

__all__ = ["StoreWriter"]

_T = TypeVar("_T")


class StoreWriter:
    """Runs blocking store writes on a single dedicated thread."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scaninbox-store")

    async def run(self, fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, partial(fn, *args, **kwargs))

    def submit(self, fn: Callable[..., object], *args: Any) -> None:
        """Queue ``fn(*args)`` on the writer's thread and return at once (from any thread).

        Fire and forget: ``fn`` handles its own errors. Raises RuntimeError once closed.
        """
        self._executor.submit(fn, *args)

    def close(self) -> None:
        """Wait for queued writes to finish, then end the thread."""
        self._executor.shutdown(wait=True)
