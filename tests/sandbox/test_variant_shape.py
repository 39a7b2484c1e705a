"""The variant case shape (spec 2.21 and section 3): extra members, numeric ids, bite jaws."""

from __future__ import annotations

from typing import Any

import pytest

from scaninbox.sandbox import SandboxServer
from tests.sandbox.helpers import all_cases, assert_problem, client_for, login, scan_link
from tests.spec_members import SPEC_CASE_MEMBERS, VARIANT_MEMBERS


@pytest.fixture(scope="module")
def variant_cases(sandbox_variant: SandboxServer) -> list[dict[str, Any]]:
    with client_for(sandbox_variant) as client:
        return all_cases(client, login(client))


def test_every_case_has_the_variant_members(variant_cases: list[dict[str, Any]]) -> None:
    for case in variant_cases:
        assert set(case) >= VARIANT_MEMBERS | SPEC_CASE_MEMBERS
        assert isinstance(case["id"], int)
        assert isinstance(case["organizationId"], int)
        assert isinstance(case["portalId"], int)
        assert isinstance(case["configuredPortalId"], int)
        assert case["createdAt"].endswith("Z")
        assert case["completenessStatus"] in ("complete", "incomplete")
        assert case["infoRequestStatus"] in ("none", "requested", "received")
    assert len({c["id"] for c in variant_cases}) == len(variant_cases)


def test_variant_statuses_go_beyond_new_and_accepted(variant_cases: list[dict[str, Any]]) -> None:
    statuses = {c["status"] for c in variant_cases}
    allowed = {"new", "accepted", "rejected", "in_production", "complete", "cancelled"}
    assert statuses <= allowed
    assert len(statuses) >= 4


def test_guid_shape_has_no_variant_members(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        cases = all_cases(client, login(client))
    for case in cases:
        assert not VARIANT_MEMBERS & set(case)
        assert case["status"] in ("new", "accepted")


def test_bite_scans_have_jaw_bite_in_the_variant_and_none_otherwise(
    sandbox: SandboxServer, variant_cases: list[dict[str, Any]]
) -> None:
    def bite_jaws(cases: list[dict[str, Any]]) -> set[str]:
        return {
            s["jaw"]
            for c in cases
            for s in ((c["acceptedData"] or {}).get("scanFiles") or [])
            if s["type"] == "biteScan"
        }

    with client_for(sandbox) as client:
        guid_cases = all_cases(client, login(client))
    assert bite_jaws(variant_cases) == {"bite"}
    assert bite_jaws(guid_cases) == {"none"}


def test_variant_paths_use_the_numeric_id(
    sandbox_variant: SandboxServer, variant_cases: list[dict[str, Any]]
) -> None:
    case = next(
        c for c in variant_cases if c["acceptedData"] and c["acceptedData"].get("scanFiles")
    )
    scan = case["acceptedData"]["scanFiles"][0]
    with client_for(sandbox_variant) as client:
        headers = login(client)
        link = scan_link(client, headers, str(case["id"]), scan)
        by_guid = client.get(
            f"/unified-cases/{case['guid']}/files/x.stl",
            headers=headers,
            params={"fileType": "stl"},
        )
        other = client.get(f"/unified-cases/{case['id']}", headers=login(client, other=True))
    assert link["url"].startswith(f"{sandbox_variant.base_url}/storage/{case['id']}/")
    assert_problem(by_guid, 404)
    assert_problem(other, 403)


def test_variant_portal_listings(sandbox_variant: SandboxServer) -> None:
    with client_for(sandbox_variant) as client:
        headers = login(client)
        ios = client.get("/portals/ios", headers=headers).json()
        configured = client.get("/portals/configured", headers=headers).json()
        me = client.get("/me", headers=headers).json()
    assert all("axisMaping" in p and "axisMapping" not in p for p in ios)
    expected = {"id", "displayName", "username", "lastFetch", "portalName"}
    assert all(set(p) == expected for p in configured)
    assert all(set(p) == expected for p in me["portals"])
