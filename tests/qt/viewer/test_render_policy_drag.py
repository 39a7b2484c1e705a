"""A drag under each render policy, in the real widget with a real sandbox case (Xvfb's llvmpipe
draws; the policy is told which renderer to assume): a graphics card turns the full scene at
full resolution with both lights, software OpenGL and a card measured too slow degrade — and only
software OpenGL caps a large scan's coarse copy."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent
from pytestqt.qtbot import QtBot

from scaninbox.qt.viewer.loader import lod_fraction
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render.render_policy import MOVING_SCALE, MOVING_TRIANGLES, assumed
from scaninbox.scans import LOD_FRACTION
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import show_and_wait, wait_loaded
from tests.qt.viewer.meshes import upper_arch, write_stl
from tests.qt.viewer.sandbox_cases import SandboxCase
from tests.qt.viewer.test_viewport_sandbox import loaded_viewport, mouse

NVIDIA = "NVIDIA GeForce RTX 3060/PCIe/SSE2"


@dataclass(frozen=True)
class Frame:
    size: tuple[int, int]
    triangles: int
    lights: int


def _frame(viewport: ScanViewport) -> Frame:
    """What the last frame drew: its size, the triangles of the visible actors, lights on."""
    view: Any = viewport.view
    actors = view.renderer.GetActors()
    actors.InitTraversal()
    triangles = 0
    for _ in range(actors.GetNumberOfItems()):
        actor = actors.GetNextActor()
        poly = actor.GetMapper().GetInput()
        if actor.GetVisibility() and poly is not None:
            triangles += poly.GetNumberOfCells()
    lights = view.renderer.GetLights()
    lights.InitTraversal()
    on = sum(bool(lights.GetNextItem().GetSwitch()) for _ in range(lights.GetNumberOfItems()))
    size = view.render_window.GetSize()
    return Frame((size[0], size[1]), triangles, on)


def _drag(qtbot: QtBot, viewport: ScanViewport, steps: int = 5) -> list[Frame]:
    view = viewport.view
    frames = []
    x, y = view.width() // 2, view.height() // 2
    mouse(view, QEvent.Type.MouseButtonPress, x, y)
    for step in range(1, steps + 1):
        with qtbot.waitSignal(view.frameSwapped):
            mouse(view, QEvent.Type.MouseMove, x + 12 * step, y - 4 * step)
        frames.append(_frame(viewport))
    with qtbot.waitSignal(view.frameSwapped):
        mouse(view, QEvent.Type.MouseButtonRelease, x + 12 * steps, y, held=False)
    return frames


def _at_rest(qtbot: QtBot, viewport: ScanViewport, frames: int = 3) -> Frame:
    """Draw ``frames`` frames at rest (each timed for the policy); the last one's figures."""
    for _ in range(frames):
        with qtbot.waitSignal(viewport.view.frameSwapped):
            viewport.view.request_frame()
    return _frame(viewport)


def _loaded(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    found: SandboxCase,
    tmp_path: Path,
    renderer: str | None,
    target_fps: float = 30.0,
) -> ScanViewport:
    if renderer is None:  # what this machine's OpenGL is
        return loaded_viewport(qtbot, make_viewport, found, tmp_path)
    with assumed(renderer, target_fps=target_fps):
        return loaded_viewport(qtbot, make_viewport, found, tmp_path)


def test_a_graphics_card_turns_the_full_scene_at_full_resolution(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    # A target rate llvmpipe keeps even on a busy machine (multisampling on, as on a card):
    # this test is about the renderer, not its speed.
    viewport = _loaded(
        qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path, NVIDIA, target_fps=0.1
    )
    view = viewport.view
    assert view.policy is not None
    assert not view.policy.degrade_while_moving
    assert all(s.lod_actor is not None for s in viewport.scene if s.visible)  # one was built
    rest = _at_rest(qtbot, viewport)
    assert rest.lights == 2
    assert not view.renderer.GetUseFXAA()  # a card multisamples instead
    assert not view.smooths_when_settled
    moving = _drag(qtbot, viewport)
    # Every frame of the drag: the whole picture, every triangle, both lights.
    assert set(moving) == {rest}
    assert not viewport.scene.showing_lod
    assert viewport.camera.moved  # the drag turned the camera


def test_software_opengl_turns_a_smaller_coarser_picture_with_one_light(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    found = sandbox_cases["3Shape TRIOS"]
    viewport = _loaded(qtbot, make_viewport, found, tmp_path, "llvmpipe (LLVM 15.0.6, 256 bits)")
    rest = _at_rest(qtbot, viewport)
    moving = _drag(qtbot, viewport)[1:]  # from the first frame the interaction draws on
    half = (round(rest.size[0] * MOVING_SCALE), round(rest.size[1] * MOVING_SCALE))
    assert {frame.size for frame in moving} == {half}
    assert {frame.lights for frame in moving} == {1}
    assert all(frame.triangles < rest.triangles / 5 for frame in moving)  # the coarse copies


def test_a_graphics_card_too_slow_for_the_target_rate_degrades_too(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    # No machine draws a case at this rate: every full frame is measured too slow.
    viewport = _loaded(
        qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path, NVIDIA, target_fps=1e6
    )
    rest = _at_rest(qtbot, viewport)
    policy = viewport.view.policy
    assert policy is not None
    assert policy.frames_too_slow
    moving = _drag(qtbot, viewport)[1:]
    assert all(frame.size[0] < rest.size[0] for frame in moving)
    assert all(frame.triangles < rest.triangles / 5 and frame.lights == 1 for frame in moving)


@pytest.fixture(scope="module")
def large_arch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with one 300k-triangle arch: large enough for the software cap to matter."""
    folder = tmp_path_factory.mktemp("large-arch")
    write_stl(folder / "upper.stl", upper_arch(n_around=1875, n_across=80))
    return folder


def _coarse_copy(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], folder: Path, cache: Path
) -> tuple[int, int]:
    """(the arch's triangles, its coarse copy's), shown in a fresh viewport."""
    viewport = make_viewport(FolderProvider(folder, cache))
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    wait_loaded(qtbot, viewport)
    (state,) = list(viewport.scene)
    assert state.lod_actor is not None
    return state.n_triangles, state.lod_actor.GetMapper().GetInput().GetNumberOfCells()


def test_software_opengl_turns_a_large_scan_with_a_capped_coarse_copy(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], large_arch: Path, tmp_path: Path
) -> None:
    with assumed("llvmpipe (LLVM 15.0.6, 256 bits)"):
        triangles, coarse = _coarse_copy(qtbot, make_viewport, large_arch, tmp_path / "cache")
    assert triangles > 250_000  # welded: a few degenerate triangles fewer
    # Decimation lands near what it is asked for, a little above: well under the usual tenth.
    assert coarse < 1.5 * MOVING_TRIANGLES < LOD_FRACTION * triangles


def test_a_graphics_card_keeps_the_usual_coarse_copy_of_a_large_scan(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], large_arch: Path, tmp_path: Path
) -> None:
    # Measured too slow (the target no machine keeps), so it degrades motion — with its tenth.
    with assumed(NVIDIA, target_fps=1e6):
        triangles, coarse = _coarse_copy(qtbot, make_viewport, large_arch, tmp_path / "cache")
    assert coarse >= LOD_FRACTION * triangles


@pytest.mark.parametrize(
    ("n_faces", "most", "share"),
    [
        (300_000, None, LOD_FRACTION),  # no cap: the usual share
        (300_000, 15_000, 0.05),  # capped
        (100_000, 15_000, LOD_FRACTION),  # the usual share asks for less than the cap
        (0, 15_000, LOD_FRACTION),
    ],
)
def test_the_share_a_coarse_copy_keeps(n_faces: int, most: int | None, share: float) -> None:
    assert lod_fraction(n_faces, most) == pytest.approx(share)
