"""A window frame built step by step on the test's X display, as openbox builds one: the window
is first reparented into a 1×1 frame, and only then is the frame sized and the window moved
into it. Under load, Qt can be asked for the frame between the two steps; this makes that
moment happen on purpose instead of by chance.

Talks to libX11 through ctypes: five requests do not warrant an X library as a dependency.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

import pytest

__all__ = ["BuiltFrame"]

_Window = ctypes.c_ulong
_CONFIGURE_NOTIFY = 22
_STRUCTURE_NOTIFY_MASK = 1 << 17


class _ConfigureEvent(ctypes.Structure):
    """Xlib's XConfigureEvent, padded to the size of an XEvent (24 longs)."""

    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("event", _Window),
        ("window", _Window),
        ("x", ctypes.c_int),
        ("y", ctypes.c_int),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("border_width", ctypes.c_int),
        ("above", _Window),
        ("override_redirect", ctypes.c_int),
        ("pad", ctypes.c_long * 13),
    ]


def _xlib() -> ctypes.CDLL:
    name = ctypes.util.find_library("X11")
    if name is None or not os.environ.get("DISPLAY"):
        pytest.skip("no X display or no libX11")
    lib = ctypes.CDLL(name)
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    lib.XDefaultRootWindow.restype = _Window
    lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    lib.XCreateSimpleWindow.restype = _Window
    lib.XCreateSimpleWindow.argtypes = [
        ctypes.c_void_p,
        _Window,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.c_uint,
        ctypes.c_uint,
        ctypes.c_ulong,
        ctypes.c_ulong,
    ]
    lib.XReparentWindow.argtypes = [ctypes.c_void_p, _Window, _Window, ctypes.c_int, ctypes.c_int]
    lib.XMapWindow.argtypes = [ctypes.c_void_p, _Window]
    lib.XResizeWindow.argtypes = [ctypes.c_void_p, _Window, ctypes.c_uint, ctypes.c_uint]
    lib.XMoveWindow.argtypes = [ctypes.c_void_p, _Window, ctypes.c_int, ctypes.c_int]
    lib.XDestroyWindow.argtypes = [ctypes.c_void_p, _Window]
    lib.XSendEvent.argtypes = [
        ctypes.c_void_p,
        _Window,
        ctypes.c_int,
        ctypes.c_long,
        ctypes.POINTER(_ConfigureEvent),
    ]
    lib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    return lib


class BuiltFrame:
    """A frame around the native window ``client`` (its X id), at ``x, y`` on the screen.

    `start` reparents the window into a 1×1 frame and tells it where it stands on the screen
    (the synthetic ConfigureNotify of ICCCM 4.1.5, which openbox sends while managing it);
    `finish` sizes the frame to the window plus the given margins and puts the window inside;
    `close` gives the window back to the root window and destroys the frame."""

    def __init__(self, client: int, x: int, y: int) -> None:
        self._x11 = _xlib()
        self._display = self._x11.XOpenDisplay(None)
        if not self._display:
            pytest.skip("cannot open the X display")
        self._root = self._x11.XDefaultRootWindow(self._display)
        self._client = _Window(client)
        self._origin = (x, y)
        self._frame = self._x11.XCreateSimpleWindow(self._display, self._root, x, y, 1, 1, 0, 0, 0)

    def start(self, client_width: int, client_height: int) -> None:
        self._x11.XReparentWindow(self._display, self._client, self._frame, 0, 0)
        self._x11.XMapWindow(self._display, self._frame)
        x, y = self._origin
        event = _ConfigureEvent(
            type=_CONFIGURE_NOTIFY,
            send_event=1,
            display=self._display,
            event=self._client,
            window=self._client,
            x=x,
            y=y,
            width=client_width,
            height=client_height,
        )
        self._x11.XSendEvent(
            self._display, self._client, 0, _STRUCTURE_NOTIFY_MASK, ctypes.byref(event)
        )
        self._x11.XSync(self._display, 0)

    def finish(self, client_width: int, client_height: int, left: int, top: int) -> None:
        width, height = client_width + 2 * left, client_height + top + left
        self._x11.XResizeWindow(self._display, self._frame, width, height)
        self._x11.XMoveWindow(self._display, self._client, left, top)
        self._x11.XSync(self._display, 0)

    def close(self) -> None:
        x, y = self._origin
        self._x11.XReparentWindow(self._display, self._client, self._root, x, y)
        self._x11.XDestroyWindow(self._display, self._frame)
        self._x11.XSync(self._display, 0)
        self._x11.XCloseDisplay(self._display)
