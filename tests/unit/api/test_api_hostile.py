"""A hostile service and hostile storage over real loopback HTTP: trickled, endless, oversized and
compressed-bomb bodies, endless paging, unusable or credential-carrying links.

Limits are made small through ``NetworkLimits`` so each test ends in well under a second; the
server's own pacing (one piece every few hundredths of a second) is the fault, never a wait of
the test. Without the limits each hostile body would be read to its (long) end and accepted.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import itertools
import json
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.hostile_server import HostileServer, Reply, gzip_bomb, login_body
from tests.unit.api.conftest import Sleeps

from scaninbox.api import ApiClient, RetryPolicy, check_base_url, errors, make_http_client
from scaninbox.api.limits import NetworkLimits
from scaninbox.api.paging import IncompleteListingError
from scaninbox.api.urls import check_storage_url, is_loopback_host
from scaninbox.api.wire import SignedFileLink
from scaninbox.domain import CaseRef
from scaninbox.settings import Settings

pytestmark = pytest.mark.anyio

# Generous deadlines by default (the tests share two cores); the deadline tests set short ones.
FAST = NetworkLimits(
    request_deadline_s=20,
    max_answer_bytes=256 * 1024,
    max_download_bytes=256 * 1024,
    download_grace_s=10,
    download_min_bytes_per_s=2000,
    max_pages=20,
)
FILE = bytes(range(256)) * 64  # 16 KiB


def page(items: list[dict[str, Any]], number: int, size: int, total: int) -> dict[str, Any]:
    return {"items": items, "page": number, "pageSize": size, "total": total}


def case(number: int) -> dict[str, Any]:
    return {
        "guid": f"case-{number}",
        "organizationGuid": "org",
        "status": "new",
        "acceptedData": {"source": "3Shape", "remark": ""},
    }


def asked_page(reply: Reply) -> int:
    query = httpx.URL(reply.path).params
    return int(query.get("page", "1"))


def signed_link(url: str) -> SignedFileLink:
    return SignedFileLink(url=url, filename="scan.stl", expires_at=datetime.now(UTC) + timedelta(1))


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    async with make_http_client(timeout_s=30) as client:
        yield client


def client_for(http: httpx.AsyncClient, server: HostileServer, **limits: Any) -> ApiClient:
    chosen = replace(FAST, **limits)
    client = ApiClient(http, server.base_url, retry=RetryPolicy(sleep=Sleeps()), limits=chosen)
    client.use_session("hostile-token", datetime.now(UTC) + timedelta(hours=1))
    return client


def slowly(data: bytes) -> Iterator[bytes]:
    return (data[i : i + 1] for i in range(len(data)))


# ---------------------------------------------------------------- deadlines


async def test_a_trickled_page_of_cases_ends_at_the_deadline(http: httpx.AsyncClient) -> None:
    body = json.dumps(page([case(1)], 1, 20, 1)).encode()

    def trickle(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/json", "Content-Length": str(len(body))})
        reply.trickle(slowly(body), every_s=0.05)  # the whole page would take ~4 s

    with HostileServer({"/unified-cases": trickle}) as server:
        client = client_for(http, server, request_deadline_s=0.5)
        with pytest.raises(errors.TransportError) as caught:
            await client.list_cases()
    assert "did not send the list of cases within 0.5 seconds" in str(caught.value)


async def test_a_trickled_sign_in_ends_at_the_deadline(http: httpx.AsyncClient) -> None:
    body = json.dumps(login_body()).encode()

    def trickle(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/json", "Content-Length": str(len(body))})
        reply.trickle(slowly(body), every_s=0.05)

    with HostileServer({"/auth/login": trickle}) as server:
        client = ApiClient(http, server.base_url, limits=replace(FAST, request_deadline_s=0.5))
        with pytest.raises(errors.TransportError) as caught:
            await client.login("a@b.test", "pw")
    assert "did not answer the sign-in within 0.5 seconds" in str(caught.value)


async def test_a_trickled_sign_in_ends_at_the_short_deadline_not_the_pages_one(
    http: httpx.AsyncClient,
) -> None:
    body = json.dumps(login_body()).encode()

    def trickle(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/json", "Content-Length": str(len(body))})
        reply.trickle(slowly(body), every_s=0.05)  # a byte a second, sped up: ~15 s in all

    limits = replace(FAST, request_deadline_s=20, short_deadline_s=0.4)
    with HostileServer({"/auth/login": trickle}) as server:
        client = ApiClient(http, server.base_url, limits=limits)
        started = asyncio.get_running_loop().time()
        with pytest.raises(errors.TransportError) as caught:
            await client.login("a@b.test", "pw")
        waited = asyncio.get_running_loop().time() - started
    assert "did not answer the sign-in within 0.4 seconds" in str(caught.value)
    assert waited < 5  # nowhere near the 20 s a page of cases may take


async def test_a_trickled_small_answer_ends_at_the_short_deadline(http: httpx.AsyncClient) -> None:
    body = json.dumps(case(7)).encode()

    def trickle(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/json", "Content-Length": str(len(body))})
        reply.trickle(slowly(body), every_s=0.05)

    with HostileServer({"/unified-cases/case-7": trickle}) as server:
        client = client_for(http, server, request_deadline_s=20, short_deadline_s=0.4)
        with pytest.raises(errors.TransportError) as caught:
            await client.get_case(CaseRef.parse("case-7"))
    assert "did not send case case-7 within 0.4 seconds" in str(caught.value)


async def test_a_slow_page_of_cases_keeps_the_longer_deadline(http: httpx.AsyncClient) -> None:
    body = json.dumps(page([case(n) for n in range(3)], 1, 20, 3)).encode()

    def trickle(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/json", "Content-Length": str(len(body))})
        pieces = (body[i : i + 16] for i in range(0, len(body), 16))
        reply.trickle(pieces, every_s=0.02)  # longer in all than the short deadline

    with HostileServer({"/unified-cases": trickle}) as server:
        client = client_for(http, server, request_deadline_s=20, short_deadline_s=0.1)
        result = await client.list_cases()
    assert [c.guid for c in result.items] == ["case-0", "case-1", "case-2"]


def test_the_short_deadline_is_never_longer_than_the_request_deadline() -> None:
    assert NetworkLimits().short_deadline_s == 25
    assert NetworkLimits(request_deadline_s=10).short_deadline_s == 10
    assert NetworkLimits.from_settings(Settings(request_deadline_s=300)).short_deadline_s == 25
    assert NetworkLimits.from_settings(Settings(request_deadline_s=8)).short_deadline_s == 8


async def test_a_trickled_download_is_stopped_and_leaves_nothing(
    http: httpx.AsyncClient, no_stray_files: Path
) -> None:
    def trickle(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/octet-stream", "Content-Length": "16384"})
        reply.trickle(slowly(FILE), every_s=0.02)  # 50 bytes a second: ~5 minutes in all

    with HostileServer({"/storage/scan.stl": trickle}) as server:
        client = client_for(http, server, download_grace_s=0.3)

        async def link() -> SignedFileLink:
            return signed_link(server.base_url + "/storage/scan.stl")

        with pytest.raises(errors.DownloadError) as caught:
            await client.download(link, no_stray_files / "scan.stl")
    assert "too slowly" in str(caught.value)
    assert "scan.stl" in str(caught.value)
    assert not await asyncio.to_thread(lambda: list(no_stray_files.iterdir()))


# ---------------------------------------------------------------- size caps


async def test_an_endless_page_stops_at_the_answer_limit(http: httpx.AsyncClient) -> None:
    # Valid JSON when it ends (after 4 MB): without a cap it would be buffered and accepted.
    head = b'{"items": [], "page": 1, "pageSize": 20, "total": 0, "pad": "'
    pad = (b"x" * 65536 for _ in range(64))

    def endless(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
        reply.chunked(itertools.chain([head], pad, [b'"}']))

    with HostileServer({"/unified-cases": endless}) as server:
        client = client_for(http, server)
        with pytest.raises(errors.ProtocolError) as caught:
            await client.list_cases()
    assert "larger than 256 KB" in str(caught.value)


async def test_an_announced_oversized_answer_is_not_read(http: httpx.AsyncClient) -> None:
    def huge(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/json", "Content-Length": str(10**9)})

    with HostileServer({"/me": huge}) as server:
        client = client_for(http, server)
        with pytest.raises(errors.ProtocolError) as caught:
            await client.me()
    assert "your account details is larger than 256 KB" in str(caught.value)


async def test_a_gzip_bomb_answer_is_refused(http: httpx.AsyncClient) -> None:
    # 32 MB of JSON whitespace around a valid page, ~32 KB on the wire.
    body = gzip.compress(b" " * (32 * 1024 * 1024) + json.dumps(page([], 1, 20, 0)).encode())

    def bomb(reply: Reply) -> None:
        headers = {"Content-Type": "application/json", "Content-Encoding": "gzip"}
        reply.head(200, {**headers, "Content-Length": str(len(body))})
        reply.body(body)

    with HostileServer({"/unified-cases": bomb}) as server:
        client = client_for(http, server, max_answer_bytes=64 * 1024 * 1024)
        with pytest.raises(errors.ProtocolError) as caught:
            await client.list_cases()
    assert "decompression bomb" in str(caught.value)


async def test_a_file_of_unannounced_size_stops_at_the_ceiling(
    http: httpx.AsyncClient, no_stray_files: Path
) -> None:
    def endless(reply: Reply) -> None:
        reply.head(
            200, {"Content-Type": "application/octet-stream", "Transfer-Encoding": "chunked"}
        )
        reply.chunked(b"\1" * 65536 for _ in range(64))  # 4 MB, ceiling 256 KB

    with HostileServer({"/storage/scan.stl": endless}) as server:
        client = client_for(http, server)

        async def link() -> SignedFileLink:
            return signed_link(server.base_url + "/storage/scan.stl")

        with pytest.raises(errors.DownloadError) as caught:
            await client.download(link, no_stray_files / "scan.stl")
    assert "more than 256 KB of 'scan.stl' without saying how large" in str(caught.value)
    assert not await asyncio.to_thread(lambda: list(no_stray_files.iterdir()))


async def test_a_compressed_bomb_from_storage_is_refused(
    http: httpx.AsyncClient, no_stray_files: Path
) -> None:
    bomb = gzip_bomb(8 * 1024 * 1024)

    def send(reply: Reply) -> None:
        headers = {"Content-Type": "application/octet-stream", "Content-Encoding": "gzip"}
        reply.head(200, {**headers, "Content-Length": str(len(bomb))})
        reply.body(bomb)

    with HostileServer({"/storage/scan.stl": send}) as server:
        client = client_for(http, server, max_download_bytes=64 * 1024 * 1024)

        async def link() -> SignedFileLink:
            return signed_link(server.base_url + "/storage/scan.stl")

        with pytest.raises(errors.DownloadError) as caught:
            await client.download(link, no_stray_files / "scan.stl")
    assert "decompression bomb" in str(caught.value)
    assert not await asyncio.to_thread(lambda: list(no_stray_files.iterdir()))


async def test_a_file_announced_above_the_ceiling_is_not_fetched(
    http: httpx.AsyncClient, no_stray_files: Path
) -> None:
    def huge(reply: Reply) -> None:
        reply.head(200, {"Content-Type": "application/octet-stream", "Content-Length": "10000000"})

    with HostileServer({"/storage/scan.stl": huge}) as server:
        client = client_for(http, server)

        async def link() -> SignedFileLink:
            return signed_link(server.base_url + "/storage/scan.stl")

        with pytest.raises(errors.DownloadError) as caught:
            await client.download(link, no_stray_files / "scan.stl")
    assert "more than the 256 KB this program accepts" in str(caught.value)


# ---------------------------------------------------------------- paging


async def test_endless_paging_stops_at_the_page_ceiling(http: httpx.AsyncClient) -> None:
    def pages(reply: Reply) -> None:
        number = asked_page(reply)
        # Two billion cases, one per page; a finite supply so a reader without a ceiling ends.
        items = [case(number)] if number <= 60 else []
        reply.json(page(items, number, 1, 2**31 - 1))

    with HostileServer({"/unified-cases": pages}) as server:
        client = client_for(http, server)
        read: list[str] = []

        async def read_all() -> None:
            async for result in client.iter_case_pages(page_size=100):
                read.extend(c.guid or "" for c in result.items)

        with pytest.raises(IncompleteListingError) as caught:
            await read_all()
        assert len(server.hits) == 20
    assert read == [f"case-{n}" for n in range(1, 21)]
    assert "more than 20 pages" in str(caught.value)


async def test_paging_stops_when_pages_bring_nothing_new(http: httpx.AsyncClient) -> None:
    def same(reply: Reply) -> None:
        number = asked_page(reply)
        # Every page (echoing the number asked) holds the same two cases, for 30 pages.
        items = [case(1), case(2)] if number <= 30 else []
        reply.json(page(items, number, 2, 1000))

    with HostileServer({"/unified-cases": same}) as server:
        client = client_for(http, server)
        pages_read: list[int] = []

        async def read_all() -> None:
            async for result in client.iter_case_pages(page_size=2):
                pages_read.append(result.page)

        with pytest.raises(IncompleteListingError) as caught:
            await read_all()
        assert pages_read == [1]
        assert len(server.hits) == 2
    assert "only cases it had sent before" in str(caught.value)


# ---------------------------------------------------------------- links


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("data:text/plain,hello", "not a web address (data)"),
        ("http://127.0.0.1:99999/storage/scan.stl", "impossible host or port"),
        ("https://storage.test/scan.stl\r\nX-Injected: 1", "control characters"),
        ("ftp://storage.test/scan.stl", "not a web address (ftp)"),
    ],
)
async def test_an_unusable_link_is_a_plain_download_error(
    http: httpx.AsyncClient, no_stray_files: Path, url: str, reason: str
) -> None:
    client = ApiClient(http, "http://127.0.0.1:9", limits=FAST)

    async def link() -> SignedFileLink:
        return signed_link(url)

    with pytest.raises(errors.DownloadError) as caught:
        await client.download(link, no_stray_files / "scan.stl")
    assert reason in str(caught.value)
    assert "'scan.stl'" in str(caught.value)


@pytest.mark.parametrize("location", ["data:text/plain,hello", "http://127.0.0.1:99999/x"])
async def test_a_redirect_to_an_unusable_address_is_a_plain_error(
    http: httpx.AsyncClient, no_stray_files: Path, location: str
) -> None:
    def redirect(reply: Reply) -> None:
        reply.head(302, {"Location": location, "Content-Length": "0"})

    with HostileServer({"/storage/scan.stl": redirect}) as server:
        client = client_for(http, server)

        async def link() -> SignedFileLink:
            return signed_link(server.base_url + "/storage/scan.stl")

        with pytest.raises(errors.DownloadError) as caught:
            await client.download(link, no_stray_files / "scan.stl")
    message = str(caught.value)
    assert "'scan.stl'" in message
    assert "unusable address" in message or "impossible host or port" in message


async def test_user_and_password_in_a_link_never_reach_storage(
    http: httpx.AsyncClient, no_stray_files: Path
) -> None:
    seen: list[dict[str, str]] = []

    def storage(reply: Reply) -> None:
        seen.append({k.lower(): v for k, v in reply.headers.items()})
        reply.head(200, {"Content-Type": "application/octet-stream", "Content-Length": "16384"})
        reply.body(FILE)

    with HostileServer({"/storage/scan.stl": storage}) as server:
        client = client_for(http, server)
        address = server.base_url.replace("http://", "http://user:secret@")

        async def link() -> SignedFileLink:
            return signed_link(address + "/storage/scan.stl?sig=abc")

        result = await client.download(link, no_stray_files / "scan.stl")
    assert result.sha256 == hashlib.sha256(FILE).hexdigest()
    assert seen
    assert "authorization" not in seen[0]
    assert check_storage_url("https://u:p@s.test:8443/a?b=1") == "https://s.test:8443/a?b=1"


def test_only_localhost_itself_and_loopback_addresses_count_as_this_computer() -> None:
    assert is_loopback_host("127.0.0.1")
    assert is_loopback_host("[::1]")
    assert not is_loopback_host("evil.localhost")
    assert not is_loopback_host("localhost.attacker.example")
    with pytest.raises(errors.InsecureUrlError):
        check_base_url("http://inbox.localhost:8000")


async def test_a_body_that_cannot_be_decompressed_is_a_plain_error(
    http: httpx.AsyncClient, no_stray_files: Path
) -> None:
    def garbage(reply: Reply) -> None:
        headers = {"Content-Type": "application/json", "Content-Encoding": "gzip"}
        reply.head(200, {**headers, "Content-Length": "64"})
        reply.body(b"\x1f\x8b" + b"not gzip at all" * 4 + b"!" * 2)

    routes = {"/unified-cases": garbage, "/storage/scan.stl": garbage}
    with HostileServer(routes) as server:
        client = client_for(http, server)
        with pytest.raises(errors.ProtocolError) as listing:
            await client.list_cases()

        async def link() -> SignedFileLink:
            return signed_link(server.base_url + "/storage/scan.stl")

        with pytest.raises(errors.DownloadError) as download:
            await client.download(link, no_stray_files / "scan.stl")
    assert "cannot be decompressed" in str(listing.value)
    assert "cannot be decompressed" in str(download.value)


async def test_a_service_redirect_to_an_unusable_address_is_a_plain_error(
    http: httpx.AsyncClient,
) -> None:
    def redirect(reply: Reply) -> None:
        reply.head(302, {"Location": "data:text/plain,hi", "Content-Length": "0"})

    with HostileServer({"/unified-cases": redirect, "/auth/login": redirect}) as server:
        client = client_for(http, server)
        with pytest.raises(errors.ProtocolError) as listing:
            await client.list_cases()
        with pytest.raises(errors.ProtocolError) as sign_in:
            await client.login("a@b.test", "pw")
    assert "redirect to an unusable address" in str(listing.value)
    assert "redirect to an unusable address" in str(sign_in.value)
