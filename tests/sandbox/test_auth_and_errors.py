"""Sign-in, bearer tokens and the problem+json answers of the sandbox (raw httpx)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from scaninbox.sandbox import DEMO_ACCOUNT, SandboxServer
from tests.sandbox.helpers import assert_problem, client_for, login

AUTHENTICATED = [
    ("GET", "/me"),
    ("GET", "/unified-cases"),
    ("GET", "/unified-cases/abc"),
    ("GET", "/unified-cases/abc/files/x.stl?fileType=stl"),
    ("GET", "/unified-cases/abc/order-form"),
    ("GET", "/unified-cases/abc/miscellaneous-files/x.jpg"),
    ("GET", "/portals/ios"),
    ("GET", "/portals/configured"),
]


def test_login_returns_a_jwt_and_its_expiry_in_utc(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        before = datetime.now(UTC)
        response = client.post(
            "/auth/login", json={"email": DEMO_ACCOUNT.email, "password": DEMO_ACCOUNT.password}
        )
    assert response.status_code == 200
    body = response.json()
    assert body["token"].count(".") == 2  # header.payload.signature
    assert body["expiresAt"].endswith("Z")
    expires = datetime.fromisoformat(body["expiresAt"].replace("Z", "+00:00"))
    assert timedelta(hours=7, minutes=59) < expires - before <= timedelta(hours=8, seconds=1)


def test_login_ignores_the_case_of_the_email(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        response = client.post(
            "/auth/login", json={"email": DEMO_ACCOUNT.email.upper(), "password": "demo"}
        )
    assert response.status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        {"email": DEMO_ACCOUNT.email, "password": "wrong"},
        {"email": "nobody@scaninbox.test", "password": "demo"},
    ],
)
def test_failed_login_is_401_problem(sandbox: SandboxServer, body: dict[str, str]) -> None:
    with client_for(sandbox) as client:
        problem = assert_problem(client.post("/auth/login", json=body), 401)
    assert problem["instance"] == "/auth/login"


@pytest.mark.parametrize("content", [b"not json", b"[1, 2]", b'{"email": "x"}'])
def test_malformed_login_body_is_400(sandbox: SandboxServer, content: bytes) -> None:
    with client_for(sandbox) as client:
        response = client.post(
            "/auth/login", content=content, headers={"Content-Type": "application/json"}
        )
    assert_problem(response, 400)


@pytest.mark.parametrize(("method", "path"), AUTHENTICATED)
def test_every_endpoint_but_login_needs_a_token(
    sandbox: SandboxServer, method: str, path: str
) -> None:
    with client_for(sandbox) as client:
        response = client.request(method, path)
        garbage = client.request(method, path, headers={"Authorization": "Bearer not.a.jwt"})
        wrong_scheme = client.request(method, path, headers={"Authorization": "Basic ZGVtbzpkZW1v"})
    for answer in (response, garbage, wrong_scheme):
        assert_problem(answer, 401)
        assert answer.headers["www-authenticate"].startswith("Bearer")


def test_a_token_from_another_server_is_rejected(
    sandbox: SandboxServer, sandbox_variant: SandboxServer
) -> None:
    with client_for(sandbox_variant) as client:
        foreign = login(client)
    with client_for(sandbox) as client:
        assert_problem(client.get("/me", headers=foreign), 401)


def test_expired_token_is_401(make_sandbox: Any) -> None:
    server = make_sandbox(token_ttl_s=0.0)
    with client_for(server) as client:
        headers = login(client)
        problem = assert_problem(client.get("/me", headers=headers), 401)
    assert "expired" in problem["detail"]


def test_unknown_route_and_wrong_method_are_problems(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        assert_problem(client.get("/nothing/here"), 404)
        assert_problem(client.get("/"), 404)
        assert_problem(client.get("/me/"), 404)
        wrong = assert_problem(client.get("/auth/login"), 405)
        deleting = client.delete("/unified-cases")
    assert wrong["detail"]
    assert_problem(deleting, 405)
    assert deleting.headers["allow"] == "GET, HEAD"


def test_me_describes_user_organisation_and_portals(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        me = client.get("/me", headers=login(client)).json()
        other = client.get("/me", headers=login(client, other=True)).json()
    assert me["email"] == DEMO_ACCOUNT.email
    assert me["name"]
    assert me["role"]
    (organisation,) = me["organizations"]
    assert organisation["name"] == "Demo Dental Laboratory"
    assert organisation["type"] == "Dental"
    assert set(organisation) == {
        "guid",
        "name",
        "shortname",
        "cultureInfo",
        "type",
        "parentGuid",
        "cluster",
    }
    assert len(me["portals"]) == 6
    assert other["organizations"][0]["type"] == "Orthodontics"
    assert other["organizations"][0]["guid"] != organisation["guid"]
    assert other["organizations"][0]["cluster"] == "2"  # int32 as a string of digits


def test_ios_portals_declare_distinct_proper_rotations(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        portals = client.get("/portals/ios", headers=login(client)).json()
    assert len(portals) == 6
    assert {p["name"] for p in portals} >= {"3Shape TRIOS", "iTero", "Medit Link", "Shining 3D"}
    mappings = [p["axisMapping"] for p in portals]
    assert len(set(mappings)) == 6
    assert "x,y,z" in mappings
    assert any(isinstance(p["id"], str) for p in portals)  # tolerance: int32 as digits
    for portal in portals:
        assert set(portal) == {"id", "name", "className", "url", "axisMapping", "quantizationBits"}
        assert int(portal["id"]) >= 1


def test_configured_portals_have_the_documented_members(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        headers = login(client)
        portals = client.get("/portals/configured", headers=headers).json()
        other = client.get("/portals/configured", headers=login(client, other=True)).json()
    assert len(portals) == 6
    assert len(other) == 2
    for portal in portals:
        assert {"id", "displayName", "username", "lastFetch", "portalName"} <= set(portal)
        assert {"guid", "organizationGuid", "iosPortalId", "region"} <= set(portal)
    assert any(p["lastFetch"] is None for p in portals)
    assert {str(p["id"]) for p in portals}.isdisjoint(str(p["id"]) for p in other)


def test_connection_refused_after_stop(make_sandbox: Any) -> None:
    server = make_sandbox()
    url = server.base_url
    server.stop()
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{url}/portals/ios", timeout=5.0)
