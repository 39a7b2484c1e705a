"""The signed-in state of one client: the session, the credentials held, and renewing them.

With credentials held, a session is renewed shortly before it expires (two minutes, or a quarter
of its lifetime when the service hands out short sessions) and once after a 401. Concurrent
requests that find the session stale share one renewal. Without credentials, an ended session
raises ``SessionExpiredError``. Sign-in is repeated only when the request never reached the
service (connection refused, connect timeout): a 401 of ``/auth/login`` is never retried. A
sign-in has the short total deadline of the small answers and their size limit (``NetworkLimits``).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime

import httpx

from scaninbox.api.bounded import read_bounded
from scaninbox.api.errors import (
    AuthenticationError,
    ProtocolError,
    SessionExpiredError,
    TlsError,
    TransportError,
    capital,
    service_name,
)
from scaninbox.api.limits import NetworkLimits
from scaninbox.api.parsing import parse_model, read_json, service_error
from scaninbox.api.results import Session
from scaninbox.api.retry import RetryPolicy
from scaninbox.api.transport import transport_error
from scaninbox.api.urls import join_url
from scaninbox.api.wire import LoginResponse
from scaninbox.language import translate

__all__ = ["SessionKeeper"]

_log = logging.getLogger(__name__)
# Failures in which the request never reached the service.
_NOT_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)


@dataclass(frozen=True, slots=True)
class _Credentials:
    email: str
    password: str = field(repr=False)


class SessionKeeper:
    """Signs in, holds the session and renews it; used by ``ApiClient``."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        base_url: str,
        retry: RetryPolicy,
        host: str,
        renew_margin_s: float,
        *,
        limits: NetworkLimits,
    ) -> None:
        self._http = http
        self._limits = limits
        self._login_url = join_url(base_url, "auth", "login")
        self._retry = retry
        self._host = host
        self._renew_margin_s = renew_margin_s
        self._renew_before_s = renew_margin_s
        self._session: Session | None = None
        self._credentials: _Credentials | None = None
        self._renew_lock = asyncio.Lock()

    @property
    def session(self) -> Session | None:
        return self._session

    @property
    def holds_credentials(self) -> bool:
        return self._credentials is not None

    async def login(self, email: str, password: str, *, keep_credentials: bool) -> Session:
        session = await self._login(email, password)
        self._credentials = _Credentials(email, password) if keep_credentials else None
        return session

    def use_session(self, token: str, expires_at: datetime) -> None:
        if expires_at.tzinfo is None:
            expires_at = expires_at.replace(tzinfo=UTC)
        self._session = Session(token, expires_at)
        self._renew_before_s = self._renew_margin_s

    def sign_out(self) -> None:
        self._session = None
        self._credentials = None

    @property
    def _service_name(self) -> str:
        return service_name(self._host)

    async def current(self) -> Session:
        """The session to send now, renewed first when it is about to end."""
        session = self._session
        if self._credentials is not None and (
            session is None or session.seconds_left() < self._renew_before_s
        ):
            return await self.renew(session)
        if session is None:
            raise SessionExpiredError(
                translate("ApiError", "You are not signed in to the inbox service")
            )
        return session

    async def renew(self, stale: Session | None) -> Session:
        """A fresh session replacing ``stale`` (shared with concurrent callers)."""
        async with self._renew_lock:
            current = self._session
            if current is not None and current is not stale:
                return current  # another request renewed it meanwhile
            credentials = self._credentials
            if credentials is None:
                self._session = None
                raise SessionExpiredError()
            try:
                return await self._login(credentials.email, credentials.password)
            except AuthenticationError as exc:
                self.sign_out()
                raise SessionExpiredError(
                    translate(
                        "ApiError",
                        "Your session ended and the inbox service no longer accepts the saved "
                        "e-mail address and password; please sign in again",
                    ),
                    problem=exc.problem,
                ) from None

    def drop(self, session: Session) -> None:
        """Forget ``session`` after the service refused it (unless already replaced)."""
        if self._session is session:
            self._session = None

    async def _login(self, email: str, password: str) -> Session:
        deadline_s = self._limits.short_deadline_s  # a sign-in answer is a few hundred bytes
        try:
            async with asyncio.timeout(deadline_s):
                return await self._sign_in(email, password)
        except TimeoutError:
            raise TransportError(
                capital(
                    translate(
                        "ApiError", "{service} did not answer the sign-in within {seconds} seconds"
                    ).format(service=self._service_name, seconds=f"{deadline_s:g}")
                )
            ) from None

    async def _sign_in(self, email: str, password: str) -> Session:
        failures = 0
        while True:
            try:
                request = self._http.build_request(
                    "POST",
                    self._login_url,
                    json={"email": email, "password": password},
                    headers={"Accept": "application/json"},
                )
                streamed = await self._http.send(request, stream=True)
                try:
                    response = await read_bounded(streamed, self._limits, _sign_in_what())
                finally:
                    await streamed.aclose()
                break
            except httpx.InvalidURL:  # httpx reads a redirect's address before handing it back
                raise ProtocolError(
                    translate(
                        "ApiError",
                        "The service answered the sign-in with a redirect to an unusable address",
                    )
                ) from None
            except httpx.TransportError as exc:
                error = transport_error(exc, self._service_name)
                failures += 1
                retryable = isinstance(exc, _NOT_SENT) and not isinstance(error, TlsError)
                if not retryable or failures >= self._retry.attempts:
                    raise error from exc
                await self._retry.wait(failures)
        if response.status_code >= 400:
            raise service_error(response)
        payload = read_json(response, _sign_in_what(), self._service_name)
        answer = parse_model(LoginResponse, payload, _sign_in_what())
        session = Session(answer.token, answer.expires_at)
        self._session = session
        # Renew before expiry, but not constantly when a service hands out very short sessions.
        self._renew_before_s = min(self._renew_margin_s, max(session.seconds_left(), 0.0) / 4)
        _log.info("signed in; session valid until %s", session.expires_at.isoformat())
        return session


def _sign_in_what() -> str:
    return translate("ApiWhat", "the sign-in")
