"""At start, background QC waits for the first case's full-resolution frame.

A QC check reads and checks a case's scans on a worker thread: on a two-core machine it shares
the cores and Python's lock with what the person is waiting for at start — the 3D stack's import,
reading the first case's scans and drawing them. So `BackgroundQc` is held from launch until
the 3D view has shown a case's visible scans at full resolution (`ViewerHost.caseComplete`), the
viewer is known not to come, or a bound: ``NO_CASE_MS`` after the inbox first lists cases while
none is shown (nobody waits for a frame then), ``CASE_MS`` after a case is first shown (a slow
download must not keep QC waiting for long), and ``CASE_MS`` after launch whatever happens (an
inbox that lists nothing, a sign-in left open). Cases whose scans arrive meanwhile wait in the
queue ("checking" in the inbox). Only the start is held: later cases never wait for a frame.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from scaninbox.domain import CaseRef
from scaninbox.qt.shell.main_window import MainWindow
from scaninbox.qt.shell.viewer_host import ViewerHost

__all__ = ["QcAfterFirstFrame"]


class QcAfterFirstFrame(QObject):
    """Holds ``window``'s background QC until the first full frame (see the module docstring);
    made at launch, when the 3D viewer will load."""

    NO_CASE_MS = 3_000
    CASE_MS = 20_000

    def __init__(
        self, window: MainWindow, viewer: ViewerHost, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._background = window.qc_background
        self._model = window.inbox.model
        self._case_seen = False
        self._background.hold()
        viewer.caseComplete.connect(self.release)
        viewer.unavailable.connect(self.release)
        window.cases.caseShown.connect(self._on_case_shown)
        self._model.queryApplied.connect(self._on_rows)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.release)
        self._timer.start(self.CASE_MS)

    @property
    def holding(self) -> bool:
        return self._background.held

    def release(self) -> None:
        self._timer.stop()
        self._background.release()

    def _on_rows(self) -> None:
        if (
            self._background.held
            and not self._case_seen
            and self._model.rowCount() > 0
            and self._timer.remainingTime() > self.NO_CASE_MS
        ):
            self._timer.start(self.NO_CASE_MS)

    def _on_case_shown(self, ref: CaseRef | None) -> None:
        if ref is not None and not self._case_seen and self._background.held:
            self._case_seen = True
            self._timer.start(self.CASE_MS)
