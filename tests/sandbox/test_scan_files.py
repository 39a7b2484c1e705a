"""Downloaded scans are valid meshes in their portal's axis convention, and the other files
(previews, order forms, attachments) decode."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from PIL import Image

from scaninbox.sandbox import SandboxServer
from tests.sandbox.helpers import (
    apply_axis_mapping,
    boundary_points,
    client_for,
    download,
    login,
    read_ply,
    read_stl,
    scan_link,
    segment,
)


@pytest.fixture(scope="module")
def catalogue(sandbox: SandboxServer) -> dict[str, Any]:
    """Cases with scans, the portals' axis mappings and a signed-in header."""
    with client_for(sandbox) as client:
        headers = login(client)
        mappings = {
            p["name"]: p["axisMapping"] for p in client.get("/portals/ios", headers=headers).json()
        }
        cases = []
        for ref in sandbox.control.case_refs()[:30]:
            case = client.get(f"/unified-cases/{ref}", headers=headers).json()
            if case["acceptedData"] and case["acceptedData"].get("patient"):
                cases.append(case)
    return {"headers": headers, "mappings": mappings, "cases": cases}


def fetch(
    sandbox: SandboxServer, catalogue: dict[str, Any], case: dict[str, Any], scan: dict[str, Any]
) -> bytes:
    with client_for(sandbox) as client:
        link = scan_link(client, catalogue["headers"], case["guid"], scan)
    response = download(link["url"])
    assert response.status_code == 200
    return response.content


def triangles_of(data: bytes, name: str) -> npt.NDArray[np.float64]:
    if name.endswith(".stl"):
        return read_stl(data).astype(np.float64)
    vertices, faces, _ = read_ply(data)
    assert faces.min() >= 0
    assert faces.max() < len(vertices)
    return vertices[faces].astype(np.float64)


def find_scan(
    catalogue: dict[str, Any], *, portal: str | None = None, jaw: str, file_type: str | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    for case in catalogue["cases"]:
        data = case["acceptedData"]
        if portal is not None and data["source"] != portal:
            continue
        for scan in data["scanFiles"]:
            if (
                scan["jaw"] == jaw
                and (file_type is None or scan["fileType"] == file_type)
                and (file_type is not None or scan["fileType"] != "preview")
                and scan["type"] != "prePreparationScan"
            ):
                return case, scan
    pytest.fail(f"no {jaw} scan from {portal or 'any portal'} in the first 30 cases")


def looks_like_canonical_upper_arch(
    points: npt.NDArray[np.float64], rim: npt.NDArray[np.float64]
) -> bool:
    midline = points[np.abs(points[:, 0]) < 3.0]
    return bool(
        points[:, 2].mean() > 2.0  # above the occlusal plane
        and rim[:, 2].mean() > points[:, 2].mean() + 2.0  # gum-side rim on top: teeth point -Z
        and len(midline) > 0
        and midline[:, 1].min() > points[:, 1].min() + 20.0  # the arch is open toward -Y
        and abs(points[np.argmax(points[:, 1]), 0]) < 10.0  # incisors at +Y on the midline
    )


@pytest.mark.parametrize(
    "portal",
    ["3Shape TRIOS", "iTero", "Medit Link", "Primescan Connect", "Carestream", "Shining 3D"],
)
def test_upper_arch_orients_with_its_portal_mapping(
    sandbox: SandboxServer, catalogue: dict[str, Any], portal: str
) -> None:
    case, scan = find_scan(catalogue, portal=portal, jaw="upper")
    data = fetch(sandbox, catalogue, case, scan)
    triangles = triangles_of(data, scan["filename"])
    assert np.isfinite(triangles).all()
    assert 100_000 <= len(triangles) <= 300_000
    mapping = catalogue["mappings"][portal]
    canonical = apply_axis_mapping(triangles.reshape(-1, 3), mapping).reshape(-1, 3, 3)
    points = canonical.reshape(-1, 3)
    extent = points.max(axis=0) - points.min(axis=0)
    assert 50 < extent[0] < 80
    assert 40 < extent[1] < 70
    assert 15 < extent[2] < 22
    assert looks_like_canonical_upper_arch(points, boundary_points(canonical))
    raw = triangles.reshape(-1, 3)
    # Every portal but the identity one needs its mapping to look right.
    assert looks_like_canonical_upper_arch(raw, boundary_points(triangles)) == (mapping == "x,y,z")


def test_lower_arch_and_bite_sit_below_and_on_the_right(
    sandbox: SandboxServer, catalogue: dict[str, Any]
) -> None:
    case, lower = find_scan(catalogue, jaw="lower")
    bite = next(s for s in case["acceptedData"]["scanFiles"] if s["type"] == "biteScan")
    mapping = catalogue["mappings"][case["acceptedData"]["source"]]
    lower_tri = apply_axis_mapping(
        triangles_of(fetch(sandbox, catalogue, case, lower), lower["filename"]).reshape(-1, 3),
        mapping,
    ).reshape(-1, 3, 3)
    points = lower_tri.reshape(-1, 3)
    assert points[:, 2].mean() < -2.0
    assert boundary_points(lower_tri)[:, 2].mean() < points[:, 2].mean() - 2.0  # teeth point +Z
    bite_tri = triangles_of(fetch(sandbox, catalogue, case, bite), bite["filename"])
    assert 20_000 <= len(bite_tri) <= 40_000
    bite_points = apply_axis_mapping(bite_tri.reshape(-1, 3), mapping)
    assert bite_points[:, 0].min() > 0.0  # the patient's right side
    assert bite_points[:, 2].min() < 0.0 < bite_points[:, 2].max()  # both arches


def test_coloured_ply_has_gingiva_and_tooth_colours(
    sandbox: SandboxServer, catalogue: dict[str, Any]
) -> None:
    case, scan = find_scan(catalogue, portal="Medit Link", jaw="upper")
    vertices, _faces, colors = read_ply(fetch(sandbox, catalogue, case, scan))
    assert colors is not None
    assert len(colors) == len(vertices)
    distinct = {tuple(int(v) for v in c) for c in np.unique(colors, axis=0)}
    assert len(distinct) == 2
    pinkish = [c for c in distinct if c[0] > c[1] + 40]
    assert len(pinkish) == 1  # gingiva pink, teeth ivory


def test_previews_are_small_meshes_or_pictures(
    sandbox: SandboxServer, catalogue: dict[str, Any]
) -> None:
    kinds = set()
    for portal in ("iTero", "Carestream", "3Shape TRIOS"):
        case, scan = find_scan(catalogue, portal=portal, jaw="upper", file_type="preview")
        data = fetch(sandbox, catalogue, case, scan)
        if scan["filename"].endswith(".png"):
            image = Image.open(io.BytesIO(data))
            image.load()
            assert image.format == "PNG"
            assert image.width > 300
            assert image.height > 300
            kinds.add("png")
        else:
            assert len(triangles_of(data, scan["filename"])) < 20_000
            kinds.add("mesh")
    assert kinds == {"png", "mesh"}


def test_attachments_decode(sandbox: SandboxServer, catalogue: dict[str, Any]) -> None:
    seen = set()
    with client_for(sandbox) as client:
        for case in catalogue["cases"]:
            for item in case["acceptedData"].get("miscellaneousFiles") or []:
                suffix = item["filename"].rsplit(".", 1)[-1].lower()
                if suffix in seen:
                    continue
                link = client.get(
                    f"/unified-cases/{case['guid']}/miscellaneous-files/{segment(item['filename'])}",
                    headers=catalogue["headers"],
                ).json()
                body = download(link["url"]).content
                if suffix == "pdf":
                    assert body.startswith(b"%PDF")
                else:
                    image = Image.open(io.BytesIO(body))
                    image.load()
                    assert image.format == {"jpg": "JPEG", "png": "PNG"}[suffix]
                seen.add(suffix)
    assert {"jpg", "png"} <= seen
