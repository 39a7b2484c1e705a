"""The environment's proxy servers: which requests go through one (rules), and a real CONNECT
proxy on loopback tunnelling to a real HTTPS server that only the proxy can find by name."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from tests.tls import answering_https_server

from scaninbox.api import errors, make_http_client
from scaninbox.api.proxies import ProxySettings, environment_proxies, shown_proxy
from scaninbox.api.transport import transport_error
from scaninbox.api.urls import is_loopback_host

pytestmark = pytest.mark.anyio

HOST = "inbox.scaninbox.test"  # resolved by the proxy alone: no DNS knows it
ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]"
_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "no_proxy")


@pytest.fixture(autouse=True)
def no_proxies_but_ours(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.upper(), raising=False)


def test_which_requests_go_through_which_proxy() -> None:
    settings = ProxySettings(
        {"https": "http://proxy.lab:3128", "all": "proxy.lab:8080"}, "corp.example, .internal"
    )
    assert settings.proxy_for("https", "inbox.example.com") == "http://proxy.lab:3128"
    assert settings.proxy_for("http", "inbox.example.com") == "http://proxy.lab:8080"  # ALL_PROXY
    assert settings.proxy_for("https", "corp.example") is None  # NO_PROXY, by name
    assert settings.proxy_for("https", "files.corp.example") is None  # ... and its subdomains
    assert settings.proxy_for("https", "storage.internal") is None
    assert settings.proxy_for("https", "notcorp.example.org") == "http://proxy.lab:3128"
    for here in ("127.0.0.1", "127.8.9.10", "::1", "[::1]"):
        assert settings.proxy_for("https", here) is None, here  # the demo service lives there
    # The name: this computer only where it resolves to loopback alone (not in every chroot).
    direct = settings.proxy_for("https", "localhost") is None
    assert direct == is_loopback_host("localhost")
    assert ProxySettings({}, "").proxy_for("https", "inbox.example.com") is None
    assert ProxySettings({"https": "http://p:1"}, "*").proxy_for("https", "x.example") is None


def test_the_environment_is_read_in_either_case(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://user:secret@proxy.lab:3128")
    monkeypatch.setenv("no_proxy", "corp.example")
    settings = environment_proxies()
    assert settings.proxy_for("https", "inbox.example.com") == "http://user:secret@proxy.lab:3128"
    assert settings.proxy_for("https", "corp.example") is None
    assert shown_proxy("http://user:secret@proxy.lab:3128") == "http://proxy.lab:3128"


@dataclass
class ConnectProxy:
    """A forward proxy that answers CONNECT and tunnels to the address it maps the name to."""

    routes: dict[str, tuple[str, int]]
    asked: list[str] = field(default_factory=list)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            method, target, _ = head.split(b"\r\n", 1)[0].decode().split(" ", 2)
            self.asked.append(f"{method} {target}")
            name = target.rpartition(":")[0]
            if method != "CONNECT" or name not in self.routes:
                writer.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
                return
            up_reader, up_writer = await asyncio.open_connection(*self.routes[name])
            writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except ConnectionError:
        pass
    finally:
        writer.close()


@dataclass
class Network:
    cert: Path
    service_port: int
    proxy_url: str
    proxy: ConnectProxy


@pytest.fixture
async def network(tmp_path: Path) -> AsyncIterator[Network]:
    async with answering_https_server(tmp_path, ANSWER, names=(HOST,)) as (service_port, cert):
        proxy = ConnectProxy({HOST: ("127.0.0.1", service_port)})
        proxy_server = await asyncio.start_server(proxy.serve, "127.0.0.1", 0)
        proxy_url = f"http://127.0.0.1:{proxy_server.sockets[0].getsockname()[1]}"
        async with proxy_server:
            yield Network(cert, service_port, proxy_url, proxy)


async def test_a_service_behind_the_environments_proxy_is_reached_through_it(
    network: Network, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HTTPS_PROXY", network.proxy_url)
    async with make_http_client(ca_bundle=network.cert) as client:
        answered = await client.get(f"https://{HOST}:{network.service_port}/me")
        assert answered.json() == []
        # This computer is reached directly, proxy or not (the demo service listens here).
        here = await client.get(f"https://127.0.0.1:{network.service_port}/me")
        assert here.json() == []
    assert network.proxy.asked == [f"CONNECT {HOST}:{network.service_port}"]


async def test_no_proxy_sends_a_host_directly(
    network: Network, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("https_proxy", network.proxy_url)
    monkeypatch.setenv("NO_PROXY", "scaninbox.test")
    async with make_http_client(ca_bundle=network.cert) as client:
        with pytest.raises(httpx.ConnectError):  # directly, the name is nobody's
            await client.get(f"https://{HOST}:{network.service_port}/me")
    assert network.proxy.asked == []


async def test_a_proxy_out_of_reach_or_refusing_is_said_plainly(
    network: Network, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as nowhere:
        nowhere.bind(("127.0.0.1", 0))  # bound, never listening: connections are refused
        port = nowhere.getsockname()[1]
        monkeypatch.setenv("HTTPS_PROXY", f"http://user:secret@127.0.0.1:{port}")
        async with make_http_client(ca_bundle=network.cert) as client:
            with pytest.raises(httpx.ProxyError) as gone:
                await client.get(f"https://{HOST}/me")
    said = str(transport_error(gone.value, f"the inbox service at {HOST}"))
    assert said.startswith(f"Could not reach the inbox service at {HOST} through the proxy server")
    assert f"127.0.0.1:{port} could not be reached" in said
    assert "secret" not in said

    monkeypatch.setenv("HTTPS_PROXY", network.proxy_url)
    async with make_http_client(ca_bundle=network.cert) as client:
        with pytest.raises(httpx.ProxyError):  # the proxy refuses a host it does not know
            await client.get("https://elsewhere.scaninbox.test/me")
    assert network.proxy.asked == ["CONNECT elsewhere.scaninbox.test:443"]

    monkeypatch.setenv("HTTPS_PROXY", "socks5://127.0.0.1:1080")
    async with make_http_client(ca_bundle=network.cert) as client:
        with pytest.raises(httpx.ProxyError, match="not supported"):
            await client.get(f"https://{HOST}/me")


async def test_an_untrusted_certificate_behind_the_proxy_is_a_certificate_problem(
    network: Network, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HTTPS_PROXY", network.proxy_url)
    async with make_http_client() as client:  # the test CA is not trusted here
        with pytest.raises(httpx.ConnectError) as refused:
            await client.get(f"https://{HOST}:{network.service_port}/me")
    said = transport_error(refused.value, f"the inbox service at {HOST}")
    assert isinstance(said, errors.TlsError)
    assert "certificate" in str(said)
    assert "proxy" not in str(said)
    assert network.proxy.asked == [f"CONNECT {HOST}:{network.service_port}"]
