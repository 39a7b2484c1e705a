"""The render policy: speed tricks under software OpenGL, the full scene on a graphics card
unless its frames are measured too slow — with the renderer strings real drivers report."""

from __future__ import annotations

import gc

import pytest

from scaninbox.render import render_policy
from scaninbox.render.render_policy import (
    MOVING_SCALE,
    MOVING_TRIANGLES,
    TARGET_FPS,
    RendererKind,
    RenderPolicy,
    assumed,
    classify,
)

# (renderer, vendor) as the drivers report them ("OpenGL renderer/vendor string").
SOFTWARE = [
    ("llvmpipe (LLVM 15.0.6, 256 bits)", "Mesa"),
    ("llvmpipe (LLVM 11.0.1, 256 bits)", "VMware, Inc."),  # older Mesa names VMware
    ("softpipe", "Mesa"),
    ("Software Rasterizer", "Mesa Project"),  # swrast
    ("Mesa X11 (swrast)", "Brian Paul"),
    ("Microsoft Basic Render Driver", "Microsoft Corporation"),
    ("D3D12 (Microsoft Basic Render Driver)", "Microsoft Corporation"),
    ("GDI Generic", "Microsoft Corporation"),
]
HARDWARE = [
    ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "Intel"),
    ("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.7, DRM 3.49, 6.1.0)", "AMD"),
    ("NVIDIA GeForce RTX 3060/PCIe/SSE2", "NVIDIA Corporation"),
    ("Apple M1", "Apple"),
    ("Intel(R) Iris(R) Xe Graphics", "Intel"),
    ("Radeon RX 580 Series", "ATI Technologies Inc."),
]

FAST = 1.0 / (4 * TARGET_FPS)  # a quarter of the frame time the target allows
SLOW = 3.0 / TARGET_FPS  # three times it


@pytest.mark.parametrize(("renderer", "vendor"), SOFTWARE)
def test_a_software_rasteriser_degrades_motion_and_paces_its_draws(
    renderer: str, vendor: str
) -> None:
    policy = RenderPolicy(renderer, vendor)
    assert classify(renderer, vendor) is RendererKind.SOFTWARE
    assert policy.degrade_while_moving
    assert policy.moving_scale == MOVING_SCALE < 1
    assert policy.pace_draws
    assert policy.use_fences
    assert policy.fxaa_instead_of_msaa
    assert policy.smooth_when_settled
    assert policy.replay_fxaa
    assert policy.moving_triangles == MOVING_TRIANGLES


@pytest.mark.parametrize(("renderer", "vendor"), HARDWARE)
def test_a_graphics_card_draws_the_full_scene_while_turning(renderer: str, vendor: str) -> None:
    policy = RenderPolicy(renderer, vendor)
    assert classify(renderer, vendor) is RendererKind.HARDWARE
    assert not policy.degrade_while_moving
    assert policy.moving_scale == 1.0
    assert not policy.pace_draws
    assert not policy.use_fences
    assert not policy.fxaa_instead_of_msaa
    assert not policy.smooth_when_settled
    assert not policy.replay_fxaa
    assert policy.moving_triangles is None


def test_the_renderer_string_decides_before_the_vendor() -> None:
    # An AMD card's renderer names the LLVM of its shader compiler; llvmpipe may name VMware.
    assert classify("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.7)") is RendererKind.HARDWARE
    assert classify("llvmpipe (LLVM 15.0.6, 256 bits)", "AMD") is RendererKind.SOFTWARE
    assert classify("NV166", "NVIDIA Corporation") is RendererKind.HARDWARE  # by its vendor


@pytest.mark.parametrize("renderer", [None, "", "SVGA3D; build: RELEASE; LLVM;", "virgl"])
def test_an_unknown_renderer_is_judged_by_its_frame_times_and_paced(renderer: str | None) -> None:
    policy = RenderPolicy(renderer, "VMware, Inc.")
    assert policy.kind is RendererKind.UNKNOWN
    assert not policy.degrade_while_moving
    assert policy.pace_draws  # cheap where not needed; bounds the memory where it is
    assert not policy.fxaa_instead_of_msaa
    policy.record_full_frames([SLOW] * 5)
    assert policy.degrade_while_moving
    assert policy.moving_triangles is None


def test_a_graphics_card_too_slow_for_the_target_rate_degrades_motion() -> None:
    policy = RenderPolicy("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "Intel")
    policy.record_full_frames([SLOW, SLOW])
    assert not policy.degrade_while_moving  # two frames say nothing yet (buffers, shaders)
    policy.record_full_frame(SLOW)
    assert policy.frames_too_slow
    assert policy.degrade_while_moving
    assert policy.moving_scale == MOVING_SCALE
    assert not policy.pace_draws  # a graphics card's queue is its own, slow or not
    assert policy.moving_triangles is None  # its coarse copies stay as they are


def test_a_fast_graphics_card_keeps_the_full_scene_despite_an_odd_slow_frame() -> None:
    policy = RenderPolicy("NVIDIA GeForce RTX 3060/PCIe/SSE2", "NVIDIA Corporation")
    policy.record_full_frames([SLOW, FAST, FAST, SLOW, FAST])  # first upload, a hiccup
    assert policy.full_frame_s == FAST
    assert not policy.degrade_while_moving


def test_the_decision_follows_the_latest_frames() -> None:
    policy = RenderPolicy("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.7, DRM 3.49, 6.1.0)")
    policy.record_full_frames([FAST] * 5)
    assert not policy.degrade_while_moving
    policy.record_full_frames([SLOW] * 3)  # a larger case: three of the last five are slow
    assert policy.degrade_while_moving
    policy.record_full_frames([FAST] * 3)  # a smaller one again
    assert not policy.degrade_while_moving


def test_frames_just_within_the_target_rate_keep_the_full_scene() -> None:
    policy = RenderPolicy("NVIDIA GeForce RTX 3060/PCIe/SSE2", target_fps=30.0)
    policy.record_full_frames([0.99 / 30.0] * 5)
    assert not policy.degrade_while_moving
    policy.record_full_frames([1.01 / 30.0] * 5)
    assert policy.degrade_while_moving


def test_a_software_rasteriser_degrades_even_when_its_frames_are_fast() -> None:
    policy = RenderPolicy("llvmpipe (LLVM 15.0.6, 256 bits)", "Mesa")
    policy.record_full_frames([FAST] * 5)
    assert policy.degrade_while_moving


def test_an_assumed_renderer_replaces_the_one_opengl_reports() -> None:
    real = ("llvmpipe (LLVM 15.0.6, 256 bits)", "Mesa", "4.5 (Core Profile) Mesa 22.3.6")
    with assumed("NVIDIA GeForce RTX 3060/PCIe/SSE2", target_fps=5.0):
        policy = render_policy.decide(*real)
    assert policy.kind is RendererKind.HARDWARE
    assert policy.target_fps == 5.0
    assert render_policy.decide(*real).kind is RendererKind.SOFTWARE  # only within


def test_a_windows_policy_is_kept_for_its_life() -> None:
    class Window:  # stands in for a VTK render window (held weakly)
        pass

    window = Window()
    assert render_policy.policy_for(window) is None
    policy = render_policy.remember(window, RenderPolicy("softpipe"))
    assert render_policy.policy_for(window) is policy
    assert render_policy.policy_for(None) is None
    del window
    gc.collect()
    kept = list(render_policy._policies)
    assert not any(isinstance(each, Window) for each in kept)  # gone with its window
