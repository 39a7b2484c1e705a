"""The self-test's window check: the real main window, opened on the demo sandbox, then closed.

``scaninbox --self-test`` (``scaninbox.cli.self_test``) calls ``open_main_window`` when there is a
display. It runs the app's own start-up (``run_gui``) with ``--demo --quit-when-ready``: the window
shows, signs in to an in-process sandbox, syncs, selects the first case and waits for the 3D
viewer's first frame of it, then quits. That covers the Qt platform plugin, fonts, the OpenGL
widget and VTK inside Qt — what a frozen build most often loses.
"""

from __future__ import annotations

from scaninbox.qt.harness.readiness import attach_readiness
from scaninbox.qt.shell.app import run_gui
from scaninbox.qt.shell.app_controller import AppController, GuiOptions

__all__ = ["WindowCheckError", "open_main_window"]


class WindowCheckError(Exception):
    """The window did not open, show a case, or draw it; the message says which."""


def open_main_window(*, timeout_s: float) -> str:
    """Open and close the main window; a one-line summary, or ``WindowCheckError``."""
    seen: dict[str, object] = {}

    def watch(controller: AppController) -> None:
        viewer = controller.viewer
        viewer.caseShown.connect(lambda ref: seen.setdefault("frame", ref))
        viewer.unavailable.connect(lambda text: seen.setdefault("unavailable", text))
        controller.window.windowTitleChanged.connect(lambda title: seen.update(title=title))
        seen["title"] = controller.window.windowTitle()
        attach_readiness(controller)

    options = GuiOptions(demo=True, quit_when_ready=True, ready_timeout_s=timeout_s, use_tray=False)
    code = run_gui(options, on_controller=watch)
    if "unavailable" in seen:
        # The viewer's text may carry a whole multi-line import error; its last line says why.
        lines = [line for line in str(seen["unavailable"]).splitlines() if line.strip()]
        reason = lines[-1].strip() if lines else "no reason given"
        raise WindowCheckError(f"the window opened but the 3D viewer is unavailable: {reason}")
    if code != 0:
        raise WindowCheckError(
            f"the window opened but was not ready within {timeout_s:.0f} s (exit code {code})"
        )
    if "frame" not in seen:
        raise WindowCheckError("the window closed before the 3D viewer drew a case")
    title = f"{seen['title']!r}" if seen.get("title") else "the window"
    return f"{title} opened on the demo sandbox, case {seen['frame']} drawn in 3D, closed"
