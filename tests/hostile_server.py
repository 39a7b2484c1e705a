"""A tiny loopback HTTP server that answers the way a broken or hostile service would.

The sandbox answers like the real service; this one trickles bodies, never ends them, lies about
sizes, compresses bombs and puts escape sequences into its texts. Each test gives it routes: a
path and a function that writes the whole answer on the raw socket (``Reply``). Routes run in the
server's own threads; ``close`` wakes every one of them (a trickle waits on the stop event, not in
``time.sleep``), so no thread outlives its test.
"""

from __future__ import annotations

import gzip
import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["HostileServer", "Reply", "gzip_bomb", "login_body"]


@dataclass
class Reply:
    """What a route sees and writes: the request, and the raw output of the connection."""

    handler: BaseHTTPRequestHandler
    stop: threading.Event

    @property
    def path(self) -> str:
        return self.handler.path

    @property
    def headers(self) -> Any:
        return self.handler.headers

    def head(self, status: int = 200, headers: dict[str, str] | None = None) -> None:
        self.handler.send_response(status)
        for name, value in (headers or {}).items():
            self.handler.send_header(name, value)
        self.handler.send_header("Connection", "close")  # one answer per connection
        self.handler.end_headers()
        self.handler.wfile.flush()

    def body(self, data: bytes) -> None:
        self.handler.wfile.write(data)
        self.handler.wfile.flush()

    def json(self, payload: Any, status: int = 200, content_type: str = "application/json") -> None:
        data = json.dumps(payload).encode()
        self.head(status, {"Content-Type": content_type, "Content-Length": str(len(data))})
        self.body(data)

    def trickle(self, data: Iterator[bytes], every_s: float) -> None:
        """Send one piece every ``every_s`` seconds until the pieces end or the server closes."""
        for piece in data:
            if self.stop.wait(every_s):
                return
            try:
                self.body(piece)
            except OSError:  # the client gave up: that is what the test wants
                return

    def chunked(self, pieces: Iterator[bytes]) -> None:
        """Send pieces as HTTP chunks until they end, the client leaves or the server closes."""
        for piece in pieces:
            if self.stop.is_set():
                return
            try:
                self.body(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            except OSError:
                return
        try:
            self.body(b"0\r\n\r\n")
        except OSError:
            return


Route = Callable[[Reply], None]


@dataclass
class HostileServer:
    """``with HostileServer({"/path": route}) as server: server.base_url``."""

    routes: dict[str, Route]
    hits: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._stop = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                self._answer()

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                self._answer()

            def _answer(self) -> None:
                path = self.path.split("?", 1)[0]
                outer.hits.append(self.path)
                route = outer.routes.get(path) or outer._prefix_route(path)
                if route is None:
                    Reply(self, outer._stop).json({"title": "no such route"}, status=404)
                    return
                try:
                    route(Reply(self, outer._stop))
                except OSError:
                    return
                self.close_connection = True

            def log_message(self, *args: object) -> None:
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def _prefix_route(self, path: str) -> Route | None:
        for prefix, route in self.routes.items():
            if prefix.endswith("*") and path.startswith(prefix[:-1]):
                return route
        return None

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> HostileServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._stop.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)


def login_body() -> dict[str, str]:
    expires = datetime.now(UTC) + timedelta(hours=8)
    return {"token": "hostile-token", "expiresAt": expires.isoformat().replace("+00:00", "Z")}


def gzip_bomb(decoded_bytes: int) -> bytes:
    """``decoded_bytes`` of zeros, gzip-compressed (about a thousandth of the size)."""
    return gzip.compress(b"\0" * decoded_bytes, compresslevel=9)
