"""The endpoint handlers of the sandbox: sign-in, account, portals, cases, file links, storage.

Each handler takes the request, the sandbox state and the decoded path arguments, and raises
``ApiError`` for an answer that is a problem (``scaninbox.sandbox.app`` turns it into
problem+json). See ``scaninbox.sandbox.app`` for the list semantics decided here.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from scaninbox.sandbox.case_content import CaseContent
from scaninbox.sandbox.catalogue import GUID_STATUSES, CaseMeta
from scaninbox.sandbox.documents import (
    case_document,
    configured_portals,
    ios_portals,
    iso_utc,
    me_document,
)
from scaninbox.sandbox.file_specs import media_type
from scaninbox.sandbox.organisations import ORGANISATIONS, Organisation, person_for_email
from scaninbox.sandbox.overrides import ascii_json_response
from scaninbox.sandbox.state import SandboxState
from scaninbox.sandbox.storage import serve_storage
from scaninbox.sandbox.tokens import TokenRejectedError

__all__ = [
    "ApiError",
    "configured_portals_endpoint",
    "ios_portals_endpoint",
    "list_cases",
    "login",
    "me",
    "misc_file_link",
    "one_case",
    "order_form_link",
    "scan_file_link",
    "storage",
]

_INT = re.compile(r"[0-9]{1,10}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_SCAN_FILE_TYPES = ("stl", "ply", "preview")


class ApiError(Exception):
    """An answer that is a problem: status, a plain-words detail and extra headers."""

    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status, self.detail, self.headers = status, detail, headers


# ---------------------------------------------------------------------------- authentication


def _caller(request: Request, state: SandboxState) -> Organisation:
    return _signed_in(request, state)[0]


def _signed_in(request: Request, state: SandboxState) -> tuple[Organisation, str]:
    """The caller's organisation and e-mail (a colleague signs in to the same organisation)."""
    header = request.headers.get("authorization")
    challenge = {"WWW-Authenticate": 'Bearer realm="scaninbox-sandbox"'}
    if not header:
        raise ApiError(401, "Sign in first: this endpoint needs a bearer token.", challenge)
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "The Authorization header must be 'Bearer <token>'.", challenge)
    try:
        claims = state.tokens.verify(token.strip())
    except TokenRejectedError as rejected:
        invalid = {"WWW-Authenticate": 'Bearer realm="scaninbox-sandbox", error="invalid_token"'}
        raise ApiError(401, str(rejected), invalid) from None
    return ORGANISATIONS[claims.org], claims.email


async def login(request: Request, state: SandboxState, _: list[str]) -> Response:
    try:
        body = await request.json()
    except ValueError:
        raise ApiError(400, 'The body must be JSON: {"email": …, "password": …}.') from None
    if not isinstance(body, dict) or not all(
        isinstance(body.get(k), str) for k in ("email", "password")
    ):
        raise ApiError(400, "The body needs the strings email and password.")
    found = person_for_email(body["email"])
    if found is None or body["password"] != found[1].account.password:
        raise ApiError(401, "The e-mail address or the password is wrong.")
    org, person = found
    token, expires = state.tokens.issue(person.account.email, org.key)
    return JSONResponse(
        {"token": token, "expiresAt": iso_utc(expires)}, headers={"Cache-Control": "no-store"}
    )


async def me(request: Request, state: SandboxState, _: list[str]) -> Response:
    org, email = _signed_in(request, state)
    document = me_document(org, variant=state.config.variant, now=datetime.now(UTC))
    person = next((p for p in org.people if p.account.email == email), None)
    if person is not None and person.account.email != org.account.email:  # a colleague
        document.update(email=person.account.email, name=person.name, role=person.role)
    return JSONResponse(document)


async def ios_portals_endpoint(request: Request, state: SandboxState, _: list[str]) -> Response:
    _caller(request, state)
    return JSONResponse(ios_portals(variant=state.config.variant))


async def configured_portals_endpoint(
    request: Request, state: SandboxState, _: list[str]
) -> Response:
    org = _caller(request, state)
    return JSONResponse(
        configured_portals(org, variant=state.config.variant, now=datetime.now(UTC))
    )


# ---------------------------------------------------------------------------- cases


def _single(request: Request, name: str) -> str | None:
    values = request.query_params.getlist(name)
    if len(values) > 1:
        raise ApiError(400, f"The query parameter {name} is given more than once.")
    return values[0] if values else None


def _positive(request: Request, name: str, default: int) -> int:
    text = _single(request, name)
    if text is None:
        return default
    if not _INT.fullmatch(text) or not 1 <= int(text) <= 2**31 - 1:
        raise ApiError(400, f"{name} must be a whole number of at least 1, not {text!r}.")
    return int(text)


def _day(request: Request, name: str) -> date | None:
    text = _single(request, name)
    if text is None:
        return None
    try:
        if not _DATE.fullmatch(text):
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise ApiError(400, f"{name} must be a date written YYYY-MM-DD, not {text!r}.") from None


async def list_cases(request: Request, state: SandboxState, _: list[str]) -> Response:
    org = _caller(request, state)
    page = _positive(request, "page", 1)
    page_size = min(_positive(request, "pageSize", 20), state.config.max_page_size)
    first_day, last_day = _day(request, "from"), _day(request, "to")
    if first_day and last_day and first_day > last_day:
        raise ApiError(400, f"from ({first_day}) is after to ({last_day}).")
    status = None if state.config.variant else _single(request, "status")
    if status is not None and status not in GUID_STATUSES:
        raise ApiError(400, f"status must be one of {', '.join(GUID_STATUSES)}, not {status!r}.")
    total, metas = state.catalogue.page(
        org.key,
        offset=(page - 1) * page_size,
        limit=page_size,
        first_day=first_day,
        last_day=last_day,
        status=status,
    )
    items = [case_document(m, state.content(m), org, variant=state.config.variant) for m in metas]
    envelope = {"items": items, "page": page, "pageSize": page_size, "total": total}
    overrides = state.control.overrides
    if not overrides:
        return JSONResponse(envelope)
    variant = state.config.variant
    for meta, item in zip(metas, items, strict=True):
        overrides.apply(meta.ref(variant=variant), item)
    return ascii_json_response(envelope)


def _case(request: Request, state: SandboxState, ref: str) -> tuple[CaseMeta, Organisation]:
    org = _caller(request, state)
    meta = state.catalogue.lookup(ref)
    if meta is None:
        raise ApiError(404, f"There is no case {ref!r}.")
    if meta.org != org.key:
        raise ApiError(403, f"Case {ref!r} belongs to another organisation.")
    return meta, org


async def one_case(request: Request, state: SandboxState, args: list[str]) -> Response:
    meta, org = _case(request, state, args[0])
    document = case_document(meta, state.content(meta), org, variant=state.config.variant)
    if not state.control.overrides:
        return JSONResponse(document)
    return ascii_json_response(state.control.overrides.apply(args[0], document))


def _link(
    request: Request, state: SandboxState, ref: str, kind: str, filename: str
) -> tuple[str, str]:
    base = f"{request.url.scheme}://{request.headers.get('host') or request.url.netloc}"
    url, expires = state.links.sign(base, (ref, kind, filename))
    return url, iso_utc(expires)


def _content(request: Request, state: SandboxState, ref: str) -> CaseContent:
    meta, _ = _case(request, state, ref)
    return state.content(meta)


async def scan_file_link(request: Request, state: SandboxState, args: list[str]) -> Response:
    ref, filename = args
    content = _content(request, state, ref)
    file_type = _single(request, "fileType")
    if not file_type:
        raise ApiError(400, "The query parameter fileType is required (stl, ply or preview).")
    if file_type not in _SCAN_FILE_TYPES:
        raise ApiError(400, f"fileType must be stl, ply or preview, not {file_type!r}.")
    stored = content.files.get(("scan", filename))
    if stored is None or stored.file_type not in (None, file_type):
        raise ApiError(404, f"Case {ref!r} has no {file_type} scan file named {filename!r}.")
    url, expires_at = _link(request, state, ref, "scan", filename)
    body: dict[str, Any] = {
        "url": url,
        "filename": filename,
        "fileType": file_type,
        "expiresAt": expires_at,
    }
    return JSONResponse(body)


async def order_form_link(request: Request, state: SandboxState, args: list[str]) -> Response:
    ref = args[0]
    content = _content(request, state, ref)
    stored = next((f for (kind, _), f in content.files.items() if kind == "order-form"), None)
    if stored is None:
        raise ApiError(404, f"Case {ref!r} has no order form.")
    url, expires_at = _link(request, state, ref, "order-form", stored.filename)
    return JSONResponse({"url": url, "filename": stored.filename, "expiresAt": expires_at})


async def misc_file_link(request: Request, state: SandboxState, args: list[str]) -> Response:
    ref, filename = args
    content = _content(request, state, ref)
    if ("misc", filename) not in content.files:
        raise ApiError(404, f"Case {ref!r} has no attachment named {filename!r}.")
    url, expires_at = _link(request, state, ref, "misc", filename)
    return JSONResponse({"url": url, "filename": filename, "expiresAt": expires_at})


async def storage(request: Request, state: SandboxState, args: list[str]) -> Response:
    ref, kind, filename = args
    meta = state.catalogue.lookup(ref)
    stored = None if meta is None else state.content(meta).files.get((kind, filename))

    def path_of_file() -> Path:
        assert stored is not None
        return state.files.path_for(stored.recipe)

    return await serve_storage(
        request,
        signature_problem=state.links.check(
            (ref, kind, filename),
            request.query_params.get("expires"),
            request.query_params.get("sig"),
        ),
        media_type=None if stored is None else media_type(stored.recipe),
        locate=lambda: run_in_threadpool(path_of_file),
        take_truncation=state.faults.take_truncation,
    )
