"""The window's first-run layout: how big it opens, and how the inbox and the case share it;
and every window of the app kept within the screen.

The 3D view in the case pane is a reviewer's main tool, so the inbox gets just the width that
shows its key columns (received, patient, work, delivery, status) and everything else goes to
the case — at least the width that shows the 3D view's toolbar whole once the view is there,
the inbox keeping `INBOX_MIN_SHARE` (a 1080p screen scaled 1.5 times is 1280×720 logical); a
larger screen gets a larger window, not a wider table. A layout the person arranged (restored from
``UiState``, or the splitter moved) is used as it is.

Sizes come from the screen's available geometry (without panels and docks) *with the window
frame included*: a 1280×720 client area on a 1280×720 screen put the title bar and the status
bar (online / offline, "Saved 11 files…") off the screen. The frame is only known once the window
manager has framed the window, so windows are first sized with `FRAME_ALLOWANCE` and
`ScreenFit` corrects size and place once the real frame is known (once: afterwards the person
places the window). The minimum size shrinks to what the screen holds (960×600 is more than a
1080p screen at 200 % has).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QRect, QSize, QTimer
from PySide6.QtGui import QScreen, QWindow
from PySide6.QtWidgets import QWidget

__all__ = [
    "FRAME_ALLOWANCE",
    "INBOX_MAX_SHARE",
    "INBOX_MIN_SHARE",
    "MIN_WINDOW_SIZE",
    "ScreenFit",
    "default_window_size",
    "fit_to_screen",
    "fitted_rect",
    "frame_geometry",
    "inbox_share",
    "minimum_window_size",
]

MIN_WINDOW_SIZE = QSize(960, 600)
INBOX_MAX_SHARE = 0.55  # of the window's width, whatever the columns ask for
INBOX_MIN_SHARE = 0.45  # ... and at least this, whatever the case pane would like
_PREFERRED = QSize(1280, 800)
_SCREEN_SHARE = 0.85
# A title bar and borders as window managers draw them (titles up to about 40 px; side borders
# of 0–4 px), for sizes chosen before the real frame is known; `ScreenFit` corrects the rest.
# The first-run split is made at this width: wider side borders would leave the inbox's key
# columns (at 1280 px) less than their share.
FRAME_ALLOWANCE = QMargins(4, 40, 4, 8)


def _room(screen: QScreen | None, frame: QMargins) -> QSize | None:
    """The largest client area whose frame fits the screen's available geometry."""
    if screen is None:
        return None
    available = screen.availableGeometry().size()
    return QSize(
        max(1, available.width() - frame.left() - frame.right()),
        max(1, available.height() - frame.top() - frame.bottom()),
    )


def default_window_size(screen: QScreen | None, frame: QMargins = FRAME_ALLOWANCE) -> QSize:
    """1280×800, or 85 % of a larger screen; never more than the screen has room for, frame
    included."""
    room = _room(screen, frame)
    if screen is None or room is None:
        return QSize(_PREFERRED)
    available = screen.availableGeometry().size()
    width = max(_PREFERRED.width(), round(available.width() * _SCREEN_SHARE))
    height = max(_PREFERRED.height(), round(available.height() * _SCREEN_SHARE))
    return QSize(min(width, room.width()), min(height, room.height()))


def minimum_window_size(screen: QScreen | None, frame: QMargins = FRAME_ALLOWANCE) -> QSize:
    """`MIN_WINDOW_SIZE`, or less on a screen that has less room (frame included)."""
    room = _room(screen, frame)
    return MIN_WINDOW_SIZE if room is None else MIN_WINDOW_SIZE.boundedTo(room)


def fitted_rect(frame: QRect, available: QRect) -> QRect:
    """``frame`` (a window's frame geometry) made no larger than ``available`` and moved inside
    it: its top-left stays where it can, so a window is moved as little as possible."""
    width = min(frame.width(), available.width())
    height = min(frame.height(), available.height())
    left = min(max(frame.left(), available.left()), available.right() + 1 - width)
    top = min(max(frame.top(), available.top()), available.bottom() + 1 - height)
    return QRect(left, top, width, height)


def frame_geometry(window: QWidget) -> QRect | None:
    """The top-level ``window``'s frame as the window manager has drawn it, or None while the
    frame is not known (not framed yet, or never framed)."""
    known = _known_frame(window)
    return None if known is None else known[0]


def _known_frame(window: QWidget) -> tuple[QRect, QMargins] | None:
    """The frame's geometry and margins, read from the native window, not from
    ``QWidget.frameGeometry``: the widget keeps the margins it read at its last move or resize,
    and the window manager may finish the frame after that. Margins with a negative side are no
    frame but one being built: openbox reparents a window into a 1×1 frame before sizing it,
    and Qt, asked in between, reports a frame smaller than the window."""
    handle = window.windowHandle()
    if handle is None or not window.isVisible():
        return None
    margins = handle.frameMargins()
    sides = (margins.left(), margins.top(), margins.right(), margins.bottom())
    if margins.isNull() or min(sides) < 0:
        return None
    return handle.frameGeometry(), margins


def fit_to_screen(window: QWidget, preferred: QSize) -> ScreenFit:
    """Size the top-level ``window`` to ``preferred`` or what its screen holds (frame included),
    and keep it within the screen once shown (`ScreenFit`)."""
    room = _room(window.screen(), FRAME_ALLOWANCE)
    window.resize(preferred if room is None else preferred.boundedTo(room))
    return ScreenFit(window)


_FIT_EVENTS = (QEvent.Type.Show, QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Expose)
_SETTLE_MS = 150


class ScreenFit(QObject):
    """Watches a top-level window until the window manager has framed it, then shrinks it and
    moves it so that the frame lies within the available geometry of its screen. Runs again
    each time the window is shown anew (a dialog opened for the second time)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._pending = True
        self._handle: QWindow | None = None
        # Fitted once the window manager's events have settled: at the first expose the window
        # may still stand where Qt asked for it, before the window manager placed it.
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(_SETTLE_MS)
        self._settle.timeout.connect(self.fit)
        window.installEventFilter(self)

    @property
    def pending(self) -> bool:
        """True until the frame was known and the window fitted (since it was last shown)."""
        return self._pending

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Show and watched is self._window:
            self._pending = True
            self._watch_native_window()
        # The frame is known once the window manager has reparented the window, which comes
        # before the window is exposed; a window whose size and place the window manager left
        # alone gets no move or resize event after that, only the expose.
        if self._pending and kind in _FIT_EVENTS:
            self._settle.start()
        return False

    def _watch_native_window(self) -> None:
        handle = self._window.windowHandle()
        if handle is not None and handle is not self._handle:
            self._handle = handle
            handle.installEventFilter(self)

    def fit(self) -> None:
        """Fit now, if the frame is known (the window manager has framed the window)."""
        window = self._window
        screen = window.screen()
        if screen is None or window.isMaximized():
            return
        known = _known_frame(window)
        if known is None:
            return  # not framed yet (or never: then the client area is the window)
        self._pending = False
        frame, margins = known
        target = fitted_rect(frame, screen.availableGeometry())
        if target == frame:
            return
        window.setMinimumSize(window.minimumSize().boundedTo(target.size().shrunkBy(margins)))
        window.resize(target.size().shrunkBy(margins))
        window.move(target.topLeft())


def inbox_share(
    wanted_px: int,
    total_px: int,
    *,
    case_min_px: int,
    case_wish_px: int = 0,
    inbox_keep_px: int = 0,
) -> list[int]:
    """Splitter sizes ``[inbox, case]`` for ``total_px``: the inbox gets ``wanted_px`` (what
    its key columns need) but never more than `INBOX_MAX_SHARE` of the total or than leaves
    the case pane ``case_min_px``; and less where the case pane wishes for more
    (``case_wish_px``: what shows its 3D view's toolbar whole), down to ``inbox_keep_px`` (the
    columns up to the status) and at least `INBOX_MIN_SHARE`."""
    inbox = min(wanted_px, round(total_px * INBOX_MAX_SHARE), total_px - case_min_px)
    if case_wish_px > case_min_px:
        keep = max(inbox_keep_px, round(total_px * INBOX_MIN_SHARE))
        inbox = min(inbox, max(total_px - case_wish_px, keep))
    inbox = max(1, inbox)
    return [inbox, max(1, total_px - inbox)]
