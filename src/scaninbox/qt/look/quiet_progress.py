"""Progress bars that move without painting at once.

`QProgressBar.setValue` repaints the bar immediately. In a window that holds an OpenGL view every
repaint composes the whole window — costly on the GUI thread under llvmpipe — and a download
reports every chunk, so a bar fed each report kept the GUI thread busy for most of a download
(`benchmarks/startup.py` found it before the first 3D frame). With updates switched off for the
call the new value is drawn with the window's next paint instead, however many reports came in.
"""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar

__all__ = ["set_progress_quietly"]


def set_progress_quietly(bar: QProgressBar, value: int | None, maximum: int = 1000) -> None:
    """Show ``value`` of ``maximum`` (None: busy, no known end) with the window's next paint."""
    bar.setUpdatesEnabled(False)
    if value is None:
        bar.setRange(0, 0)
    else:
        bar.setRange(0, maximum)
        bar.setValue(value)
    bar.setUpdatesEnabled(True)  # asks for that paint
