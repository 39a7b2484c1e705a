"""A scan whose coordinates are no millimetres of a jaw (points at 1e30, 3e38, or 1e30 mixed
with 1e-30), run as a user would: one plain sentence, no numpy warning text, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from tests.e2e.conftest import CliRunner
from tests.unit.scans.meshfiles import arch_mesh, binary_stl


def _extreme_stl(path: Path, how: str) -> Path:
    points, faces = arch_mesh(60, 12)
    far = points.astype(np.float64) * (3e38 / 60 if how == "3e38" else 1e30)
    if how == "mixed":
        far[1::2] = points[1::2] * 1e-30
    path.write_bytes(binary_stl(far.astype(np.float32), faces))
    return path


@pytest.mark.parametrize("how", ["1e30", "3e38", "mixed"])
def test_render_says_in_one_sentence_that_the_coordinates_are_not_a_jaw(
    cli: CliRunner, tmp_path: Path, how: str
) -> None:
    scan = _extreme_stl(tmp_path / "upper.stl", how)
    done = cli("render", str(scan), "--out", str(tmp_path / "x.png"))
    assert done.code == 1
    assert len(done.err_lines) == 1, done.err
    assert done.err_lines[0].startswith(
        "Cannot read the scan 'upper.stl': its coordinates are not in millimetres of a jaw: up to "
    )
    assert "Warning" not in done.err
    assert "Unexpected" not in done.err
    assert not (tmp_path / "x.png").exists()


def test_qc_reports_the_scan_unreadable_with_the_same_sentence(
    cli: CliRunner, tmp_path: Path
) -> None:
    scan = _extreme_stl(tmp_path / "upper.stl", "mixed")
    done = cli("qc", "--upper", str(scan), "--json")
    assert done.code == 6
    assert done.err == ""
    (finding,) = json.loads(done.out)["scans"][0]["findings"]
    assert finding["kind"] == "unreadable"
    assert "not in millimetres of a jaw: up to 2.9e31 (a jaw" in finding["message"]
