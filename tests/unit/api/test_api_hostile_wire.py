"""Hostile answers at the wire boundary: date-times the client cannot hold, lone surrogates,
negative ids and absurd nesting become plain errors (or mended text), never a crash."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest
from pydantic import ValidationError
from tests.unit.api.conftest import json_response, wire_case

from scaninbox.api import errors
from scaninbox.api.parsing import parse_case_page, read_json, scrub_surrogates
from scaninbox.api.wire import UnifiedCase, parse_wire_datetime

pytestmark = pytest.mark.anyio

EXTREMES = ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+23:59", "0001-01-01T00:00:00Z"]


@pytest.mark.parametrize("text", EXTREMES)
def test_a_date_time_outside_what_the_client_holds_is_a_plain_value_error(text: str) -> None:
    with pytest.raises(ValueError, match=r"outside the years 2-9998"):
        parse_wire_datetime(text)


def test_date_times_are_held_in_utc() -> None:
    moment = parse_wire_datetime("2026-03-01T23:30:00-02:00")
    assert moment == datetime(2026, 3, 2, 1, 30, tzinfo=UTC)
    assert moment.utcoffset() is not None
    assert moment.astimezone().year == 2026  # local time can always be computed


@pytest.mark.parametrize("text", EXTREMES[:2])
async def test_a_sign_in_answer_expiring_out_of_range_is_a_protocol_error(
    harness_factory, text: str
) -> None:
    h = harness_factory(lambda r: json_response({"token": "t.o.k", "expiresAt": text}))
    with pytest.raises(errors.ProtocolError, match=r"expiresAt: .* outside the years"):
        await h.client.login("a@b.test", "pw")
    assert h.client.session is None


def test_a_negative_variant_id_makes_the_case_malformed_not_the_page() -> None:
    good = {**wire_case("g-1"), "id": 7}
    bad = {**wire_case("g-2"), "id": -5}
    page = parse_case_page({"items": [good, bad], "page": 1, "pageSize": 2, "total": 2})
    assert [c.id for c in page.items] == [7]
    (malformed,) = page.malformed
    assert malformed.field == "id"
    assert "-5 cannot name a case" in malformed.reason
    with pytest.raises(ValidationError):
        UnifiedCase.model_validate(bad)


def _answer(body: bytes) -> httpx.Response:
    return httpx.Response(200, content=body, headers={"Content-Type": "application/json"})


@pytest.mark.parametrize(
    "body",
    [
        b'{"name": "M\\ud800ller", "list": ["\\udfff", {"\\ud800key": "x"}]}',
        '{"name": "M\ud800ller", "list": ["\udfff", {"\ud800key": "x"}]}'.encode(
            "utf-8", "surrogatepass"
        ),  # raw, not escaped: json.loads reads bytes with "surrogatepass"
    ],
    ids=["escaped", "raw"],
)
def test_lone_surrogates_are_replaced_where_the_answer_is_read(body: bytes) -> None:
    payload = read_json(_answer(body), "a case", "the service")
    assert payload == {"name": "M\ufffdller", "list": ["\ufffd", {"\ufffdkey": "x"}]}
    assert str(payload).encode("utf-8")  # now writable anywhere


def test_a_surrogate_pair_is_a_character_and_stays() -> None:
    payload = read_json(_answer(b'{"smile": "\\ud83d\\ude00"}'), "a case", "the service")
    assert payload == {"smile": "\U0001f600"}


def test_scrubbing_does_not_recurse() -> None:
    deep: list[object] = []
    node = deep
    for _ in range(100_000):
        child: list[object] = []
        node.append(child)
        node = child
    node.append("\ud800")
    scrub_surrogates(deep)
    assert node == ["\ufffd"]


@pytest.mark.parametrize(
    "body", [b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 100_000 + b"1" + b"}" * 100_000]
)
def test_json_nested_100k_deep_is_a_protocol_error(body: bytes) -> None:
    with pytest.raises(errors.ProtocolError, match="nested too deeply"):
        read_json(_answer(body), "the list of cases", "the service")
