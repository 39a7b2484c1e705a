"""``scaninbox qc``: the command-line contract, run as a user would (subprocess), on files and on
sandbox cases over real loopback HTTP, online then offline."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from scaninbox.api import ApiClient, make_http_client
from scaninbox.api.convert import to_case
from scaninbox.domain import Case
from scaninbox.domain.first_look import full_scans
from scaninbox.sandbox import DEMO_ACCOUNT, SandboxServer
from scaninbox.sandbox.mesh_files import stl_bytes
from tests.qc.shapes import arch, opening, plane, punch, side_tip
from tests.store.conftest import scaninbox


def _stl(path: Path, points: np.ndarray, faces: np.ndarray) -> Path:
    path.write_bytes(stl_bytes(points, faces, header_text="qc test"))
    return path


def test_files_with_a_hole_and_a_bite_through_fail_with_exit_6(tmp_path: Path) -> None:
    points, faces = arch("upper", spacing_mm=0.3)
    tip = points[np.argmin(points[:, 2])]
    side = side_tip(points)
    kept, removed = punch(points, faces, side, 2.0)
    perimeter, centre = opening(points, faces, removed)
    upper = _stl(tmp_path / "upper.stl", points, kept)
    lower = _stl(tmp_path / "lower.stl", *plane(float(tip[2]) + 0.35, step_mm=1.0))

    report = tmp_path / "qc.pdf"
    done = scaninbox(
        "qc", "--upper", str(upper), "--lower", str(lower), "--json", "--report", str(report)
    )
    assert done.code == 6, done.err
    result = json.loads(done.out)  # nothing but the JSON on stdout, pictures rendered or not
    assert report.read_bytes().startswith(b"%PDF-")
    assert result["verdict"] == "fail"
    (scan_upper, scan_lower) = result["scans"]
    assert scan_upper["jaw"] == "upper"
    assert scan_upper["file"] == "upper.stl"
    assert scan_upper["triangles"] == len(kept)
    (hole,) = [f for f in scan_upper["findings"] if f["kind"] == "hole"]
    assert hole["severity"] == "fail"
    assert hole["perimeter_mm"] == pytest.approx(perimeter, rel=0.05)
    assert np.linalg.norm(np.array(hole["center_mm"]) - centre) < 0.5  # the file's coordinates
    assert set(hole) >= {"kind", "severity", "message", "center_mm", "perimeter_mm"}
    assert scan_lower["jaw"] == "lower"
    bite = [f for f in result["findings"] if f["kind"] == "bite_through"]
    deepest = max(bite, key=lambda f: f["depth_mm"])
    assert deepest["depth_mm"] == pytest.approx(0.35, abs=0.05)
    assert deepest["area_mm2"] > 0
    assert np.linalg.norm(np.array(deepest["center_mm"]) - tip) < 0.5


def test_a_clean_arch_passes_and_the_text_output_names_the_checks(tmp_path: Path) -> None:
    upper = _stl(tmp_path / "clean_upper.stl", *arch("upper", spacing_mm=0.3))
    done = scaninbox("qc", "--upper", str(upper))
    assert done.code == 0, done.err
    assert done.out.startswith("QC PASS")
    assert "No holes" in done.out
    done = scaninbox("qc", "--upper", str(upper), "--json")
    assert json.loads(done.out)["verdict"] == "pass"
    # Fixed work on an upper tooth needs the antagonist: a missing_antagonist failure.
    done = scaninbox("qc", "--upper", str(upper), "--teeth", "16", "--json")
    assert done.code == 6
    (antagonist,) = json.loads(done.out)["findings"]
    assert antagonist["kind"] == "missing_antagonist"
    assert antagonist["severity"] == "fail"
    assert (antagonist["teeth"], antagonist["jaw"]) == ("16", "lower")
    assert json.loads(done.out)["checks"]["antagonist"] == "fail"


def test_usage_mistakes_and_unreadable_files(tmp_path: Path) -> None:
    upper = _stl(tmp_path / "u.stl", *arch("upper", spacing_mm=0.5))
    for args, words in (
        (["qc"], "--upper"),
        (["qc", "--upper", str(tmp_path / "nope.stl")], "does not exist"),
        (["qc", "--upper", str(upper), "--teeth", "16,99"], "'99' is not an FDI tooth"),
        (["qc", "3", "--upper", str(upper)], "not both"),
        (["qc", "--upper", str(upper), "--report", str(tmp_path / "no" / "r.pdf")], "folder"),
    ):
        done = scaninbox(*args)
        assert done.code == 2, (args, done.err)
        assert words in done.err
        assert len(done.err.strip().splitlines()) == 1
    broken = tmp_path / "broken.stl"
    broken.write_bytes(b"\x00" * 100)
    done = scaninbox("qc", "--upper", str(broken), "--json")
    assert done.code == 6
    (scan,) = json.loads(done.out)["scans"]
    assert scan["findings"][0]["kind"] == "unreadable"


async def _cases(base_url: str) -> list[Case]:
    async with make_http_client(timeout_s=30.0) as http:
        client = ApiClient(http, base_url)
        await client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
        return [to_case(wire) async for page in client.iter_case_pages() for wire in page.items]


def test_a_sandbox_case_online_then_offline(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=6)
    cases = asyncio.run(_cases(server.base_url))
    case = max(cases, key=lambda c: len(full_scans(c.scan_files)))
    names = [s.filename for s in full_scans(case.scan_files)]

    done = scaninbox("--base-url", server.base_url, "qc", str(case.ref), "--json")
    assert done.code in (0, 6), done.err
    result = json.loads(done.out)
    assert done.code == (6 if result["verdict"] == "fail" else 0)
    assert [s["file"] for s in result["scans"]] == names
    assert all(s["triangles"] > 1000 for s in result["scans"])
    assert "order_form" in result["checks"]

    again = scaninbox("--base-url", server.base_url, "--offline", "qc", str(case.ref), "--json")
    assert again.code == done.code, again.err
    assert json.loads(again.out)["scans"] == result["scans"]

    other = next(c for c in cases if c.ref != case.ref and full_scans(c.scan_files))
    missing = scaninbox("--base-url", server.base_url, "--offline", "qc", str(other.ref))
    assert missing.code == 4  # only the case checked online is on this computer
    assert str(other.ref) in missing.err
    assert len(missing.err.strip().splitlines()) == 1
    unknown = scaninbox("--base-url", server.base_url, "qc", "987654321")
    assert unknown.code == 4, unknown.err


def test_the_report_of_a_case_turns_its_pictures_as_the_viewer_does(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path, qapp: object
) -> None:
    from scaninbox.domain import Turn
    from scaninbox.paths import app_paths
    from scaninbox.portal_turns import PortalTurns
    from tests.qt.pdf_text import pdf_pages

    server = make_sandbox(cases=3)
    cases = asyncio.run(_cases(server.base_url))
    case = next(c for c in cases if full_scans(c.scan_files) and c.source)
    # The person turned this portal's scans upside down in the window's viewer.
    PortalTurns.of(app_paths()).remember(case.source, Turn(upside_down=True))
    report = tmp_path / "turned.pdf"
    done = scaninbox("--base-url", server.base_url, "qc", str(case.ref), "--report", str(report))
    assert done.code in (0, 6), done.err
    views = next(p for p in pdf_pages(report) if "Views (findings" in p)
    assert f"axis mapping, turned upside down as chosen for {case.source}." in views
