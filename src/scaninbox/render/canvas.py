"""`OffscreenCanvas`: a bare VTK render window for pictures, with no pyvista plotter behind it.

`ScanScene` draws on anything that offers a VTK ``renderer`` and ``render_window`` plus the few
plotter calls the scene makes (`add_actor`, `remove_actor`, `enable_depth_peeling`). The
viewer hands it pyvistaqt's widget (a pyvista plotter); pictures without a window get this
canvas, built from ``vtkmodules`` alone. ``import pyvista.plotting`` costs several times the
import of the VTK modules a scene really uses and drags in matplotlib — in ``scaninbox render``
of a small scan that was half of the whole process (benchmarks/README.md, render_cli.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["OffscreenCanvas"]


class OffscreenCanvas:
    """An off-screen VTK window of ``size`` pixels with one renderer (GUI-free, any thread
    that then keeps using it)."""

    off_screen = True

    def __init__(self, size: tuple[int, int]) -> None:
        # Importing these registers the OpenGL and text implementations behind VTK's factories.
        import vtkmodules.vtkRenderingFreeType
        import vtkmodules.vtkRenderingOpenGL2  # noqa: F401
        from vtkmodules.vtkRenderingCore import vtkRenderer, vtkRenderWindow

        self.render_window: Any = vtkRenderWindow()
        self.render_window.SetOffScreenRendering(1)
        self.render_window.SetSize(*size)
        self.renderer: Any = vtkRenderer()
        self.render_window.AddRenderer(self.renderer)
        self._named: dict[str, Any] = {}

    @property
    def renderers(self) -> list[Any]:
        return [self.renderer]

    def add_actor(
        self, actor: Any, *, reset_camera: bool = False, render: bool = False, name: str = ""
    ) -> Any:
        """Add ``actor`` (replacing an actor added earlier under the same ``name``)."""
        if name:
            old = self._named.pop(name, None)
            if old is not None:
                self.renderer.RemoveActor(old)
            self._named[name] = actor
        self.renderer.AddActor(actor)
        if reset_camera:
            self.renderer.ResetCamera()
        if render:
            self.render_window.Render()
        return actor

    def remove_actor(self, actor: Any, *, reset_camera: bool = False, render: bool = False) -> bool:
        for name, known in list(self._named.items()):
            if known is actor:
                del self._named[name]
        self.renderer.RemoveActor(actor)
        if reset_camera:
            self.renderer.ResetCamera()
        if render:
            self.render_window.Render()
        return True

    def enable_depth_peeling(self, number_of_peels: int = 4, occlusion_ratio: float = 0.0) -> None:
        """Order-independent transparency (see-through scans)."""
        self.render_window.SetAlphaBitPlanes(1)
        self.renderer.SetUseDepthPeeling(True)
        self.renderer.SetMaximumNumberOfPeels(number_of_peels)
        self.renderer.SetOcclusionRatio(occlusion_ratio)

    def screenshot(self) -> np.ndarray:
        """Render and return the picture as (height, width, 3) uint8 RGB, top row first."""
        from vtkmodules.util.numpy_support import vtk_to_numpy
        from vtkmodules.vtkRenderingCore import vtkWindowToImageFilter

        self.render_window.Render()
        grab = vtkWindowToImageFilter()
        grab.SetInput(self.render_window)
        grab.SetInputBufferTypeToRGB()
        grab.ReadFrontBufferOff()
        grab.ShouldRerenderOff()
        grab.Update()
        image = grab.GetOutput()
        width, height, _ = image.GetDimensions()
        flat = vtk_to_numpy(image.GetPointData().GetScalars())  # type: ignore[no-untyped-call]
        return np.ascontiguousarray(np.asarray(flat).reshape(height, width, 3)[::-1])

    def close(self) -> None:
        """Release the window's OpenGL resources."""
        for actor in list(self._named.values()):
            self.renderer.RemoveActor(actor)
        self._named.clear()
        self.renderer.RemoveAllViewProps()
        self.render_window.RemoveRenderer(self.renderer)
        self.render_window.Finalize()
