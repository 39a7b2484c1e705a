"""Helpers for the client's unit tests: a scripted service behind httpx.MockTransport."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from scaninbox.api import ApiClient, RetryPolicy

BASE_URL = "https://inbox.example.test"
TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg"


@dataclass
class Sleeps:
    """An injected sleep that records the waits instead of waiting."""

    delays: list[float] = field(default_factory=list)

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


def json_response(payload: Any, status: int = 200, **headers: str) -> httpx.Response:
    return httpx.Response(
        status,
        content=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", **headers},
    )


def problem(status: int, title: str, detail: str | None = None, **headers: str) -> httpx.Response:
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail}
    return httpx.Response(
        status,
        content=json.dumps(body).encode(),
        headers={"Content-Type": "application/problem+json", **headers},
    )


def login_answer(token: str = TOKEN, ttl_s: float = 8 * 3600) -> httpx.Response:
    expires = (datetime.now(UTC) + timedelta(seconds=ttl_s)).isoformat().replace("+00:00", "Z")
    return json_response({"token": token, "expiresAt": expires})


def wire_case(guid: str, **accepted: Any) -> dict[str, Any]:
    return {
        "guid": guid,
        "organizationGuid": "org-1",
        "status": "new",
        "acceptedData": {"source": "3Shape", "remark": "", **accepted},
    }


Handler = Callable[[httpx.Request], httpx.Response]


@dataclass
class Harness:
    """A client over a MockTransport; every request it sent is kept in ``requests``."""

    client: ApiClient
    http: httpx.AsyncClient
    requests: list[httpx.Request]
    sleeps: Sleeps


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture
async def harness_factory(
    sleeps: Sleeps,
) -> AsyncIterator[Callable[[Handler], Harness]]:
    """``make(handler)`` → a Harness; the AsyncClients are closed after the test."""
    opened: list[httpx.AsyncClient] = []

    def make(handler: Handler, base_url: str = BASE_URL) -> Harness:
        requests: list[httpx.Request] = []

        def record(request: httpx.Request) -> httpx.Response:
            request.read()
            requests.append(request)
            return handler(request)

        http = httpx.AsyncClient(transport=httpx.MockTransport(record), follow_redirects=False)
        opened.append(http)
        retry = RetryPolicy(sleep=sleeps, jitter=lambda: 1.0)
        return Harness(ApiClient(http, base_url, retry=retry), http, requests, sleeps)

    yield make
    for http in opened:
        await http.aclose()
