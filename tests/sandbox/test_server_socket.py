"""The sandbox's connections send at once: with Nagle's algorithm on, uvicorn's answer (head and
body written apart) waited for the client's delayed ACK on every request of a kept-alive
connection, which every client (the app, the tests) reuses."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest

from scaninbox.sandbox import SandboxStartError
from scaninbox.sandbox.app import build_app
from scaninbox.sandbox.config import SandboxConfig
from scaninbox.sandbox.server import _bind
from scaninbox.sandbox.state import SandboxState


@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_connections_accepted_by_the_sandbox_have_nagle_off(host: str) -> None:
    try:
        listening = _bind(host, 0)
    except SandboxStartError as exc:  # a machine without IPv6 loopback
        pytest.skip(f"cannot listen on {host}: {exc}")
    listening.setblocking(True)
    with listening, socket.create_connection(listening.getsockname()[:2], timeout=10):
        accepted, _ = listening.accept()
        with accepted:
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


def test_a_request_is_recorded_before_its_answer_leaves(tmp_path: Path) -> None:
    """A client that has its answer must find its request in ``control.requests``: recorded
    after the body, a test counting requests right after an answer could miss it (with Nagle's
    algorithm off, the answer arrives before the sandbox's thread gets on)."""
    state = SandboxState(SandboxConfig(cases=3), tmp_path)
    app = build_app(state)
    seen_at_start: list[list[str]] = []

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            seen_at_start.append([r.path for r in state.control.requests])

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/portals/ios",
        "raw_path": b"/portals/ios",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(app(scope, receive, send))
    assert seen_at_start == [["/portals/ios"]]
    (recorded,) = state.control.requests
    assert recorded.status == 401  # not signed in: the status is recorded as well
