"""PySide forgets the GL surface pyvistaqt keeps once Qt deletes it.

For: PySide6/shiboken6 6.12 with pyvistaqt 0.13 (``QtInteractor`` keeps its context's surface).
Why: the surface is a ``QOffscreenSurface`` that Qt owns, handed to Python as a ``QSurface``,
which is not a QObject, so shiboken is never told when Qt deletes it. A wrapper kept past the
widget's end stayed registered at the freed address, and the next view's ``QOpenGLContext``
made at that address came back from ``context()`` as the old wrapper: a segfault in
``initializeGL`` (a test run's core dump). The surface's own ``destroyed`` signal lets shiboken
forget the wrapper (``shiboken6.invalidate``); the context, a QObject, is forgotten anyway.
Still needed? Remove the call in ``qt/viewer/interactor.py``'s ``initializeGL`` and run
``tests/qt/viewer`` a few times under load: a crash in ``initializeGL`` of a later viewport means
it is.
Delete when: shiboken tracks wrappers of Qt-owned non-QObject surfaces itself, or pyvistaqt
stops keeping the surface (it holds it as ``QtInteractor._surface``).
"""

from __future__ import annotations

from typing import Any

import shiboken6

__all__ = ["forget_surface_when_deleted"]


def forget_surface_when_deleted(surface: Any) -> None:
    """Invalidate ``surface``'s Python wrapper when Qt deletes the surface (``None``: nothing)."""
    if surface is None:
        return
    surface.destroyed.connect(lambda: shiboken6.invalidate(surface))
