"""The status bar's download progress and the banner's wording, on their own."""

from __future__ import annotations

from datetime import datetime, timedelta

from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from scaninbox.qt.shell.status import BannerKind, ConnectionBanner, SyncStatus, as_of_text
from tests.qt.paint_counter import PaintCounter
from tests.qt.timeouts import EXPOSED_MS


def _status_bar(qtbot: QtBot) -> tuple[QMainWindow, SyncStatus]:
    window = QMainWindow()
    qtbot.addWidget(window)
    status = SyncStatus(window)
    for widget in status.widgets:
        window.statusBar().addPermanentWidget(widget)
    window.show()
    qtbot.waitExposed(window, timeout=EXPOSED_MS)
    return window, status


def test_download_progress_adds_up_files_and_hides_when_done(qtbot: QtBot) -> None:
    _window, status = _status_bar(qtbot)
    status.download_progress("a", 250, 1000)
    status.download_progress("b", 0, 1000)
    qtbot.waitUntil(lambda: status.download_label.text() == "Downloading 2 files")
    assert status.download_bar.isVisible()
    assert status.download_bar.value() == 125  # 250 of 2,000 bytes, in thousandths
    status.download_progress("a", 1000, 1000)  # finished
    status.download_progress("b", 10, None)  # size unknown: a busy bar
    qtbot.waitUntil(lambda: status.download_label.text() == "Downloading 1 file")
    assert status.download_bar.maximum() == 0
    status.download_finished("b")
    qtbot.waitUntil(lambda: not status.download_bar.isVisible())
    assert not status.download_label.isVisible()


def test_a_burst_of_progress_reports_draws_the_bar_a_few_times_not_each_time(
    qtbot: QtBot,
) -> None:
    # A download reports every chunk, and QProgressBar.setValue repaints at once: in the
    # window, with its OpenGL view, each repaint composed the whole window (costly).
    _window, status = _status_bar(qtbot)
    bar = status.download_bar
    status.download_progress("scan", 0, 200_000)
    qtbot.waitUntil(bar.isVisible)
    paints = PaintCounter()
    bar.installEventFilter(paints)
    for done in range(1_000, 200_000, 1_000):
        status.download_progress("scan", done, 200_000)
    # The last report is what shows, drawn with the window's next paint.
    qtbot.waitUntil(lambda: bar.value() == 995 and paints.count > 0)
    assert paints.count <= 3, paints.count


def test_the_banner_says_as_of_when(qtbot: QtBot) -> None:
    now = datetime.now().astimezone().replace(hour=15, minute=30)
    assert as_of_text(now.replace(hour=14, minute=5), now=now) == "as of 14:05 today"
    assert as_of_text(now - timedelta(days=1), now=now) == "as of yesterday 15:30"
    assert as_of_text(None) == "from this computer (never synced)"
    banner = ConnectionBanner()
    qtbot.addWidget(banner)
    banner.show_kind(BannerKind.OFFLINE, now)
    assert banner.text.startswith("Offline — showing cases as of ")
    assert banner.retry_button.isVisibleTo(banner)
    assert not banner.sign_in_button.isVisibleTo(banner)
    banner.show_kind(BannerKind.SIGNED_OUT, now)
    assert banner.text.startswith("Your session has ended")
    assert banner.sign_in_button.isVisibleTo(banner)
    banner.show_kind(BannerKind.NONE)
    assert banner.isHidden()


def test_engine_events_from_another_thread_arrive_on_the_gui_thread(qtbot: QtBot) -> None:
    import threading

    from scaninbox.domain import CaseRef
    from scaninbox.qt.account.sync_signals import SyncSignals

    signals = SyncSignals()
    received: list[tuple[list[CaseRef], int]] = []
    signals.newCases.connect(lambda refs: received.append((refs, threading.get_ident())))
    refs = [CaseRef("a"), CaseRef("b")]
    worker = threading.Thread(target=signals.listener.on_new_cases, args=(refs,))
    worker.start()
    worker.join()
    assert received == []  # queued, not called on the worker
    qtbot.waitUntil(lambda: len(received) == 1)
    assert received[0] == (refs, threading.get_ident())
    signals.listener.on_new_cases(refs)  # on the GUI thread: at once
    assert len(received) == 2
    signals.deleteLater()
