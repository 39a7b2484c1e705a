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

import anyio
import httpx

from scaninbox import __version__
from scaninbox.api.errors import TlsError, TransportError, capital
from scaninbox.api.proxies import ProxySettings, environment_proxies, shown_proxy
from scaninbox.language import os_reason, translate
from scaninbox.workarounds import ConnectionTracker

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
                translate(
                    "ApiError", "The certificate authority file {path} cannot be used ({reason})"
                ).format(path=ca_bundle, reason=_reason(exc) or translate("ApiError", "unreadable"))
            ) from None
    return context


def make_http_client(
    *,
    ca_bundle: Path | None = None,
    timeout_s: float = 30.0,
    proxies: ProxySettings | None = None,
) -> httpx.AsyncClient:
    """The shared client: verified TLS, no default credentials, no automatic redirects, the
    environment's proxies (``proxies`` instead, when given; `api/proxies.py`)."""
    context = make_ssl_context(ca_bundle)
    return httpx.AsyncClient(
        transport=_ClosingTransport(_ProxyRouting(context, proxies or environment_proxies())),
        verify=context,
        trust_env=False,  # the environment's proxies are routed by `_ProxyRouting`
        timeout=httpx.Timeout(timeout_s, connect=min(timeout_s, 15.0)),
        follow_redirects=False,
        headers={"User-Agent": USER_AGENT},
    )


class _ClosingTransport(httpx.AsyncBaseTransport):
    """httpx's own transport, except that its requests are ended the way httpcore can clean up
    after, and closing it first ends the requests still under way, then closes the pool: no
    socket outlives the client.

    httpcore protects its clean-ups (closing a connection it has just taken out of its pool,
    closing one whose answer was cut off) with anyio's shielded cancel scopes. Those hold off
    anyio's cancellation only: asyncio's own ``Task.cancel()`` interrupts them, and the
    connections being cleaned up were left open for good (the ResourceWarnings of CI runs).
    Closing the pool has a gap of its own: a connection still being set up has no socket yet,
    the pool forgets it, and its socket stayed open after the close.

    So each request runs in a task of its own inside an anyio cancel scope. A caller that is
    cancelled is cancelled at once; its request is ended through the scope, which waits for
    httpcore's shielded clean-ups. ``aclose`` ends the requests still waiting for their answer
    the same way and waits for them while the pool still holds their connections, then closes
    the pool; their callers get an ``httpx.ConnectError``, as for a connection not to be had.

    A workaround kept here rather than in ``scaninbox.workarounds``, because it is the transport
    itself. For: httpcore 1.0.x (1.0.9) under httpx 0.28, anyio 4. Still needed? Let the requests
    run in the caller's task (``handle_async_request`` straight to ``inner``) and run
    ``tests/unit/api/test_transport.py`` and the window's shell tests under load: a
    ResourceWarning "unclosed transport" means it is. Delete when httpcore's clean-ups survive
    asyncio's own cancellation (its shields are anyio-only as of 1.0.9), together with
    ``workarounds/httpcore_sockets.py``.
    """

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self._inner = inner
        self._closed = False
        self._asking: dict[asyncio.Task[httpx.Response | None], anyio.CancelScope] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self._closed:
            raise httpx.ConnectError("the connection was closed", request=request)
        scope = anyio.CancelScope()
        asking = asyncio.ensure_future(self._ask(request, scope))
        self._asking[asking] = scope
        asking.add_done_callback(self._asked)
        try:
            response = await asyncio.shield(asking)
        except asyncio.CancelledError:
            scope.cancel()  # ends where httpcore's clean-ups allow; `_asked` takes the outcome
            raise
        if response is None:  # ended by ``aclose``
            raise httpx.ConnectError("the connection was closed", request=request)
        if self.closed:  # answered while the client was closing: dropped unread
            await response.aclose()
            raise httpx.ReadError("the connection was closed", request=request)
        return response

    async def _ask(self, request: httpx.Request, scope: anyio.CancelScope) -> httpx.Response | None:
        with scope:
            response = await self._inner.handle_async_request(request)
            if not scope.cancel_called:
                return response
            with anyio.CancelScope(shield=True):  # an answer nobody waits for any more
                await response.aclose()
        return None

    def _asked(self, task: asyncio.Task[httpx.Response | None]) -> None:
        self._asking.pop(task, None)
        if not task.cancelled():
            task.exception()  # its caller may have gone: not "never retrieved"

    @property
    def closed(self) -> bool:
        """Set by ``aclose``, which may come while a request is awaited."""
        return self._closed

    async def aclose(self) -> None:
        self._closed = True
        asking = list(self._asking.items())
        for _task, scope in asking:
            scope.cancel()
        await asyncio.gather(*(task for task, _scope in asking), return_exceptions=True)
        await self._inner.aclose()


class _ProxyRouting(httpx.AsyncBaseTransport):
    """A direct transport, and one per proxy server a request is routed to (made on first use,
    all closed together)."""

    def __init__(self, context: ssl.SSLContext, proxies: ProxySettings) -> None:
        self._context = context
        self._proxies = proxies
        # Every connection is tracked, so one httpcore lost hold of is closed with the client
        # (`workarounds/httpcore_sockets.py`).
        self.connections = ConnectionTracker()
        self._direct = httpx.AsyncHTTPTransport(verify=context)
        self.connections.track(self._direct)
        self._through: dict[str, httpx.AsyncHTTPTransport] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        proxy = self._proxies.proxy_for(request.url.scheme, request.url.host)
        if proxy is None:
            return await self._direct.handle_async_request(request)
        through = self._transport_through(proxy, request)
        try:
            return await through.handle_async_request(request)
        except httpx.ConnectError as exc:
            if _ssl_cause(exc) is not None:  # the tunnel stood: the service's certificate
                raise
            # The proxy, not the service, is out of reach.
            raise httpx.ProxyError(
                translate(
                    "ApiError", "the proxy server {proxy} could not be reached ({reason})"
                ).format(proxy=shown_proxy(proxy), reason=_reason(exc)),
                request=request,
            ) from exc

    def _transport_through(self, proxy: str, request: httpx.Request) -> httpx.AsyncHTTPTransport:
        transport = self._through.get(proxy)
        if transport is None:
            if self._proxies.unsupported(proxy):
                raise httpx.ProxyError(
                    translate(
                        "ApiError",
                        "the proxy server {proxy} named in this computer's settings is not "
                        "supported (only http:// and https:// proxies are)",
                    ).format(proxy=shown_proxy(proxy)),
                    request=request,
                )
            try:
                transport = httpx.AsyncHTTPTransport(verify=self._context, proxy=proxy)
            except (ValueError, httpx.InvalidURL):
                raise httpx.ProxyError(
                    translate(
                        "ApiError",
                        "the proxy server {proxy} named in this computer's settings is not a "
                        "usable address",
                    ).format(proxy=shown_proxy(proxy)),
                    request=request,
                ) from None
            self.connections.track(transport)
            self._through[proxy] = transport
        return transport

    async def aclose(self) -> None:
        try:
            for transport in (self._direct, *self._through.values()):
                await transport.aclose()
        finally:
            await self.connections.close_leftovers()


def transport_error(exc: httpx.TransportError, what: str) -> TransportError:
    """The plain-words error for an httpx transport failure while talking to ``what``.

    ``what`` names the other side (``"the inbox service at inbox.example.com"``, ``"file
    storage"``); it must not contain a signed URL or a token.
    """
    ssl_error = _ssl_cause(exc)
    if isinstance(ssl_error, ssl.SSLCertVerificationError):
        # OpenSSL's reason stays English in parentheses: it is what support searches for.
        reason = ssl_error.verify_message or translate("ApiError", "unknown reason")
        return TlsError(
            translate(
                "ApiError",
                "The security certificate of {what} could not be verified ({reason}); if your "
                "lab uses its own certificate authority, set network.ca_bundle in the settings",
            ).format(what=what, reason=reason)
        )
    if ssl_error is not None:
        return TlsError(
            translate(
                "ApiError", "A secure connection to {what} could not be set up ({reason})"
            ).format(what=what, reason=_reason(ssl_error) or "TLS")
        )
    if isinstance(exc, httpx.TimeoutException):
        return TransportError(
            capital(translate("ApiError", "{what} did not answer in time").format(what=what))
        )
    if isinstance(exc, httpx.ConnectError | httpx.ProxyError):
        return _unreachable(exc, what)
    if isinstance(exc, httpx.UnsupportedProtocol):
        return TransportError(
            translate("ApiError", "The address of {what} is not a web address").format(what=what)
        )
    # The system's words stay in the message as its technical detail (what support searches).
    return TransportError(
        translate("ApiError", "The connection to {what} was interrupted: {reason}").format(
            what=what, reason=os_reason(exc)
        )
    )


def _unreachable(exc: httpx.ConnectError | httpx.ProxyError, what: str) -> TransportError:
    reason = _reason(exc)
    if isinstance(exc, httpx.ProxyError):
        if reason:
            text = translate(
                "ApiError", "Could not reach {what} through the proxy server ({reason})"
            )
        else:
            text = translate("ApiError", "Could not reach {what} through the proxy server")
    else:
        text = translate("ApiError", "Could not connect to {what}: {reason}; check the network")
        reason = os_reason(exc)
    return TransportError(text.format(what=what, reason=reason))


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
