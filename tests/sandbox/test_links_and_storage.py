"""Signed-URL endpoints and the storage behind them: no header needed, tampering, expiry,
Authorization refused, ranges, and file names with special characters end to end."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from scaninbox.sandbox import SandboxServer
from scaninbox.sandbox.case_content import HOSTILE_NAMES_INDEX
from tests.sandbox.helpers import (
    assert_problem,
    client_for,
    download,
    login,
    scan_link,
    segment,
)


@pytest.fixture(scope="module")
def first_case(sandbox: SandboxServer) -> dict[str, Any]:
    """The newest case: a crown with scans, previews and (in the default data) an order form."""
    with client_for(sandbox) as client:
        ref = sandbox.control.case_refs()[0]
        return dict(client.get(f"/unified-cases/{ref}", headers=login(client)).json())


def test_scan_link_shape_and_download_without_headers(
    sandbox: SandboxServer, first_case: dict[str, Any]
) -> None:
    scan = first_case["acceptedData"]["scanFiles"][0]
    with client_for(sandbox) as client:
        link = scan_link(client, login(client), first_case["guid"], scan)
    assert set(link) == {"url", "filename", "fileType", "expiresAt"}
    assert link["filename"] == scan["filename"]
    assert link["fileType"] == scan["fileType"]
    assert link["expiresAt"].endswith("Z")
    assert link["url"].startswith(f"{sandbox.base_url}/storage/")
    response = download(link["url"])
    assert response.status_code == 200
    assert response.headers["accept-ranges"] == "bytes"
    assert int(response.headers["content-length"]) == len(response.content) > 1000
    expected_type = "model/stl" if scan["fileType"] == "stl" else "application/octet-stream"
    assert response.headers["content-type"] == expected_type


def test_scan_file_endpoint_checks_file_type(
    sandbox: SandboxServer, first_case: dict[str, Any]
) -> None:
    scan = first_case["acceptedData"]["scanFiles"][0]
    path = f"/unified-cases/{first_case['guid']}/files/{segment(scan['filename'])}"
    other_type = "ply" if scan["fileType"] == "stl" else "stl"
    with client_for(sandbox) as client:
        headers = login(client)
        missing = client.get(path, headers=headers)
        invalid = client.get(path, headers=headers, params={"fileType": "obj"})
        mismatched = client.get(path, headers=headers, params={"fileType": other_type})
        unknown = client.get(
            f"/unified-cases/{first_case['guid']}/files/nothing.stl",
            headers=headers,
            params={"fileType": "stl"},
        )
    assert "fileType" in assert_problem(missing, 400)["detail"]
    assert_problem(invalid, 400)
    assert_problem(mismatched, 404)
    assert_problem(unknown, 404)


def test_order_form_link_and_pdf(sandbox: SandboxServer, first_case: dict[str, Any]) -> None:
    form = first_case["acceptedData"]["orderForm"]
    assert form
    assert form["filename"].endswith(".pdf")
    assert form["plainText"]
    with client_for(sandbox) as client:
        link = client.get(
            f"/unified-cases/{first_case['guid']}/order-form", headers=login(client)
        ).json()
    assert set(link) == {"url", "filename", "expiresAt"}
    assert link["filename"] == form["filename"]
    pdf = download(link["url"])
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")


def test_a_case_without_order_form_answers_404(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        headers = login(client)
        for ref in sandbox.control.case_refs():
            case = client.get(f"/unified-cases/{ref}", headers=headers).json()
            if case["acceptedData"] and case["acceptedData"].get("orderForm") is None:
                assert_problem(client.get(f"/unified-cases/{ref}/order-form", headers=headers), 404)
                return
    raise AssertionError("the default data set has no case without an order form")


def _link(sandbox: SandboxServer, case: dict[str, Any]) -> str:
    scan = case["acceptedData"]["scanFiles"][-1]  # a small preview
    with client_for(sandbox) as client:
        return str(scan_link(client, login(client), case["guid"], scan)["url"])


def test_tampered_links_are_refused(sandbox: SandboxServer, first_case: dict[str, Any]) -> None:
    url = _link(sandbox, first_case)
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    expires, sig = query["expires"][0], query["sig"][0]
    base = f"{parts.scheme}://{parts.netloc}{parts.path}"
    variants = [
        f"{base}?expires={int(expires) + 3600}&sig={sig}",  # longer life
        f"{base}?expires={expires}&sig={'0' * len(sig)}",  # forged signature
        f"{base}?expires={expires}",  # no signature
        f"{base[:-3]}png?expires={expires}&sig={sig}",  # another file
    ]
    for tampered in variants:
        response = download(tampered)
        assert response.status_code == 403, tampered
        assert b"<Code>AccessDenied</Code>" in response.content
        assert response.headers["content-type"].startswith("application/xml")


def test_storage_refuses_a_bearer_header(
    sandbox: SandboxServer, first_case: dict[str, Any]
) -> None:
    url = _link(sandbox, first_case)
    response = download(url, headers={"Authorization": "Bearer anything"})
    assert response.status_code == 400
    assert b"InvalidArgument" in response.content


def test_expired_link_is_403(make_sandbox: Any) -> None:
    server = make_sandbox()
    server.control.set_link_ttl(0.0)
    with client_for(server) as client:
        case = client.get(
            f"/unified-cases/{server.control.case_refs()[0]}", headers=login(client)
        ).json()
    response = download(_link(server, case))
    assert response.status_code == 403
    assert b"expired" in response.content


def test_byte_ranges(sandbox: SandboxServer, first_case: dict[str, Any]) -> None:
    url = _link(sandbox, first_case)
    whole = download(url).content
    size = len(whole)
    middle = download(url, headers={"Range": "bytes=10-99"})
    tail = download(url, headers={"Range": f"bytes={size - 5}-"})
    suffix = download(url, headers={"Range": "bytes=-7"})
    beyond = download(url, headers={"Range": f"bytes={size}-"})
    ignored = download(url, headers={"Range": "bytes=0-1,5-6"})
    head = httpx.head(url)
    assert middle.status_code == 206
    assert middle.content == whole[10:100]
    assert middle.headers["content-range"] == f"bytes 10-99/{size}"
    assert middle.headers["content-length"] == "90"
    assert tail.status_code == 206
    assert tail.content == whole[-5:]
    assert suffix.status_code == 206
    assert suffix.content == whole[-7:]
    assert beyond.status_code == 416
    assert beyond.headers["content-range"] == f"bytes */{size}"
    assert ignored.status_code == 200
    assert ignored.content == whole
    assert head.status_code == 200
    assert head.content == b""
    assert head.headers["content-length"] == str(size)


def test_hostile_attachment_names_round_trip(sandbox: SandboxServer) -> None:
    ref = sandbox.control.case_refs()[HOSTILE_NAMES_INDEX]
    with client_for(sandbox) as client:
        headers = login(client)
        case = client.get(f"/unified-cases/{ref}", headers=headers).json()
        names = [m["filename"] for m in case["acceptedData"]["miscellaneousFiles"]]
        assert any("/" in n and ".." in n for n in names)
        assert any("\\" in n for n in names)
        assert {"shade #A2 100%.jpg", "what?.png", "Implant report%20final.pdf"} <= set(names)
        for name in names:
            response = client.get(
                f"/unified-cases/{ref}/miscellaneous-files/{segment(name)}", headers=headers
            )
            assert response.status_code == 200, (name, response.text)
            link = response.json()
            assert link["filename"] == name
            assert set(link) == {"url", "filename", "expiresAt"}
            body = download(link["url"])
            assert body.status_code == 200, name
            assert body.content[:4] in (b"\xff\xd8\xff\xe0", b"\x89PNG", b"%PDF")
        # The literal "%20" must not be decoded twice: "report final.pdf" is another name.
        twice = client.get(
            f"/unified-cases/{ref}/miscellaneous-files/Implant%20report%20final.pdf",
            headers=headers,
        )
        assert_problem(twice, 404)


def test_an_encoded_slash_is_part_of_the_name_not_a_separator(sandbox: SandboxServer) -> None:
    ref = sandbox.control.case_refs()[HOSTILE_NAMES_INDEX]
    with client_for(sandbox) as client:
        headers = login(client)
        encoded = client.get(
            f"/unified-cases/{ref}/miscellaneous-files/scans%2F..%2F..%2F..%2Fsmile.jpg",
            headers=headers,
        )
        split = client.get(
            f"/unified-cases/{ref}/miscellaneous-files/scans/smile.jpg", headers=headers
        )
    assert encoded.status_code == 200
    assert encoded.json()["filename"] == "scans/../../../smile.jpg"
    assert_problem(split, 404)


def test_scan_names_with_spaces_and_non_ascii_round_trip(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        headers = login(client)
        for ref in sandbox.control.case_refs()[:30]:
            case = client.get(f"/unified-cases/{ref}", headers=headers).json()
            scans = (case["acceptedData"] or {}).get("scanFiles") or []
            special = [s for s in scans if not s["filename"].isascii() or "#" in s["filename"]]
            if special:
                link = scan_link(client, headers, ref, special[-1])
                assert link["filename"] == special[-1]["filename"]
                assert download(link["url"]).status_code == 200
                return
    raise AssertionError("no scan file name with non-ASCII letters or '#' in 30 cases")
