"""`SceneInteractor`: pyvistaqt's `QtInteractor`, drawing each frame once and keeping the keys.

Four changes to the stock widget, each for a measured or observed reason:

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
- A smaller picture while the camera moves, where the render policy degrades motion
  (`scaninbox.render.render_policy`: software OpenGL, which pays for every pixel, or frames
  measured too slow for the target rate; a graphics card otherwise draws the full picture while
  turning). Then, while VTK's interactor asks for its interactive frame rate, the scene is
  drawn at `moving_scale` of the width and height (a quarter of the pixels) and the copy to the
  widget stretches it; at rest it is drawn at full size again. Mouse positions are handed to
  VTK in the size it draws at, so turning, panning and zooming move the camera exactly as far
  as at full size. Every frame drawn at full quality is timed for the policy.
- The still picture first, its smooth edges a moment later, where the policy smooths edges with
  FXAA (software OpenGL: FXAA is a large share of its frame, figures in ``benchmarks/``;
  a graphics card multisamples instead and draws every frame final). So a frame asked for
  is drawn without it (a draft: `draft_frame` is true while it is drawn, and the scene leaves
  FXAA out), and once the view has settled — no new frame asked for within `SETTLE_MS` of
  the draft reaching the screen, the camera not held — the same view is drawn once more with
  FXAA and ``frameSettled`` is sent. A new request in between cancels that pass, so a person
  who keeps working never waits for smoothing they would not see; the picture left on screen
  is always the smooth one. A frame showing no scan (the view before a case's scans arrive)
  has no edge to smooth: it is final as drawn, and ``frameSettled`` follows it at once. The
  settled frame does not draw the scans again: the draft's
  picture is kept on the GPU and only FXAA is run over it (`SmoothReplay`: the same pixels as
  a full FXAA frame, about a quarter of its time); without a kept picture of this view at this
  size it is drawn in full.

The render policy (and with it anti-aliasing) is decided when the GL context first exists
(`configure_antialiasing` needs it).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

os.environ.setdefault("QT_API", "pyside6")  # pyvistaqt finds Qt through QtPy

from PySide6.QtCore import QEvent, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QWidget
from pyvistaqt import QtInteractor

from scaninbox.qt.viewer.smooth_replay import SmoothReplay
from scaninbox.qt.workarounds.gl_surfaces import forget_surface_when_deleted
from scaninbox.render import MOVING_SCALE, RenderPolicy

__all__ = ["MOVING_SCALE", "SETTLE_MS", "SceneInteractor"]

# The view counts as settled once no frame was asked for within this time: longer than the gap
# between a wheel's or the keyboard's steps, short enough that nobody sees the edges change.
SETTLE_MS = 100
_INTERACTIVE_RATE = 1.0  # frames/s above which VTK is in the middle of an interaction


class SceneInteractor(QtInteractor):
    """The 3D view. Signals: ``frameSwapped()`` after each frame (inherited from
    QOpenGLWidget); ``frameSettled()`` after the smooth frame of a view that has settled (or a
    frame with nothing to smooth)."""

    frameSettled = Signal()

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        moving_scale: float = MOVING_SCALE,
        settle_ms: int = SETTLE_MS,
    ) -> None:
        super().__init__(parent, auto_update=False)
        self.moving_scale = moving_scale  # where the render policy degrades motion
        self.renderer_name: str | None = None
        self.policy: RenderPolicy | None = None  # decided in initializeGL
        # True while a draft is drawn (read by `ScanScene` to leave FXAA out), else False.
        self.draft_frame = False
        self._smooths = False  # FXAA at rest (software OpenGL): drafts and a settled pass
        self._smooth_next = False
        # The smooth frame is on screen and nothing asked for a new one since: a repaint Qt
        # makes on its own (a grab of the window, an expose) draws it smooth again at once.
        self._unchanged = False
        self._settled_pending = False
        self._draft_shown = False  # the frame on its way to the screen is a draft
        self._replays = True
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(settle_ms)
        self._settle.timeout.connect(self._on_settled)
        self.frameSwapped.connect(self._on_frame_swapped)
        window: Any = self.render_window
        # Its overlay renderer holds the orientation marker whether or not frames are smoothed.
        self._replay: SmoothReplay | None = SmoothReplay(window, self.renderer)
        self._vtk_interactor: Any = window.GetInteractor()
        self._vtk_interactor.EnableRenderOff()
        self._render_request = self._vtk_interactor.AddObserver(
            "RenderEvent", self._on_render_requested
        )
        self.setMinimumSize(160, 120)

    def drawing_scale(self) -> float:
        """The size VTK draws at, as a share of the widget's (1 at rest)."""
        window: Any = self.render_window
        if window is None:  # closed
            return 1.0
        width: int = window.GetSize()[0]
        return width / max(1, round(self.width() * self.devicePixelRatioF()))

    @contextmanager
    def at_rest(self) -> Iterator[None]:
        """Within: the scene drawn as at rest (full size, the still lights, no coarse copies),
        even while a drag is held — a picture saved mid-drag is the whole view, not the smaller
        moving frame. The drag's own rate and size come back afterwards."""
        interactor, window = self._vtk_interactor, self.render_window
        if interactor is None or window is None or not self._moving():
            yield
            return
        rate = window.GetDesiredUpdateRate()
        window.SetDesiredUpdateRate(interactor.GetStillUpdateRate())
        self._fit_drawing_size()
        try:
            yield
        finally:
            if self.render_window is not None:  # not closed meanwhile
                window.SetDesiredUpdateRate(rate)
                self._fit_drawing_size()

    def request_frame(self) -> None:
        """Draw the scene again at the next opportunity (several requests make one frame)."""
        if not getattr(self, "_closed", False):
            self._unchanged = False
            if self._replay is not None:
                self._replay.forget()
            self._settle.stop()  # not settled while a frame is asked for
            self.update()

    @property
    def settle_ms(self) -> int:
        """How long no frame may be asked for before the view counts as settled."""
        return self._settle.interval()

    @settle_ms.setter
    def settle_ms(self, value: int) -> None:
        self._settle.setInterval(value)

    @property
    def smooths_when_settled(self) -> bool:
        """Whether frames are drafts smoothed once the view settles (FXAA under software GL).

        Set False to draw every frame at rest with FXAA at once (the benchmark's comparison)."""
        return self._smooths

    @smooths_when_settled.setter
    def smooths_when_settled(self, value: bool) -> None:
        self._smooths = bool(value)
        if not self._smooths:
            self._settle.stop()

    @property
    def overlay_renderer(self) -> Any:
        """The renderer one layer over the scene's that holds its 2D props (the orientation
        marker): drawn after the scene's FXAA, kept out of the picture `SmoothReplay` keeps."""
        return None if self._replay is None else self._replay.overlay

    @property
    def shows_final_frame(self) -> bool:
        """Whether the picture drawn last is the one left on screen: the smooth frame of a view
        that has settled, nothing asked for since (where frames are not smoothed afterwards,
        any frame). A repaint Qt makes on its own — a grab of the window — draws it again."""
        return not self._smooths or self._unchanged

    @property
    def replays_when_settled(self) -> bool:
        """Whether the settled frame runs FXAA over the kept draft (`SmoothReplay`) rather than
        drawing the view again in full. Set False for the benchmark's comparison."""
        return self._replays

    @replays_when_settled.setter
    def replays_when_settled(self, value: bool) -> None:
        self._replays = bool(value)
        if self._replay is not None:
            self._replay.forget()

    # ------------------------------------------------------------------ Qt overrides

    def initializeGL(self) -> None:
        super().initializeGL()  # type: ignore[no-untyped-call]
        forget_surface_when_deleted(self._surface)  # a stale wrapper crashed the next view
        if self.renderer_name is None:
            from scaninbox.render import configure_antialiasing
            from scaninbox.render.appearance import decide_policy

            # Before the first frame: multisampling buffers are made by the first render.
            self.renderer_name = configure_antialiasing(self) or ""
            self.policy = decide_policy(self)
            self._smooths = self.policy.smooth_when_settled
            self._replays = self._replays and self.policy.replay_fxaa

    def paintGL(self) -> None:
        interactor = self._vtk_interactor
        if interactor is None:  # closed
            super().paintGL()  # type: ignore[no-untyped-call]
            return
        self._fit_drawing_size()
        moving = self._moving()
        # Nothing in the scene but its background (the view before a case's scans arrive): no
        # edge for FXAA to smooth, so the frame drawn without it is final — no settle pass.
        bare = self._smooths and not moving and self._bare()
        smooth = (self._smooth_next or self._unchanged) and not moving and not bare
        settling, self._smooth_next = self._smooth_next, False
        self.draft_frame = self._smooths and not smooth
        replay = self._replay if self._smooths and self._replays and not bare else None
        replaying = False
        if replay is not None:
            if moving:
                replay.forget()
            elif self.draft_frame:
                replay.keep_next()
            else:
                replaying = replay.can_replay()
        interactor.EnableRenderOn()
        started = time.perf_counter()
        try:
            with replay.replaying() if replay is not None and replaying else nullcontext():
                super().paintGL()  # type: ignore[no-untyped-call]
        finally:
            interactor.EnableRenderOff()
            self.draft_frame = False
        if self.policy is not None and not replaying and not self._degrading(moving):
            self.policy.record_full_frame(time.perf_counter() - started)
        self._unchanged = smooth or bare
        self._settled_pending = (smooth and settling) or bare
        self._draft_shown = self._smooths and not smooth and not bare

    def resizeGL(self, w: int, h: int) -> None:
        super().resizeGL(w, h)  # type: ignore[no-untyped-call]
        self._unchanged = False  # a window being resized gets drafts, smoothed once it rests
        if self._replay is not None:
            self._replay.forget()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self._ignored_when_closed(event):
            super().mousePressEvent(event)  # type: ignore[no-untyped-call]

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._ignored_when_closed(event):
            return
        super().mouseReleaseEvent(event)  # type: ignore[no-untyped-call]
        # Full size at once, not at the next frame: a click that follows picks in it.
        self._fit_drawing_size()

    def _setEventInformation(  # noqa: PLR0917 - pyvistaqt's name and signature
        self,
        x: float,
        y: float,
        ctrl: bool,
        shift: bool,
        key: str,
        repeat: int = 0,
        keysum: str | None = None,
    ) -> None:
        # pyvistaqt's own, in the size VTK draws at rather than always the widget's.
        scale = self.devicePixelRatioF() * self.drawing_scale()
        self._Iren.SetEventInformation(
            round(x * scale),
            round((self.height() - y - 1) * scale),
            ctrl,
            shift,
            key,
            repeat,
            keysum,  # type: ignore[arg-type]  # None is VTK's nullptr: no key symbol
        )

    def wheelEvent(self, event: QWheelEvent) -> None:
        if not self._ignored_when_closed(event):
            super().wheelEvent(event)  # type: ignore[no-untyped-call]

    def keyPressEvent(self, event: QKeyEvent) -> None:
        event.ignore()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        event.ignore()

    def close(self) -> None:  # type: ignore[override]  # pyvistaqt's close returns None
        self._settle.stop()
        replay, self._replay = self._replay, None
        if replay is not None and self.render_window is not None:
            if self.renderer_name is not None:  # a GL context was made
                # The kept picture's texture is freed in its GL context, made current through
                # VTK (pyvistaqt answers with its context and surface): not by
                # QOpenGLWidget.makeCurrent, which close() must not call — it also runs while
                # the parent window is being destroyed (pyvistaqt's rwi.py, invariant 5).
                self.render_window.MakeCurrent()
            replay.close()
        interactor, self._vtk_interactor = self._vtk_interactor, None
        if interactor is not None and self._render_request is not None:
            interactor.RemoveObserver(self._render_request)
            self._render_request = None
        super().close()
        # VTK is finalized: nothing draws again, so no wrapper of the GL context is kept.
        self._forget_context()  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------------ internals

    def _ignored_when_closed(self, event: QEvent) -> bool:
        """Once closed, pyvistaqt hands input to a stand-in for VTK's interactor that knows only
        moves, enter and leave: a button or wheel event still on its way (a drag held while
        the viewport closes) raised in the event handler. Closed, the view ignores them."""
        if self._vtk_interactor is not None:
            return False
        event.ignore()
        return True

    def _on_render_requested(self, _caller: Any, _event: str) -> None:
        if not self._in_paint:
            self.request_frame()

    def _bare(self) -> bool:
        """Whether the scene's renderer shows no actor (the overlay's marker is drawn after
        FXAA anyway)."""
        renderer: Any = self.renderer
        return renderer is None or renderer.VisibleActorCount() == 0

    def _moving(self) -> bool:
        window = self.render_window
        return window is not None and window.GetDesiredUpdateRate() > _INTERACTIVE_RATE

    def _degrading(self, moving: bool) -> bool:
        """Whether a frame drawn now (``moving``: the camera moves) is drawn degraded."""
        return moving and (self.policy is None or self.policy.degrade_while_moving)

    def _on_settled(self) -> None:
        # The camera held still mid-drag is not settled: its release draws and waits again.
        if self._vtk_interactor is None or self._moving():
            return
        self._smooth_next = True
        self.update()  # not `request_frame`: the view has not changed, its kept picture holds

    def _on_frame_swapped(self) -> None:
        if self._draft_shown:
            # Counted from when the draft is on screen, not from when it was drawn: a busy
            # compositor must not let the smooth pass slip in before the next request.
            self._draft_shown = False
            self._settle.start()
        if self._settled_pending:
            self._settled_pending = False
            # After every other receiver of this frame: the smooth picture is on screen.
            QTimer.singleShot(0, self, self._say_settled)

    def _say_settled(self) -> None:
        # Not when a frame was asked for meanwhile: that one's draft is coming, and its own
        # smooth frame will be the settled one.
        if self._unchanged:
            self.frameSettled.emit()

    def _fit_drawing_size(self) -> None:
        """Draw at `moving_scale` while VTK asks for its interactive rate and the render policy
        degrades motion, else at full size."""
        interactor, window = self._vtk_interactor, self.render_window
        if interactor is None or window is None:
            return
        ratio = self.devicePixelRatioF()
        full = (max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
        scale = self.moving_scale if self._degrading(self._moving()) else 1.0
        target = (max(1, round(full[0] * scale)), max(1, round(full[1] * scale)))
        current = window.GetSize()
        if (current[0], current[1]) == target:
            return
        # The drag's last positions were given in the old size: the next move's step must not
        # jump by the difference.
        sx, sy = target[0] / max(1, current[0]), target[1] / max(1, current[1])
        x, y = interactor.GetEventPosition()
        interactor.SetEventPosition(round(x * sx), round(y * sy))
        x, y = interactor.GetLastEventPosition()
        interactor.SetLastEventPosition(round(x * sx), round(y * sy))
        interactor.UpdateSize(*target)
