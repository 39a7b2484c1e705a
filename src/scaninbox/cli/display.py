"""Whether the window has a screen to open on, asked before Qt is loaded.

Without a display Qt's xcb plugin aborts the process (a core dump and a misleading hint about
``libxcb-cursor0``). On Linux and the other X11/Wayland systems the answer is in the
environment, so ``scaninbox gui`` can say it in one sentence and exit instead.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

__all__ = ["missing_display"]

# Platform plugins that draw on no screen of ours: nothing to check.
_SCREENLESS = {"offscreen", "minimal", "vnc", "eglfs", "linuxfb", "vkkhrdisplay", "minimalegl"}


def missing_display(
    env: Mapping[str, str] | None = None, platform: str | None = None
) -> str | None:
    """A plain sentence when the window cannot open for want of a display; None when it can."""
    environ = os.environ if env is None else env
    system = sys.platform if platform is None else platform
    if system in ("win32", "darwin", "cygwin"):
        return None  # the desktop is always there; Qt says the rest itself
    wanted = [p.split(":", 1)[0].strip() for p in environ.get("QT_QPA_PLATFORM", "").split(";")]
    wanted = [p for p in wanted if p]
    if any(p in _SCREENLESS for p in wanted):
        return None
    has_x = bool(environ.get("DISPLAY", "").strip())
    has_wayland = bool(environ.get("WAYLAND_DISPLAY", "").strip())

    def can_open(plugin: str) -> bool:
        if plugin == "xcb":
            return has_x
        if plugin.startswith("wayland"):
            return has_wayland
        return True  # another plugin: Qt knows what it needs

    usable = any(can_open(p) for p in wanted) if wanted else has_x or has_wayland
    if usable:
        return None
    return (
        "There is no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set); "
        "on a computer without a screen, run it under a virtual one: xvfb-run -a scaninbox gui"
    )
