"""`SceneInteractor`: pyvistaqt's `QtInteractor`, drawing each frame once and keeping the keys.

Three changes to the stock widget, each for a measured or observed reason:

- One render per frame. The stock widget renders when VTK's interactor asks (on every mouse
  move of a rotation) and again in ``paintGL``, which it always does: two full renders per frame,
  half the frame rate (measured with 2 × 300k triangles under llvmpipe). Here the
  interactor's own rendering is off and its render requests schedule a repaint (``update``), as
  VTK's C++ ``QVTKOpenGLNativeWidget`` does; Qt merges requests, so a busy frame drops moves
  instead of queueing them.
- No timer: the stock widget re-renders every 200 ms "in case something changed". Here whoever
  changes the scene asks for a frame (`request_frame`).
- Keys stay with Qt. VTK's interactor styles bind letters to global actions (``w`` turns every
  actor into wireframe, ``3`` asks for stereo, ``q``/``e`` exit, pyvista adds more); the viewport
  has its own shortcuts, so key presses are never handed to VTK.

Anti-aliasing is decided when the GL context first exists (`configure_antialiasing` needs it).
"""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("QT_API", "pyside6")  # pyvistaqt finds Qt through QtPy

from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QWidget
from pyvistaqt import QtInteractor

__all__ = ["SceneInteractor"]


class SceneInteractor(QtInteractor):
    """The 3D view. Signals (inherited from QOpenGLWidget): ``frameSwapped()`` after each frame."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, auto_update=False)
        self.renderer_name: str | None = None
        window: Any = self.render_window
        self._vtk_interactor: Any = window.GetInteractor()
        self._vtk_interactor.EnableRenderOff()
        self._render_request = self._vtk_interactor.AddObserver(
            "RenderEvent", self._on_render_requested
        )
        self.setMinimumSize(160, 120)

    def request_frame(self) -> None:
        """Draw the scene again at the next opportunity (several requests make one frame)."""
        if not getattr(self, "_closed", False):
            self.update()

    # ------------------------------------------------------------------ Qt overrides

    def initializeGL(self) -> None:
        super().initializeGL()  # type: ignore[no-untyped-call]
        if self.renderer_name is None:
            from scaninbox.render import configure_antialiasing

            # Before the first frame: multisampling buffers are made by the first render.
            self.renderer_name = configure_antialiasing(self) or ""

    def paintGL(self) -> None:
        interactor = self._vtk_interactor
        if interactor is None:  # closed
            super().paintGL()  # type: ignore[no-untyped-call]
            return
        interactor.EnableRenderOn()
        try:
            super().paintGL()  # type: ignore[no-untyped-call]
        finally:
            interactor.EnableRenderOff()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        event.ignore()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        event.ignore()

    def close(self) -> None:  # type: ignore[override]  # pyvistaqt's close returns None
        interactor, self._vtk_interactor = self._vtk_interactor, None
        if interactor is not None and self._render_request is not None:
            interactor.RemoveObserver(self._render_request)
            self._render_request = None
        super().close()

    # ------------------------------------------------------------------ internals

    def _on_render_requested(self, _caller: Any, _event: str) -> None:
        if not self._in_paint:
            self.request_frame()
