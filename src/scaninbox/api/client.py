"""The inbox service's client: sign-in, cases, portals, signed file links and downloads.

One ``ApiClient`` speaks for one signed-in user over an injected ``httpx.AsyncClient`` (see
``make_http_client``). The bearer token is added to each request to the service and to nothing
else. With the e-mail and password held (``login(keep_credentials=True)``) the session renews
itself shortly before it expires and once after a 401; without them a 401 raises
``SessionExpiredError`` for the caller to ask the person to sign in. Idempotent GETs are retried
after transient failures (``RetryPolicy``); sign-in is retried only when nothing reached the
service. Every question has a total deadline (short for the sign-in and small answers, longer for
pages of cases) and every answer a size limit (``NetworkLimits``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from scaninbox.api.auth import SessionKeeper
from scaninbox.api.bounded import read_bounded
from scaninbox.api.download import ProgressCallback, download_file
from scaninbox.api.errors import (
    ProtocolError,
    SessionExpiredError,
    TlsError,
    TransportError,
    capital,
    service_name,
)
from scaninbox.api.limits import NetworkLimits
from scaninbox.api.paging import PagingGuard
from scaninbox.api.parsing import (
    listing_what,
    parse_model,
    parse_model_list,
    problem_of,
    read_case_dict_page,
    read_case_page,
    read_json,
    service_error,
)
from scaninbox.api.results import CaseDictPage, CasePage, DownloadResult, Session
from scaninbox.api.retry import RetryPolicy, parse_retry_after
from scaninbox.api.transport import transport_error
from scaninbox.api.urls import check_base_url, join_url
from scaninbox.api.wire import (
    ConfiguredPortal,
    IosPortal,
    MeResponse,
    SignedFileLink,
    UnifiedCase,
)
from scaninbox.domain import CaseRef
from scaninbox.language import translate

__all__ = ["ApiClient"]

_log = logging.getLogger(__name__)
# Failures after which the same GET may safely be sent again.
_RETRYABLE_TRANSPORT = (
    httpx.ConnectError,
    httpx.TimeoutException,
    httpx.ReadError,
    httpx.WriteError,
    httpx.RemoteProtocolError,
)


class ApiClient:
    """The service's endpoints as coroutines; see the module docstring for the session rules."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        base_url: str,
        *,
        retry: RetryPolicy | None = None,
        renew_margin_s: float = 120.0,
        limits: NetworkLimits | None = None,
    ) -> None:
        self._http = http
        self._base_url = check_base_url(base_url)
        self._retry = retry or RetryPolicy()
        self._limits = limits or NetworkLimits()
        self._host = urlsplit(self._base_url).netloc
        self._auth = SessionKeeper(
            http,
            self._base_url,
            self._retry,
            self._host,
            renew_margin_s,
            limits=self._limits,
        )

    def __repr__(self) -> str:
        return f"ApiClient({self._base_url!r}, signed_in={self._auth.session is not None})"

    @property
    def base_url(self) -> str:
        return self._base_url

    @property
    def _service_name(self) -> str:
        """The service named in messages, in the language of the moment they are made."""
        return service_name(self._host)

    @property
    def session(self) -> Session | None:
        return self._auth.session

    @property
    def retry(self) -> RetryPolicy:
        return self._retry

    @property
    def limits(self) -> NetworkLimits:
        return self._limits

    # ------------------------------------------------------------------ session

    async def login(self, email: str, password: str, *, keep_credentials: bool = True) -> Session:
        """Sign in; with ``keep_credentials`` the session renews itself until ``sign_out``."""
        return await self._auth.login(email, password, keep_credentials=keep_credentials)

    def use_session(self, token: str, expires_at: datetime) -> None:
        """Continue a remembered session (e.g. from the keyring) without signing in."""
        self._auth.use_session(token, expires_at)

    def sign_out(self) -> None:
        """Forget the session and any credentials held."""
        self._auth.sign_out()

    # ------------------------------------------------------------------ account and portals

    async def me(self) -> MeResponse:
        payload = await self._get_json(("me",), translate("ApiWhat", "your account details"))
        return parse_model(MeResponse, payload, "your account details")

    async def ios_portals(self) -> list[IosPortal]:
        what = translate("ApiWhat", "the list of scanner portals")
        payload = await self._get_json(("portals", "ios"), what)
        return parse_model_list(IosPortal, payload, what)

    async def configured_portals(self) -> list[ConfiguredPortal]:
        what = translate("ApiWhat", "the list of your organisation's portals")
        payload = await self._get_json(("portals", "configured"), what)
        return parse_model_list(ConfiguredPortal, payload, what)

    # ------------------------------------------------------------------ cases

    async def list_cases(
        self,
        *,
        page: int | None = None,
        page_size: int | None = None,
        date_from: date | None = None,
        date_to: date | None = None,
        status: str | None = None,
    ) -> CasePage:
        """One page of the organisation's cases, as the service echoes it."""
        params: dict[str, str] = {}
        if page is not None:
            params["page"] = str(page)
        if page_size is not None:
            params["pageSize"] = str(page_size)
        if date_from is not None:
            params["from"] = date_from.isoformat()
        if date_to is not None:
            params["to"] = date_to.isoformat()
        if status:
            params["status"] = status
        response = await self._get(("unified-cases",), listing_what(), params)
        return read_case_page(response, self._service_name)

    async def list_case_dicts(
        self, *, page: int, page_size: int, date_from: date | None = None
    ) -> CaseDictPage:
        """``list_cases`` with the cases read into plain dicts under the same rules
        (``scaninbox.api.wire.CASE_DICTS``): what a sync keeps, for about half the CPU."""
        params = {"page": str(page), "pageSize": str(page_size)}
        if date_from is not None:
            params["from"] = date_from.isoformat()
        response = await self._get(("unified-cases",), listing_what(), params)
        return read_case_dict_page(response, self._service_name)

    async def iter_case_pages(
        self,
        *,
        page_size: int = 100,
        date_from: date | None = None,
        date_to: date | None = None,
        status: str | None = None,
    ) -> AsyncIterator[CasePage]:
        """Every page, continuing from the page and page size the service echoed.

        Stops when ``page * pageSize`` covers ``total`` or a page is empty. A service that sends
        a page again, a page of cases already seen, or more than ``limits.max_pages`` pages
        raises ``IncompleteListingError`` (a ProtocolError) after the pages read so far, rather than
        looping for ever; the caller says the list may be incomplete.
        """
        page, size = 1, page_size
        guard = PagingGuard(self._limits.max_pages)
        while True:
            result = await self.list_cases(
                page=page, page_size=size, date_from=date_from, date_to=date_to, status=status
            )
            guard.check(result, asked=page)
            yield result
            if not result.items and not result.malformed:
                return
            if result.page * result.page_size >= result.total:
                return
            guard.check_next(result)
            page, size = result.page + 1, result.page_size

    async def get_case(self, ref: CaseRef) -> UnifiedCase:
        what = translate("ApiWhat", "case {ref}").format(ref=ref)
        payload = await self._get_json(("unified-cases", str(ref)), what)
        return parse_model(UnifiedCase, payload, what)

    # ------------------------------------------------------------------ files

    async def scan_file_link(self, ref: CaseRef, filename: str, file_type: str) -> SignedFileLink:
        _require_name(filename)
        what = translate("ApiWhat", "the download link for {name}").format(name=repr(filename))
        segments = ("unified-cases", str(ref), "files", filename)
        payload = await self._get_json(segments, what, {"fileType": file_type})
        return parse_model(SignedFileLink, payload, what)

    async def order_form_link(self, ref: CaseRef) -> SignedFileLink:
        what = translate("ApiWhat", "the order form link of case {ref}").format(ref=ref)
        payload = await self._get_json(("unified-cases", str(ref), "order-form"), what)
        return parse_model(SignedFileLink, payload, what)

    async def misc_file_link(self, ref: CaseRef, filename: str) -> SignedFileLink:
        _require_name(filename)
        what = translate("ApiWhat", "the download link for {name}").format(name=repr(filename))
        segments = ("unified-cases", str(ref), "miscellaneous-files", filename)
        payload = await self._get_json(segments, what)
        return parse_model(SignedFileLink, payload, what)

    async def download(
        self,
        get_link: Callable[[], Awaitable[SignedFileLink]],
        dest: Path,
        *,
        progress: ProgressCallback | None = None,
        name: str | None = None,
        where: str | None = None,
    ) -> DownloadResult:
        """Save the file behind ``get_link`` as ``dest`` (atomically; see ``api.download``).

        ``dest`` is never overwritten: when the name is taken, the file is saved as "name (2)"…
        and the result says where. Messages call the file ``name`` (default: ``dest``'s name)
        and the place ``where`` (default: ``dest``'s folder).
        """
        return await download_file(
            self._http,
            get_link,
            dest,
            retry=self._retry,
            limits=self._limits,
            progress=progress,
            name=name,
            where=where,
        )

    # ------------------------------------------------------------------ plumbing

    async def _get_json(
        self, segments: tuple[str, ...], what: str, params: dict[str, str] | None = None
    ) -> Any:
        """The JSON answer to a GET of a small answer (the account, portals, a case, a link),
        retries and renewal included, within the short deadline."""
        response = await self._get(segments, what, params, deadline_s=self._limits.short_deadline_s)
        return read_json(response, what, self._service_name)

    async def _get(
        self,
        segments: tuple[str, ...],
        what: str,
        params: dict[str, str] | None = None,
        *,
        deadline_s: float | None = None,
    ) -> httpx.Response:
        """The successful answer to a GET (body read), retries and renewal included, within
        ``deadline_s`` (default: the deadline of a page of cases)."""
        deadline_s = deadline_s or self._limits.request_deadline_s
        try:
            async with asyncio.timeout(deadline_s):
                return await self._ask(segments, what, params)
        except TimeoutError:
            raise TransportError(
                capital(
                    translate(
                        "ApiError", "{service} did not send {what} within {seconds} seconds"
                    ).format(service=self._service_name, what=what, seconds=f"{deadline_s:g}")
                )
            ) from None

    async def _ask(
        self, segments: tuple[str, ...], what: str, params: dict[str, str] | None
    ) -> httpx.Response:
        url = join_url(self._base_url, *segments)
        renewed = False
        failures = 0
        while True:
            session = await self._auth.current()
            request = self._http.build_request(
                "GET",
                url,
                params=params,
                headers={"Accept": "application/json", "Authorization": f"Bearer {session.token}"},
            )
            started = time.perf_counter()
            try:
                streamed = await self._http.send(request, stream=True)
                try:
                    response = await read_bounded(streamed, self._limits, what)
                finally:
                    await streamed.aclose()
            except httpx.InvalidURL:  # httpx reads a redirect's address before handing it back
                raise ProtocolError(
                    capital(
                        translate(
                            "ApiError",
                            "{service} answered {what} with a redirect to an unusable address",
                        ).format(service=self._service_name, what=what)
                    )
                ) from None
            except httpx.TransportError as exc:
                error = transport_error(exc, self._service_name)
                failures += 1
                retryable = isinstance(exc, _RETRYABLE_TRANSPORT)
                if isinstance(error, TlsError) or not retryable or failures >= self._retry.attempts:
                    raise error from exc
                _log.info("GET %s failed (%s); trying again", request.url.path, error)
                await self._retry.wait(failures)
                continue
            status = response.status_code
            _log.debug(
                "GET %s -> %d in %.0f ms",
                request.url.path,
                status,
                (time.perf_counter() - started) * 1000,
            )
            if status == 401:
                if renewed or not self._auth.holds_credentials:
                    self._auth.drop(session)
                    raise SessionExpiredError(problem=problem_of(response))
                await self._auth.renew(session)
                renewed = True
                continue
            if status in self._retry.statuses and failures + 1 < self._retry.attempts:
                failures += 1
                retry_after_s = parse_retry_after(response.headers.get("retry-after"))
                _log.info("GET %s answered %d; trying again", request.url.path, status)
                await self._retry.wait(failures, retry_after_s)
                continue
            if status >= 400:
                raise service_error(response)
            return response


def _require_name(filename: str) -> None:
    if not filename:
        raise ValueError("a file name is needed to ask for a download link")
