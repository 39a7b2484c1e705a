"""The test knobs of ``SandboxServer.control``: data changes, faults, credentials, recording."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from scaninbox.sandbox import SandboxConfig, SandboxServer
from tests.sandbox.helpers import assert_problem, client_for, download, login, scan_link


def last_scan(client: httpx.Client, headers: dict[str, str], ref: str) -> dict[str, Any]:
    """The case's last scan entry (a small preview)."""
    case = client.get(f"/unified-cases/{ref}", headers=headers).json()
    return dict(case["acceptedData"]["scanFiles"][-1])


def read_into(response: httpx.Response, received: bytearray) -> None:
    for chunk in response.iter_raw():
        received += chunk


def test_port_zero_picks_a_free_port_and_two_servers_coexist(make_sandbox: Any) -> None:
    first, second = make_sandbox(), make_sandbox()
    assert first.port > 0
    assert second.port > 0
    assert first.port != second.port
    assert first.base_url == f"http://127.0.0.1:{first.port}"


def test_a_used_port_is_a_plain_error(make_sandbox: Any) -> None:
    from scaninbox.sandbox import SandboxStartError

    taken = make_sandbox()
    with pytest.raises(SandboxStartError, match="already in use"):
        SandboxServer(SandboxConfig(port=taken.port)).start()


def test_add_set_status_and_remove_cases(make_sandbox: Any) -> None:
    server = make_sandbox(cases=5)
    control = server.control
    newest = control.add_case()
    older = control.add_case(received_at=datetime.now(UTC) - timedelta(days=200))
    refs = control.case_refs()
    assert refs[0] == newest
    assert refs[-1] == older
    assert len(refs) == 7
    other_ref = control.add_case(org="other")
    assert other_ref in control.case_refs(org="other")
    with client_for(server) as client:
        headers = login(client)
        added = client.get(f"/unified-cases/{newest}", headers=headers).json()
        assert added["status"] == "new"
        assert added["acceptedData"]["receivedDate"]
        control.set_status(newest, "accepted")
        assert (
            client.get(f"/unified-cases/{newest}", headers=headers).json()["status"] == "accepted"
        )
        control.remove_case(newest)
        assert_problem(client.get(f"/unified-cases/{newest}", headers=headers), 404)
        assert client.get("/unified-cases", headers=headers).json()["total"] == 6
    with pytest.raises(ValueError, match="status"):
        control.set_status(older, "in_production")  # a variant-only status
    with pytest.raises(ValueError, match="organisation"):
        control.case_refs(org="nobody")


def test_fail_next_injects_problems_with_retry_after(make_sandbox: Any) -> None:
    server = make_sandbox()
    with client_for(server) as client:
        headers = login(client)
        server.control.fail_next(2, status=503, retry_after_s=1.5)
        untouched = client.get("/me", headers=headers)  # another path prefix
        first = client.get("/unified-cases", headers=headers)
        second = client.get(f"/unified-cases/{server.control.case_refs()[0]}", headers=headers)
        third = client.get("/unified-cases", headers=headers)
        server.control.fail_next(1, status=429, path_prefix="/auth")
        limited = client.post("/auth/login", json={"email": "x", "password": "y"})
    assert untouched.status_code == 200
    assert_problem(first, 503)
    assert first.headers["retry-after"] == "1.5"
    assert_problem(second, 503)
    assert third.status_code == 200
    assert_problem(limited, 429)
    assert "retry-after" not in limited.headers


def test_truncated_download_closes_early(make_sandbox: Any) -> None:
    server = make_sandbox()
    ref = server.control.case_refs()[0]
    with client_for(server) as client:
        headers = login(client)
        scan = last_scan(client, headers, ref)
        url = scan_link(client, headers, ref, scan)["url"]
    whole = download(url).content
    server.control.truncate_next_downloads(1, at_fraction=0.5)
    with httpx.stream("GET", url, timeout=30.0) as response:
        assert int(response.headers["content-length"]) == len(whole)
        received = bytearray()
        with pytest.raises(httpx.RemoteProtocolError):
            read_into(response, received)
    assert 0 < len(received) < len(whole)
    assert download(url).content == whole  # only the next download was cut


def test_expire_tokens_and_token_ttl(make_sandbox: Any) -> None:
    server = make_sandbox()
    with client_for(server) as client:
        old = login(client)
        server.control.expire_tokens()
        assert_problem(client.get("/me", headers=old), 401)
        fresh = login(client)
        assert client.get("/me", headers=fresh).status_code == 200
        server.control.set_token_ttl(0.0)
        assert_problem(client.get("/me", headers=login(client)), 401)
        server.control.set_token_ttl(60.0)
        body = client.post(
            "/auth/login", json={"email": "demo@scaninbox.test", "password": "demo"}
        ).json()
    expires = datetime.fromisoformat(body["expiresAt"].replace("Z", "+00:00"))
    assert timedelta(seconds=55) < expires - datetime.now(UTC) <= timedelta(seconds=60)


def test_link_ttl_changes_new_links(make_sandbox: Any) -> None:
    server = make_sandbox(link_ttl_s=120.0)
    ref = server.control.case_refs()[0]
    with client_for(server) as client:
        headers = login(client)
        scan = last_scan(client, headers, ref)
        link = scan_link(client, headers, ref, scan)
        server.control.set_link_ttl(0.0)
        dead = scan_link(client, headers, ref, scan)
    expires = datetime.fromisoformat(link["expiresAt"].replace("Z", "+00:00"))
    assert timedelta(seconds=115) < expires - datetime.now(UTC) <= timedelta(seconds=120)
    assert download(link["url"]).status_code == 200
    assert download(dead["url"]).status_code == 403


def test_requests_are_recorded_without_header_values(make_sandbox: Any) -> None:
    server = make_sandbox()
    with client_for(server) as client:
        headers = login(client)
        client.get("/unified-cases", headers=headers, params={"pageSize": 2})
        client.get("/nowhere")
    recorded = server.control.requests
    assert [(r.method, r.path, r.status) for r in recorded] == [
        ("POST", "/auth/login", 200),
        ("GET", "/unified-cases", 200),
        ("GET", "/nowhere", 404),
    ]
    assert recorded[1].query == "pageSize=2"
    assert "authorization" in recorded[1].header_names
    assert "authorization" not in recorded[0].header_names
    token = headers["Authorization"].split()[1]
    assert token not in repr(recorded)
    server.control.clear_requests()
    assert server.control.requests == []


def test_generated_files_are_cached_atomically(tmp_path: Any) -> None:
    config = SandboxConfig(cache_dir=tmp_path / "cache")
    with SandboxServer(config) as server:
        ref = server.control.case_refs()[0]
        with client_for(server) as client:
            headers = login(client)
            scan = last_scan(client, headers, ref)
            first = download(scan_link(client, headers, ref, scan)["url"]).content
    files = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert len(files) == 1
    assert not files[0].name.startswith(".")
    stamp = files[0].stat().st_mtime_ns
    with SandboxServer(config) as again, client_for(again) as client:
        headers = login(client)
        second = download(scan_link(client, headers, ref, scan)["url"]).content
    assert second == first
    assert files[0].stat().st_mtime_ns == stamp  # served from the cache, not regenerated
