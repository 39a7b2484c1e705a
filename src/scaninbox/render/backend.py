"""Choosing VTK's OpenGL window class before the first window is made.

With no display (a server, a CI job, ``scaninbox render`` over ssh) VTK tries X first, warns,
and falls back to EGL. Saying EGL up front (``VTK_DEFAULT_OPENGL_WINDOW=vtkEGLRenderWindow``)
skips the warning; but the variable must never be empty or name a backend this VTK build lacks,
or VTK crashes. So it is set only when there is no display, nobody set it, and this VTK build
has the EGL window class and the system has an EGL library.
"""

from __future__ import annotations

import os
import sys

__all__ = ["prepare_offscreen_backend"]

_VARIABLE = "VTK_DEFAULT_OPENGL_WINDOW"


def prepare_offscreen_backend() -> str | None:
    """Select EGL for off-screen windows when there is no display; returns what was set."""
    if not sys.platform.startswith("linux") or os.environ.get(_VARIABLE):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    import ctypes.util  # here, not at the top: only a display-less start needs it

    if ctypes.util.find_library("EGL") is None:
        return None
    from vtkmodules import vtkRenderingOpenGL2

    if not hasattr(vtkRenderingOpenGL2, "vtkEGLRenderWindow"):
        return None
    os.environ[_VARIABLE] = "vtkEGLRenderWindow"
    return "vtkEGLRenderWindow"
