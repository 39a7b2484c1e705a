"""The QC tab's findings list at the width it gets in a 1280×720 window: long portal file names
stay readable — elided in the middle, so the case number and the scan's role both show — each
finding takes two lines (message; scan and figures), and the tooltip has the whole finding."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from scaninbox.domain import Jaw
from scaninbox.qc import Finding, QcResult, ScanInput, ScanResult, Severity, check_scans
from scaninbox.qt.case_pane.qc_findings import (
    FIGURES_ROLE,
    MAX_DETAIL_LINES,
    MAX_MESSAGE_LINES,
    SCAN_ROLE,
    FindingsList,
    detail_line,
    message_lines,
)
from scaninbox.qt.case_pane.qc_tab import VERDICT_COLOURS
from scaninbox.sandbox.mesh_files import stl_bytes
from tests.qc.shapes import arch, punch, side_tip
from tests.qt.timeouts import EXPOSED_MS

_UPPER = "02521904_2026-11-03_UpperJaw_PrePrep.stl"
_LOWER = "02521904_2026-11-03_LowerJaw.stl"
_TEXT_MARGIN_MAX = 4  # the style's margin either side of an item's text, at most


def test_long_scan_names_are_elided_in_the_middle_and_whole_in_the_tooltip(
    qtbot: QtBot, tmp_path: Path
) -> None:
    points, faces = arch("upper", spacing_mm=0.6)
    tip = side_tip(points)
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
    qtbot.waitExposed(findings, timeout=EXPOSED_MS)

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


def test_a_long_message_wraps_onto_more_lines_and_the_rows_follow_the_list_s_width(
    qtbot: QtBot,
) -> None:
    # Messages as the checks write them; at the findings' width in a 1280×720 window neither
    # fits on one line, and both are what a reviewer acts on.
    messages = (
        "Separate part of the bite registration (788 mm²).",
        "Smallest distance between the arches: 0.24 mm — the bite may be too tight here.",
    )
    findings_of_scan = tuple(
        Finding("fragment", Severity.WARN, text, figures={"area_mm2": 788.0}) for text in messages
    )
    scan = ScanResult("upper", _UPPER, 13440, findings_of_scan)
    findings = FindingsList()
    qtbot.addWidget(findings)
    findings.resize(330, 360)
    findings.show_result(QcResult((scan,), (), ("fragments",)), VERDICT_COLOURS)
    findings.show()
    qtbot.waitExposed(findings, timeout=EXPOSED_MS)

    group = findings.topLevelItem(0)
    assert group is not None
    rows = [group.child(i) for i in range(group.childCount())]
    metrics = findings.fontMetrics()
    font = findings.font()

    def shown_lines(row: QTreeWidgetItem, margins: int) -> list[str]:
        # The row's rect less the style's margins is the text's width: at least as many lines
        # with the margins taken off in full, at most as many with none.
        width = findings.visualItemRect(row).width()
        return message_lines(font, row.text(0), width - margins)

    narrow = [findings.visualItemRect(row).height() for row in rows]
    for row, height in zip(rows, narrow, strict=True):
        lines = shown_lines(row, 0)
        assert len(lines) >= 2  # too long for one line at 330 px ...
        assert " ".join(lines) == row.text(0)  # ... and shown whole, word by word
        assert height >= (len(lines) + 1) * metrics.height()  # its lines, then scan and figures
    assert not findings.grab().isNull()  # painted through the wrapping delegate

    findings.resize(1200, 360)  # wide enough for each message on one line
    qtbot.waitUntil(lambda: findings.visualItemRect(rows[0]).height() < narrow[0])
    for row in rows:
        assert len(shown_lines(row, 2 * _TEXT_MARGIN_MAX)) == 1
        assert findings.visualItemRect(row).height() < 3 * metrics.height()


def test_a_message_too_long_for_its_lines_ends_elided() -> None:
    font = QFont()
    words = " ".join(f"word{i}" for i in range(200))
    lines = message_lines(font, words, 200)
    assert len(lines) == MAX_MESSAGE_LINES
    assert lines[-1].endswith("…")
    metrics = QFontMetrics(font)
    assert all(metrics.horizontalAdvance(line) <= 200 for line in lines)
    assert " ".join(lines[:-1]) == words[: len(" ".join(lines[:-1]))]  # cut at word ends, in order
    assert message_lines(font, "short", 200) == ["short"]
    assert message_lines(font, "short", 0) == ["short"]  # no width yet: one line


def test_the_scan_and_figures_wrap_instead_of_ending_in_an_ellipsis(qtbot: QtBot) -> None:
    """As in the demo at 1280×720: "04199207_bite.ply · triangles 13440, area 8…" was cut."""
    finding = Finding(
        "fragment",
        Severity.WARN,
        "Separate part of the bite registration (803 mm²).",
        figures={"triangles": 13440, "area_mm2": 803.2, "distance_mm": 1.84},
    )
    scan = ScanResult("bite", "04199207_bite.ply", 13440, (finding,))
    findings = FindingsList()
    qtbot.addWidget(findings)
    findings.resize(330, 360)  # the findings' share of the case pane at 1280×720
    findings.show_result(QcResult((scan,), (), ("fragments",)), VERDICT_COLOURS)
    findings.show()
    qtbot.waitExposed(findings, timeout=EXPOSED_MS)
    group = findings.topLevelItem(0)
    assert group is not None
    row = group.child(0)
    assert row is not None
    figures = row.data(0, FIGURES_ROLE)
    width = findings.visualItemRect(row).width()
    metrics, font = findings.fontMetrics(), findings.font()
    detail = detail_line(metrics, "04199207_bite.ply", figures, width)
    assert detail == f"04199207_bite.ply · {figures}"  # whole: the name fits, the figures follow
    lines = message_lines(font, detail, width, MAX_DETAIL_LINES)
    assert len(lines) >= 2  # too long for one line here
    assert " ".join(lines) == detail  # ... and every word of it shown
    shown = findings.visualItemRect(row).height()
    assert shown >= (len(message_lines(font, row.text(0), width)) + len(lines)) * metrics.height()
    assert not findings.grab().isNull()  # painted through the wrapping delegate
