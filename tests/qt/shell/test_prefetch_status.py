"""The window's status bar follows a prefetch: files done of all and the bytes, from the engine's
listener call through `SyncSignals` to `SyncStatus` (as `SyncPresenter` connects them), and
gives way to the files on their way once it has finished."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from scaninbox.qt.account.sync_signals import SyncSignals
from scaninbox.qt.shell.status import SyncStatus
from scaninbox.store import PrefetchProgress
from tests.qt.timeouts import EXPOSED_MS


def test_the_status_bar_counts_a_prefetchs_files_and_bytes(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    status = SyncStatus(window)
    for widget in status.widgets:
        window.statusBar().addPermanentWidget(widget)
    window.show()
    qtbot.waitExposed(window, timeout=EXPOSED_MS)
    signals = SyncSignals(window)
    signals.prefetchProgress.connect(status.prefetch_progress)

    signals.listener.on_prefetch_progress(PrefetchProgress(0, 340, 0))
    qtbot.waitUntil(lambda: status.download_label.text() == "Offline copies: 0 of 340 files, 0 B")
    assert status.download_bar.isVisible()
    signals.listener.on_prefetch_progress(PrefetchProgress(85, 340, 47_400_000))
    qtbot.waitUntil(lambda: status.download_label.text().startswith("Offline copies: 85 of 340"))
    assert "47" in status.download_label.text()
    assert status.download_bar.value() == 250  # a quarter, in thousandths
    status.download_progress("x", 10, 100)  # a file on its way does not hide the tally
    signals.listener.on_prefetch_progress(PrefetchProgress(340, 340, 90_000_000, finished=True))
    qtbot.waitUntil(lambda: status.download_label.text() == "Downloading 1 file")
    status.download_finished("x")
    qtbot.waitUntil(lambda: not status.download_bar.isVisible())
