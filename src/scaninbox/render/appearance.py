"""How the scene looks: background, lights, surface material, anti-aliasing, the orientation
marker — in plain VTK calls, so it works on a pyvista plotter (the viewer's widget) and on the
bare `OffscreenCanvas` alike.

Lights and material are balanced so that a surface facing the camera shows the configured jaw
colour (within a few per cent, measured: ``benchmarks/render_gallery.py`` and the render tests)
rather than a dimmed, warm-tinted version of it: VTK's light kit at its default intensity
lit a facing surface at about 0.8 of the colour (curved scan surfaces averaged nearer 0.6), and
its warm key and cool fill lights pulled blue towards grey.

Two white lights, not the kit's five: every light is paid for on every pixel of every frame (under
llvmpipe even an empty frame costs more with five: benchmarks/README.md). The key light keeps the
kit's direction (above, slightly to the side: the shading that shows a surface's form). One fill
light, low in front, stands in for the kit's head and fill lights, and a little more ambient light
for its two back lights (which lit the flanks of teeth seen from the front). The two lights'
intensities and the ambient share were fitted against renders with the kit (real scans, four views):
the mean difference is small, the mean brightness nearly equal (the figures: benchmarks/README.md),
and a surface facing the camera keeps its colour. The highlight stays soft so ivory does not burn
out to white.

While the camera moves, one light stands in for the two (`LightRig`): the sum of the two
lights' vectors, which lights every surface that both reach exactly as they do together
(diffuse light is linear in the light's vector), so nothing brightens or darkens when the
person lets go — only the highlight and the flanks the fill light alone reaches differ, and
only in motion. One light fewer is one lighting term fewer on every pixel of every frame.

Software OpenGL (Mesa llvmpipe, the renderer of machines without a GPU and of Xvfb) pays for
multisampling on every pixel (``benchmarks/README.md``). So multisampling is switched off where
the render policy says so (`render_policy`: a software rasteriser) and FXAA, a cheap
image-space pass, smooths edges; a graphics card keeps its multisampling. The policy is decided
here, when the window's OpenGL is first asked (`decide_policy`), and kept per render window.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from scaninbox.render import render_policy
from scaninbox.render.orientation_marker import add_orientation_marker
from scaninbox.render.render_policy import RenderPolicy

__all__ = [
    "BACKGROUND_BOTTOM",
    "BACKGROUND_TOP",
    "FILL_LIGHT",
    "KEY_LIGHT",
    "LIGHT_GAIN",
    "MATERIAL",
    "MOVING_LIGHT",
    "LightRig",
    "Material",
    "add_orientation_marker",
    "apply_material",
    "configure_antialiasing",
    "decide_policy",
    "gl_renderer_name",
    "is_software_renderer",
    "style_plotter",
]

BACKGROUND_BOTTOM = "#23272e"
BACKGROUND_TOP = "#4b5361"
LIGHT_GAIN = 1.2  # × the light kit's default intensities
# (elevation, azimuth in degrees from the camera, as VTK's light kit places lights; intensity
# before LIGHT_GAIN). The key light sits where the kit's does (its intensity there was 0.75).
KEY_LIGHT = (50.0, 10.0, 0.64)
FILL_LIGHT = (-25.0, -10.0, 0.34)


@dataclass(frozen=True, slots=True)
class Material:
    ambient: float
    diffuse: float
    specular: float
    specular_power: float


# Enamel and gingiva are slightly glossy; a soft highlight shows the surface's form.
MATERIAL = Material(ambient=0.24, diffuse=0.85, specular=0.08, specular_power=20.0)


def _sum_of_lights(
    *lights: tuple[float, float, float],
) -> tuple[float, float, float]:
    """The (elevation, azimuth, intensity) of the light whose vector is the lights' sum (VTK
    places a light at elevation e, azimuth a at (cos e sin a, sin e, cos e cos a))."""
    x = y = z = 0.0
    for elevation, azimuth, intensity in lights:
        e, a = math.radians(elevation), math.radians(azimuth)
        x += intensity * math.cos(e) * math.sin(a)
        y += intensity * math.sin(e)
        z += intensity * math.cos(e) * math.cos(a)
    length = math.sqrt(x * x + y * y + z * z)
    return (math.degrees(math.asin(y / length)), math.degrees(math.atan2(x, z)), length)


MOVING_LIGHT = _sum_of_lights(KEY_LIGHT, FILL_LIGHT)  # the one light while the camera moves


@dataclass(frozen=True, slots=True)
class LightRig:
    """The scene's lights: ``still`` (key and fill) for the frame at rest, ``moving`` for the
    frames while the camera moves. All are in the renderer; a light switched off costs nothing
    (VTK builds its shaders for the lights switched on)."""

    still: tuple[Any, ...]
    moving: Any

    @property
    def is_moving(self) -> bool:
        return bool(self.moving.GetSwitch())

    def set_moving(self, moving: bool) -> None:
        for light in self.still:
            light.SetSwitch(not moving)
        self.moving.SetSwitch(moving)


_GL_LINE = re.compile(r"OpenGL (renderer|vendor|version) string:\s*(.+)")


def style_plotter(plotter: Any) -> LightRig:
    """Gradient background, two lights, the orientation marker (`orientation_marker`),
    anti-aliasing for this GPU;
    returns the lights (the still rig switched on).

    ``plotter`` is anything with VTK ``renderer``, ``render_window`` and ``renderers``.
    """
    renderer = plotter.renderer
    renderer.SetBackground(*_rgb(BACKGROUND_BOTTOM))
    renderer.SetBackground2(*_rgb(BACKGROUND_TOP))
    renderer.GradientBackgroundOn()
    rig = _light(renderer)
    add_orientation_marker(plotter)
    configure_antialiasing(plotter)
    return rig


def apply_material(prop: Any) -> None:
    """Give a VTK property (a scan's front or back face) the scans' material."""
    prop.SetAmbient(MATERIAL.ambient)
    prop.SetDiffuse(MATERIAL.diffuse)
    prop.SetSpecular(MATERIAL.specular)
    prop.SetSpecularPower(MATERIAL.specular_power)


def _light(renderer: Any) -> LightRig:
    from vtkmodules.vtkRenderingCore import vtkLight

    renderer.RemoveAllLights()
    lights = []
    for elevation, azimuth, intensity in (KEY_LIGHT, FILL_LIGHT, MOVING_LIGHT):
        light = vtkLight()
        light.SetLightTypeToCameraLight()
        light.SetDirectionAngle(elevation, azimuth)
        light.SetIntensity(intensity * LIGHT_GAIN)
        light.SetColor(1.0, 1.0, 1.0)  # tinted lights (the kit's) shift the jaw colours' hue
        renderer.AddLight(light)
        lights.append(light)
    renderer.LightFollowCameraOn()
    rig = LightRig(still=(lights[0], lights[1]), moving=lights[2])
    rig.set_moving(False)
    return rig


def gl_strings(plotter: Any) -> dict[str, str]:
    """The OpenGL "renderer", "vendor" and "version" strings ("llvmpipe (LLVM 15.0.6, 256
    bits)", "Mesa", "4.5 (Core Profile) Mesa 22.3.6"); empty when unknown.

    An off-screen window is initialised for the question; an on-screen one (Qt) must already
    have been shown.
    """
    window = plotter.render_window
    if window is None:
        return {}
    found = _gl_lines(window.ReportCapabilities() or "")
    if not found and getattr(plotter, "off_screen", False):
        window.Initialize()
        found = _gl_lines(window.ReportCapabilities() or "")
    return {key: value.strip() for key, value in found.items()}


def _gl_lines(report: str) -> dict[str, str]:
    return {match.group(1): match.group(2) for match in _GL_LINE.finditer(report)}


def gl_renderer_name(plotter: Any) -> str | None:
    """The OpenGL renderer string ("llvmpipe (LLVM 15.0.6, 256 bits)", …), None if unknown."""
    return gl_strings(plotter).get("renderer")


def is_software_renderer(name: str | None) -> bool:
    """Whether the OpenGL renderer ``name`` (`gl_renderer_name`) rasterises in software."""
    return render_policy.classify(name) is render_policy.RendererKind.SOFTWARE


def decide_policy(plotter: Any) -> RenderPolicy:
    """The render policy of ``plotter``'s window: the one decided already, else decided now
    from its OpenGL strings (or the assumed renderer: `render_policy.assumed`) and kept for the
    window's life. Asked before OpenGL can answer, the policy of an unknown renderer is
    returned and not kept."""
    window = plotter.render_window
    known = render_policy.policy_for(window)
    if known is not None:
        return known
    strings = gl_strings(plotter)
    policy = render_policy.decide(
        strings.get("renderer"), strings.get("vendor"), strings.get("version")
    )
    if window is not None and (strings or policy.renderer is not None):
        render_policy.remember(window, policy)
    return policy


def configure_antialiasing(plotter: Any) -> str | None:
    """MSAA off and FXAA on where the render policy says so (software OpenGL); returns the
    renderer name it decided on."""
    policy = decide_policy(plotter)
    if policy.fxaa_instead_of_msaa:
        plotter.render_window.SetMultiSamples(0)
        # Straight to VTK: pyvista swaps FXAA for supersampling (several times the pixels) on
        # EGL builds, which is exactly the cost we are avoiding; FXAA renders fine there.
        for renderer in plotter.renderers:
            renderer.SetUseFXAA(True)
    return policy.renderer


def _rgb(colour: str) -> tuple[float, float, float]:
    text = colour.lstrip("#")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)
