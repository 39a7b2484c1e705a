"""A scan's row shows its download's progress without painting the bar on every report.

Downloads report every chunk and `QProgressBar.setValue` repaints at once; in the window, with
its OpenGL view, each repaint composed the whole window (costly on the GUI thread).
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from scaninbox.domain import Jaw
from scaninbox.qt.viewer.plan import PlannedScan
from scaninbox.qt.viewer.scan_row import RowState, ScanRow
from tests.qt.paint_counter import PaintCounter
from tests.qt.timeouts import EXPOSED_MS


def _row(qtbot: QtBot) -> ScanRow:
    scan = PlannedScan(
        key="upper", label="Upper jaw", jaw=Jaw.UPPER, file=None, preview=None, visible=True
    )
    row = ScanRow(scan, "#e8dcc8")
    qtbot.addWidget(row)
    row.resize(280, 90)
    row.show()
    qtbot.waitExposed(row, timeout=EXPOSED_MS)
    return row


def test_a_burst_of_download_reports_draws_the_row_bar_a_few_times_not_each_time(
    qtbot: QtBot,
) -> None:
    row = _row(qtbot)
    row.set_state(RowState.LOADING, "Downloading…", 0.0)
    bar = row.progress
    paints = PaintCounter()
    bar.installEventFilter(paints)
    # Laid out and drawn once: before its first paint a bar does not repaint at once anyway.
    qtbot.waitUntil(lambda: paints.count > 0)
    paints.count = 0
    # Steps of 5 %: each moves the bar by many pixels, so setValue alone would repaint each time.
    for step in range(1, 20):
        row.set_state(RowState.LOADING, "Downloading…", step / 20)
    # The last report is what shows, drawn with the next paint.
    qtbot.waitUntil(lambda: bar.value() == 950 and paints.count > 0)
    assert paints.count <= 3, paints.count


def test_a_download_of_unknown_size_shows_a_busy_bar_and_ready_hides_it(qtbot: QtBot) -> None:
    row = _row(qtbot)
    row.set_state(RowState.LOADING, "Downloading…", None)
    qtbot.waitUntil(row.progress.isVisible)
    assert (row.progress.minimum(), row.progress.maximum()) == (0, 0)
    row.set_state(RowState.LOADING, "Downloading…", 0.5)
    assert (row.progress.maximum(), row.progress.value()) == (1000, 500)
    row.set_state(RowState.READY, "300,000 triangles")
    assert not row.progress.isVisible()
