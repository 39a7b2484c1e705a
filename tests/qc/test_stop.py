"""A QC run asked to stop ends at its next step (`QcStopped`), not at its end: the app's
background checks get this request when the account closes or the app quits."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from scaninbox.domain import Jaw
from scaninbox.qc import QcStopped, ScanInput, check_scans
from tests.qc.test_report import _files


class _SetAtQuestion(threading.Event):
    """Set by the ``at``-th question asked of it (from any thread): the run's steps ask it once
    each, so the run stops at that step."""

    def __init__(self, at: int) -> None:
        super().__init__()
        self._at = at
        self._lock = threading.Lock()
        self.asked = 0

    def is_set(self) -> bool:
        with self._lock:
            self.asked += 1
            if self.asked >= self._at:
                self.set()
        return super().is_set()


def test_a_run_asked_to_stop_before_it_starts_reads_nothing(tmp_path: Path) -> None:
    missing = [ScanInput(tmp_path / "gone.stl", Jaw.UPPER)]
    # Not asked to stop, a missing file is a finding, not an error.
    assert not check_scans(missing).result.scans[0].readable
    stop = threading.Event()
    stop.set()
    with pytest.raises(QcStopped):
        check_scans(missing, stop=stop)


def test_the_bite_is_not_measured_after_a_stop_during_the_scans(tmp_path: Path) -> None:
    inputs = _files(tmp_path)  # an upper and a lower arch: the bite is measured last
    # Asked at the start (1), before each scan (2, 3), before the bite (4), then before each
    # block of the bite's closest-point queries.
    whole = _SetAtQuestion(at=10**9)
    run = check_scans(inputs, stop=whole)
    assert "occlusion" in run.result.checks
    assert whole.asked > 4
    late = _SetAtQuestion(at=4)
    with pytest.raises(QcStopped):
        check_scans(inputs, stop=late)
    assert late.asked == 4


def test_a_stop_during_the_bite_ends_it_within_a_block_of_queries(tmp_path: Path) -> None:
    inputs = _files(tmp_path)
    whole = _SetAtQuestion(at=10**9)
    check_scans(inputs, stop=whole)
    during = _SetAtQuestion(at=5)  # the bite's first block of queries
    with pytest.raises(QcStopped):
        check_scans(inputs, stop=during)
    assert during.asked == 5 < whole.asked


def test_a_stop_at_the_first_scan_ends_the_run(tmp_path: Path) -> None:
    early = _SetAtQuestion(at=2)
    with pytest.raises(QcStopped):
        check_scans(_files(tmp_path), stop=early)
