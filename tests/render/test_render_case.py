"""``scaninbox render --case REF``: a case's scans from the store and file cache, oriented by its
portal, drawn off-screen — run as a user would, in a subprocess, against a sandbox server."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from scaninbox.api import ApiClient, make_http_client
from scaninbox.api.convert import to_case
from scaninbox.cli.render_command import case_scans_to_draw
from scaninbox.domain import Case, CaseRef, Jaw, ScanFile, Turn
from scaninbox.paths import app_paths
from scaninbox.portal_turns import PortalTurns
from scaninbox.sandbox import DEMO_ACCOUNT, SandboxServer
from scaninbox.settings import DEFAULT_JAW_COLOURS
from tests.store.conftest import scaninbox

from .pixels import centroid, load, scan_mask


async def _cases_of(base_url: str) -> list[Case]:
    async with make_http_client(timeout_s=30.0) as http:
        client = ApiClient(http, base_url)
        await client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
        return [to_case(wire) async for page in client.iter_case_pages() for wire in page.items]


def two_arch_cases(server: SandboxServer) -> list[Case]:
    cases = asyncio.run(_cases_of(server.base_url))
    return [c for c in cases if {Jaw.UPPER, Jaw.LOWER} <= {s.jaw for s in case_scans_to_draw(c)}]


def jaw_masks(path: Path) -> tuple[np.ndarray, np.ndarray]:
    pixels = load(path)
    mask = scan_mask(pixels)
    red, blue = pixels[:, :, 0], pixels[:, :, 2]
    return mask & (red - blue > 12), mask & (blue - red > 12)


def test_a_case_is_drawn_oriented_online_then_offline_from_the_cache(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=12)
    url = server.base_url
    cases = two_arch_cases(server)
    # iTero exports as x,z,-y: the picture is only right if the scans are turned back.
    first = next(c for c in cases if c.source == "iTero")
    other = next(c for c in cases if c.ref != first.ref)
    out = tmp_path / "case.png"

    done = scaninbox(
        "--base-url",
        url,
        "render",
        "--case",
        str(first.ref),
        "--out",
        str(out),
        "--size",
        "480x360",
    )
    assert done.code == 0, done.err
    assert done.out.strip() == str(out)
    upper, lower = jaw_masks(out)
    assert upper.sum() > 1500
    assert lower.sum() > 1500
    assert centroid(upper)[1] < centroid(lower)[1]  # front view, superior up: oriented
    assert load(out).shape == (360, 480, 3)

    # Offline: the files fetched above are in the cache; the other case's are not.
    again = tmp_path / "offline.png"
    done = scaninbox(
        "--base-url",
        url,
        "--offline",
        "render",
        "--case",
        str(first.ref),
        "--out",
        str(again),
        "--view",
        "upper",
        "--size",
        "320x240",
    )
    assert done.code == 0, done.err
    upper, lower = jaw_masks(again)
    assert upper.sum() > 1000
    assert lower.sum() == 0  # the upper view leaves the lower jaw out

    # The person flipped iTero's scans in the viewer: render --case follows the same choice.
    PortalTurns.of(app_paths()).remember("iTero", Turn(upside_down=True))
    flipped = tmp_path / "flipped.png"
    done = scaninbox(
        "--base-url",
        url,
        "--offline",
        "render",
        "--case",
        str(first.ref),
        "--out",
        str(flipped),
        "--size",
        "480x360",
    )
    assert done.code == 0, done.err
    assert "Turned upside down as chosen for iTero." in done.err
    upper, lower = jaw_masks(flipped)
    assert centroid(upper)[1] > centroid(lower)[1]

    missing = [s.filename for s in case_scans_to_draw(other)]
    done = scaninbox(
        "--base-url",
        url,
        "--offline",
        "render",
        "--case",
        str(other.ref),
        "--out",
        str(tmp_path / "x.png"),
    )
    assert done.code == 4
    assert len(done.err.strip().splitlines()) == 1
    assert f"scans of case {other.ref} are not available offline" in done.err
    assert all(repr(name) in done.err for name in missing)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["case.png", "flipped.png", "offline.png"]


def test_an_unknown_case_and_usage_mistakes(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=4)
    out = str(tmp_path / "x.png")
    unknown = "00000000-0000-4000-8000-000000000000"
    done = scaninbox("--base-url", server.base_url, "render", "--case", unknown, "--out", out)
    assert done.code == 4
    assert len(done.err.strip().splitlines()) == 1
    assert "does not know this case" in done.err
    neither = scaninbox("render", "--out", out)
    assert (neither.code, neither.err.strip()) == (
        2,
        "Give scan files or --case REF (one of the two).",
    )
    both = scaninbox("render", out, "--case", "12", "--out", out)
    assert both.code == 2
    mixed = scaninbox("render", "--case", "12", "--jaw", "upper", "--out", out)
    assert (mixed.code, mixed.err.strip()) == (
        2,
        "--axis-mapping and --jaw are for files; a case brings its own.",
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("view", "expected"),
    [
        ("front", ["u", "l"]),
        ("upper", ["u"]),
        ("lower", ["l"]),
    ],
)
def test_which_scans_a_case_draws(view: str, expected: list[str]) -> None:
    case = Case(
        ref=CaseRef("c"),
        scan_files=(
            ScanFile(filename="u", file_type="stl", scan_type="preparationScan", jaw=Jaw.UPPER),
            ScanFile(filename="l", file_type="stl", scan_type="preparationScan", jaw=Jaw.LOWER),
            ScanFile(filename="l0", file_type="stl", scan_type="prePreparationScan", jaw=Jaw.LOWER),
            ScanFile(filename="b", file_type="stl", scan_type="biteScan", jaw=Jaw.BITE),
            ScanFile(
                filename="u-preview",
                file_type="preview",
                scan_type="preparationScan",
                jaw=Jaw.UPPER,
            ),
        ),
    )
    assert [s.filename for s in case_scans_to_draw(case, view)] == expected
    bite_only = Case(
        ref=CaseRef("d"),
        scan_files=(ScanFile(filename="b", file_type="stl", scan_type="biteScan", jaw=Jaw.BITE),),
    )
    assert [s.filename for s in case_scans_to_draw(bite_only)] == ["b"]
    assert DEFAULT_JAW_COLOURS["upper"] != DEFAULT_JAW_COLOURS["lower"]
