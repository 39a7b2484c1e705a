"""GET /unified-cases and GET /unified-cases/{ref}: paging, filters, order and isolation."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest

from scaninbox.sandbox import SandboxServer
from tests.sandbox.helpers import all_cases, assert_problem, case_ref, client_for, login


def received_day(case: dict[str, Any]) -> date | None:
    data = case["acceptedData"]
    if not data or not data.get("receivedDate"):
        return None
    return datetime.fromisoformat(data["receivedDate"].replace("Z", "+00:00")).date()


def test_defaults_are_page_1_of_20(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        body = client.get("/unified-cases", headers=login(client)).json()
    assert (body["page"], body["pageSize"], body["total"]) == (1, 20, 60)
    assert len(body["items"]) == 20
    assert set(body) == {"items", "page", "pageSize", "total"}


def test_page_size_is_clamped_to_100_and_echoed(make_sandbox: Any) -> None:
    server = make_sandbox(cases=150)
    with client_for(server) as client:
        body = client.get("/unified-cases", headers=login(client), params={"pageSize": 500}).json()
    assert body["pageSize"] == 100
    assert len(body["items"]) == 100
    assert body["total"] == 150


def test_pages_cover_every_case_once_in_order(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        headers = login(client)
        pages = [
            client.get("/unified-cases", headers=headers, params={"page": p, "pageSize": 7}).json()
            for p in range(1, 11)
        ]
    refs = [case_ref(c) for page in pages for c in page["items"]]
    assert refs == sandbox.control.case_refs()
    assert pages[-1]["items"] == []
    assert pages[-1]["total"] == 60
    times = [
        str(c["acceptedData"]["receivedDate"])
        for page in pages
        for c in page["items"]
        if received_day(c)
    ]
    assert times == sorted(times, reverse=True)  # ISO 8601 UTC strings sort by time


@pytest.mark.parametrize(
    "params",
    [
        {"page": "0"},
        {"page": "-1"},
        {"page": "one"},
        {"page": "1.5"},
        {"pageSize": "0"},
        {"pageSize": ""},
        {"pageSize": "99999999999"},
        {"from": "2026-13-01"},
        {"from": "01.02.2026"},
        {"to": "2026-2-1"},
        {"from": "2026-03-02", "to": "2026-03-01"},
        {"status": "done"},
        {"status": "NEW"},
    ],
)
def test_invalid_query_parameters_are_400(sandbox: SandboxServer, params: dict[str, str]) -> None:
    with client_for(sandbox) as client:
        response = client.get("/unified-cases", headers=login(client), params=params)
    problem = assert_problem(response, 400)
    assert next(iter(params)) in problem["detail"]


def test_a_parameter_given_twice_is_400(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        response = client.get("/unified-cases?page=1&page=2", headers=login(client))
    assert_problem(response, 400)


def test_status_filter(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        headers = login(client)
        everything = all_cases(client, headers)
        new = all_cases(client, headers, status="new")
        accepted = all_cases(client, headers, status="accepted")
    assert {c["status"] for c in new} == {"new"}
    assert {c["status"] for c in accepted} == {"accepted"}
    assert len(new) + len(accepted) == len(everything) == 60
    assert new
    assert accepted


def test_date_filters_are_inclusive_utc_days(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        headers = login(client)
        everything = all_cases(client, headers)
        days = [received_day(c) for c in everything]
        # Days next to a case without a visible date are ambiguous; test the others.
        unclear = {
            d
            for i, d in enumerate(days)
            if days[i] is None
            for d in (days[i - 1] if i else None, days[i + 1] if i + 1 < len(days) else None)
        }
        candidates = sorted({d for d in days if d is not None} - unclear)
        day, later = candidates[1], candidates[-2]
        one_day = all_cases(client, headers, **{"from": day.isoformat(), "to": day.isoformat()})
        since = all_cases(client, headers, **{"from": later.isoformat()})
        until = client.get("/unified-cases", headers=headers, params={"to": day.isoformat()}).json()
    assert one_day
    assert all(received_day(c) == day for c in one_day)
    assert len(one_day) == days.count(day)
    assert len(since) == sum(1 for d in days if d is not None and d >= later)
    assert until["total"] == sum(1 for d in days if d is not None and d <= day)


def test_organisations_see_only_their_own_cases(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        demo_headers, other_headers = login(client), login(client, other=True)
        demo = all_cases(client, demo_headers)
        other = all_cases(client, other_headers)
        demo_ref = case_ref(demo[0])
        forbidden = client.get(f"/unified-cases/{demo_ref}", headers=other_headers)
        forbidden_link = client.get(f"/unified-cases/{demo_ref}/order-form", headers=other_headers)
        own = client.get(f"/unified-cases/{demo_ref}", headers=demo_headers)
    assert len(other) == 15
    assert {c["organizationGuid"] for c in demo}.isdisjoint(c["organizationGuid"] for c in other)
    assert [case_ref(c) for c in other] == sandbox.control.case_refs(org="other")
    assert_problem(forbidden, 403)
    assert_problem(forbidden_link, 403)
    assert own.status_code == 200
    assert own.json() == demo[0]


def test_unknown_case_is_404(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        headers = login(client)
        for ref in ("00000000-0000-4000-8000-000000000000", "1000001", "%2E%2E"):
            assert_problem(client.get(f"/unified-cases/{ref}", headers=headers), 404)


def test_variant_list_ignores_status_and_uses_numeric_ids(sandbox_variant: SandboxServer) -> None:
    with client_for(sandbox_variant) as client:
        headers = login(client)
        plain = client.get("/unified-cases", headers=headers, params={"pageSize": 100}).json()
        filtered = client.get(
            "/unified-cases", headers=headers, params={"pageSize": 100, "status": "anything"}
        ).json()
        first = plain["items"][0]
        by_id = client.get(f"/unified-cases/{first['id']}", headers=headers)
        by_guid = client.get(f"/unified-cases/{first['guid']}", headers=headers)
    assert filtered == plain
    assert plain["total"] == 60
    assert by_id.status_code == 200
    assert by_id.json() == first
    assert_problem(by_guid, 404)
    assert [str(c["id"]) for c in plain["items"]] == sandbox_variant.control.case_refs()
