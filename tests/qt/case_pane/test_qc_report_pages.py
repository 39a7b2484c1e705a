"""The QC report as a reader sees it (issue 25, point 8): figures in plain words, never the JSON's
key names, and no page left nearly empty between the findings, the views and the maps."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import shiboken6
from PySide6.QtCore import QSize
from PySide6.QtPdf import QPdfDocument
from pytestqt.qtbot import QtBot

from scaninbox.domain import Jaw
from scaninbox.qc import ScanInput, check_scans
from scaninbox.qc.report import write_report
from scaninbox.sandbox.mesh_files import stl_bytes
from tests.qc.shapes import arch, plane, punch, side_tip
from tests.qt.pdf_text import pdf_pages

_RAW_KEY = ("area_mm2", "depth_mm", "perimeter_mm", "min_mm", "_mm")


def _holed_upper_on_a_plane(folder: Path) -> list[ScanInput]:
    points, faces = arch("upper", spacing_mm=0.4)
    kept, _ = punch(points, faces, side_tip(points), 2.0)
    upper = folder / "upper.stl"
    upper.write_bytes(stl_bytes(points, kept, header_text="qc"))
    tip = points[np.argmin(points[:, 2])]
    lower = folder / "lower.stl"
    lower.write_bytes(stl_bytes(*plane(float(tip[2]) + 0.3, step_mm=1.5), header_text="qc"))
    return [ScanInput(upper, Jaw.UPPER), ScanInput(lower, Jaw.LOWER)]


def _lowest_ink(document: QPdfDocument, page: int) -> float:
    """How far down the page (0 … 1) its lowest mark above the footer is."""
    size = document.pagePointSize(page)
    image = document.render(page, QSize(int(size.width()), int(size.height())))
    height, width = image.height(), image.width()
    bits = image.constBits()
    pixels = np.frombuffer(bits, np.uint8).reshape(height, image.bytesPerLine())
    pixels = pixels[:, : width * 4].reshape(height, width, 4)
    ink = (pixels[..., 3] > 0) & (pixels[..., :3].min(axis=2) < 200)
    rows = np.flatnonzero(ink[: int(height * 0.93)].any(axis=1))  # the footer left out
    return float(rows.max()) / height if len(rows) else 0.0


def test_the_report_prints_figures_in_words_and_leaves_no_page_nearly_empty(
    qtbot: QtBot, tmp_path: Path
) -> None:
    run = check_scans(_holed_upper_on_a_plane(tmp_path))
    out = write_report(run, tmp_path / "report.pdf")
    pages = pdf_pages(out)
    text = " ".join(pages)
    for raw in _RAW_KEY:
        assert raw not in text
    assert "area " in text
    assert "mm²" in text
    document = QPdfDocument()
    try:
        document.load(str(out))
        # Every page but the last is filled past its middle: the views follow the findings
        # on the page they end on when the first picture fits there.
        filled = [_lowest_ink(document, page) for page in range(document.pageCount() - 1)]
    finally:
        document.close()
        shiboken6.delete(document)
    assert filled
    assert min(filled) > 0.6, filled
