"""A margin finding clicked in the QC tab draws the margin as a line on the preparation in the 3D
view (issue 27.3): the estimated margin of a prepared tooth, worked out again from the file and
turned by the case's orientation, one closed line round the tooth."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, CaseRef, Jaw, Worktype
from scaninbox.qc import ScanInput, check_scans
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch
from scaninbox.scans import resolve_orientation
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import show_and_wait
from tests.qt.viewer.meshes import write_stl

_MAPPING = "y,-x,z"


def test_a_margin_finding_is_drawn_as_a_line_round_the_preparation(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, tmp_path: Path,
    make_viewport: Callable[..., ScanViewport],
) -> None:  # fmt: skip
    import pyvista as pv

    server = tmp_path / "server"
    server.mkdir()
    built = build_arch(ArchRecipe("upper", 3, treatments=((16, "stump"),)), spacing_mm=0.3)
    points = np.ascontiguousarray(built.vertices, np.float32)
    write_stl(server / "upper.stl", (points, np.ascontiguousarray(built.faces, np.int32)))
    provider = FolderProvider(server, tmp_path / "cache")
    provider.cache_file("upper.stl")
    crown = Worktype(category="Fixed", restoration_type="Crown", material="Zirconia", fdi="16")
    case = Case(
        ref=CaseRef.parse("1"), worktypes=(crown,), received_at=datetime(2026, 1, 1, tzinfo=UTC)
    )
    result = check_scans([ScanInput(server / "upper.stl", Jaw.UPPER, "upper.stl")], case=case)
    (margin,) = [f for f in result.result.findings if f.kind == "margin"]
    assert margin.center_mm is not None

    viewport = make_viewport(provider, mapping=_MAPPING)
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    matrix = np.asarray(resolve_orientation(_MAPPING).matrix, np.float64)
    focus = viewport.finding_focus
    assert viewport.show_finding(
        margin.center_mm, kind="margin", figures=margin.figures, file="upper.stl"
    )
    qtbot.waitUntil(lambda: focus.outline_actor is not None, timeout=30_000)
    outline = pv.wrap(focus.outline_actor.GetMapper().GetInput())
    drawn = np.asarray(outline.points, np.float64)
    assert outline.n_lines == 1  # one closed line
    assert len(drawn) >= 18
    # Round the prepared tooth: its points are a first molar's width across, centred on the
    # finding's (turned) centre.
    centre = matrix @ np.asarray(margin.center_mm)
    assert drawn.mean(axis=0) == pytest.approx(centre, abs=0.05)
    spread = np.linalg.norm(drawn - centre, axis=1)
    assert float(spread.min()) > 2.0
    assert float(spread.max()) < 9.0
