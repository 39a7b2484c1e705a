"""No Python wrapper of the 3D view's GL objects outlives the C++ object it stands for.

pyvistaqt keeps the view's context and that context's surface (a QOffscreenSurface Qt owns,
handed out as a QSurface, which is not a QObject, so PySide is not told when it goes). A wrapper
kept past the widget's end stays registered at the freed address: a test run crashed in
``initializeGL`` when the next view's QOpenGLContext, made at that address, came back from
``context()`` as the old QOffscreenSurface wrapper (a core dump showed it).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.viewer.interactor import SceneInteractor


def _shown_view(qtbot: QtBot) -> tuple[QWidget, SceneInteractor]:
    host = QWidget()
    host.resize(320, 240)
    view = SceneInteractor(host)
    view.resize(320, 240)
    host.show()
    qtbot.waitUntil(lambda: view.renderer_name is not None, timeout=20_000)
    return host, view


def test_the_surface_wrapper_dies_with_the_widget_destroyed_unclosed(qtbot: QtBot) -> None:
    host, view = _shown_view(qtbot)
    surface, context = view._surface, view._ctx
    assert surface is not None
    assert context is not None
    assert (shiboken6.isValid(surface), shiboken6.isValid(context)) == (True, True)
    # The window goes without the view being closed first (as when its parent is deleted).
    shiboken6.delete(host)
    # Into plain bools first: when this fails, pytest's report must not look into a stale
    # wrapper (that read freed memory and crashed the run).
    surface_kept, context_kept = shiboken6.isValid(surface), shiboken6.isValid(context)
    assert (surface_kept, context_kept) == (False, False)


def test_closing_the_view_lets_go_of_its_gl_wrappers(qtbot: QtBot) -> None:
    host, view = _shown_view(qtbot)
    qtbot.addWidget(host)
    view.close()
    assert (view._ctx, view._surface, view._gl) == (None, None, None)
