"""The client against the real sandbox over loopback HTTP, in both case shapes."""

from __future__ import annotations

import hashlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.unit.api.conftest import Sleeps

from scaninbox.api import ApiClient, RetryPolicy, errors, make_http_client
from scaninbox.api.convert import case_ref, to_case
from scaninbox.api.wire import SignedFileLink, UnifiedCase
from scaninbox.domain import CaseRef

pytestmark = pytest.mark.anyio


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    async with make_http_client(timeout_s=30) as client:
        yield client


def accounts() -> tuple[Any, Any]:
    from scaninbox.sandbox import DEMO_ACCOUNT, OTHER_ACCOUNT

    return DEMO_ACCOUNT, OTHER_ACCOUNT


async def signed_in(http: httpx.AsyncClient, server: Any, *, other: bool = False) -> ApiClient:
    demo, other_account = accounts()
    account = other_account if other else demo
    client = ApiClient(http, server.base_url, retry=RetryPolicy(sleep=Sleeps()))
    await client.login(account.email, account.password)
    return client


async def all_cases(client: ApiClient, page_size: int = 100) -> list[UnifiedCase]:
    return [c async for page in client.iter_case_pages(page_size=page_size) for c in page.items]


def ref_of(case: UnifiedCase) -> CaseRef:
    ref = case_ref(case)
    assert ref is not None
    return ref


@pytest.fixture(params=["guid", "variant"])
def any_sandbox(request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue("sandbox" if request.param == "guid" else "sandbox_variant")


async def test_login_me_and_portals(http: httpx.AsyncClient, any_sandbox: Any) -> None:
    client = await signed_in(http, any_sandbox)
    me = await client.me()
    assert me.email == accounts()[0].email
    assert me.organizations
    portals = await client.ios_portals()
    assert len(portals) >= 6
    assert all(p.axis_mapping for p in portals)  # read from either spelling
    configured = await client.configured_portals()
    assert configured
    assert all(isinstance(p.id, int) for p in configured)


async def test_wrong_password_is_an_authentication_error(http, sandbox) -> None:
    client = ApiClient(http, sandbox.base_url)
    with pytest.raises(errors.AuthenticationError) as caught:
        await client.login(accounts()[0].email, "wrong")
    assert caught.value.status == 401
    assert not isinstance(caught.value, errors.SessionExpiredError)


async def test_paging_reads_every_case_in_order(http, any_sandbox) -> None:
    client = await signed_in(http, any_sandbox)
    small = await all_cases(client, page_size=7)
    clamped = await client.list_cases(page_size=500)
    assert clamped.page_size <= 500
    refs = [str(ref_of(c)) for c in small]
    assert refs == any_sandbox.control.case_refs(org="demo")
    assert len(refs) == clamped.total
    assert not clamped.malformed


async def test_date_and_status_filters(http, sandbox) -> None:
    client = await signed_in(http, sandbox)
    everything = [to_case(c) for c in await all_cases(client)]
    received = sorted(c.received_at.date() for c in everything if c.received_at)
    middle = received[len(received) // 2]
    since = await client.list_cases(date_from=middle, page_size=100)
    got = [to_case(c) for c in since.items]
    assert all(c.received_at.date() >= middle for c in got if c.received_at)
    # Cases without a receivedDate (sparse ones) are dated by the server alone.
    expected = {c.ref for c in everything if c.received_at and c.received_at.date() >= middle}
    assert expected <= {c.ref for c in got}
    assert since.total == len(got) < len(everything)
    until = await client.list_cases(date_to=middle - timedelta(days=1), page_size=100)
    assert since.total + until.total == len(everything)
    new = await client.list_cases(status="new", page_size=100)
    assert new.total == sum(1 for c in everything if c.status == "new")
    assert all(c.status == "new" for c in new.items)


async def test_get_case_in_both_shapes(http, any_sandbox, request) -> None:
    client = await signed_in(http, any_sandbox)
    first = (await client.list_cases(page_size=3)).items[0]
    case = await client.get_case(ref_of(first))
    assert case.wire_dict() == first.wire_dict()
    assert case.is_variant == (request.node.callspec.params["any_sandbox"] == "variant")
    assert ref_of(case).numeric == case.is_variant


async def test_other_organisation_is_forbidden_and_unknown_is_not_found(http, any_sandbox) -> None:
    demo_ref = CaseRef.parse(any_sandbox.control.case_refs(org="demo")[0])
    other = await signed_in(http, any_sandbox, other=True)
    with pytest.raises(errors.ForbiddenError):
        await other.get_case(demo_ref)
    missing = CaseRef.parse("999999999") if demo_ref.numeric else CaseRef.guid("no-such-case")
    with pytest.raises(errors.NotFoundError):
        await other.get_case(missing)


async def test_bad_filter_is_a_bad_request(http, sandbox) -> None:
    client = await signed_in(http, sandbox)
    with pytest.raises(errors.BadRequestError) as caught:
        await client.list_cases(date_from=date(2026, 5, 2), date_to=date(2026, 5, 1))
    assert caught.value.problem is not None


def first_case_with_files(cases: list[UnifiedCase]) -> UnifiedCase:
    for case in cases:
        data = case.accepted_data
        if data and data.scan_files and data.order_form and data.miscellaneous_files:
            return case
    raise AssertionError("the sandbox has no case with every kind of file")


async def direct_sha256(link: SignedFileLink) -> str:
    async with httpx.AsyncClient() as plain:
        response = await plain.get(link.url)
        response.raise_for_status()
        return hashlib.sha256(response.content).hexdigest()


async def test_every_kind_of_file_downloads_exactly(
    http, any_sandbox, no_stray_files: Path
) -> None:
    client = await signed_in(http, any_sandbox)
    case = first_case_with_files(await all_cases(client))
    ref, data = ref_of(case), case.accepted_data
    assert data is not None
    assert data.scan_files
    assert data.miscellaneous_files
    scan = next(f for f in data.scan_files if f.filename and f.file_type)
    misc = data.miscellaneous_files[0]
    assert scan.filename
    assert scan.file_type
    assert misc.filename
    getters: dict[str, Callable[[], Awaitable[SignedFileLink]]] = {
        "scan": lambda: client.scan_file_link(ref, scan.filename or "", scan.file_type or ""),
        "order": lambda: client.order_form_link(ref),
        "misc": lambda: client.misc_file_link(ref, misc.filename or ""),
    }
    # The session sandbox is shared: only this test's storage requests count below.
    seen_before = len(any_sandbox.control.requests)
    for name, get_link in getters.items():
        result = await client.download(get_link, no_stray_files / name)
        assert result.size_bytes == (no_stray_files / name).stat().st_size > 0
        assert result.sha256 == await direct_sha256(await get_link())
    storage = [r for r in any_sandbox.control.requests[seen_before:] if "/storage/" in r.path]
    assert storage
    assert all("authorization" not in r.header_names for r in storage)


async def test_expired_link_is_replaced(http, make_sandbox, no_stray_files: Path) -> None:
    server = make_sandbox()
    client = await signed_in(http, server)
    case = first_case_with_files(await all_cases(client))
    ref = ref_of(case)
    calls = 0

    async def get_link() -> SignedFileLink:
        nonlocal calls
        calls += 1
        server.control.set_link_ttl(0.0 if calls == 1 else 900.0)
        return await client.order_form_link(ref)

    result = await client.download(get_link, no_stray_files / "order.pdf")
    assert calls >= 2
    assert (no_stray_files / "order.pdf").read_bytes()[:4] == b"%PDF"
    assert result.sha256 == await direct_sha256(await client.order_form_link(ref))


async def test_transient_failures_and_cut_downloads_recover(
    http, make_sandbox, no_stray_files: Path
) -> None:
    server = make_sandbox()
    client = await signed_in(http, server)
    server.control.fail_next(2, status=503, retry_after_s=1)
    page = await client.list_cases(page_size=100)
    assert client.retry.sleep.delays == [1.0, 1.0]  # type: ignore[attr-defined]
    case = first_case_with_files(page.items)
    ref, data = ref_of(case), case.accepted_data
    assert data is not None
    assert data.scan_files
    scan = next(f for f in data.scan_files if f.filename and f.file_type)

    def get_link() -> Awaitable[SignedFileLink]:
        return client.scan_file_link(ref, scan.filename or "", scan.file_type or "")

    server.control.truncate_next_downloads(1)
    result = await client.download(get_link, no_stray_files / "scan")
    assert result.sha256 == await direct_sha256(await get_link())


async def test_storage_out_of_reach_is_a_transport_error_and_a_refusal_is_not(
    http, make_sandbox, no_stray_files: Path
) -> None:
    server = make_sandbox()
    client = await signed_in(http, server)
    ref = ref_of(first_case_with_files(await all_cases(client)))
    real = await client.order_form_link(ref)
    # Bound but never listening: every connection to it is refused, and no other socket can
    # take the port meanwhile.
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as closed:
        closed.bind(("127.0.0.1", 0))
        moved = SignedFileLink(
            url=str(httpx.URL(real.url).copy_with(port=closed.getsockname()[1])),
            filename=real.filename,
            expires_at=real.expires_at,
        )

        async def link_to_nowhere() -> SignedFileLink:
            return moved

        with pytest.raises(errors.StorageUnreachableError, match="could not be reached") as gone:
            await client.download(link_to_nowhere, no_stray_files / "order.pdf")
    # Whoever handles an unreachable service (offline, stop the prefetch) handles this too.
    assert isinstance(gone.value, errors.TransportError)
    assert isinstance(gone.value, errors.DownloadError)
    assert not gone.value.local

    # Storage that answers, if only with errors, is reachable: a failed download, not offline.
    server.control.fail_next(client.retry.attempts, status=503, path_prefix="/storage/")
    with pytest.raises(errors.DownloadError, match=r"not available \(HTTP 503\)") as refused:
        await client.download(lambda: client.order_form_link(ref), no_stray_files / "order.pdf")
    assert not isinstance(refused.value, errors.TransportError)
    assert not (no_stray_files / "order.pdf").exists()  # nor a partial one (the fixture)


async def test_expired_token_renews_with_credentials_only(http, make_sandbox) -> None:
    server = make_sandbox()
    client = await signed_in(http, server)
    session = client.session
    assert session is not None
    server.control.expire_tokens()
    assert (await client.me()).email  # re-signed in by itself
    bare = ApiClient(http, server.base_url)
    bare.use_session(session.token, session.expires_at)
    with pytest.raises(errors.SessionExpiredError):
        await bare.me()
