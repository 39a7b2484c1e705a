"""Under the pseudo-language every message of a hostile service and hostile storage (over real
loopback HTTP) comes through translation, the names of what was asked for included: each
catalogued text reads ``[…]``, so an English word outside brackets did not."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from scaninbox.api import ApiClient, RetryPolicy, errors, make_http_client
from scaninbox.api.limits import NetworkLimits
from scaninbox.api.wire import SignedFileLink
from scaninbox.qt.runtime.language import QtLanguage
from tests.hostile_server import HostileServer, Reply, gzip_bomb
from tests.unit.api.conftest import Sleeps

pytestmark = pytest.mark.anyio

LIMITS = NetworkLimits(
    request_deadline_s=20,
    max_answer_bytes=64 * 1024,
    max_download_bytes=64 * 1024,
    download_grace_s=10,
    download_min_bytes_per_s=2000,
    max_pages=20,
)


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    async with make_http_client(timeout_s=30) as client:
        yield client


def _client(http: httpx.AsyncClient, server: HostileServer) -> ApiClient:
    client = ApiClient(http, server.base_url, retry=RetryPolicy(sleep=Sleeps()), limits=LIMITS)
    client.use_session("hostile-token", datetime.now(UTC) + timedelta(hours=1))
    return client


def _outside_brackets(text: str) -> str:
    """``text`` without its bracketed parts (innermost first): what did not come through
    translation (addresses, numbers, file names, the server's own words)."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\[[^\[\]]*\]", "", text)
    return text


def _raw(body: bytes, **headers: str) -> Callable[[Reply], None]:
    def answer(reply: Reply) -> None:
        reply.head(200, {"Content-Length": str(len(body)), **headers})
        reply.body(body)

    return answer


ANSWERS: dict[str, Callable[[Reply], None]] = {
    "html": _raw(b"<html></html>", **{"Content-Type": "text/html"}),
    "not json": _raw(b"{nope", **{"Content-Type": "application/json"}),
    "too large": lambda reply: reply.json({"items": ["x" * 100_000]}),
    "bomb": _raw(
        gzip_bomb(4 << 20), **{"Content-Type": "application/json", "Content-Encoding": "gzip"}
    ),
    "impossible page": lambda reply: reply.json(
        {"items": [], "page": 0, "pageSize": 0, "total": 1}
    ),
    "unreadable page": lambda reply: reply.json({"items": 7, "page": 1}),
}


@pytest.mark.parametrize("fault", sorted(ANSWERS))
async def test_a_hostile_listing_is_refused_in_catalogued_words(
    pseudo: QtLanguage, http: httpx.AsyncClient, fault: str
) -> None:
    with HostileServer({"/unified-cases": ANSWERS[fault]}) as server:
        client = _client(http, server)
        with pytest.raises(errors.ApiError) as caught:
            await client.list_cases()
    message = str(caught.value)
    assert message.startswith("["), message
    assert "the list of cases" not in _outside_brackets(message), message


STORAGE: dict[str, Callable[[Reply], None]] = {
    "gone": lambda reply: reply.json({"title": "gone"}, status=404),
    "refused": lambda reply: reply.json({"title": "teapot"}, status=418),
    "oversized": lambda reply: reply.head(200, {"Content-Length": str(1 << 30)}),
    "unavailable": lambda reply: reply.json({"title": "busy"}, status=503),
    "loop": lambda reply: reply.head(302, {"Location": "/storage/file", "Content-Length": "0"}),
}


@pytest.mark.parametrize("fault", sorted(STORAGE))
async def test_hostile_storage_is_refused_in_catalogued_words(
    pseudo: QtLanguage, http: httpx.AsyncClient, tmp_path: Path, fault: str
) -> None:
    with HostileServer({"/storage/*": STORAGE[fault]}) as server:
        client = _client(http, server)
        link = SignedFileLink(
            url=f"{server.base_url}/storage/file",
            filename="scan.stl",
            expires_at=datetime.now(UTC) + timedelta(days=1),
        )

        async def get_link() -> SignedFileLink:
            return link

        with pytest.raises(errors.DownloadError) as caught:
            await client.download(get_link, tmp_path / "scan.stl")
    message = str(caught.value)
    assert message.startswith("["), message
    outside = _outside_brackets(message)
    assert "storage" not in outside.lower(), message
    assert not (tmp_path / "scan.stl").exists()


async def test_an_unusable_service_address_is_refused_in_catalogued_words(
    pseudo: QtLanguage, http: httpx.AsyncClient
) -> None:
    for address in ("ftp://inbox.example.com", "http://inbox.example.com", "https://a@b.c"):
        with pytest.raises(errors.InsecureUrlError) as caught:
            ApiClient(http, address)
        assert str(caught.value).startswith("["), str(caught.value)
