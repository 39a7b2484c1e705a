"""The client against a scripted service (faults a real server cannot produce on demand)."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import socket
import ssl
from datetime import UTC, date, datetime, timedelta
from email.utils import format_datetime

import httpx
import pytest
from tests.unit.api.conftest import (
    BASE_URL,
    TOKEN,
    Harness,
    json_response,
    login_answer,
    problem,
    wire_case,
)

from scaninbox.api import ApiClient, errors
from scaninbox.domain import CaseRef

pytestmark = pytest.mark.anyio

ME = {"email": "a@b.test", "name": None, "role": None, "organizations": [], "portals": []}


def page(items: list[object], page_no: int = 1, size: int = 20, total: int | None = None) -> dict:
    return {"items": items, "page": page_no, "pageSize": size, "total": total or len(items)}


def paths(h: Harness) -> list[str]:
    return [f"{r.method} {r.url.path}" for r in h.requests]


def bearer(request: httpx.Request) -> str | None:
    return request.headers.get("authorization")


# ---------------------------------------------------------------- addresses


@pytest.mark.parametrize(
    "url",
    [
        "http://inbox.example.com",
        "http://10.0.0.5:8080",
        "ftp://inbox.example.com",
        "inbox.example",
    ],
)
async def test_unsafe_or_unusable_base_urls_are_refused(url: str) -> None:
    async with httpx.AsyncClient() as http:
        with pytest.raises(errors.InsecureUrlError):
            ApiClient(http, url)


@pytest.mark.parametrize(
    ("url", "normalised"),
    [
        ("https://inbox.example.com/", "https://inbox.example.com"),
        ("http://127.0.0.1:8765", "http://127.0.0.1:8765"),
        ("http://127.3.4.5:1/api/", "http://127.3.4.5:1/api"),
        ("http://[::1]:9000", "http://[::1]:9000"),
    ],
)
async def test_https_and_loopback_http_are_accepted(url: str, normalised: str) -> None:
    async with httpx.AsyncClient() as http:
        assert ApiClient(http, url).base_url == normalised


def _localhost_resolves_to_loopback_only() -> bool:
    try:
        infos = socket.getaddrinfo("localhost", None)
    except OSError:
        return False
    return all(ipaddress.ip_address(str(i[4][0]).split("%")[0]).is_loopback for i in infos)


async def test_plain_http_to_localhost_follows_what_localhost_resolves_to() -> None:
    # A minimal root without /etc/hosts may not resolve "localhost" at all: then plain HTTP to
    # it is refused, because nothing proves the traffic stays on this computer.
    async with httpx.AsyncClient() as http:
        if _localhost_resolves_to_loopback_only():
            assert ApiClient(http, "http://localhost:9000").base_url == "http://localhost:9000"
        else:
            with pytest.raises(errors.InsecureUrlError):
                ApiClient(http, "http://localhost:9000")


# ---------------------------------------------------------------- sign-in


async def test_login_sends_credentials_once_and_keeps_token_out_of_reprs(harness_factory) -> None:
    h = harness_factory(lambda r: login_answer())
    session = await h.client.login("a@b.test", "pw")
    assert session.token == TOKEN
    assert h.client.session == session
    assert session.expires_at > datetime.now(UTC) + timedelta(hours=7)
    (request,) = h.requests
    assert request.url == f"{BASE_URL}/auth/login"
    assert json.loads(request.content) == {"email": "a@b.test", "password": "pw"}
    assert bearer(request) is None
    for text in (repr(session), str(session), repr(h.client)):
        assert TOKEN not in text
    assert "authorization" not in h.http.headers


async def test_refused_login_is_not_retried_and_says_why(harness_factory) -> None:
    h = harness_factory(lambda r: problem(401, "Unauthorized", "Wrong e-mail or password."))
    with pytest.raises(errors.AuthenticationError) as caught:
        await h.client.login("a@b.test", "bad")
    assert "Wrong e-mail or password" in str(caught.value)
    assert caught.value.status == 401
    assert len(h.requests) == 1
    assert h.client.session is None


async def test_login_is_retried_only_when_nothing_was_sent(harness_factory) -> None:
    attempts = iter([httpx.ConnectError("refused"), None])

    def handler(request: httpx.Request) -> httpx.Response:
        fault = next(attempts)
        if fault:
            raise fault
        return login_answer()

    h = harness_factory(handler)
    await h.client.login("a@b.test", "pw")
    assert len(h.requests) == 2
    assert h.sleeps.delays == [0.5]


async def test_login_is_not_repeated_after_a_read_timeout(harness_factory) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow")

    h = harness_factory(handler)
    with pytest.raises(errors.TransportError, match="did not answer in time"):
        await h.client.login("a@b.test", "pw")
    assert len(h.requests) == 1


async def test_not_signed_in_raises_session_expired_without_asking(harness_factory) -> None:
    h = harness_factory(lambda r: json_response(ME))
    with pytest.raises(errors.SessionExpiredError):
        await h.client.me()
    assert h.requests == []


async def test_token_goes_in_each_request_not_in_the_client(harness_factory) -> None:
    h = harness_factory(lambda r: login_answer() if r.method == "POST" else json_response(ME))
    await h.client.login("a@b.test", "pw")
    me = await h.client.me()
    assert me.email == "a@b.test"
    assert bearer(h.requests[1]) == f"Bearer {TOKEN}"
    assert "authorization" not in {k.lower() for k in h.http.headers}


async def test_401_relogs_in_once_and_repeats_the_request(harness_factory) -> None:
    tokens = iter(["eyJhIn0.first.x", "eyJhIn0.second.y"])

    def handler(request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            return login_answer(next(tokens))
        if bearer(request) == "Bearer eyJhIn0.first.x":
            return problem(401, "Unauthorized", "Token expired.")
        return json_response(ME)

    h = harness_factory(handler)
    await h.client.login("a@b.test", "pw")
    await h.client.me()
    assert paths(h) == ["POST /auth/login", "GET /me", "POST /auth/login", "GET /me"]
    assert bearer(h.requests[-1]) == "Bearer eyJhIn0.second.y"


async def test_second_401_after_relogin_raises_session_expired(harness_factory) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return login_answer() if request.method == "POST" else problem(401, "Unauthorized")

    h = harness_factory(handler)
    await h.client.login("a@b.test", "pw")
    with pytest.raises(errors.SessionExpiredError):
        await h.client.me()
    assert paths(h) == ["POST /auth/login", "GET /me", "POST /auth/login", "GET /me"]


async def test_relogin_refused_forgets_credentials(harness_factory) -> None:
    logins = iter([login_answer(), problem(401, "Unauthorized", "Password changed.")])

    def handler(request: httpx.Request) -> httpx.Response:
        return next(logins) if request.method == "POST" else problem(401, "Unauthorized")

    h = harness_factory(handler)
    await h.client.login("a@b.test", "pw")
    with pytest.raises(errors.SessionExpiredError, match="no longer accepts"):
        await h.client.me()
    assert h.client.session is None
    with pytest.raises(errors.SessionExpiredError):
        await h.client.me()
    assert len(h.requests) == 3  # the last call did not even reach the service


async def test_without_credentials_a_401_raises_session_expired(harness_factory) -> None:
    h = harness_factory(lambda r: problem(401, "Unauthorized"))
    h.client.use_session("eyJhIn0.remembered.z", datetime.now(UTC) + timedelta(hours=1))
    with pytest.raises(errors.SessionExpiredError) as caught:
        await h.client.me()
    assert isinstance(caught.value, errors.AuthenticationError)
    assert paths(h) == ["GET /me"]
    assert h.client.session is None


async def test_session_near_expiry_is_renewed_before_the_request(harness_factory) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return login_answer() if request.method == "POST" else json_response(ME)

    h = harness_factory(handler)
    await h.client.login("a@b.test", "pw")
    h.client.use_session("eyJhIn0.old.z", datetime.now(UTC) + timedelta(seconds=60))
    await h.client.me()
    assert paths(h) == ["POST /auth/login", "POST /auth/login", "GET /me"]
    assert bearer(h.requests[-1]) == f"Bearer {TOKEN}"


async def test_concurrent_401s_share_one_relogin(harness_factory) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            return login_answer()
        if bearer(request) != f"Bearer {TOKEN}":
            return problem(401, "Unauthorized")
        return json_response(ME)

    h = harness_factory(handler)
    await h.client.login("a@b.test", "pw")
    h.client.use_session("eyJhIn0.stale.z", datetime.now(UTC) + timedelta(hours=1))
    results = await asyncio.gather(*(h.client.me() for _ in range(5)))
    assert len(results) == 5
    assert paths(h).count("POST /auth/login") == 2  # the first login and one renewal


async def test_sign_out_forgets_everything(harness_factory) -> None:
    h = harness_factory(lambda r: login_answer())
    await h.client.login("a@b.test", "pw")
    h.client.sign_out()
    assert h.client.session is None
    with pytest.raises(errors.SessionExpiredError):
        await h.client.me()
    assert len(h.requests) == 1


# ---------------------------------------------------------------- retries and errors


def signed_in(h: Harness) -> Harness:
    h.client.use_session(TOKEN, datetime.now(UTC) + timedelta(hours=8))
    return h


async def test_503_with_retry_after_is_honoured_then_succeeds(harness_factory) -> None:
    answers = iter([problem(503, "Unavailable", **{"Retry-After": "7"}), json_response(ME)])
    h = signed_in(harness_factory(lambda r: next(answers)))
    assert (await h.client.me()).email == "a@b.test"
    assert h.sleeps.delays == [7.0]


async def test_retry_after_as_http_date_and_capped(harness_factory) -> None:
    soon = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    answers = iter(
        [
            problem(429, "Too many", **{"Retry-After": soon}),
            problem(503, "Unavailable", **{"Retry-After": "3600"}),
            json_response(ME),
        ]
    )
    h = signed_in(harness_factory(lambda r: next(answers)))
    await h.client.me()
    assert 25 <= h.sleeps.delays[0] <= 30
    assert h.sleeps.delays[1] == 60.0


async def test_transient_statuses_give_up_after_the_attempts(harness_factory) -> None:
    h = signed_in(harness_factory(lambda r: problem(502, "Bad Gateway")))
    with pytest.raises(errors.ServerError) as caught:
        await h.client.me()
    assert len(h.requests) == 4
    assert h.sleeps.delays == [0.5, 1.0, 2.0]  # exponential; jitter pinned to its maximum
    assert caught.value.status == 502


async def test_connection_failures_are_retried_then_reported_plainly(harness_factory) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno 111] Connection refused")

    h = signed_in(harness_factory(handler))
    with pytest.raises(errors.TransportError) as caught:
        await h.client.me()
    assert len(h.requests) == 4
    assert str(caught.value) == (
        "Could not connect to the inbox service at inbox.example.test: no connection could be "
        "made (technical detail: ConnectError: [Errno 111] Connection refused); check the network."
    )


async def test_read_error_then_success(harness_factory) -> None:
    answers = iter([httpx.ReadError("reset"), httpx.ReadTimeout("slow")])

    def handler(request: httpx.Request) -> httpx.Response:
        fault = next(answers, None)
        if fault:
            raise fault
        return json_response(ME)

    h = signed_in(harness_factory(handler))
    await h.client.me()
    assert len(h.requests) == 3


@pytest.mark.parametrize(
    ("status", "error", "message"),
    [
        (400, errors.BadRequestError, "Bad Request: 'from' is after 'to'."),
        (403, errors.ForbiddenError, "belongs to another organisation"),
        (404, errors.NotFoundError, "Not Found: No case abc."),
        (500, errors.ServerError, "internal problem"),
        (418, errors.ServiceError, "refused the request"),
    ],
)
async def test_error_statuses_map_to_the_tree(harness_factory, status, error, message) -> None:
    titles = {400: ("Bad Request", "'from' is after 'to'."), 404: ("Not Found", "No case abc.")}
    title, detail = titles.get(status, ("Oops", None))
    h = signed_in(harness_factory(lambda r: problem(status, title, detail)))
    with pytest.raises(error) as caught:
        await h.client.get_case(CaseRef.guid("abc"))
    assert message in str(caught.value)
    assert caught.value.status == status
    assert "\n" not in str(caught.value)
    assert len(h.requests) == 1  # none of these is worth repeating


async def test_error_without_problem_body_still_reads_plainly(harness_factory) -> None:
    h = signed_in(harness_factory(lambda r: httpx.Response(404, text="<html>nope</html>")))
    with pytest.raises(errors.NotFoundError) as caught:
        await h.client.me()
    assert str(caught.value) == "The inbox service does not know this case or file (HTTP 404)."
    assert caught.value.problem is None


async def test_html_instead_of_json_is_a_protocol_error(harness_factory) -> None:
    h = signed_in(harness_factory(lambda r: httpx.Response(200, html="<html></html>")))
    with pytest.raises(errors.ProtocolError, match="text/html instead of JSON"):
        await h.client.me()


async def test_invalid_json_is_a_protocol_error(harness_factory) -> None:
    h = signed_in(
        harness_factory(
            lambda r: httpx.Response(
                200, content=b"{", headers={"Content-Type": "application/json"}
            )
        )
    )
    with pytest.raises(errors.ProtocolError, match="not valid JSON"):
        await h.client.me()


async def test_unreadable_single_object_names_the_member(harness_factory) -> None:
    bad = {**ME, "organizations": [{"name": 5}]}
    h = signed_in(harness_factory(lambda r: json_response(bad)))
    with pytest.raises(errors.ProtocolError, match=r"organizations\.0\.guid"):
        await h.client.me()


async def test_tls_verification_failure_is_a_tls_error(harness_factory) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        cause = ssl.SSLCertVerificationError(1, "certificate verify failed")
        cause.verify_message = "self-signed certificate"
        raise httpx.ConnectError("certificate verify failed") from cause

    h = signed_in(harness_factory(handler))
    with pytest.raises(errors.TlsError) as caught:
        await h.client.me()
    assert "self-signed certificate" in str(caught.value)
    assert "ca_bundle" in str(caught.value)
    assert len(h.requests) == 1  # a bad certificate does not get better by asking again


# ---------------------------------------------------------------- listing


async def test_list_cases_sends_the_filters(harness_factory) -> None:
    h = signed_in(harness_factory(lambda r: json_response(page([]))))
    await h.client.list_cases(
        page=2, page_size=50, date_from=date(2026, 1, 2), date_to=date(2026, 2, 3), status="new"
    )
    params = dict(h.requests[0].url.params)
    assert params == {
        "page": "2",
        "pageSize": "50",
        "from": "2026-01-02",
        "to": "2026-02-03",
        "status": "new",
    }
    await h.client.list_cases()
    assert dict(h.requests[1].url.params) == {}


async def test_one_malformed_case_does_not_sink_the_page(harness_factory, caplog) -> None:
    bad = wire_case("g-bad", worktypes=[{"categoryId": "Fixed", "from": "011"}])
    items = [wire_case("g-1"), bad, "not a case", {"id": 7, "guid": None}, wire_case("g-2")]
    h = signed_in(harness_factory(lambda r: json_response(page(items, total=5))))
    with caplog.at_level(logging.WARNING, logger="scaninbox.api"):
        result = await h.client.list_cases()
    assert [c.guid for c in result.items] == ["g-1", "g-2"]
    assert [m.index for m in result.malformed] == [1, 2, 3]
    first = result.malformed[0]
    assert first.ref == "g-bad"
    assert first.field == "acceptedData.worktypes.0.from"
    assert "decimal digits" in first.reason
    assert str(first).startswith("Case g-bad could not be read (acceptedData.worktypes.0.from)")
    assert result.malformed[1].ref is None
    assert str(result.malformed[1]).startswith("The case at position 3 could not be read")
    assert result.malformed[2].ref == "7"
    assert "g-bad" in caplog.text


async def test_broken_envelope_is_a_protocol_error(harness_factory) -> None:
    h = signed_in(harness_factory(lambda r: json_response({"items": [], "page": "01"})))
    with pytest.raises(errors.ProtocolError, match="list of cases"):
        await h.client.list_cases()


async def test_paging_follows_the_clamped_page_size(harness_factory) -> None:
    total = 250

    def handler(request: httpx.Request) -> httpx.Response:
        number = int(request.url.params["page"])
        size = min(int(request.url.params["pageSize"]), 100)  # the server clamps
        first = (number - 1) * size
        items = [wire_case(f"g-{i}") for i in range(first, min(first + size, total))]
        return json_response(page(items, number, size, total))

    h = signed_in(harness_factory(handler))
    pages = [p async for p in h.client.iter_case_pages(page_size=500)]
    asked = [(r.url.params["page"], r.url.params["pageSize"]) for r in h.requests]
    assert asked == [("1", "500"), ("2", "100"), ("3", "100")]
    guids = [c.guid for p in pages for c in p.items]
    assert guids == [f"g-{i}" for i in range(total)]


async def test_paging_stops_on_an_empty_page(harness_factory) -> None:
    answers = iter([page([wire_case("g-1")], 1, 1, 5), page([], 2, 1, 5)])
    h = signed_in(harness_factory(lambda r: json_response(next(answers))))
    pages = [p async for p in h.client.iter_case_pages(page_size=1, status="accepted")]
    assert len(pages) == 2
    assert all(r.url.params["status"] == "accepted" for r in h.requests)


async def test_paging_refuses_a_server_that_never_advances(harness_factory) -> None:
    h = signed_in(harness_factory(lambda r: json_response(page([wire_case("g")], 1, 1, 10))))
    pages: list[object] = []

    async def read_all() -> None:
        async for p in h.client.iter_case_pages(page_size=1):
            pages.append(p)

    with pytest.raises(errors.ProtocolError, match="page 1 again"):
        await read_all()
    assert len(pages) == 1
    assert len(h.requests) == 2


# ---------------------------------------------------------------- names on the wire

HOSTILE = "Foto frontal ñ #1 100% what?/../x.jpg"
HOSTILE_WIRE = b"Foto%20frontal%20%C3%B1%20%231%20100%25%20what%3F%2F..%2Fx.jpg"


async def test_file_names_are_fully_percent_encoded_on_the_wire(harness_factory) -> None:
    expires = (datetime.now(UTC) + timedelta(minutes=15)).isoformat()
    link = {"url": "https://storage.test/x?sig=1", "filename": HOSTILE, "expiresAt": expires}
    h = signed_in(harness_factory(lambda r: json_response(link)))
    ref = CaseRef.guid("3f2a-guid")
    await h.client.scan_file_link(ref, HOSTILE, "stl")
    await h.client.misc_file_link(ref, HOSTILE)
    await h.client.misc_file_link(ref, "..")
    await h.client.order_form_link(CaseRef.id(42))
    raw = [r.url.raw_path for r in h.requests]
    assert raw[0] == b"/unified-cases/3f2a-guid/files/" + HOSTILE_WIRE + b"?fileType=stl"
    assert raw[1] == b"/unified-cases/3f2a-guid/miscellaneous-files/" + HOSTILE_WIRE
    assert raw[2] == b"/unified-cases/3f2a-guid/miscellaneous-files/%2E%2E"
    assert raw[3] == b"/unified-cases/42/order-form"


# ---------------------------------------------------------------- secrets


async def test_token_never_reaches_the_log_or_errors(harness_factory, caplog) -> None:
    answers = iter(
        [
            login_answer(),
            problem(503, "Unavailable"),
            problem(401, "Unauthorized", f"token {TOKEN} is expired"),
            login_answer(),
            problem(404, "Not Found"),
        ]
    )
    h = harness_factory(lambda r: next(answers))
    caught: list[BaseException] = []
    with caplog.at_level(logging.DEBUG):
        await h.client.login("a@b.test", "pw")
        try:
            await h.client.me()
        except errors.ApiError as exc:
            caught.append(exc)
    assert isinstance(caught[0], errors.NotFoundError)
    texts = [caplog.text, repr(caught[0]), str(caught[0]), repr(h.client.session)]
    assert all(TOKEN not in t for t in texts)
    assert all("pw" not in r.getMessage() for r in caplog.records)
