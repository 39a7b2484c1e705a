"""Code that reaches into a dependency's internals, each module with the version it was written
for, how to see that it is still needed, and when to delete it.

Kept in one room so that an upgrade of a dependency has one place to look (as qutebrowser keeps
its own). The ones that touch Qt are in ``scaninbox.qt.workarounds``, since only ``scaninbox.qt``
imports Qt. All of them:

- ``httpcore_sockets``: every connection httpcore's pool opens is tracked and closed with the
  client (httpcore 1.0.x; its clean-ups are shielded against anyio's cancellation only);
- ``deferred_pyplot``: a stand-in ``matplotlib.pyplot`` in ``sys.modules`` until its first use
  (pyvista 0.49 imports pyplot at module level and never uses it here);
- ``qt/workarounds/pyside_guards``: the reference counts of ``None``, ``True`` and ``False``
  raised once (PySide6 6.12 over-releases them on CPython 3.11);
- ``qt/workarounds/qasync_loop``: qasync's ``call_soon_threadsafe`` without a Qt signal emitted
  on the worker (qasync 0.28; a deadlock over Qt's signal-slot locks);
- ``qt/workarounds/gl_surfaces``: shiboken told to forget the GL surface pyvistaqt keeps once Qt
  deletes it (PySide6 6.12, pyvistaqt 0.13; a stale wrapper crashed the next view);
- ``api/transport.py``'s ``_ClosingTransport`` stays beside the client it is: each request in its
  own anyio cancel scope (httpcore 1.0.x), with its removal condition in its docstring.
"""

from scaninbox.workarounds.httpcore_sockets import ConnectionTracker

__all__ = ["ConnectionTracker"]
