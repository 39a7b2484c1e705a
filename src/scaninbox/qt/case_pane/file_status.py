"""Where a file's download shows itself: progress while it comes, plain words and Retry if not.

One widget serves the order form (wide) and each attachment tile (compact). It knows nothing
about where files come from; the owner feeds it progress and outcomes, and whether the window is
online (`set_online`): Retry asks the service again, which cannot succeed while offline, working
offline or signed out — then the bar says the file can be tried again once the connection is
back, and offers Retry when it is.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from scaninbox.domain import format_size
from scaninbox.language import translate
from scaninbox.qt.files.file_fetch import FileProblem, cached_copy, obtain
from scaninbox.qt.files.providers import CaseFile, CaseFileProvider
from scaninbox.qt.look.widgets import set_muted
from scaninbox.qt.runtime import async_bridge

__all__ = ["FileState", "FileStatusBar", "fetch_with_status"]


class FileState(StrEnum):
    IDLE = "idle"
    LOADING = "loading"
    READY = "ready"
    OFFLINE = "offline"
    FAILED = "failed"


_PROBLEMS = (FileState.OFFLINE, FileState.FAILED)


class FileStatusBar(QWidget):
    """Progress bar, message and Retry button for one file (Retry only while online; offline
    a line saying it comes back with the connection)."""

    retryRequested = Signal()

    def __init__(self, parent: QWidget | None = None, *, compact: bool = False) -> None:
        super().__init__(parent)
        self.state = FileState.IDLE
        self.online = True
        self._compact = compact
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setRange(0, 100)
        self.progress_bar.setAccessibleName(translate("FileStatusBar", "Download progress"))
        self.progress_bar.setTextVisible(not compact)
        self.message_label = QLabel(self)
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.message_label.setWordWrap(True)
        self.message_label.setAccessibleName(translate("FileStatusBar", "File status"))
        self.retry_button = QPushButton(translate("FileStatusBar", "Retry"), self)
        self.retry_button.setAccessibleName(translate("FileStatusBar", "Retry download"))
        self.retry_button.clicked.connect(self.retryRequested)
        self.offline_note = QLabel(
            translate("FileStatusBar", "Retry once the connection is back."), self
        )
        self.offline_note.setWordWrap(True)
        set_muted(self.offline_note, True)
        if compact:
            self.progress_bar.setFixedHeight(6)
            layout: QHBoxLayout | QVBoxLayout = QVBoxLayout(self)
            layout.setSpacing(3)
            layout.addWidget(self.progress_bar)
            layout.addWidget(self.message_label)
            layout.addWidget(self.retry_button, 0, Qt.AlignmentFlag.AlignHCenter)
            layout.addWidget(self.offline_note)
        else:
            self.progress_bar.setMaximumWidth(320)
            layout = QHBoxLayout(self)
            layout.setSpacing(10)
            layout.addWidget(self.progress_bar)
            layout.addWidget(self.message_label, 1)
            layout.addWidget(self.retry_button)
            layout.addWidget(self.offline_note)
        layout.setContentsMargins(0, 0, 0, 0)
        self.reset()

    def reset(self) -> None:
        self.state = FileState.IDLE
        self.hide()  # takes no room in its layout until there is something to say
        self.progress_bar.hide()
        self.message_label.hide()
        self._show_retry(False)

    def set_online(self, online: bool) -> None:
        """Whether files can come from the service now (the window's connectivity): Retry is
        offered only then."""
        self.online = online
        self._show_retry(self.state in _PROBLEMS)

    def _show_retry(self, problem: bool) -> None:
        self.retry_button.setVisible(problem and self.online)
        self.offline_note.setVisible(problem and not self.online)

    def show_progress(
        self, received_bytes: int, total_bytes: int | None, *, label: str | None = None
    ) -> None:
        label = label or translate("FileStatusBar", "Downloading…")
        self.state = FileState.LOADING
        self.show()
        self._show_retry(False)
        self.progress_bar.show()
        if total_bytes and total_bytes > 0:
            self.progress_bar.setRange(0, 100)
            self.progress_bar.setValue(min(100, received_bytes * 100 // total_bytes))
            amount = translate("FileStatusBar", "{received} of {total}").format(
                received=format_size(received_bytes), total=format_size(total_bytes)
            )
        else:
            self.progress_bar.setRange(0, 0)  # size unknown: a busy bar
            amount = format_size(received_bytes) if received_bytes else ""
        text = f"{label} {amount}".strip() if not self._compact else amount
        self.message_label.setText(text or label)
        set_muted(self.message_label, True)
        self.message_label.setVisible(bool(text) or not self._compact)

    def show_ready(self) -> None:
        if self.state is FileState.LOADING and self.progress_bar.maximum() > 0:
            self.progress_bar.setValue(100)
        self.state = FileState.READY
        self.hide()
        self.progress_bar.hide()
        self.message_label.hide()
        self._show_retry(False)

    def show_problem(self, message: str, *, offline: bool) -> None:
        self.state = FileState.OFFLINE if offline else FileState.FAILED
        self.show()
        self.progress_bar.hide()
        self.message_label.setText(message)
        self.message_label.setToolTip(message)
        set_muted(self.message_label, offline)
        self.message_label.show()
        self._show_retry(True)


async def fetch_with_status(
    provider: CaseFileProvider,
    file: CaseFile,
    status: FileStatusBar,
    *,
    refresh: bool,
    is_current: Callable[[], bool],
) -> Path | None:
    """A local copy of ``file``, showing progress and problems on ``status``.

    Returns None after a problem (already shown) or when ``is_current()`` says the widget has
    moved on to another case meanwhile (then nothing is painted).
    """
    cached = None if refresh else cached_copy(provider, file)
    if cached is not None:
        status.show_ready()
        return cached
    status.show_progress(0, None)

    def progress(received_bytes: int, total_bytes: int | None) -> None:
        if is_current():
            status.show_progress(received_bytes, total_bytes)

    try:
        path = await obtain(provider, file, async_bridge.gui_callback(progress), refresh=True)
    except FileProblem as problem:
        if is_current():
            status.show_problem(problem.message, offline=problem.offline)
        return None
    if not is_current():
        return None
    status.show_ready()
    return path
