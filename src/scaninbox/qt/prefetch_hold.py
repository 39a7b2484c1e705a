"""At start-up, the account's bulk prefetch and background QC wait for the 3D viewer's first frame.

The prefetch (previews, order forms and recent scans of every case, `SyncEngine.prefetch`) is
Python work in the window's process — downloads, hashing, writing, and the background QC each
arriving scan starts — and on two cores it took Python's lock from the 3D stack's import and
the first case's first frame (`benchmarks/startup.py`). So when an account opens before the
viewer has drawn anything, its engine holds the prefetch (`SyncEngine.hold_prefetch`) until the
viewer draws a case, says it cannot start, becomes ready with no case to draw, or
`HOLD_MAX_MS` passes. The sync itself goes on, and the case on screen has its own files fetched
meanwhile (`ViewerHost`). Only the first account of the run is held: later ones open with the
viewer in place. The background QC (`BackgroundQc.hold_start`) waits for the same moment: its
start imports the QC package and reads the store on the GUI thread, before the first rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from scaninbox.qt.viewer_host import ViewerHost

if TYPE_CHECKING:
    from scaninbox.qt.qc_background import BackgroundQc
    from scaninbox.qt.session import AccountSession

__all__ = ["HOLD_MAX_MS", "PrefetchHold"]

HOLD_MAX_MS = 15_000  # whatever happens, the prefetch waits no longer than this


class PrefetchHold(QObject):
    """Holds an opened account's prefetch until the viewer's first frame (`hold`)."""

    def __init__(
        self,
        viewer: ViewerHost,
        *,
        enabled: bool,
        background_qc: BackgroundQc | None = None,
        parent: QObject | None = None,
    ) -> None:
        """``background_qc`` is held from now until the same release as the prefetch."""
        super().__init__(parent)
        self._viewer = viewer
        self._enabled = enabled  # False: no viewer is loading (``--no-viewer``)
        self._background_qc = background_qc
        if enabled and background_qc is not None and viewer.viewport is None:
            background_qc.hold_start()
        self._used = False
        self.held: AccountSession | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(HOLD_MAX_MS)
        self._timer.timeout.connect(self.release)
        viewer.caseShown.connect(self.release)
        viewer.unavailable.connect(self.release)
        viewer.ready.connect(self._on_viewer_ready)

    def hold(self, opened: AccountSession) -> None:
        """``opened``'s prefetch waits, when the viewer is still to draw its first frame."""
        if not self._enabled or self._used or self._viewer.viewport is not None:
            return
        if self._viewer.gave_up:
            return
        self._used = True
        self.held = opened
        opened.engine.hold_prefetch()
        self._timer.start()

    def release(self, *_args: object) -> None:
        if self._background_qc is not None:
            self._background_qc.release_start()
        held, self.held = self.held, None
        self._timer.stop()
        if held is not None:
            held.engine.release_prefetch()

    def _on_viewer_ready(self) -> None:
        if self._viewer.case is None:  # no case to draw: nothing to wait for
            self.release()
