"""The one place where coroutines become Qt-friendly tasks.

qasync runs asyncio on the Qt event loop, so a coroutine started here resumes on the GUI thread
and may touch widgets between its ``await``\\s. The rules every widget follows:

1. Start work with :func:`run`, never with bare ``asyncio.create_task``/``ensure_future``: asyncio
   keeps only weak references to tasks, and a task nobody holds can vanish mid-flight. ``run``
   holds each task until it ends.
2. Give work that a newer request makes pointless a ``key`` and an ``owner``: starting another task
   with the same (owner, key) cancels the older one ("selecting another case cancels the previous
   load"). Keys are scoped to their owner, so two panes never cancel each other. When the owner
   QObject is destroyed its tasks are cancelled; :func:`cancel_owned` does it on demand.
3. Cancellation is the normal way work ends early: a cancelled task is not an error. Code that
   paints after an ``await`` may still check that its widget shows the same thing it started for.
4. Anything else that escapes a task is a bug or an unexpected failure: it goes to the one error
   reporter (:func:`set_error_reporter`; the window installs one that shows it, the default logs
   it). Expected failures (offline, server said no) are caught inside the task and shown where
   they happened.
5. Blocking work (decoding images, copying files, parsing meshes) runs in a worker thread with
   ``await to_thread(fn, *args)``; the ``await`` comes back on the GUI thread. Worker code never
   touches a widget or a QPixmap (QImage is fine: it is reentrant). A callback that worker code
   must call (a progress report) is wrapped with :func:`gui_callback` so it runs on the GUI thread.
   Work that can stop early takes a stop event from :func:`to_thread_stoppable`, set when its
   task is cancelled (a thread cannot be cancelled like the task awaiting it).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

from PySide6.QtCore import QObject

__all__ = [
    "ErrorReporter",
    "cancel",
    "cancel_owned",
    "gui_callback",
    "run",
    "running_task",
    "set_error_reporter",
    "to_thread",
    "to_thread_stoppable",
]

_log = logging.getLogger(__name__)

T = TypeVar("T")
P = ParamSpec("P")

ErrorReporter = Callable[[BaseException, str], None]
"""Receives an unexpected exception and the name of the task it escaped from."""

# Owners are told apart by a number stored on the C++ object itself: id() of a Python wrapper can
# be reused while the C++ object lives on, and holding the wrapper would keep it alive.
_OWNER_PROPERTY = "scaninboxAsyncOwner"
_OwnerKey = int | None  # None: no owner
_owner_numbers = itertools.count(1)
_tasks: set[asyncio.Task[Any]] = set()
_keyed: dict[tuple[_OwnerKey, str], asyncio.Task[Any]] = {}
_owned: dict[int, set[asyncio.Task[Any]]] = {}
_reporter: ErrorReporter | None = None


def set_error_reporter(reporter: ErrorReporter | None) -> ErrorReporter | None:
    """Install the callback for unexpected task failures (None: log them). Returns the old one."""
    global _reporter
    previous, _reporter = _reporter, reporter
    return previous


def run(
    coro: Coroutine[Any, Any, T],
    *,
    owner: QObject | None = None,
    key: str | None = None,
    name: str | None = None,
) -> asyncio.Task[T]:
    """Schedule ``coro`` on the running (qasync) loop and keep it alive until it ends.

    With ``key``, a still-running task of the same ``owner`` and ``key`` is cancelled first.
    Must be called on the GUI thread while the loop runs.
    """
    owner_id = _watch(owner) if owner is not None else None
    if key is not None:
        cancel(owner, key)
    task = asyncio.get_running_loop().create_task(coro, name=name or key)
    _tasks.add(task)
    if key is not None:
        _keyed[(owner_id, key)] = task
    if owner_id is not None:
        _owned.setdefault(owner_id, set()).add(task)
    task.add_done_callback(functools.partial(_finished, owner_id, key))
    return task


def running_task(owner: QObject | None, key: str) -> asyncio.Task[Any] | None:
    """The unfinished task started for (owner, key), if any."""
    task = _keyed.get((_owner_id(owner), key))
    return task if task is not None and not task.done() else None


def cancel(owner: QObject | None, key: str) -> bool:
    """Cancel the task of (owner, key); True when there was one still running."""
    task = _keyed.pop((_owner_id(owner), key), None)
    if task is None or task.done():
        return False
    task.cancel()
    return True


def cancel_owned(owner: QObject) -> int:
    """Cancel every unfinished task of ``owner``; returns how many were cancelled."""
    owner_id = _owner_id(owner)
    tasks = _owned.get(owner_id, set()) if owner_id is not None else set()
    count = 0
    for task in list(tasks):
        if not task.done() and not task.cancelling():
            task.cancel()
            count += 1
    return count


async def to_thread(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run blocking ``fn`` in a worker thread; the result (or exception) arrives on the GUI thread.

    Cancelling the awaiting task stops waiting at once; the thread finishes its call unobserved.
    """
    return await asyncio.to_thread(fn, *args, **kwargs)


async def to_thread_stoppable(fn: Callable[[threading.Event], T], /) -> T:
    """`to_thread` for work that can stop early: ``fn(stop)`` runs on a worker thread, and
    cancelling the awaiting task sets ``stop`` before the cancellation goes on, so that the work
    ends at its next look instead of finishing unobserved."""
    stop = threading.Event()
    try:
        return await asyncio.to_thread(fn, stop)
    except asyncio.CancelledError:
        stop.set()
        raise


def gui_callback(fn: Callable[P, None]) -> Callable[P, None]:
    """Wrap ``fn`` so that calling it from any thread runs it on the loop's (GUI) thread.

    Called on the GUI thread it runs at once; from a worker it is queued. Call this on the GUI
    thread while the loop runs.
    """
    loop = asyncio.get_running_loop()
    gui_thread = threading.get_ident()

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        if threading.get_ident() == gui_thread:
            fn(*args, **kwargs)
        elif not loop.is_closed():
            loop.call_soon_threadsafe(functools.partial(fn, *args, **kwargs))

    return wrapper


def _owner_id(owner: QObject | None) -> _OwnerKey:
    if owner is None:
        return None
    number = _owner_number(owner)
    return -1 if number is None else number  # -1: an owner that never ran anything


def _owner_number(owner: QObject) -> int | None:
    # Ask before reading: QObject.property() of an unset name over-releases None in PySide6 6.12,
    # which crashes Python after enough calls.
    if _OWNER_PROPERTY.encode() not in {bytes(n.data()) for n in owner.dynamicPropertyNames()}:
        return None
    number = owner.property(_OWNER_PROPERTY)
    return number if isinstance(number, int) else None


def _watch(owner: QObject) -> int:
    number = _owner_number(owner)
    if number is not None:
        return number
    number = next(_owner_numbers)
    owner.setProperty(_OWNER_PROPERTY, number)
    _owned[number] = set()
    # Cancel when the C++ object dies, whatever happens to its Python wrapper.
    owner.destroyed.connect(functools.partial(_owner_destroyed, number))
    return number


def _owner_destroyed(owner_id: int, *_: object) -> None:
    for task in _owned.pop(owner_id, set()):
        task.cancel()
    for slot in [slot for slot in _keyed if slot[0] == owner_id]:
        _keyed.pop(slot, None)


def _finished(owner_id: _OwnerKey, key: str | None, task: asyncio.Task[Any]) -> None:
    _tasks.discard(task)
    if key is not None and _keyed.get((owner_id, key)) is task:
        del _keyed[(owner_id, key)]
    if owner_id is not None:
        owned = _owned.get(owner_id)
        if owned is not None:
            owned.discard(task)
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        _report(error, task.get_name())


def _report(error: BaseException, task_name: str) -> None:
    reporter = _reporter
    if reporter is None:
        _log.error("Unexpected failure in %s", task_name, exc_info=error)
        return
    try:
        reporter(error, task_name)
    except Exception:
        # A broken reporter must not hide the original failure.
        _log.exception("The error reporter failed while reporting %s", task_name)
        _log.error("Unexpected failure in %s", task_name, exc_info=error)
