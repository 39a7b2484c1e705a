"""What the window says about the connection: the status bar and the offline banner.

- ``SyncStatus`` (permanent status-bar widgets): the engine's state ("Syncing 40 of 60 cases…",
  "Offline", "Sync failed"), the last successful sync ("Synced 2 min ago", refreshed every
  30 s) and download progress of case files.
- ``ConnectionBanner``: a strip above the inbox when the cases shown may be out of date:
  "Offline — showing cases as of <time>" (the service cannot be reached), "Your session has
  ended …" (with "Sign in…"), or "Working offline …" (opened without signing in). It stays
  while the engine retries, and goes when the service answers again.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QWidget,
)

from scaninbox.domain import exact_time, format_date, format_size, local_time, relative_time
from scaninbox.language import current, translate
from scaninbox.qt.inbox import icons
from scaninbox.qt.look.quiet_progress import set_progress_quietly
from scaninbox.qt.look.theme import error_colours, is_dark

__all__ = ["BannerKind", "ConnectionBanner", "SyncStatus", "as_of_text"]

_REFRESH_MS = 30_000
_PROGRESS_MS = 250  # the download bar changes at most four times a second


def as_of_text(moment: datetime | None, *, now: datetime | None = None) -> str:
    """``as of 14:05 today`` style wording for the banner ("never synced" without a time)."""
    if moment is None:
        return translate("SyncStatus", "from this computer (never synced)")
    local = local_time(moment)
    today = (local_time(now) if now is not None else datetime.now().astimezone()).date()
    clock = f"{local:%H:%M}"
    if local.date() == today:
        return translate("SyncStatus", "as of {time} today").format(time=clock)
    if (today - local.date()).days == 1:
        return translate("SyncStatus", "as of yesterday {time}").format(time=clock)
    return translate("SyncStatus", "as of {date} {time}").format(
        date=format_date(local.date(), with_year=local.year != today.year), time=clock
    )


class BannerKind:
    NONE = ""
    OFFLINE = "offline"
    SIGNED_OUT = "signed_out"
    WORKING_OFFLINE = "working_offline"


class ConnectionBanner(QFrame):
    """The strip above the inbox; ``show_kind(kind, last_sync)``. Buttons: ``retryRequested``
    (Try again), ``signInRequested`` (Sign in…)."""

    retryRequested = Signal()
    signInRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("connectionBanner")
        self.setAccessibleName(translate("ConnectionBanner", "Connection status"))
        self.setAutoFillBackground(True)
        self._kind = BannerKind.NONE
        self._last_sync: datetime | None = None
        self.icon_label = QLabel(self)
        self.icon_label.setFixedSize(18, 18)
        self.text_label = QLabel(self)
        self.text_label.setObjectName("bannerText")
        self.text_label.setWordWrap(True)
        self.text_label.setTextFormat(Qt.TextFormat.PlainText)
        self.retry_button = QPushButton(translate("ConnectionBanner", "Try again"), self)
        self.retry_button.clicked.connect(self.retryRequested)
        self.sign_in_button = QPushButton(translate("ConnectionBanner", "Sign in…"), self)
        self.sign_in_button.clicked.connect(self.signInRequested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 10, 6)
        layout.setSpacing(10)
        layout.addWidget(self.icon_label)
        layout.addWidget(self.text_label, 1)
        layout.addWidget(self.retry_button)
        layout.addWidget(self.sign_in_button)
        self._clock = QTimer(self)
        self._clock.setInterval(_REFRESH_MS)
        self._clock.timeout.connect(self._update_text)
        self._clock.start()
        self.hide()

    @property
    def kind(self) -> str:
        return self._kind

    @property
    def text(self) -> str:
        return self.text_label.text()

    def show_kind(self, kind: str, last_sync: datetime | None = None) -> None:
        self._kind, self._last_sync = kind, last_sync
        self.setVisible(kind != BannerKind.NONE)
        self.retry_button.setVisible(kind == BannerKind.OFFLINE)
        self.sign_in_button.setVisible(kind in (BannerKind.SIGNED_OUT, BannerKind.WORKING_OFFLINE))
        self._update_colours()
        self._update_text()

    def changeEvent(self, event: Any) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.PaletteChange and self._kind:
            self._update_colours()

    def _update_text(self) -> None:
        as_of = as_of_text(self._last_sync)
        texts = {
            BannerKind.OFFLINE: translate(
                "ConnectionBanner",
                "Offline — showing cases {as_of}. Scan Inbox keeps trying to reconnect; files "
                "already on this computer still open.",
            ),
            BannerKind.SIGNED_OUT: translate(
                "ConnectionBanner",
                "Your session has ended — showing cases {as_of}. Sign in again to get new "
                "cases and files.",
            ),
            BannerKind.WORKING_OFFLINE: translate(
                "ConnectionBanner",
                "Working offline — showing cases {as_of}. Sign in to get new cases and files.",
            ),
        }
        self.text_label.setText(texts.get(self._kind, "").format(as_of=as_of))
        self.setToolTip(
            translate("ConnectionBanner", "Last synced {time}").format(
                time=exact_time(self._last_sync)
            )
            if self._last_sync is not None
            else ""
        )

    def _update_colours(self) -> None:
        dark = is_dark(self.palette())
        tint = QColor("#8a6d00" if dark else "#fff4d6")
        text = QColor("#fff4d6" if dark else "#4d3b00")
        if self._kind == BannerKind.SIGNED_OUT:
            tint, text = error_colours(dark)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, tint)
        palette.setColor(QPalette.ColorRole.WindowText, text)
        self.setPalette(palette)
        self.text_label.setPalette(palette)
        self.icon_label.setPixmap(icons.pixmap("offline", text, 18, self.devicePixelRatioF()))


class SyncStatus(QObject):
    """The status bar's permanent widgets; fed by the window from ``SyncSignals``."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.state_icon = QLabel(parent)
        self.state_icon.setObjectName("syncStateIcon")
        self.state_icon.setFixedSize(24, 18)
        self.state_icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.state_label = QLabel(parent)
        self.state_label.setObjectName("syncState")
        self.last_sync_label = QLabel(parent)
        self.last_sync_label.setObjectName("lastSync")
        self.download_bar = QProgressBar(parent)
        self.download_bar.setObjectName("downloadProgress")
        self.download_bar.setFixedWidth(160)
        self.download_bar.setMaximumHeight(14)
        self.download_bar.setTextVisible(False)
        self.download_label = QLabel(parent)
        self.download_label.setObjectName("downloadText")
        # Cases the service sent that could not be read: the rest of the inbox is there, and
        # the person learns that something is missing (the tooltip says which and why).
        self.unreadable_label = QLabel(parent)
        self.unreadable_label.setObjectName("unreadableCases")
        self.unreadable_label.setTextFormat(Qt.TextFormat.PlainText)
        self.unreadable_label.setVisible(False)
        self._last_sync: datetime | None = None
        self._downloads: dict[object, tuple[int, int | None]] = {}
        self._prefetch: Any = None  # the running prefetch's PrefetchProgress
        self._state_text = ""
        self._clock = QTimer(self)
        self._clock.setInterval(_REFRESH_MS)
        self._clock.timeout.connect(self._update_last_sync)
        self._clock.start()
        # Downloads report every chunk; the bar changes at most every _PROGRESS_MS. In a window
        # holding an OpenGL view every repaint composes the whole window (costly on the GUI
        # thread under llvmpipe), and QProgressBar.setValue repainted at once, on every chunk:
        # at start-up, with the demo's prefetch, that was the GUI thread's biggest cost before
        # the first 3D frame (`benchmarks/startup.py`).
        self._progress_timer = QTimer(self)
        self._progress_timer.setSingleShot(True)
        self._progress_timer.setInterval(_PROGRESS_MS)
        self._progress_timer.timeout.connect(self._update_downloads)
        self.set_state("", "")
        self._update_downloads()

    @property
    def widgets(self) -> tuple[QWidget, ...]:
        return (
            self.unreadable_label,
            self.download_label,
            self.download_bar,
            self.state_icon,
            self.state_label,
            self.last_sync_label,
        )

    @property
    def state_text(self) -> str:
        return self.state_label.text()

    def set_state(self, text: str, icon_name: str, *, warning: bool = False) -> None:
        self.state_label.setText(text)
        self.state_label.setToolTip(text)
        palette = self.state_label.palette()
        colour = palette.color(QPalette.ColorRole.WindowText)
        if warning:
            colour = QColor("#ff7b72" if is_dark(palette) else "#c62828")
        if icon_name:
            self.state_icon.setPixmap(
                icons.pixmap(icon_name, colour, 16, self.state_icon.devicePixelRatioF())
            )
        self.state_icon.setVisible(bool(icon_name))

    def set_unreadable(self, lines: list[str]) -> None:
        """Say how many cases of the last sync could not be read; ``lines`` say which."""
        count = len(lines)
        self.unreadable_label.setVisible(count > 0)
        self.unreadable_label.setText(
            translate("SyncStatus", "%n case(s) could not be read", None, count) if count else ""
        )
        more = translate("SyncStatus", "… and %n more", None, count - 20)
        shown = lines[:20] + ([more] if count > 20 else [])
        self.unreadable_label.setToolTip("\n".join(shown))

    def set_last_sync(self, moment: datetime | None) -> None:
        self._last_sync = moment
        self._update_last_sync()

    def download_progress(self, key: Any, done_bytes: int, total_bytes: int | None) -> None:
        if total_bytes is not None and done_bytes >= total_bytes:
            self._downloads.pop(key, None)
        else:
            self._downloads[key] = (done_bytes, total_bytes)
        self._schedule_downloads()

    def prefetch_progress(self, progress: Any) -> None:
        """A prefetch's tally (``PrefetchProgress``): the files done of all and the bytes
        take the place of the files on their way until it has finished."""
        self._prefetch = None if progress.finished else progress
        self._schedule_downloads()

    def download_finished(self, key: Any) -> None:
        self._downloads.pop(key, None)
        self._schedule_downloads()

    def _schedule_downloads(self) -> None:
        if not self._progress_timer.isActive():
            self._progress_timer.start()

    def clear(self) -> None:
        self._downloads.clear()
        self._prefetch = None
        self._progress_timer.stop()
        self._update_downloads()
        self.set_state("", "")
        self.set_last_sync(None)
        self.set_unreadable([])

    def _update_last_sync(self) -> None:
        moment = self._last_sync
        if moment is None:
            self.last_sync_label.setText("")
            self.last_sync_label.setToolTip("")
            return
        self.last_sync_label.setText(
            translate("SyncStatus", "Synced {when}").format(
                when=relative_time(moment, now=datetime.now(UTC))
            )
        )
        self.last_sync_label.setToolTip(
            translate("SyncStatus", "Last successful sync: {time}").format(time=exact_time(moment))
        )

    def _update_downloads(self) -> None:
        count = len(self._downloads)
        tally = self._prefetch
        self.download_bar.setVisible(count > 0 or tally is not None)
        self.download_label.setVisible(count > 0 or tally is not None)
        if tally is not None and tally.files_total:
            done, total = tally.files_done, tally.files_total
            set_progress_quietly(self.download_bar, int(1000 * done / total))
            self.download_label.setText(
                translate("SyncStatus", "Offline copies: {done} of {total} files, {size}").format(
                    done=current().count_text(done),
                    total=current().count_text(total),
                    size=format_size(tally.bytes_done),
                )
            )
            return
        if not count:
            self.download_bar.setVisible(False)
            self.download_label.setVisible(False)
            return
        done_bytes = sum(d for d, _t in self._downloads.values())
        totals = [t for _d, t in self._downloads.values() if t is not None]
        total_bytes = sum(totals)
        known = len(totals) == count and total_bytes > 0
        set_progress_quietly(
            self.download_bar, int(1000 * done_bytes / total_bytes) if known else None
        )
        self.download_label.setText(translate("SyncStatus", "Downloading %n file(s)", None, count))
