"""The app's asyncio loop on Qt's event loop: qasync's, woken from other threads without Qt.

A worker's result reaches the GUI thread through ``call_soon_threadsafe`` (``asyncio.to_thread``
and every ``run_in_executor`` future end there). qasync emits a Qt signal for it on the worker,
with the GIL held, and a queued emit takes Qt's signal-slot lock of its receiver. The GUI thread
can hold such a lock while it waits for the GIL: PySide looks up a Python override
(``disconnectNotify``) inside ``QObject::disconnect``. The locks are a small pool of mutexes
hashed by object address, so any disconnect may share one with the emit: then each thread waits
for the other for good. Two hangs of that kind were found and closed (``docs/architecture.md``,
"Threads"); this was the last known path.

Here a worker only appends the call to a queue and writes a byte to a socket pair (no Qt, no
lock but the kernel's); a ``QSocketNotifier`` on the GUI thread reads the bytes and hands the
queued calls to the loop in the order they came. After the loop is closed, late calls are
dropped, as qasync's disconnected signal dropped them.

For: qasync 0.28 on PySide6 6.12 (``QEventLoop.call_soon_threadsafe`` is overridden).
Still needed? Read qasync's ``call_soon_threadsafe``: while it emits a Qt signal on the calling
thread, it is; ``tests/qt/test_event_loop.py`` pins what the replacement must keep doing.
Delete when: qasync hands calls from other threads to the GUI thread without Qt (a socket pair or
a lock-free queue), or the app's loop stops being qasync's.
"""

from __future__ import annotations

import collections
import contextlib
import socket
from collections.abc import Callable
from contextvars import Context
from typing import Any

import qasync
from PySide6.QtCore import QSocketNotifier
from PySide6.QtWidgets import QApplication

__all__ = ["GuiEventLoop"]

_Call = tuple[Callable[..., object], tuple[Any, ...], Context | None]


class GuiEventLoop(qasync.QEventLoop):  # type: ignore[misc]  # qasync has no type hints
    """``qasync.QEventLoop`` whose ``call_soon_threadsafe`` never calls Qt on the caller's thread.

    Make it on the GUI thread (its socket notifier belongs to that thread)."""

    def __init__(self, app: QApplication | None = None, *, already_running: bool = False) -> None:
        super().__init__(app, already_running=already_running)
        self._calls: collections.deque[_Call] = collections.deque()
        self._woken, self._wake = socket.socketpair()
        self._woken.setblocking(False)
        self._wake.setblocking(False)
        self._notifier = QSocketNotifier(self._woken.fileno(), QSocketNotifier.Type.Read)
        self._notifier.activated.connect(self._take_calls)

    def call_soon_threadsafe(
        self, callback: Callable[..., object], *args: Any, context: Context | None = None
    ) -> None:
        """Run ``callback(*args)`` on the loop's thread soon; safe from any thread."""
        if self.is_closed():
            return  # nothing would run it
        self._calls.append((callback, args, context))  # deque appends are atomic
        try:
            self._wake.send(b"\0")
        except BlockingIOError:
            pass  # a full socket buffer: a wake-up is already pending, and takes this call too
        except OSError:
            if not self.is_closed():
                raise
            # closed meanwhile on the GUI thread (its sockets after it): the call is dropped

    def _take_calls(self) -> None:
        """On the GUI thread: read the wake-up bytes, then queue every call that came."""
        with contextlib.suppress(BlockingIOError):
            while self._woken.recv(4096):
                pass
        # A call appended after the bytes were read is taken now or by its own byte's wake-up.
        while self._calls and not self.is_closed():
            callback, args, context = self._calls.popleft()
            self.call_soon(callback, *args, context=context)

    def close(self) -> None:
        if self.is_closed():
            return
        super().close()  # refuses while running; is_closed() from here on
        self._notifier.setEnabled(False)
        self._notifier.activated.disconnect(self._take_calls)
        self._calls.clear()
        self._woken.close()
        self._wake.close()
