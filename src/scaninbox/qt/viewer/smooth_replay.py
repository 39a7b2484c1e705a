"""`SmoothReplay`: the settled view's smooth edges without drawing the scans again.

How VTK draws a frame with FXAA: the scene renderer clears to its background and draws the
surfaces, runs FXAA over that picture (``vtkOpenGLFXAAFilter``, inside the renderer's own
pass), then draws its 2D props (the orientation marker) on top. A draft is the same frame
without the FXAA step. So the settled frame needs only that step, if the picture FXAA works on
is kept:

- The orientation marker's 2D props live in a renderer of their own one layer up (`overlay`;
  `scaninbox.render.add_orientation_marker` puts them there), drawn after the scene renderer
  in every frame, so the scene renderer's picture holds no 2D prop when it ends. Other 2D props
  in the scene renderer (a measurement's label) would be in the kept picture and smoothed with
  it: while one shows, the settled frame is drawn in full as before.
- At the end of each full-size still draft, the scene renderer's picture (background and
  surfaces) is copied into a texture on the GPU (``vtkTextureObject.CopyFromFrameBuffer``).
- The settled frame swaps the scene renderer for `replay`: a renderer whose background is that
  texture, drawn texel for pixel, with FXAA on; the overlay is drawn over it as in every frame.

FXAA gets exactly the pixels it would have got in a full render, so the picture is the same
(tests compare them pixel for pixel), for a fraction of a full frame under llvmpipe
(benchmarks/README.md, render_fps.py). It all happens inside VTK's ``Render()`` of a
normal ``paintGL``: the picture reaches the screen by the same way as every other frame.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SmoothReplay"]

_VTK_UNSIGNED_CHAR = 3
_RGBA = 4


class SmoothReplay:
    """The overlay and replay renderers of ``window`` beside its ``scene`` renderer."""

    def __init__(self, window: Any, scene: Any) -> None:
        from vtkmodules.vtkCommonDataModel import vtkPolyData
        from vtkmodules.vtkRenderingCore import vtkActor2D, vtkPolyDataMapper2D
        from vtkmodules.vtkRenderingOpenGL2 import (
            vtkOpenGLRenderer,
            vtkOpenGLTexture,
            vtkTextureObject,
        )

        self._window = window
        self._scene = scene
        window.SetNumberOfLayers(max(2, window.GetNumberOfLayers()))
        self.overlay = _quiet_renderer(vtkOpenGLRenderer(), scene, layer=1)
        self.replay = _quiet_renderer(vtkOpenGLRenderer(), scene, layer=0)
        self.replay.SetDraw(False)
        self.replay.SetUseFXAA(True)
        options = scene.GetFXAAOptions()
        if options is not None:
            self.replay.SetFXAAOptions(options)
        # FXAA runs in the renderer's geometry step, which an empty renderer skips: an empty
        # 2D prop (nothing drawn) keeps it in.
        mapper = vtkPolyDataMapper2D()
        mapper.SetInputData(vtkPolyData())
        self._keeper = vtkActor2D()
        self._keeper.SetMapper(mapper)
        self._keeper.PickableOff()
        self.replay.AddViewProp(self._keeper)
        self._texture_object = vtkTextureObject()
        self._texture_object.SetContext(window)
        self._texture = vtkOpenGLTexture()
        self._texture.SetTextureObject(self._texture_object)
        self._texture.InterpolateOff()  # texel for pixel
        self._texture.RepeatOff()
        self.replay.SetBackgroundTexture(self._texture)
        self.replay.TexturedBackgroundOn()
        window.AddRenderer(self.overlay)
        window.AddRenderer(self.replay)
        self._kept: tuple[int, int] | None = None  # the size of the picture kept, if any
        self._keep_next = False
        self._observer: int | None = scene.AddObserver("EndEvent", self._on_scene_drawn)

    def keep_next(self) -> None:
        """Keep the picture of the scene renderer's next frame (a full-size still draft)."""
        self._kept = None
        self._keep_next = True

    def forget(self) -> None:
        """The kept picture is out of date (the scene, the camera or the size changed)."""
        self._kept = None
        self._keep_next = False

    def can_replay(self) -> bool:
        """Whether a picture of the current view at the window's current size is kept, with
        no 2D prop of the scene renderer in it."""
        size = self._window.GetSize()
        if self._kept is None or self._kept != (size[0], size[1]):
            return False
        props = self._scene.GetViewProps()
        for index in range(props.GetNumberOfItems()):
            prop = props.GetItemAsObject(index)
            if prop.GetVisibility() and prop.IsA("vtkActor2D"):
                return False  # drawn after FXAA in a full frame, before it in the kept one
        return True

    def replaying(self) -> _Swap:
        """While in effect, a frame draws the kept picture with FXAA instead of the scene."""
        return _Swap(self._scene, self.replay)

    def close(self) -> None:
        if self._observer is not None:
            self._scene.RemoveObserver(self._observer)
            self._observer = None
        self._texture.ReleaseGraphicsResources(self._window)
        self._texture_object.ReleaseGraphicsResources(self._window)
        self._window.RemoveRenderer(self.replay)
        self._window.RemoveRenderer(self.overlay)

    def _on_scene_drawn(self, _renderer: Any, _event: str) -> None:
        if not self._keep_next:
            return
        self._keep_next = False
        width, height = self._window.GetSize()
        texture = self._texture_object
        if (texture.GetWidth(), texture.GetHeight()) != (width, height):
            texture.Allocate2D(width, height, _RGBA, _VTK_UNSIGNED_CHAR, 0)
        # From the framebuffer VTK draws into, still bound for reading: the scene renderer's
        # picture before any 2D prop (those are drawn by the overlay renderer, later).
        texture.CopyFromFrameBuffer(0, 0, 0, 0, width, height)
        self._kept = (width, height)


class _Swap:
    def __init__(self, scene: Any, replay: Any) -> None:
        self._scene = scene
        self._replay = replay

    def __enter__(self) -> None:
        self._scene.SetDraw(False)
        self._replay.SetDraw(True)

    def __exit__(self, *_exc: object) -> None:
        self._replay.SetDraw(False)
        self._scene.SetDraw(True)


def _quiet_renderer(renderer: Any, scene: Any, *, layer: int) -> Any:
    """A renderer over ``scene``'s viewport that neither lights nor takes the mouse."""
    renderer.SetLayer(layer)
    renderer.SetViewport(scene.GetViewport())
    renderer.InteractiveOff()
    renderer.AutomaticLightCreationOff()
    return renderer
