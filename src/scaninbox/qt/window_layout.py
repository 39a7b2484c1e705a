"""The window's first-run layout: how big it opens, and how the inbox and the case share it.

The 3D view in the case pane is a reviewer's main tool, so the inbox gets just the width that
shows its key columns (received, patient, work, delivery, status) and everything else goes to
the case; a larger screen gets a larger window, not a wider table. A layout the person
arranged (restored from ``UiState``) is used as it is.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QScreen

__all__ = ["INBOX_MAX_SHARE", "MIN_WINDOW_SIZE", "default_window_size", "inbox_share"]

MIN_WINDOW_SIZE = QSize(960, 600)
INBOX_MAX_SHARE = 0.55  # of the window's width, whatever the columns ask for
_PREFERRED = QSize(1280, 800)
_SCREEN_SHARE = 0.85


def default_window_size(screen: QScreen | None) -> QSize:
    """1280×800, or 85 % of a larger screen; never more than the screen has room for."""
    if screen is None:
        return QSize(_PREFERRED)
    room = screen.availableGeometry().size()
    width = max(_PREFERRED.width(), round(room.width() * _SCREEN_SHARE))
    height = max(_PREFERRED.height(), round(room.height() * _SCREEN_SHARE))
    return QSize(
        max(MIN_WINDOW_SIZE.width(), min(width, room.width())),
        max(MIN_WINDOW_SIZE.height(), min(height, room.height())),
    )


def inbox_share(wanted_px: int, total_px: int, *, case_min_px: int) -> list[int]:
    """Splitter sizes ``[inbox, case]`` for ``total_px``: the inbox gets ``wanted_px`` (what
    its key columns need) but never more than `INBOX_MAX_SHARE` of the total or than leaves
    the case pane its minimum width."""
    inbox = min(wanted_px, round(total_px * INBOX_MAX_SHARE), total_px - case_min_px)
    inbox = max(1, inbox)
    return [inbox, max(1, total_px - inbox)]
