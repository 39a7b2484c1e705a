"""Code that reaches into a dependency's internals, each module with the version it was written
for, how to see that it is still needed, and when to delete it.

Kept in one room so that an upgrade of a dependency has one place to look (as qutebrowser keeps
its own). The ones that touch Qt are in ``scaninbox.qt.workarounds``, since only ``scaninbox.qt``
imports Qt. All of them:

- ``httpcore_sockets``: every connection httpcore's pool opens is tracked and closed with the
  client (httpcore 1.0.x; its clean-ups are shielded against anyio's cancellation only);
- ``httpx_cli``: a stand-in ``httpx._main`` (from a finder on ``sys.meta_path``) until httpx's
  command line is run (httpx 0.28–0.29 imports it, and with it click, rich and pygments, at
  ``import httpx``); put in place by ``scaninbox/__init__`` before anything imports httpx;
- ``deferred_agg_canvas``: a stand-in ``matplotlib.backends.backend_agg`` while pyvista imports
  (pyvista 0.49 imports the Agg canvas for its matplotlib charts only);
- ``deferred_pyplot``: a stand-in ``matplotlib.pyplot`` in ``sys.modules`` until its first use
  (pyvista 0.49 imports pyplot at module level and never uses it here);
- ``qt/workarounds/pyside_guards``: the reference counts of ``None``, ``True`` and ``False``
  raised once (PySide6 6.12 over-releases them on CPython 3.11);
- ``qt/workarounds/qasync_loop``: qasync's ``call_soon_threadsafe`` without a Qt signal emitted
  on the worker (qasync 0.28; a deadlock over Qt's signal-slot locks);
- ``qt/workarounds/qtpy_forwarders``: qtpy's ``QtCore``, ``QtGui`` and ``QtWidgets`` as
  forwarders to PySide6's modules until a name only qtpy has is read (qtpy 2.4 star-imports
  PySide's modules, and ``PySide6.QtOpenGL`` with ``QtGui``, for names pyvistaqt never reads);
- ``qt/workarounds/gl_surfaces``: shiboken told to forget the GL surface pyvistaqt keeps once Qt
  deletes it (PySide6 6.12, pyvistaqt 0.13; a stale wrapper crashed the next view);
- ``api/transport.py``'s ``_ClosingTransport`` stays beside the client it is: each request in its
  own anyio cancel scope (httpcore 1.0.x), with its removal condition in its docstring.

``scaninbox/__init__`` imports this face at every start, before anything imports httpx: so the
face imports ``httpx_cli`` (standard library only) and ``httpcore_sockets`` (httpx) only when
``ConnectionTracker`` is first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scaninbox.workarounds.httpx_cli import leave_httpx_cli_unloaded

if TYPE_CHECKING:
    from scaninbox.workarounds.httpcore_sockets import ConnectionTracker

__all__ = ["ConnectionTracker", "leave_httpx_cli_unloaded"]


def __getattr__(name: str) -> Any:
    if name == "ConnectionTracker":
        from scaninbox.workarounds.httpcore_sockets import ConnectionTracker

        return ConnectionTracker
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
