"""`RenderPolicy`: which speed tricks a render window uses — decided in this one place.

The tricks trade picture for speed and only pay where OpenGL rasterises on the CPU (Mesa's
llvmpipe, softpipe and swrast, Windows' "Microsoft Basic Render Driver" and "GDI Generic":
remote desktops, virtual machines, machines without a graphics driver, our Xvfb tests):

- degrading while the camera moves: a smaller picture (`MOVING_SCALE` of the width and height,
  `scaninbox.qt.viewer.interactor`), the coarse copies of the scans and one light instead of
  two (`scaninbox.render.scene`); under a software renderer the coarse copy of a large scan is
  also capped (`moving_triangles`: every triangle drawn costs the CPU, and in a picture of a
  quarter of the pixels the cap's triangles are still smaller than a few pixels);
- FXAA instead of multisampling (`appearance.configure_antialiasing`), drafts without it and
  its pass once the view settles, replayed over the kept picture (`SmoothReplay`);
- drawing large scans in step with the rasteriser, with GL fences (`draw_pacing`).

A graphics card (Intel, AMD, NVIDIA, Apple, …) draws the full scene at full resolution at rest
and while turning — unless its frames are measured too slow for `TARGET_FPS`, as VTK's LOD
actors fall back to coarser levels when the last frames missed the desired update rate. Only
full-quality frames are measured (a degraded frame says nothing about the full one), and the
frames at rest keep measuring while motion is degraded, so the choice follows the scene: a
larger case may need it, a smaller one not.

A renderer neither known as software nor as a graphics card (a virtual GPU such as VMware's
SVGA3D, virgl) is judged by its frame times alone; its draws are paced (the wait is cheap where it
is not needed, the memory it bounds is not).

Pure Python: the OpenGL strings are read on the VTK side (`appearance.decide_policy`), and a
policy is kept per render window here (`remember`, `policy_for`). Tests and benchmarks can say
which renderer to assume (`assumed`), e.g. a graphics card under Xvfb's llvmpipe.
"""

from __future__ import annotations

import statistics
import weakref
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import Any

__all__ = [
    "FRAMES_MEASURED",
    "MOVING_SCALE",
    "MOVING_TRIANGLES",
    "TARGET_FPS",
    "RenderPolicy",
    "RendererKind",
    "assumed",
    "classify",
    "decide",
    "policy_for",
    "remember",
]

TARGET_FPS = 30.0  # while turning: below this a person sees the view stutter
MOVING_SCALE = 0.5  # of the width and height, drawn while the camera moves when degrading
# Under a software renderer, the coarse copy of a scan asks for at most this many triangles: a
# large arch gets a coarser copy than the usual tenth, scans up to ten times this keep their
# tenth (benchmarks/README.md, render_fps).
MOVING_TRIANGLES = 15_000
FRAMES_MEASURED = 5  # full-quality frames whose median is compared with the target
_FRAMES_TO_JUDGE = 3  # fewer say nothing yet (the first frames upload buffers, build shaders)

# Lower-case words in the renderer string that name a rasteriser running on the CPU.
_SOFTWARE = (
    "llvmpipe",
    "softpipe",
    "swrast",
    "software rasterizer",
    "swiftshader",
    "basic render driver",  # Windows without a display driver (also "D3D12 (Microsoft Basic …)")
    "gdi generic",  # Windows' OpenGL 1.1 fallback
)
# Lower-case words in the renderer or vendor string that name a graphics card.
_HARDWARE = (
    "intel",
    "amd",
    "radeon",
    "ati technologies",
    "nvidia",
    "geforce",
    "quadro",
    "apple",
    "mali",
    "adreno",
    "powervr",
    "immortalis",
)


class RendererKind(Enum):
    SOFTWARE = "software"
    HARDWARE = "hardware"
    UNKNOWN = "unknown"


def classify(renderer: str | None, vendor: str | None = None) -> RendererKind:
    """What kind of rasteriser the OpenGL ``renderer`` string (and ``vendor``) names.

    The renderer string decides first: Mesa's llvmpipe reports vendor "VMware, Inc." or "Mesa",
    and an AMD card's renderer names the LLVM its shader compiler uses ("… LLVM 15.0.7 …")."""
    name = (renderer or "").lower()
    if any(word in name for word in _SOFTWARE):
        return RendererKind.SOFTWARE
    both = f"{name} {(vendor or '').lower()}"
    if any(word in both for word in _HARDWARE):
        return RendererKind.HARDWARE
    return RendererKind.UNKNOWN


class RenderPolicy:
    """The tricks for one render window: from its renderer, and its measured frame times
    (`record_full_frame`). ``target_fps``: the rate a turning view must keep."""

    def __init__(
        self,
        renderer: str | None,
        vendor: str | None = None,
        version: str | None = None,
        *,
        target_fps: float = TARGET_FPS,
    ) -> None:
        self.renderer = renderer
        self.vendor = vendor
        self.version = version
        self.kind = classify(renderer, vendor)
        self.target_fps = target_fps
        self._full_frames: deque[float] = deque(maxlen=FRAMES_MEASURED)

    def __repr__(self) -> str:
        return (
            f"RenderPolicy({self.renderer!r}, kind={self.kind.value}, "
            f"degrade_while_moving={self.degrade_while_moving})"
        )

    @property
    def software(self) -> bool:
        return self.kind is RendererKind.SOFTWARE

    # ------------------------------------------------------------------ frame times

    def record_full_frame(self, seconds: float) -> None:
        """A frame drawn at full quality (full size, the scans themselves, both lights) took
        ``seconds``."""
        self._full_frames.append(seconds)

    def record_full_frames(self, seconds: Iterable[float]) -> None:
        for each in seconds:
            self.record_full_frame(each)

    @property
    def full_frame_s(self) -> float | None:
        """The median of the last full-quality frames, None until enough were measured."""
        if len(self._full_frames) < _FRAMES_TO_JUDGE:
            return None
        return statistics.median(self._full_frames)

    @property
    def frames_too_slow(self) -> bool:
        """Whether full-quality frames are measured too slow for the target rate."""
        full = self.full_frame_s
        return full is not None and full > 1.0 / self.target_fps

    # ------------------------------------------------------------------ the tricks

    @property
    def degrade_while_moving(self) -> bool:
        """A smaller picture, the coarse copies and one light while the camera moves."""
        return self.software or self.frames_too_slow

    @property
    def moving_scale(self) -> float:
        """The share of the width and height drawn while the camera moves."""
        return MOVING_SCALE if self.degrade_while_moving else 1.0

    @property
    def moving_triangles(self) -> int | None:
        """The most triangles a scan's coarse copy should ask for (None: no cap, the usual
        share). Capped only under a software renderer, which pays for every triangle of every
        frame on the CPU; a graphics card that measures too slow keeps the usual copy."""
        return MOVING_TRIANGLES if self.software else None

    @property
    def pace_draws(self) -> bool:
        """Wait for the rasteriser before each large draw (`draw_pacing`): its queue lives in
        this process's memory under a software renderer; a graphics card keeps its own."""
        return self.kind is not RendererKind.HARDWARE

    @property
    def use_fences(self) -> bool:
        """Pace with GL fences (one draw rasterised while the next is sorted) rather than
        waiting for the whole queue: wherever draws are paced."""
        return self.pace_draws

    @property
    def fxaa_instead_of_msaa(self) -> bool:
        """Multisampling off, FXAA on: a software rasteriser pays for every sample; a graphics
        card's multisampling is nearly free and looks better than FXAA."""
        return self.software

    @property
    def smooth_when_settled(self) -> bool:
        """Draw frames without FXAA and smooth them once the view settles (FXAA is a large
        share of a software frame); only where FXAA is used."""
        return self.fxaa_instead_of_msaa

    @property
    def replay_fxaa(self) -> bool:
        """The settled frame runs FXAA over the kept draft instead of drawing again."""
        return self.smooth_when_settled


@dataclass(frozen=True, slots=True)
class _Assumption:
    renderer: str
    target_fps: float


_assumption: _Assumption | None = None


@contextmanager
def assumed(renderer: str, *, target_fps: float = TARGET_FPS) -> Iterator[None]:
    """Within: policies decided (`appearance.decide_policy`) take ``renderer`` as the OpenGL
    renderer's name instead of asking OpenGL — for tests and benchmarks that measure what a
    machine with that renderer would do (e.g. a graphics card, under Xvfb's llvmpipe)."""
    global _assumption  # noqa: PLW0603 - one process-wide answer, restored on the way out
    before, _assumption = _assumption, _Assumption(renderer, target_fps)
    try:
        yield
    finally:
        _assumption = before


def decide(renderer: str | None, vendor: str | None, version: str | None) -> RenderPolicy:
    """The policy for a window whose OpenGL reports these strings (or the assumed renderer)."""
    if _assumption is not None:
        return RenderPolicy(_assumption.renderer, target_fps=_assumption.target_fps)
    return RenderPolicy(renderer, vendor, version)


# Keyed weakly by the render window (a VTK object): a window gone takes its policy along.
_policies: weakref.WeakKeyDictionary[Any, RenderPolicy] = weakref.WeakKeyDictionary()


def remember(window: Any, policy: RenderPolicy) -> RenderPolicy:
    _policies[window] = policy
    return policy


def policy_for(window: Any) -> RenderPolicy | None:
    """The policy decided for ``window``, None before its OpenGL was asked."""
    return _policies.get(window) if window is not None else None
