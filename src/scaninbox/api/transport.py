"""The HTTP client every request goes through, and what its failures mean in plain words.

``make_http_client`` builds an ``httpx.AsyncClient`` that always verifies TLS (the system's and
certifi's authorities, plus a lab's own CA bundle when configured), carries no default
``Authorization`` header (the API client adds it per request, so it can never leak to storage)
and never follows redirects on its own (downloads follow them explicitly, without credentials).
"""

from __future__ import annotations

import asyncio
import ssl
from pathlib import Path

import httpx

from scaninbox import __version__
from scaninbox.api.errors import TlsError, TransportError

__all__ = ["USER_AGENT", "make_http_client", "make_ssl_context", "transport_error"]

USER_AGENT = f"ScanInbox/{__version__}"


def make_ssl_context(ca_bundle: Path | None = None) -> ssl.SSLContext:
    """Verification on, TLS 1.2 or newer; trusted: system store, certifi, and ``ca_bundle``."""
    context = ssl.create_default_context()
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        import certifi

        context.load_verify_locations(cafile=certifi.where())
    except (ImportError, OSError):  # the system store alone still verifies
        pass
    if ca_bundle is not None:
        try:
            context.load_verify_locations(cafile=str(ca_bundle))
        except (OSError, ssl.SSLError) as exc:
            raise TlsError(
                f"The certificate authority file {ca_bundle} cannot be used "
                f"({_reason(exc) or 'unreadable'})"
            ) from None
    return context


def make_http_client(
    *, ca_bundle: Path | None = None, timeout_s: float = 30.0
) -> httpx.AsyncClient:
    """The shared client: verified TLS, no default credentials, no automatic redirects."""
    context = make_ssl_context(ca_bundle)
    return httpx.AsyncClient(
        transport=_ClosingTransport(httpx.AsyncHTTPTransport(verify=context)),
        verify=context,  # for the transports httpx makes itself (a proxy from the environment)
        timeout=httpx.Timeout(timeout_s, connect=min(timeout_s, 15.0)),
        follow_redirects=False,
        headers={"User-Agent": USER_AGENT},
    )


class _ClosingTransport(httpx.AsyncBaseTransport):
    """httpx's own transport, except that closing it first ends the requests still under way,
    then closes the pool: no socket outlives the client.

    Closing httpcore's pool closes the connections it holds, but one still being set up has no
    socket to close yet, and the pool forgets it. Its socket then connected after the close: a
    request that went on answered into a closed client, and one cancelled just after connecting
    (at httpcore's state lock, before any clean-up) left its socket open for good. Both leaked a
    socket at a sign-out or quit that raced a request (ResourceWarnings failed CI runs). So each
    request runs in a task of its own: ``aclose`` cancels those still waiting for their answer
    and waits for them while the pool still holds their connections, and their callers get an
    ``httpx.ConnectError``, as for any connection that could not be had.
    """

    def __init__(self, inner: httpx.AsyncHTTPTransport) -> None:
        self._inner = inner
        self._closed = False
        self._asking: set[asyncio.Task[httpx.Response]] = set()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self._closed:
            raise httpx.ConnectError("the connection was closed", request=request)
        asking = asyncio.ensure_future(self._inner.handle_async_request(request))
        self._asking.add(asking)
        asking.add_done_callback(self._asking.discard)
        try:
            # Cancelling the caller cancels ``asking`` too (it is what the caller awaits).
            response = await asking
        except asyncio.CancelledError:
            caller = asyncio.current_task()
            if self.closed and asking.cancelled() and not (caller and caller.cancelling()):
                raise httpx.ConnectError("the connection was closed", request=request) from None
            raise
        if self.closed:  # answered while the client was closing: dropped unread
            await response.aclose()
            raise httpx.ReadError("the connection was closed", request=request)
        return response

    @property
    def closed(self) -> bool:
        """Set by ``aclose``, which may come while a request is awaited."""
        return self._closed

    async def aclose(self) -> None:
        self._closed = True
        asking = list(self._asking)
        for task in asking:
            task.cancel()
        await asyncio.gather(*asking, return_exceptions=True)
        await self._inner.aclose()


def transport_error(exc: httpx.TransportError, what: str) -> TransportError:
    """The plain-words error for an httpx transport failure while talking to ``what``.

    ``what`` names the other side (``"the inbox service at inbox.example.com"``, ``"file
    storage"``); it must not contain a signed URL or a token.
    """
    ssl_error = _ssl_cause(exc)
    if isinstance(ssl_error, ssl.SSLCertVerificationError):
        reason = ssl_error.verify_message or "unknown reason"
        return TlsError(
            f"The security certificate of {what} could not be verified ({reason}); if your lab "
            "uses its own certificate authority, set network.ca_bundle in the settings"
        )
    if ssl_error is not None:
        return TlsError(
            f"A secure connection to {what} could not be set up ({_reason(ssl_error) or 'TLS'})"
        )
    if isinstance(exc, httpx.TimeoutException):
        return TransportError(f"{_capital(what)} did not answer in time")
    if isinstance(exc, httpx.ConnectError):
        reason = _reason(exc)
        suffix = f" ({reason})" if reason else ""
        return TransportError(f"Could not connect to {what}{suffix}; check the network")
    if isinstance(exc, httpx.UnsupportedProtocol):
        return TransportError(f"The address of {what} is not a web address")
    reason = _reason(exc) or type(exc).__name__
    return TransportError(f"The connection to {what} was interrupted ({reason})")


def _ssl_cause(exc: BaseException) -> ssl.SSLError | None:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, ssl.SSLError):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def _reason(exc: BaseException) -> str:
    # Errno texts like "[Errno 111] Connection refused" read better without the number.
    text = str(exc).strip()
    if text.startswith("[") and "]" in text:
        text = text.split("]", 1)[1].strip()
    return " ".join(text.split())[:200]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
