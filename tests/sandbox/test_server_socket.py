"""The sandbox's connections send at once: with Nagle's algorithm on, uvicorn's answer (head and
body written apart) waited for the client's delayed ACK, 40 ms on every request of a kept-alive
connection, which every client (the app, the tests) reuses."""

from __future__ import annotations

import socket

import pytest

from scaninbox.sandbox import SandboxStartError
from scaninbox.sandbox.server import _bind


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
