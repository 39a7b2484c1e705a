"""The QC tab's findings list at the width it gets in a 1280×720 window: long portal file names
stay readable — elided in the middle, so the case number and the scan's role both show — each
finding takes two lines (message; scan and figures), and the tooltip has the whole finding."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from pytestqt.qtbot import QtBot

from scaninbox.domain import Jaw
from scaninbox.qc import ScanInput, check_scans
from scaninbox.qt.case_pane.qc_findings import (
    FIGURES_ROLE,
    SCAN_ROLE,
    FindingsList,
    detail_line,
)
from scaninbox.qt.case_pane.qc_tab import VERDICT_COLOURS
from scaninbox.sandbox.mesh_files import stl_bytes
from tests.qc.shapes import arch, punch

_UPPER = "02521904_2026-11-03_UpperJaw_PrePrep.stl"
_LOWER = "02521904_2026-11-03_LowerJaw.stl"


def test_long_scan_names_are_elided_in_the_middle_and_whole_in_the_tooltip(
    qtbot: QtBot, tmp_path: Path
) -> None:
    points, faces = arch("upper", spacing_mm=0.6)
    tip = points[np.argmin(np.where(points[:, 0] < -10, points[:, 2], np.inf))]
    kept, _removed = punch(points, faces, tip, 1.5)
    (tmp_path / _UPPER).write_bytes(stl_bytes(points, kept, header_text="findings"))
    lower_points, lower_faces = arch("lower", spacing_mm=0.6)
    (tmp_path / _LOWER).write_bytes(
        stl_bytes(lower_points - np.float32([0, 0, 8.0]), lower_faces, header_text="findings")
    )
    run = check_scans(
        [ScanInput(tmp_path / _UPPER, Jaw.UPPER), ScanInput(tmp_path / _LOWER, Jaw.LOWER)]
    )
    findings = FindingsList()
    qtbot.addWidget(findings)
    findings.resize(330, 360)  # the findings' share of the case pane at 1280×720
    findings.show_result(run.result, VERDICT_COLOURS)
    findings.show()
    qtbot.waitExposed(findings)

    rows = [
        findings.topLevelItem(g).child(i)  # type: ignore[union-attr]
        for g in range(findings.topLevelItemCount())
        for i in range(findings.topLevelItem(g).childCount())  # type: ignore[union-attr]
    ]
    on_upper = [row for row in rows if row.data(0, SCAN_ROLE) == _UPPER]
    assert on_upper  # the hole, at least
    metrics = findings.fontMetrics()
    for row in on_upper:
        assert row.toolTip(0).splitlines()[0] == _UPPER  # the whole name, first
        rect = findings.visualItemRect(row)
        assert rect.height() >= 2 * metrics.height()  # message, then scan and figures
        figures = row.data(0, FIGURES_ROLE)
        shown = detail_line(metrics, _UPPER, figures, rect.width()).split(" · ")[0]
        assert "…" in shown  # too long for its share: elided ...
        assert shown.startswith("02521904")  # ... keeping the case number
        assert shown.endswith("PrePrep.stl")  # ... and the scan's role
    # A name that fits is shown whole.
    assert detail_line(metrics, "lower.stl", "", 300) == "lower.stl"
    assert detail_line(metrics, "", "min 0.28 mm", 300) == "whole case · min 0.28 mm"
    assert not findings.grab().isNull()  # painted through the two-line delegate
