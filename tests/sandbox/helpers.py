"""Helpers of the sandbox tests: raw httpx sign-in and downloads, and independent mesh readers.

The readers follow the file formats as written down (binary STL, binary little-endian PLY) and
apply ``axisMapping`` from the spec's wording, so they share no code with the sandbox.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx
import numpy as np
import numpy.typing as npt

from scaninbox.sandbox import DEMO_ACCOUNT, OTHER_ACCOUNT, SandboxServer

PROBLEM_JSON = "application/problem+json"


def login(client: httpx.Client, *, other: bool = False) -> dict[str, str]:
    account = OTHER_ACCOUNT if other else DEMO_ACCOUNT
    response = client.post(
        "/auth/login", json={"email": account.email, "password": account.password}
    )
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def client_for(server: SandboxServer) -> httpx.Client:
    return httpx.Client(base_url=server.base_url, timeout=30.0)


def segment(name: str) -> str:
    """A file name as one path segment: everything but unreserved characters encoded."""
    return quote(name, safe="")


def assert_problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM_JSON)
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert body["title"]
    assert body["detail"]
    assert body["type"]
    assert body["instance"].startswith("/")
    return body


def all_cases(client: httpx.Client, headers: dict[str, str], **params: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    page = 1
    while True:
        response = client.get(
            "/unified-cases", headers=headers, params={**params, "page": page, "pageSize": 100}
        )
        assert response.status_code == 200, response.text
        body = response.json()
        items += body["items"]
        if not body["items"]:
            return items
        page += 1


def case_ref(case: dict[str, Any]) -> str:
    return str(case["id"]) if "id" in case else str(case["guid"])


def scan_link(
    client: httpx.Client, headers: dict[str, str], ref: str, scan: dict[str, Any]
) -> dict[str, Any]:
    response = client.get(
        f"/unified-cases/{segment(ref)}/files/{segment(scan['filename'])}",
        headers=headers,
        params={"fileType": scan["fileType"] or "stl"},
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def download(url: str, **kwargs: Any) -> httpx.Response:
    """A storage download exactly as a browser would: no headers of ours."""
    return httpx.get(url, timeout=30.0, **kwargs)


# ---------------------------------------------------------------------------- meshes


def read_stl(data: bytes) -> npt.NDArray[np.float32]:
    """Triangles (n, 3, 3) of a binary STL; checks the size against the count."""
    count = int(np.frombuffer(data, dtype="<u4", count=1, offset=80)[0])
    assert len(data) == 84 + 50 * count, "binary STL size must be 84 + 50·n"
    record = np.dtype([("normal", "<f4", (3,)), ("v", "<f4", (3, 3)), ("attr", "<u2")])
    return np.frombuffer(data, dtype=record, count=count, offset=84)["v"].copy()


def read_ply(
    data: bytes,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int32], npt.NDArray[np.uint8] | None]:
    """(vertices, faces, colours or None) of a binary little-endian PLY with triangle faces."""
    end = data.index(b"end_header\n") + len(b"end_header\n")
    lines = data[:end].decode("ascii").splitlines()
    assert lines[0] == "ply"
    assert lines[1] == "format binary_little_endian 1.0"
    vertex_count = face_count = 0
    properties: list[tuple[str, str]] = []
    element = ""
    for line in lines:
        parts = line.split()
        if parts[0] == "element":
            element = parts[1]
            if element == "vertex":
                vertex_count = int(parts[2])
            elif element == "face":
                face_count = int(parts[2])
        elif parts[0] == "property" and element == "vertex":
            properties.append((parts[2], {"float": "<f4", "uchar": "u1"}[parts[1]]))
        elif parts[0] == "property" and element == "face":
            assert parts[1:4] == ["list", "uchar", "int"]
    vertex_dtype = np.dtype(properties)
    table = np.frombuffer(data, dtype=vertex_dtype, count=vertex_count, offset=end)
    face_dtype = np.dtype([("n", "u1"), ("i", "<i4", (3,))])
    face_offset = end + vertex_count * vertex_dtype.itemsize
    assert len(data) == face_offset + face_count * face_dtype.itemsize, "PLY body size"
    faces = np.frombuffer(data, dtype=face_dtype, count=face_count, offset=face_offset)
    assert (faces["n"] == 3).all()
    vertices = np.stack([table["x"], table["y"], table["z"]], axis=1)
    colors = None
    if "red" in vertex_dtype.names:  # type: ignore[operator]
        colors = np.stack([table["red"], table["green"], table["blue"]], axis=1)
    return vertices, faces["i"].copy(), colors


def mesh_points(data: bytes, file_name: str) -> npt.NDArray[np.float64]:
    """Every vertex of a downloaded scan (STL: the soup's corners), float64 (n, 3)."""
    if file_name.lower().endswith(".stl"):
        return read_stl(data).reshape(-1, 3).astype(np.float64)
    return read_ply(data)[0].astype(np.float64)


def apply_axis_mapping(points: npt.NDArray[np.float64], mapping: str) -> npt.NDArray[np.float64]:
    """Canonical coordinates: component i = sign × the named source axis (spec format)."""
    columns = []
    for raw in mapping.split(","):
        part = raw.strip()
        sign = -1.0 if part.startswith("-") else 1.0
        columns.append(sign * points[:, "xyz".index(part.lstrip("+-"))])
    return np.stack(columns, axis=1)


def boundary_points(triangles: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Vertices on the open rim of a triangle soup (edges used by exactly one triangle)."""
    corners = np.ascontiguousarray(triangles.reshape(-1, 3))
    # Exporters repeat a vertex's exact coordinates, so the bytes identify it.
    keys = corners.view(np.dtype((np.void, corners.itemsize * 3))).ravel()
    _, first, index = np.unique(keys, return_index=True, return_inverse=True)
    faces = index.reshape(-1, 3).astype(np.int64)
    edges = np.sort(np.concatenate([faces[:, [0, 1]], faces[:, [1, 2]], faces[:, [2, 0]]]), axis=1)
    codes, counts = np.unique(edges[:, 0] * len(first) + edges[:, 1], return_counts=True)
    rim_codes = codes[counts == 1]
    rim = np.unique(np.concatenate([rim_codes // len(first), rim_codes % len(first)]))
    return np.asarray(corners[first[rim]], dtype=np.float64)
