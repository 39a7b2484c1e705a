"""Spreading numpy work over the cores with plain threads.

numpy releases the GIL inside its loops (ufuncs, take, fancy indexing, bincount), so threads
run them truly in parallel; measured here, two threads halve a 1.8M-element gather, ufunc or
bincount. The pool belongs to `scaninbox.scans`; QC's checks of a read scan use it through
`scaninbox.scans.run_parts`. Work already running on one of its threads never
hands parts back to the pool (it would wait for itself): there, everything runs in line.
"""

from __future__ import annotations

import functools
import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

__all__ = ["run_parts", "run_together", "submit"]

P = ParamSpec("P")
T = TypeVar("T")

_WORKERS = max(1, min(4, os.cpu_count() or 1))
_MIN_PART = 100_000  # smaller parts cost more to hand over than they save
_pools: dict[str, ThreadPoolExecutor] = {}
_lock = threading.Lock()
_local = threading.local()


def submit(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> Future[T]:
    """Start ``fn`` on a worker thread (or run it now: one core, or already on a worker)."""
    if _WORKERS == 1 or getattr(_local, "worker", False):
        done: Future[T] = Future()
        try:
            done.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to whoever asks for the result
            done.set_exception(exc)
        return done
    return _executor().submit(_as_worker, functools.partial(fn, *args, **kwargs))


def run_parts(fn: Callable[[int, int], object], n: int) -> None:
    """Call ``fn(start, stop)`` on contiguous parts of ``range(n)``, in parallel if worth it."""
    parts = max(1, min(_WORKERS, n // _MIN_PART))
    if parts == 1:
        fn(0, n)
        return
    bounds = [n * i // parts for i in range(parts + 1)]
    futures = [submit(fn, a, b) for a, b in itertools.pairwise(bounds[1:])]
    fn(bounds[0], bounds[1])
    for future in futures:
        future.result()


def run_together(*calls: Callable[[], object]) -> None:
    """Run argument-less callables at the same time; the first on this thread."""
    futures = [submit(call) for call in calls[1:]]
    if calls:
        calls[0]()
    for future in futures:
        future.result()


def _as_worker(call: Callable[[], T]) -> T:
    _local.worker = True
    return call()


def _executor() -> ThreadPoolExecutor:
    with _lock:
        if "scans" not in _pools:
            _pools["scans"] = ThreadPoolExecutor(_WORKERS - 1 or 1, thread_name_prefix="scans")
        return _pools["scans"]
