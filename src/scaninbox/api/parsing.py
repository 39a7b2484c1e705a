"""Reading the service's JSON into wire models, with errors that say which member was wrong.

A listing is read in two steps: the envelope (``items``, ``page``, ``pageSize``, ``total``) must be
right, then each case is read on its own, so one case a portal filled badly does not hide the
others; it becomes a ``MalformedCase`` and a warning in the log.

The usual page — valid JSON, every case readable, no lone surrogate — is read straight from the
answer's bytes by pydantic-core (``read_case_page``): one pass in Rust instead of ``json.loads``
plus validating Python objects, about a third of a first sync's parsing CPU. pydantic-core's JSON
reader refuses a lone surrogate, so any page that needs mending or holds an unreadable case takes
the two-step road above and comes out exactly as it always did.

A sync reads its pages into plain dicts instead (``read_case_dict_page``, the wire models'
rules mirrored by `scaninbox.api.wire_dicts`): the same two roads, the same cases accepted and
the same ones set aside, in about half the CPU.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from typing import Any, TypeVar

import httpx
from pydantic import BaseModel, TypeAdapter, ValidationError

from scaninbox.api.errors import ProtocolError, ServiceError, capital, error_for_status
from scaninbox.api.results import CaseDictPage, CasePage, MalformedCase
from scaninbox.api.wire import CASE_DICTS, Int32, PagedEnvelope, ProblemDetails, UnifiedCase
from scaninbox.api.wire_base import WireModel
from scaninbox.api.wire_dicts import typed_dict_of
from scaninbox.language import translate

__all__ = [
    "describe_validation_error",
    "parse_case_dict_page",
    "parse_case_page",
    "parse_model",
    "parse_model_list",
    "problem_of",
    "read_case_dict_page",
    "read_case_page",
    "read_json",
    "scrub_surrogates",
    "service_error",
]

_log = logging.getLogger(__name__)
_Model = TypeVar("_Model", bound=BaseModel)
# A body that may hold a lone UTF-16 surrogate: a \uD800-\uDFFF escape, or one encoded raw
# (json.loads reads bytes with "surrogatepass"). Such a string cannot be written as UTF-8 (to
# SQLite, a file name, the terminal), so it is replaced before anything else sees it.
_SURROGATE_IN_BODY = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")
_LONE_SURROGATE = re.compile("[\\ud800-\\udfff]")


def describe_validation_error(exc: ValidationError) -> tuple[str, str]:
    """(member path, reason) of the first problem, e.g. ``("acceptedData.worktypes.0.from", …)``."""
    errors = exc.errors(include_url=False, include_input=False)
    if not errors:
        return "", "unreadable"
    first = errors[0]
    path = ".".join(str(part) for part in first["loc"])
    reason = str(first["msg"]).removeprefix("Value error, ")
    if len(errors) > 1:
        # pydantic's reason stays as pydantic words it: it names the rule for support.
        reason = translate(
            "ApiError", "{reason} (and %n more problem(s))", None, len(errors) - 1
        ).format(reason=reason)
    return path, reason


def parse_model(model: type[_Model], payload: Any, what: str) -> _Model:
    """``payload`` as ``model``; ProtocolError naming ``what`` and the bad member otherwise."""
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        raise _protocol_error(exc, what) from None


def parse_model_list(model: type[_Model], payload: Any, what: str) -> list[_Model]:
    try:
        return _list_adapter(model).validate_python(payload)
    except ValidationError as exc:
        raise _protocol_error(exc, what) from None


class _ReadablePage(WireModel):
    """A page whose every case is readable: what ``read_case_page`` tries first."""

    items: list[UnifiedCase]
    page: Int32
    page_size: Int32
    total: Int32


def listing_what() -> str:
    """The list of cases as messages name it, in the language of the moment."""
    return translate("ApiWhat", "the list of cases")


def read_case_page(response: httpx.Response, service_name: str) -> CasePage:
    """The page of cases a successful answer holds (see the module docstring): read from its
    bytes in one pass when it is the usual page, else as ``read_json`` + ``parse_case_page``."""
    _check_json_type(response, listing_what(), service_name)
    try:
        page = _ReadablePage.model_validate_json(response.content)
    except ValidationError:  # not JSON, a lone surrogate, an unreadable case: the long way
        return parse_case_page(read_json(response, listing_what(), service_name))
    _check_envelope(page.page, page.page_size, page.total)
    return CasePage(
        items=page.items,
        page=page.page,
        page_size=page.page_size,
        total=page.total,
        malformed=[],
    )


def _check_envelope(page: int, page_size: int, total: int) -> None:
    if page_size < 1 or page < 1 or total < 0:
        raise ProtocolError(
            translate(
                "ApiError",
                "The service sent an impossible page (page {page}, page size {page_size}, "
                "total {total})",
            ).format(page=page, page_size=page_size, total=total)
        )


def parse_case_page(payload: Any) -> CasePage:
    """A page of cases; unreadable cases are set aside in ``malformed`` (and logged)."""
    page, items, malformed = _parse_page(
        payload, _list_adapter(UnifiedCase).validate_python, UnifiedCase.model_validate
    )
    return CasePage(items, page.page, page.page_size, page.total, malformed)


# The usual page of a sync, every case readable, as dicts: the wire page model mirrored.
_READABLE_DICT_PAGE: TypeAdapter[dict[str, Any]] = TypeAdapter(typed_dict_of(_ReadablePage))
_CASE_DICT_LIST: TypeAdapter[list[dict[str, Any]]] = TypeAdapter(
    list[typed_dict_of(UnifiedCase)]  # type: ignore[misc,arg-type]
)


def read_case_dict_page(response: httpx.Response, service_name: str) -> CaseDictPage:
    """``read_case_page`` with the cases read into dicts (``scaninbox.api.wire.CASE_DICTS``)."""
    _check_json_type(response, listing_what(), service_name)
    try:
        page = _READABLE_DICT_PAGE.validate_json(response.content)
    except ValidationError:  # not JSON, a lone surrogate, an unreadable case: the long way
        return parse_case_dict_page(read_json(response, listing_what(), service_name))
    _check_envelope(page["page"], page["page_size"], page["total"])
    return CaseDictPage(page["items"], page["page"], page["page_size"], page["total"], [])


def parse_case_dict_page(payload: Any) -> CaseDictPage:
    """``parse_case_page`` with the cases read into dicts."""
    page, items, malformed = _parse_page(
        payload, _CASE_DICT_LIST.validate_python, CASE_DICTS.validate_python
    )
    return CaseDictPage(items, page.page, page.page_size, page.total, malformed)


_Case = TypeVar("_Case")


def _parse_page(
    payload: Any,
    read_all: Callable[[Any], list[_Case]],
    read_one: Callable[[Any], _Case],
) -> tuple[PagedEnvelope, list[_Case], list[MalformedCase]]:
    """The envelope, the readable cases and the unreadable ones (logged) of a page."""
    envelope = parse_model(PagedEnvelope, payload, listing_what())
    _check_envelope(envelope.page, envelope.page_size, envelope.total)
    try:  # the usual page, every case readable: one call for them all (less CPU)
        return envelope, read_all(envelope.items), []
    except ValidationError:
        pass  # then case by case, to keep the readable ones and say what is wrong
    items: list[_Case] = []
    malformed: list[MalformedCase] = []
    for index, raw in enumerate(envelope.items):
        try:
            items.append(read_one(raw))
        except ValidationError as exc:
            member, reason = describe_validation_error(exc)
            bad = MalformedCase(index=index, ref=_readable_ref(raw), field=member, reason=reason)
            _log.warning("page %d: %s", envelope.page, bad)
            malformed.append(bad)
    return envelope, items, malformed


@functools.cache
def _list_adapter(model: type[_Model]) -> TypeAdapter[list[_Model]]:
    return TypeAdapter(list[model])  # type: ignore[valid-type]


def _readable_ref(raw: object) -> str | None:
    if not isinstance(raw, dict):
        return None
    for key in ("id", "guid"):
        value = raw.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()[:100]
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
    return None


def _protocol_error(exc: ValidationError, what: str) -> ProtocolError:
    member, reason = describe_validation_error(exc)
    detail = f"{member}: {reason}" if member else reason
    return ProtocolError(
        translate(
            "ApiError", "The service sent {what} in a form this program cannot read ({detail})"
        ).format(what=what, detail=detail)
    )


def read_json(response: httpx.Response, what: str, service_name: str) -> Any:
    """The JSON body of a successful answer; ProtocolError when it is something else."""
    _check_json_type(response, what, service_name)
    try:
        payload = response.json()
    except ValueError:
        raise ProtocolError(
            translate("ApiError", "The service sent {what} that is not valid JSON").format(
                what=what
            )
        ) from None
    except RecursionError:
        raise ProtocolError(
            translate("ApiError", "The service sent {what} nested too deeply to read").format(
                what=what
            )
        ) from None
    return _scrubbed(response, payload)


def _check_json_type(response: httpx.Response, what: str, service_name: str) -> None:
    content_type = response.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type and content_type != "application/json" and not content_type.endswith("+json"):
        raise ProtocolError(
            capital(
                translate(
                    "ApiError",
                    "{service} sent {what} as {content_type} instead of JSON; is the service "
                    "address right?",
                ).format(service=service_name, what=what, content_type=content_type)
            )
        )


def _scrubbed(response: httpx.Response, payload: Any) -> Any:
    if _SURROGATE_IN_BODY.search(response.content) is None:
        return payload  # the common case: one scan of the bytes, no walk
    return scrub_surrogates(payload)


def scrub_surrogates(payload: Any) -> Any:
    """``payload`` (parsed JSON) with every lone surrogate in its strings and member names
    replaced by U+FFFD, in place. Iterative: a deeply nested answer cannot exhaust the stack."""
    if isinstance(payload, str):
        return _LONE_SURROGATE.sub("\ufffd", payload)
    pending = [payload]
    while pending:
        node = pending.pop()
        if isinstance(node, list):
            for i, item in enumerate(node):
                if isinstance(item, str):
                    node[i] = _LONE_SURROGATE.sub("\ufffd", item)
                elif isinstance(item, list | dict):
                    pending.append(item)
        elif isinstance(node, dict):
            for key, item in list(node.items()):
                value = _LONE_SURROGATE.sub("\ufffd", item) if isinstance(item, str) else item
                if isinstance(value, list | dict):
                    pending.append(value)
                clean = _LONE_SURROGATE.sub("\ufffd", key)
                if clean != key:
                    del node[key]
                node[clean] = value
    return payload


def service_error(response: httpx.Response) -> ServiceError:
    """The error for an error status, with the ProblemDetails body when there is one."""
    return error_for_status(response.status_code, problem_of(response))


def problem_of(response: httpx.Response) -> ProblemDetails | None:
    if "json" not in response.headers.get("content-type", ""):
        return None
    try:
        return ProblemDetails.model_validate(_scrubbed(response, response.json()))
    except (ValueError, RecursionError):  # pydantic's ValidationError, JSON errors
        return None
