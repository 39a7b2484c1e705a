"""Reading a page of cases straight from the answer's bytes (``read_case_page``): the same page
as the two-step road (``read_json`` + ``parse_case_page``) for every answer, taken in one pass
only when nothing needs mending."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from tests.unit.api.conftest import wire_case
from tests.unit.api.test_client_loopback import any_sandbox, http, signed_in  # noqa: F401

from scaninbox.api import ApiClient, errors, parsing
from scaninbox.api.results import CasePage

pytestmark = pytest.mark.anyio

SERVICE = "the service"
JSON = "application/json"


def _answer(body: bytes, content_type: str = "application/json") -> httpx.Response:
    return httpx.Response(200, content=body, headers={"Content-Type": content_type})


def _page(*items: Any, total: int | None = None) -> bytes:
    count = len(items)
    envelope = {"items": list(items), "page": 1, "pageSize": max(count, 1), "total": total or count}
    return json.dumps(envelope).encode()


def _two_step(body: bytes) -> CasePage:
    return parsing.parse_case_page(parsing.read_json(_answer(body), "the list of cases", SERVICE))


async def test_a_real_page_reads_the_same_both_ways(
    http: httpx.AsyncClient,  # noqa: F811
    any_sandbox: Any,  # noqa: F811
) -> None:
    client: ApiClient = await signed_in(http, any_sandbox)
    url = f"{any_sandbox.base_url}/unified-cases"
    headers = {"Authorization": f"Bearer {client.session.token}"} if client.session else {}
    answer = await http.get(url, params={"pageSize": "100"}, headers=headers)
    answer.raise_for_status()
    fast = parsing.read_case_page(answer, SERVICE)
    assert fast.items, "the sandbox lists cases"
    assert fast == _two_step(answer.content)
    assert [c.wire_json() for c in fast.items] == [
        c.wire_json() for c in _two_step(answer.content).items
    ]


def test_the_usual_page_is_read_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_second_pass(*_args: object) -> None:
        raise AssertionError("the page was read the long way")

    monkeypatch.setattr(parsing, "read_json", no_second_pass)
    page = parsing.read_case_page(_answer(_page(wire_case("g-1"), wire_case("g-2"))), SERVICE)
    assert [c.guid for c in page.items] == ["g-1", "g-2"]
    assert (page.page, page.page_size, page.total, page.malformed) == (1, 2, 2, [])


@pytest.mark.parametrize(
    "body",
    [
        _page(wire_case("g-1"), {**wire_case("g-2"), "id": -5}),  # one unreadable case
        _page(wire_case("g-1", remark="M\ud800ller")),  # a lone surrogate, escaped
        '{"items": [{"guid": "g-1", "organizationGuid": null, "status": "new", '
        '"acceptedData": {"remark": "M\ud800ller"}}], "page": 1, "pageSize": 1, "total": 1}'.encode(
            "utf-8", "surrogatepass"
        ),  # raw
        b'{"items": [], "page": 1, "pageSize": 100, "total": 0, "extra": NaN}',
    ],
    ids=["malformed-case", "escaped-surrogate", "raw-surrogate", "nan"],
)
def test_pages_that_need_the_long_way_read_as_they_always_did(body: bytes) -> None:
    page = parsing.read_case_page(_answer(body), SERVICE)
    assert page == _two_step(body)
    assert all(
        "\ud800" not in (c.accepted_data.remark or "") for c in page.items if c.accepted_data
    )


def test_a_mended_surrogate_reads_as_the_replacement_character() -> None:
    page = parsing.read_case_page(_answer(_page(wire_case("g-1", remark="M\ud800ller"))), SERVICE)
    (case,) = page.items
    assert case.accepted_data is not None
    assert case.accepted_data.remark == "M\ufffdller"


def test_an_unreadable_case_sinks_only_itself() -> None:
    body = _page(wire_case("g-1"), {**wire_case("g-2"), "id": -5}, wire_case("g-3"))
    page = parsing.read_case_page(_answer(body), SERVICE)
    assert [c.guid for c in page.items] == ["g-1", "g-3"]
    (bad,) = page.malformed
    assert (bad.index, bad.field) == (1, "id")


@pytest.mark.parametrize(
    ("body", "content_type", "message"),
    [
        (b"<html>sign in</html>", "text/html", "as text/html instead of JSON"),
        (b"{not json", JSON, "not valid JSON"),
        (b"[" * 100_000 + b"]" * 100_000, JSON, "nested too deeply"),
        (
            b'{"items": [], "page": 0, "pageSize": 100, "total": 0}',
            "application/json",
            "impossible",
        ),
        (
            b'{"items": [], "page": 1, "pageSize": 100, "total": -1}',
            "application/json",
            "impossible",
        ),
        (b'{"items": {}, "page": 1, "pageSize": 100, "total": 0}', "application/json", "items"),
    ],
    ids=["html", "not-json", "deep", "page-0", "negative-total", "items-not-a-list"],
)
def test_a_bad_answer_is_a_plain_protocol_error(
    body: bytes, content_type: str, message: str
) -> None:
    with pytest.raises(errors.ProtocolError, match=message):
        parsing.read_case_page(_answer(body, content_type), SERVICE)


@pytest.mark.parametrize(
    ("listed", "names"),
    [
        ([{"filename": "a.pdf"}, {"name": "b.jpg"}], ["a.pdf", "b.jpg"]),  # objects only
        ([{"filename": "a.pdf"}, "b.jpg"], ["a.pdf", "b.jpg"]),  # a bare name among them
        (["b.jpg"], ["b.jpg"]),
        ([], []),
    ],
    ids=["objects", "mixed", "names", "empty"],
)
def test_attachments_read_the_same_whether_listed_as_objects_or_names(
    listed: list[Any], names: list[str]
) -> None:
    """Lists of objects skip the per-entry step that turns a bare name into an object."""
    body = _page(wire_case("g-1", miscellaneousFiles=listed))
    for page in (parsing.read_case_page(_answer(body), SERVICE), _two_step(body)):
        (case,) = page.items
        assert case.accepted_data is not None
        misc = case.accepted_data.miscellaneous_files or []
        assert [m.filename for m in misc] == names


def test_an_attachment_that_is_neither_object_nor_name_sinks_only_its_case() -> None:
    body = _page(wire_case("g-1", miscellaneousFiles=[{"filename": "a.pdf"}, 7]), wire_case("g-2"))
    page = parsing.read_case_page(_answer(body), SERVICE)
    assert [c.guid for c in page.items] == ["g-2"]
    (bad,) = page.malformed
    assert (bad.index, bad.field) == (0, "acceptedData.miscellaneousFiles.1")
