"""TLS is always verified: a real loopback HTTPS server with a certificate nobody trusts."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator
from pathlib import Path

import anyio
import httpx
import pytest
from tests.tls import answering_https_server, self_signed
from tests.unit.api.conftest import Sleeps

from scaninbox.api import ApiClient, RetryPolicy, errors, make_http_client
from scaninbox.api.transport import _ClosingTransport
from scaninbox.api.wire import SignedFileLink

pytestmark = pytest.mark.anyio

ANSWER = (
    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
    b"Connection: close\r\n\r\n[]"
)


@pytest.fixture
async def https_server(tmp_path: Path) -> AsyncIterator[tuple[str, Path]]:
    async with answering_https_server(tmp_path, ANSWER) as (port, cert):
        yield f"https://127.0.0.1:{port}", cert


async def test_untrusted_certificate_is_refused_plainly(https_server: tuple[str, Path]) -> None:
    url, _cert = https_server
    async with make_http_client(timeout_s=10) as http:
        client = ApiClient(http, url, retry=RetryPolicy(attempts=1))
        client.use_session("t", dt.datetime.now(dt.UTC) + dt.timedelta(hours=1))
        with pytest.raises(errors.TlsError) as caught:
            await client.ios_portals()
    assert "could not be verified" in str(caught.value)
    assert "self-signed certificate" in str(caught.value)


async def test_a_configured_ca_bundle_is_trusted(https_server: tuple[str, Path]) -> None:
    url, cert = https_server
    async with make_http_client(ca_bundle=cert, timeout_s=10) as http:
        client = ApiClient(http, url)
        client.use_session("t", dt.datetime.now(dt.UTC) + dt.timedelta(hours=1))
        assert await client.ios_portals() == []


def test_an_unreadable_ca_bundle_is_a_tls_error(tmp_path: Path) -> None:
    bogus = tmp_path / "ca.pem"
    bogus.write_text("not a certificate")
    with pytest.raises(errors.TlsError, match="cannot be used"):
        make_http_client(ca_bundle=bogus)


async def test_a_storage_certificate_failure_is_a_tls_error_not_unreachable(
    https_server: tuple[str, Path], tmp_path: Path
) -> None:
    url, _cert = https_server

    async def link() -> SignedFileLink:
        expires = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
        return SignedFileLink(url=f"{url}/scan.stl?sig=x", filename="scan.stl", expires_at=expires)

    out = tmp_path / "out"
    await asyncio.to_thread(out.mkdir)
    async with make_http_client(timeout_s=10) as http:
        client = ApiClient(http, "http://127.0.0.1:9", retry=RetryPolicy(sleep=Sleeps()))
        with pytest.raises(errors.TlsError) as caught:
            await client.download(link, out / "scan.stl")
    assert "certificate of file storage could not be verified" in str(caught.value)
    assert not await asyncio.to_thread(lambda: list(out.iterdir()))


async def test_a_request_still_connecting_when_the_client_closes_ends_and_closes_its_socket(
    tmp_path: Path,
) -> None:
    """The pool closes the connections it holds; one still in its TLS handshake was not among
    them, so its request went on after the close (and, cancelled just after connecting, left
    its socket open for good). Closing the client now ends it at once, socket closed."""
    cert, _key = self_signed(tmp_path)
    connected, ended = asyncio.Event(), asyncio.Event()
    client_hung_up: list[bool] = []

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connected.set()  # and the handshake never goes on
        try:
            # Everything the client sends, up to its end; a socket left open times out here.
            await asyncio.wait_for(reader.read(), timeout=20)
            client_hung_up.append(True)
        except (TimeoutError, ConnectionError):
            client_hung_up.append(False)
        finally:
            writer.close()
            ended.set()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        client = make_http_client(ca_bundle=cert)
        request = asyncio.create_task(client.get(f"https://127.0.0.1:{port}/"))
        await connected.wait()
        await client.aclose()
        # Ended by the close itself, not by an answer (none is coming), as a connection that
        # could not be had, not as a cancellation of whoever asked.
        done, _ = await asyncio.wait([request], timeout=5)
        assert done == {request}
        with pytest.raises(httpx.ConnectError, match="closed"):
            await request
        await ended.wait()
    assert client_hung_up == [True]
    assert not request.cancelled()


async def test_a_caller_cancelled_while_asking_is_cancelled_as_usual() -> None:
    """Running each request in a task of its own must not change what cancelling means."""
    connections: list[int] = []
    first = asyncio.Event()

    async def answer_the_second(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connections.append(len(connections))
        first.set()
        try:
            await reader.readuntil(b"\r\n\r\n")
            if len(connections) > 1:
                writer.write(ANSWER)
                await writer.drain()
            await reader.read()  # until the client hangs up
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(answer_the_second, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/"
    async with server, make_http_client() as client:
        request = asyncio.create_task(client.get(url))
        await first.wait()
        request.cancel()
        with pytest.raises(asyncio.CancelledError):
            await request
        assert request.cancelled()
        answered = await client.get(url)  # and the client goes on working
        assert answered.json() == []


class _CleaningUp(httpx.AsyncBaseTransport):
    """Stands in for httpcore at the moment that leaked sockets: cancelled while it waits, it
    cleans up in a shielded scope (as httpcore closes a connection), and that takes a while."""

    def __init__(self) -> None:
        self.waiting = asyncio.Event()
        self.cleaned_up = asyncio.Event()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        try:
            self.waiting.set()
            await asyncio.Event().wait()  # an answer that never comes
        finally:
            with anyio.CancelScope(shield=True):
                await asyncio.sleep(0.05)  # e.g. closing a connection, several awaits long
                self.cleaned_up.set()
        raise AssertionError("unreachable")


async def test_a_cancelled_request_still_finishes_its_shielded_clean_up() -> None:
    """asyncio's Task.cancel() cut httpcore's shielded clean-ups short (a second cancel, or
    one landing inside them), leaving connections open: requests are ended through an anyio
    cancel scope instead, which waits for them."""
    inner = _CleaningUp()
    transport = _ClosingTransport(inner)
    request = httpx.Request("GET", "http://127.0.0.1:9/")
    caller = asyncio.create_task(transport.handle_async_request(request))
    await inner.waiting.wait()
    caller.cancel()
    await asyncio.sleep(0)
    caller.cancel()  # and again, as a quitting app's tasks are
    with pytest.raises(asyncio.CancelledError):
        await caller
    await transport.aclose()  # waits for the requests it ended
    assert inner.cleaned_up.is_set()


async def test_a_socket_left_behind_by_an_interrupted_clean_up_is_closed() -> None:
    """httpcore's clean-up of a connection, when interrupted by asyncio's cancellation, takes
    the connection out of its pool without closing its socket, and closing the pool could not
    reach it (a ResourceWarning at a GUI test's teardown). That interruption is a race that
    cannot be provoked on demand, so its outcome is made directly: the pool forgets a
    connection whose streamed answer is still open. Closing the client closes its socket."""
    connected, ended = asyncio.Event(), asyncio.Event()
    client_hung_up: list[bool] = []

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n" + b"x" * 1000)
        await writer.drain()
        connected.set()  # and the rest of the body never comes
        try:
            await asyncio.wait_for(reader.read(), timeout=20)
            client_hung_up.append(True)
        except (TimeoutError, ConnectionError):
            client_hung_up.append(False)
        finally:
            writer.close()
            ended.set()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        client = make_http_client()
        response = await client.send(
            client.build_request("GET", f"http://127.0.0.1:{port}/"), stream=True
        )
        await connected.wait()
        routing = client._transport._inner  # type: ignore[attr-defined]
        assert routing.connections.open_count == 1
        routing._direct._pool._connections.clear()  # what the interrupted clean-up leaves
        await client.aclose()
        await asyncio.wait_for(ended.wait(), timeout=10)
        assert routing.connections.open_count == 0
        del response
    assert client_hung_up == [True]
