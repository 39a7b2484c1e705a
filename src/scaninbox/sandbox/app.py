"""The sandbox's ASGI application (Starlette): every endpoint of interface v1 plus storage.

Routing matches the *raw* request path split at ``/`` with each segment percent-decoded exactly
once, so a file name holding ``/`` (sent as ``%2F``), ``?``, ``#`` or ``%`` reaches the handler
intact. Unknown routes answer 404 and wrong methods 405, both as problem+json.

List semantics (gaps of the spec, decided here): ``page`` and ``pageSize`` are integers ≥ 1
(otherwise 400); ``pageSize`` above ``max_page_size`` is clamped and the clamped value echoed;
``from``/``to`` are YYYY-MM-DD, inclusive, compared with the UTC date of receivedDate (400 when
malformed or from > to); ``status`` must be new or accepted (400 otherwise) — except in the
variant, which has no status filter and ignores the parameter. A parameter given twice is 400.
Cases without acceptedData are ordered and filtered by the time the sandbox received them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from urllib.parse import unquote_to_bytes

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scaninbox.sandbox import endpoints
from scaninbox.sandbox.control import RecordedRequest
from scaninbox.sandbox.endpoints import ApiError
from scaninbox.sandbox.problems import problem
from scaninbox.sandbox.state import SandboxState

__all__ = ["build_app"]

Handler = Callable[[Request, SandboxState, list[str]], Awaitable[Response]]
_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


def build_app(state: SandboxState) -> ASGIApp:
    async def dispatch(request: Request) -> Response:
        return await _dispatch(request, state)

    async def internal_error(request: Request, exc: Exception) -> Response:
        return problem(500, "The sandbox failed to answer; this is a bug.", request.url.path)

    inner = Starlette(
        routes=[Route("/{path:path}", dispatch, methods=_METHODS)],
        exception_handlers={Exception: internal_error},
    )
    return _Front(inner, state)


class _Front:
    """Records every request (header names only) and injects the faults a test asked for."""

    def __init__(self, app: ASGIApp, state: SandboxState) -> None:
        self._app, self._state = app, state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        recorded = False

        def record(status: int) -> None:
            nonlocal recorded
            if recorded:
                return
            recorded = True
            self._state.control.record(
                RecordedRequest(
                    method=scope["method"],
                    path=scope["path"],
                    query=scope.get("query_string", b"").decode("latin-1"),
                    header_names=frozenset(
                        k.decode("latin-1").lower() for k, _ in scope["headers"]
                    ),
                    status=status,
                )
            )

        async def recording_send(message: Message) -> None:
            # Recorded before the answer leaves: a client that has its answer finds its request
            # in ``control.requests`` (recorded after the body, it could be missing there).
            if message["type"] == "http.response.start":
                record(int(message["status"]))
            await send(message)

        try:
            failure = self._state.faults.take_failure(scope["path"])
            if failure is not None:
                status, retry_after_s = failure
                headers = {} if retry_after_s is None else {"Retry-After": _seconds(retry_after_s)}
                response = problem(
                    status, "Injected failure (sandbox test knob).", scope["path"], headers
                )
                await response(scope, receive, recording_send)
            else:
                await self._app(scope, receive, recording_send)
        finally:
            record(0)  # no answer was started


def _seconds(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _segments(request: Request) -> list[str] | None:
    raw: bytes = request.scope.get("raw_path") or request.scope["path"].encode("utf-8")
    try:
        return [unquote_to_bytes(part).decode("utf-8") for part in raw.split(b"/")[1:]]
    except UnicodeDecodeError:
        return None


async def _dispatch(request: Request, state: SandboxState) -> Response:
    instance = request.url.path
    segments = _segments(request)
    try:
        if segments is None:
            raise ApiError(404, "The path is not valid UTF-8 after percent-decoding.")
        route = _route(segments)
        if route is None:
            raise ApiError(404, f"There is no endpoint at {instance}.")
        methods, handler, arguments = route
        if request.method not in methods:
            raise ApiError(
                405, f"{instance} answers {', '.join(methods)} only.", {"Allow": ", ".join(methods)}
            )
        return await handler(request, state, arguments)
    except ApiError as error:
        return problem(error.status, error.detail, instance, error.headers)


def _route(segments: list[str]) -> tuple[tuple[str, ...], Handler, list[str]] | None:  # noqa: PLR0911 (one return per route reads best)
    get = ("GET", "HEAD")
    match segments:
        case ["auth", "login"]:
            return ("POST",), endpoints.login, []
        case ["me"]:
            return get, endpoints.me, []
        case ["unified-cases"]:
            return get, endpoints.list_cases, []
        case ["unified-cases", ref] if ref:
            return get, endpoints.one_case, [ref]
        case ["unified-cases", ref, "files", name] if ref and name:
            return get, endpoints.scan_file_link, [ref, name]
        case ["unified-cases", ref, "order-form"] if ref:
            return get, endpoints.order_form_link, [ref]
        case ["unified-cases", ref, "miscellaneous-files", name] if ref and name:
            return get, endpoints.misc_file_link, [ref, name]
        case ["portals", "ios"]:
            return get, endpoints.ios_portals_endpoint, []
        case ["portals", "configured"]:
            return get, endpoints.configured_portals_endpoint, []
        case ["storage", ref, kind, name] if ref and kind and name:
            return get, endpoints.storage, [ref, kind, name]
    return None
