"""`GLFences`: OpenGL sync objects ("fences"), to wait for part of the queued drawing only.

VTK's Python wrapping offers one way to wait for the OpenGL queue, ``WaitForCompletion``
(``glFinish``): it waits for everything drawn so far. `draw_pacing` needs to wait for all but
the newest draw, so that the rasteriser works on one draw while the next is sorted: a fence put
in the queue before a draw (``glFenceSync``) is signalled once everything before it is drawn,
and ``glClientWaitSync`` waits for that fence alone.

The functions are taken from the system's OpenGL dispatch library through ctypes (Linux only:
the software rasterisers the pacing is for are Mesa's). With glvnd, Debian's and every current
distribution's OpenGL, the entry points GLX and EGL hand out both dispatch to whatever context is
current on the thread, so either library serves the Qt widget's context and the off-screen
windows alike. A fence that cannot be made (no context current, an OpenGL older than 3.2) is
`None`, and the caller waits for the whole queue as before.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["GLFences", "load_fences"]

_SYNC_GPU_COMMANDS_COMPLETE = 0x9117
_SYNC_FLUSH_COMMANDS_BIT = 0x1
_FOREVER_NS = 0xFFFFFFFFFFFFFFFF  # GL_TIMEOUT_IGNORED
# (library, its getProcAddress), the window system's own first.
_GLX = ("libGL.so.1", "glXGetProcAddressARB")
_EGL = ("libEGL.so.1", "eglGetProcAddress")


class GLFences:
    """Fences in the current OpenGL context (each call needs it current)."""

    def __init__(self, proc: Callable[[str, Any, tuple[Any, ...]], Any]) -> None:
        sync, uint, u64 = ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint64
        self._fence_sync = proc("glFenceSync", sync, (uint, uint))
        self._client_wait = proc("glClientWaitSync", uint, (sync, uint, u64))
        self._delete = proc("glDeleteSync", None, (sync,))
        self._is_sync = proc("glIsSync", ctypes.c_ubyte, (sync,))
        self._flush = proc("glFlush", None, ())

    def insert(self) -> int | None:
        """A fence after everything queued so far, whose drawing starts now (the queue is
        flushed); None if none could be made."""
        self._flush()
        handle: int | None = self._fence_sync(_SYNC_GPU_COMMANDS_COMPLETE, 0)
        return handle or None

    def wait(self, handle: int) -> None:
        """Wait until everything before fence ``handle`` is drawn, then drop the fence. A
        handle the current context does not know (made in another one) is passed over."""
        if not self._is_sync(handle):
            return
        self._client_wait(handle, _SYNC_FLUSH_COMMANDS_BIT, _FOREVER_NS)
        self._delete(handle)

    def drop(self, handle: int) -> None:
        """Drop fence ``handle`` without waiting for it."""
        if self._is_sync(handle):
            self._delete(handle)


def load_fences(egl_first: bool = False) -> GLFences | None:
    """The fence functions of the system's OpenGL, None where they cannot be had."""
    if not sys.platform.startswith("linux"):
        return None
    for library, getter in (_EGL, _GLX) if egl_first else (_GLX, _EGL):
        try:
            address_of = getattr(ctypes.CDLL(library), getter)
        except (OSError, AttributeError):
            continue
        address_of.restype = ctypes.c_void_p
        address_of.argtypes = [ctypes.c_char_p]
        proc = _loader(address_of)
        try:
            return GLFences(proc)
        except LookupError:
            continue
    return None


def _loader(address_of: Any) -> Callable[[str, Any, tuple[Any, ...]], Any]:
    def proc(name: str, result: Any, arguments: tuple[Any, ...]) -> Any:
        address = address_of(name.encode())
        if not address:
            raise LookupError(name)
        return ctypes.CFUNCTYPE(result, *arguments)(address)

    return proc
