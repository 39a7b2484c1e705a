"""No socket outlives the HTTP client: every connection httpcore opens is tracked, and the ones
its pool lost hold of are closed when the client closes.

For: httpcore 1.0.x (under httpx 0.28), on asyncio.
Why: httpcore shields the clean-up of a connection (closing it when a streamed answer is cut
off, or taking it out of its pool) with anyio's shielded cancel scopes, which hold off anyio's
cancellation only. A task cancelled twice with asyncio's own ``Task.cancel()`` (as a quitting
app's downloads are: the engine stops, then the loop's tasks are cancelled) interrupts that
clean-up; the connection has then left the pool's list but its socket is still open, and
closing the pool cannot reach it (the ResourceWarning "unclosed transport" at a GUI test's
teardown, one run in four under load).
How: the pool's network backend (``AsyncConnectionPool._network_backend``, a private attribute)
is wrapped; each stream it makes is remembered until it is closed; ``close_leftovers`` closes
what is still open, shielded and bounded in time.
Still needed? Delete ``track_connections``'s call in ``api/transport.py`` and run
``tests/unit/api/test_transport.py::test_a_socket_left_behind_by_an_interrupted_clean_up_is_closed``
and the window's shell tests under load: a ResourceWarning means it is.
Delete when: httpcore's clean-ups survive asyncio's cancellation (its shield is anyio-only as of
1.0.9), or httpx exposes the network backend.
"""

from __future__ import annotations

import logging
import ssl
import typing

import anyio
import httpcore
import httpx

__all__ = ["ConnectionTracker"]

_log = logging.getLogger(__name__)
_CLOSE_WITHIN_S = 2.0


class ConnectionTracker:
    """The streams the tracked transports opened and have not closed yet."""

    def __init__(self) -> None:
        self._open: set[_TrackedStream] = set()

    @property
    def open_count(self) -> int:
        return len(self._open)

    def track(self, transport: httpx.AsyncHTTPTransport) -> None:
        """Make ``transport``'s pool open its connections through this tracker."""
        pool = getattr(transport, "_pool", None)
        backend = getattr(pool, "_network_backend", None)
        if backend is None:  # another httpx/httpcore layout: nothing to track, nothing broken
            _log.debug("httpcore's pool has no network backend to track")
            return
        pool._network_backend = _TrackingBackend(backend, self)  # type: ignore[union-attr]

    async def close_leftovers(self) -> int:
        """Close every stream still open (after the pools closed theirs); how many there were."""
        leftovers = list(self._open)
        self._open.clear()
        for stream in leftovers:
            with anyio.CancelScope(shield=True), anyio.move_on_after(_CLOSE_WITHIN_S):
                try:
                    await stream.close_inner()
                except Exception:  # already broken: it is closed as far as it can be
                    _log.debug("closing a connection left behind failed", exc_info=True)
        if leftovers:
            _log.debug("closed %d connection(s) httpcore had lost hold of", len(leftovers))
        return len(leftovers)


class _TrackingBackend(httpcore.AsyncNetworkBackend):
    def __init__(self, inner: httpcore.AsyncNetworkBackend, tracker: ConnectionTracker) -> None:
        self._inner = inner
        self._tracker = tracker

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: typing.Iterable[typing.Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        stream = await self._inner.connect_tcp(host, port, timeout, local_address, socket_options)
        return _TrackedStream(stream, self._tracker)

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: typing.Iterable[typing.Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        stream = await self._inner.connect_unix_socket(path, timeout, socket_options)
        return _TrackedStream(stream, self._tracker)

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


class _TrackedStream(httpcore.AsyncNetworkStream):
    def __init__(self, inner: httpcore.AsyncNetworkStream, tracker: ConnectionTracker) -> None:
        self._inner = inner
        self._tracker = tracker
        tracker._open.add(self)

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return await self._inner.read(max_bytes, timeout)

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        await self._inner.write(buffer, timeout)

    async def aclose(self) -> None:
        self._tracker._open.discard(self)
        await self._inner.aclose()

    async def close_inner(self) -> None:
        await self._inner.aclose()

    async def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.AsyncNetworkStream:
        # The TLS stream wraps the same socket: it replaces the plain one in this wrapper.
        self._inner = await self._inner.start_tls(ssl_context, server_hostname, timeout)
        return self

    def get_extra_info(self, info: str) -> typing.Any:
        return self._inner.get_extra_info(info)
