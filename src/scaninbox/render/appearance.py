"""How the scene looks: background, lights, surface material, anti-aliasing, the orientation
marker.

Lights and material are balanced so that a surface facing the camera shows the configured jaw
colour (within a few per cent, measured: ``benchmarks/render_gallery.py`` and the render tests)
rather than a dimmed, warm-tinted version of it: VTK's light kit at its default intensity
lit a facing surface at about 0.8 of the colour (curved scan surfaces averaged nearer 0.6), and
its warm key and cool fill lights pulled blue towards grey. Here the kit's lights keep their
directions and ratios (the shading that shows a surface's form) but are white and brighter; the
highlight stays soft so ivory does not burn out to white.

Software OpenGL (Mesa llvmpipe, the renderer of machines without a GPU and of Xvfb) pays for
multisampling on every pixel: a 600k-triangle frame at 1280×960 takes 0.45 s with VTK's default
8 samples and 0.18 s with none. So multisampling is switched off when the renderer string says
llvmpipe (or another software rasteriser) and FXAA, a cheap image-space pass, smooths edges.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = [
    "BACKGROUND_BOTTOM",
    "BACKGROUND_TOP",
    "LIGHT_GAIN",
    "MATERIAL",
    "Material",
    "add_orientation_marker",
    "apply_material",
    "configure_antialiasing",
    "gl_renderer_name",
    "style_plotter",
]

BACKGROUND_BOTTOM = "#23272e"
BACKGROUND_TOP = "#4b5361"
LIGHT_GAIN = 1.2  # × the light kit's default intensities


@dataclass(frozen=True, slots=True)
class Material:
    ambient: float
    diffuse: float
    specular: float
    specular_power: float


# Enamel and gingiva are slightly glossy; a soft highlight shows the surface's form.
MATERIAL = Material(ambient=0.12, diffuse=0.85, specular=0.08, specular_power=20.0)

_SOFTWARE = ("llvmpipe", "softpipe", "swrast", "software rasterizer", "swiftshader")
_RENDERER_LINE = re.compile(r"OpenGL renderer string:\s*(.+)")


def style_plotter(plotter: Any) -> None:
    """Gradient background, a light kit, the orientation marker, anti-aliasing for this GPU."""
    plotter.set_background(BACKGROUND_BOTTOM, top=BACKGROUND_TOP)
    _light(plotter)
    add_orientation_marker(plotter)
    configure_antialiasing(plotter)


def apply_material(prop: Any) -> None:
    """Give a VTK property (a scan's front or back face) the scans' material."""
    prop.SetAmbient(MATERIAL.ambient)
    prop.SetDiffuse(MATERIAL.diffuse)
    prop.SetSpecular(MATERIAL.specular)
    prop.SetSpecularPower(MATERIAL.specular_power)


def _light(plotter: Any) -> None:
    plotter.enable_lightkit()
    for light in plotter.renderer.lights:
        light.intensity = light.intensity * LIGHT_GAIN
        light.color = (1.0, 1.0, 1.0)  # the kit's warm/cool tints shift the jaw colours' hue


def gl_renderer_name(plotter: Any) -> str | None:
    """The OpenGL renderer string ("llvmpipe (LLVM 15.0.6, 256 bits)", …), None if unknown.

    An off-screen window is initialised for the question; an on-screen one (Qt) must already
    have been shown.
    """
    window = plotter.render_window
    if window is None:
        return None
    match = _RENDERER_LINE.search(window.ReportCapabilities() or "")
    if match is None and getattr(plotter, "off_screen", False):
        window.Initialize()
        match = _RENDERER_LINE.search(window.ReportCapabilities() or "")
    return match.group(1).strip() if match else None


def configure_antialiasing(plotter: Any) -> str | None:
    """MSAA off and FXAA on under software OpenGL; returns the renderer name it decided on."""
    name = gl_renderer_name(plotter)
    if name is not None and any(word in name.lower() for word in _SOFTWARE):
        plotter.render_window.SetMultiSamples(0)
        # Straight to VTK: pyvista swaps FXAA for supersampling (several times the pixels) on
        # EGL builds, which is exactly the cost we are avoiding; FXAA renders fine there.
        for renderer in plotter.renderers:
            renderer.SetUseFXAA(True)
    return name


def add_orientation_marker(plotter: Any) -> Any:
    """A small cube in the lower-left corner whose faces name the patient's directions."""
    from vtkmodules.vtkRenderingAnnotation import vtkAnnotatedCubeActor

    cube = vtkAnnotatedCubeActor()
    for face, text in (
        ("XPlus", "R"),
        ("XMinus", "L"),
        ("YPlus", "A"),
        ("YMinus", "P"),
        ("ZPlus", "S"),
        ("ZMinus", "I"),
    ):
        getattr(cube, f"Set{face}FaceText")(text)
    cube.SetFaceTextScale(0.6)
    cube.SetZFaceTextRotation(90)  # upright S and I when looking along Z with anterior up
    cube.GetCubeProperty().SetColor(0.78, 0.80, 0.84)
    cube.GetTextEdgesProperty().SetColor(0.25, 0.27, 0.30)
    for axis in ("X", "Y", "Z"):
        getattr(cube, f"Get{axis}PlusFaceProperty")().SetColor(0.12, 0.14, 0.18)
        getattr(cube, f"Get{axis}MinusFaceProperty")().SetColor(0.12, 0.14, 0.18)
    return plotter.add_orientation_widget(cube, interactive=False, viewport=(0.0, 0.0, 0.14, 0.14))
