"""The synthetic data set: deterministic, realistic, and exercising the spec's tolerance."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from scaninbox.sandbox import SandboxServer
from scaninbox.sandbox.case_content import (
    MOSTLY_NULL_INDEX,
    NO_ORDER_FORM_INDEX,
    NULL_DATA_INDEX,
)
from tests.sandbox.helpers import all_cases, client_for, login

FIXED_DAY = date(2026, 3, 2)


@pytest.fixture(scope="module")
def demo_cases(sandbox: SandboxServer) -> list[dict[str, Any]]:
    with client_for(sandbox) as client:
        return all_cases(client, login(client))


def test_same_seed_and_day_give_identical_json(make_sandbox: Any) -> None:
    first = make_sandbox(seed=11, today=FIXED_DAY)
    second = make_sandbox(seed=11, today=FIXED_DAY)
    third = make_sandbox(seed=12, today=FIXED_DAY)
    documents = []
    for server in (first, second, third):
        with client_for(server) as client:
            documents.append(all_cases(client, login(client)))
    assert documents[0] == documents[1]
    assert documents[0] != documents[2]


def test_cases_spread_over_the_last_90_days(demo_cases: list[dict[str, Any]]) -> None:
    today = datetime.now(UTC).date()
    days = {
        datetime.fromisoformat(c["acceptedData"]["receivedDate"].replace("Z", "+00:00")).date()
        for c in demo_cases
        if c["acceptedData"]
    }
    assert min(days) >= today - timedelta(days=91)
    assert max(days) < today
    assert max(days) - min(days) > timedelta(days=60)
    assert len(days) > 30


def test_awkward_cases_are_where_documented(
    sandbox: SandboxServer, demo_cases: list[dict[str, Any]]
) -> None:
    assert [c["guid"] for c in demo_cases] == sandbox.control.case_refs()
    assert demo_cases[NULL_DATA_INDEX]["acceptedData"] is None
    sparse = demo_cases[MOSTLY_NULL_INDEX]["acceptedData"]
    assert sparse["patient"] is None
    assert sparse["administrative"] is None
    assert sparse["scanFiles"][0]["fileType"] is None
    assert all(v is None for v in sparse["worktypes"][0].values())
    no_form = demo_cases[NO_ORDER_FORM_INDEX]["acceptedData"]
    assert no_form["orderForm"] is None
    assert "miscellaneousFiles" not in no_form


def test_tolerance_is_exercised_without_breaking_the_spec(demo_cases: list[dict[str, Any]]) -> None:
    data = [c["acceptedData"] for c in demo_cases if c["acceptedData"]]
    spans = [w for d in data for w in d.get("worktypes") or [] if w.get("from") is not None]
    assert any(isinstance(w["from"], str) for w in spans)
    assert any(isinstance(w["from"], int) for w in spans)
    for w in spans:  # strings are decimal digits without leading zeros
        assert str(w["from"]).isdigit()
        assert not str(w["from"]).startswith("0")
    assert any("sentTo" not in d or "referenceNo" not in (d.get("patient") or {}) for d in data)
    assert any(d.get("remark") == "" for d in data)
    assert any("portalMetadata" in d for d in data)
    assert any("processingHints" in c for c in demo_cases)
    assert any("uid" in d for d in data)
    for d in data:
        admin = d.get("administrative")
        if admin is not None:
            assert set(admin) == {"priority", "remake", "additionalInfo", "contactRequired"}
            assert all(isinstance(v, bool) for v in admin.values())
        assert d.get("miscellaneousFiles") != []  # omitted when there are none


def test_content_is_varied_and_realistic(demo_cases: list[dict[str, Any]]) -> None:
    data = [
        c["acceptedData"] for c in demo_cases if c["acceptedData"] and c["acceptedData"]["patient"]
    ]
    worktypes = [w for d in data for w in d["worktypes"]]
    assert {w["categoryId"] for w in worktypes} == {
        "Fixed",
        "Removable",
        "Appliance",
        "Orthodontics",
    }
    assert {"Crown", "Bridge", "Veneer", "Inlay", "ImplantCrown"} <= {
        w["restorationTypeId"] for w in worktypes
    }
    assert len({d["source"] for d in data}) == 6
    assert len({d["customer"]["clinic"]["country"] for d in data}) >= 6
    names = "".join(d["patient"]["fullName"] for d in data)
    assert not names.isascii()
    assert {d["patient"]["gender"] for d in data} == {"M", "F"}
    scan_types = {s["type"] for d in data for s in d["scanFiles"]}
    assert {"preparationScan", "biteScan"} <= scan_types
    assert len(scan_types) >= 4
    assert {s["fileType"] for d in data for s in d["scanFiles"]} == {"stl", "ply", "preview"}
    assert any(d["administrative"]["priority"] for d in data)
    overdue = [d for d in data if d["deliveryDate"] < datetime.now(UTC).date().isoformat()]
    assert overdue
    for d in data:
        date.fromisoformat(d["patient"]["dateOfBirth"])
        assert d["patient"]["gender"] in ("M", "F")


def test_other_organisation_is_orthodontic(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        cases = all_cases(client, login(client, other=True))
    types = {
        c["acceptedData"]["organizationType"]
        for c in cases
        if c["acceptedData"] and c["acceptedData"]["organizationType"]
    }
    assert types == {"Orthodontics"}


def test_a_hundred_thousand_cases_serve_their_last_page(make_sandbox: Any) -> None:
    # The catalogue is generated lazily; how long that takes is a benchmark's question, not a
    # test's: a timed assertion measures how busy the test machine is.
    server = make_sandbox(cases=100_000)
    with client_for(server) as client:
        headers = login(client)
        last = client.get(
            "/unified-cases", headers=headers, params={"page": 1000, "pageSize": 100}
        ).json()
    assert last["total"] == 100_000
    assert len(last["items"]) == 100
