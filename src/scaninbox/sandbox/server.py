"""Running the sandbox: uvicorn (h11, HTTP/1.1) in a background thread on a socket we bind.

``SandboxServer`` is a context manager: ``start()`` binds (port 0 picks a free port), starts
uvicorn in a daemon thread and returns once it accepts connections; ``stop()`` asks uvicorn to
exit and joins the thread. ``serve_forever`` runs one until SIGINT/SIGTERM (for the CLI).
No access log; uvicorn's own messages only at warning level and above.
"""

from __future__ import annotations

import errno
import logging
import shutil
import signal
import socket
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

import uvicorn

from scaninbox.sandbox.app import build_app
from scaninbox.sandbox.config import SandboxConfig
from scaninbox.sandbox.control import SandboxControl
from scaninbox.sandbox.state import SandboxState

__all__ = ["SandboxServer", "SandboxStartError", "serve_forever"]

_START_TIMEOUT_S = 30.0
_STOP_TIMEOUT_S = 10.0
_INCOMPLETE_RESPONSE = "ASGI callable returned without completing response."


class SandboxStartError(RuntimeError):
    """The sandbox could not start (the message is one plain sentence)."""


class _QuietTruncation(logging.Filter):
    """Truncated downloads are a deliberate test fault; uvicorn would log each as an error."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != _INCOMPLETE_RESPONSE


def _install_log_filter() -> None:
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _QuietTruncation) for f in logger.filters):
        logger.addFilter(_QuietTruncation())


class _Uvicorn(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, started: threading.Event) -> None:
        super().__init__(config)
        self._started_event = started

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        self._started_event.set()


class SandboxServer:
    """A running reference server; see ``SandboxConfig`` for its options."""

    def __init__(self, config: SandboxConfig | None = None) -> None:
        self.config = config or SandboxConfig()
        self._temp_dir: Path | None = None
        cache_dir = self.config.cache_dir
        if cache_dir is None:
            self._temp_dir = Path(tempfile.mkdtemp(prefix="scaninbox-sandbox-"))
            cache_dir = self._temp_dir
        self._state = SandboxState(self.config, cache_dir)
        self._thread: threading.Thread | None = None
        self._server: _Uvicorn | None = None
        self._port = 0

    @property
    def control(self) -> SandboxControl:
        return self._state.control

    @property
    def port(self) -> int:
        return self._port

    @property
    def base_url(self) -> str:
        host = self.config.host
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self._port}"

    def start(self) -> SandboxServer:
        if self._thread is not None:
            raise RuntimeError("the sandbox is already running")
        try:
            sock = _bind(self.config.host, self.config.port)
        except SandboxStartError:
            self.stop()  # removes the temporary cache folder
            raise
        self._port = int(sock.getsockname()[1])
        _install_log_filter()
        uv_config = uvicorn.Config(
            build_app(self._state),
            http="h11",
            ws="none",
            loop="asyncio",
            lifespan="off",
            access_log=False,
            log_config=None,
            log_level="warning",
            server_header=False,
            timeout_graceful_shutdown=2,
        )
        started = threading.Event()
        self._server = _Uvicorn(uv_config, started)
        self._thread = threading.Thread(
            target=self._server.run,
            kwargs={"sockets": [sock]},
            name="scaninbox-sandbox",
            daemon=True,
        )
        self._thread.start()
        if not started.wait(_START_TIMEOUT_S):
            self.stop()
            sock.close()
            raise SandboxStartError("The sandbox did not start within 30 seconds.")
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(_STOP_TIMEOUT_S)
        self._thread = None
        self._server = None
        if self._temp_dir is not None:
            shutil.rmtree(self._temp_dir, ignore_errors=True)
            self._temp_dir = None

    def __enter__(self) -> SandboxServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


def _bind(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise SandboxStartError(f"The host name {host!r} cannot be resolved.") from None
    family, _, _, _, address = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        # Lets a restarted sandbox reuse its port at once (sockets in TIME_WAIT do not block it).
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        # Connections accepted here inherit it: with Nagle's algorithm on, uvicorn's answer
        # (head and body written apart) waited for the client's delayed ACK on every request
        # of a kept-alive connection (the figures: benchmarks/README.md).
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.listen(128)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise SandboxStartError(f"Port {port} on {host} is already in use.") from None
        if error.errno == errno.EADDRNOTAVAIL:
            raise SandboxStartError(f"This machine has no address {host}.") from None
        raise SandboxStartError(f"Cannot listen on {host} port {port}: {error.strerror}.") from None
    sock.setblocking(False)
    return sock


def serve_forever(
    config: SandboxConfig,
    *,
    announce: Callable[[str], None],
    stop: threading.Event | None = None,
) -> None:
    """Runs a sandbox until SIGINT or SIGTERM (or ``stop`` is set), then stops it cleanly and
    returns.

    ``announce`` receives ``"Sandbox listening on <base url>"`` first, as soon as the server
    accepts connections. Must be called from the main thread (it installs signal handlers).
    """
    if stop is None:
        stop = threading.Event()

    def on_signal(signum: int, frame: Any) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        with SandboxServer(config) as server:
            announce(f"Sandbox listening on {server.base_url}")
            while not stop.wait(0.5):
                pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
