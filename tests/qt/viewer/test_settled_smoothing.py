"""The still picture at once without FXAA, then — once the view has settled — the same view
with FXAA: the picture a person ends up looking at has smooth edges; a new request cancels the
smooth pass (the real widget, a real sandbox case, under Xvfb's software OpenGL). A view with no
scan in it has nothing to smooth: its one frame is final."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from scaninbox.qt.viewer.viewport import ScanViewport
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import WAIT_MS
from tests.qt.viewer.sandbox_cases import SandboxCase
from tests.qt.viewer.test_viewport_display import cached
from tests.qt.viewer.test_viewport_sandbox import loaded_viewport


def drawn_pixels(view: Any) -> np.ndarray:
    """The frame VTK has just drawn, read back without drawing it again."""
    from vtkmodules.util.numpy_support import vtk_to_numpy
    from vtkmodules.vtkRenderingCore import vtkWindowToImageFilter

    grab = vtkWindowToImageFilter()
    grab.SetInput(view.render_window)
    grab.ShouldRerenderOff()
    grab.ReadFrontBufferOff()
    grab.Update()
    image = grab.GetOutput()
    width, height, _ = image.GetDimensions()
    array = vtk_to_numpy(image.GetPointData().GetScalars())
    return np.asarray(array.reshape(height, width, -1)[..., :3], dtype=np.int16)


def reference(view: Any, *, fxaa: bool) -> np.ndarray:
    """The same view drawn now, outside the widget's frame logic, with or without FXAA."""
    renderer = view.renderer
    before = renderer.GetUseFXAA()
    renderer.SetUseFXAA(fxaa)
    try:
        view.render_window.Render()
        return drawn_pixels(view)
    finally:
        renderer.SetUseFXAA(before)


def settled_viewport(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], found: SandboxCase, tmp: Path
) -> ScanViewport:
    viewport = loaded_viewport(qtbot, make_viewport, found, tmp)
    view = viewport.view
    if not view.smooths_when_settled:
        pytest.skip(f"hardware OpenGL here ({view.renderer_name}): MSAA, no FXAA pass")
    # Longer than the app's 100 ms: a loaded test machine can stall between two of the test's
    # own steps for that long, which would count as settling.
    view.settle_ms = 1500
    with qtbot.waitSignal(view.frameSettled, timeout=WAIT_MS):
        view.request_frame()
    return viewport


def test_a_still_is_drawn_first_without_fxaa_then_smoothed_once_settled(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    viewport = settled_viewport(qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path)
    view = viewport.view
    frames: list[tuple[str, np.ndarray, bool]] = []

    def keep(kind: str) -> Callable[[], None]:
        return lambda: frames.append((kind, drawn_pixels(view), view.renderer.GetUseFXAA()))

    view.frameSwapped.connect(keep("frame"))
    view.frameSettled.connect(keep("settled"))
    view.renderer.GetActiveCamera().Azimuth(7.0)
    with qtbot.waitSignal(view.frameSettled, timeout=WAIT_MS):
        view.request_frame()
    kinds = [kind for kind, _, _ in frames]
    assert kinds == ["frame", "frame", "settled"]  # the draft, the smooth frame, its signal
    (_, draft, draft_fxaa), (_, smooth, smooth_fxaa) = frames[0], frames[1]
    assert not draft_fxaa
    assert smooth_fxaa
    plain, smoothed = reference(view, fxaa=False), reference(view, fxaa=True)
    assert np.abs(plain - smoothed).max(axis=2).astype(bool).sum() > 500  # FXAA changes edges
    assert np.abs(draft - plain).max() <= 2
    assert np.abs(smooth - smoothed).max() <= 2
    # Left on screen: the smooth picture; FXAA stays the setting at rest.
    assert view.renderer.GetUseFXAA()


def test_a_picture_saved_right_after_a_draft_is_smooth(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    viewport = settled_viewport(qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path)
    view = viewport.view
    viewport.scene.set_covered(0.0)
    with qtbot.waitSignal(view.frameSwapped, timeout=WAIT_MS):
        view.request_frame()
    assert not view.renderer.GetUseFXAA()  # a draft is on screen, the smooth pass not yet run
    saved = np.flipud(viewport.scene_image().astype(np.int16))  # VTK's rows run bottom-up
    assert np.abs(saved - reference(view, fxaa=True)).max() <= 2
    assert np.abs(saved - reference(view, fxaa=False)).max() > 2


def test_a_new_request_puts_off_the_smooth_pass(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    viewport = settled_viewport(qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path)
    view = viewport.view
    drawn: list[bool] = []
    settled: list[int] = []
    view.frameSwapped.connect(lambda: drawn.append(bool(view.renderer.GetUseFXAA())))
    view.frameSettled.connect(lambda: settled.append(len(drawn)))
    # Three steps, each asked for as soon as the one before is on screen (a wheel's turns):
    # three drafts and one smooth frame after the last, none in between.
    for _ in range(3):
        with qtbot.waitSignal(view.frameSwapped, timeout=WAIT_MS):
            view.renderer.GetActiveCamera().Azimuth(5.0)
            view.request_frame()
    with qtbot.waitSignal(view.frameSettled, timeout=WAIT_MS):
        pass
    assert drawn == [False, False, False, True]
    assert settled == [4]


def test_a_repaint_of_the_settled_view_stays_smooth(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    from PySide6.QtGui import QImage

    viewport = settled_viewport(qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path)
    view = viewport.view
    # A grab of the window (a screenshot) repaints the view without anyone asking for a frame.
    image = view.grabFramebuffer().convertToFormat(QImage.Format.Format_RGB888)
    assert view.renderer.GetUseFXAA()  # drawn smooth, not as a draft
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1)
    grabbed = rows[:, : image.width() * 3].reshape(image.height(), image.width(), 3)
    smoothed = np.flipud(reference(view, fxaa=True))
    assert grabbed.shape == smoothed.shape
    assert np.abs(grabbed.astype(np.int16) - smoothed).max() <= 2


def test_the_settled_frame_runs_only_fxaa_over_the_kept_draft_every_time(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    viewport = settled_viewport(qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path)
    view = viewport.view
    scene_frames: list[bool] = []  # each frame the scene renderer drew: a draft?
    observer = view.renderer.AddObserver(
        "StartEvent", lambda *_: scene_frames.append(bool(view.draft_frame))
    )
    try:
        frames: list[np.ndarray] = []
        for step in range(5):  # the smooth picture reaches the screen every time
            frames.clear()
            swapped = view.frameSwapped.connect(lambda: frames.append(drawn_pixels(view)))
            scene_frames.clear()
            camera = view.renderer.GetActiveCamera()
            camera.Azimuth(7.0)
            camera.Elevation(3.0 if step % 2 else -3.0)
            with qtbot.waitSignal(view.frameSettled, timeout=WAIT_MS):
                view.request_frame()
            view.frameSwapped.disconnect(swapped)
            assert scene_frames == [True]  # the draft drew the scans, the smooth frame did not
            assert len(frames) == 2
            draft, smooth = frames
            full = reference(view, fxaa=True)  # the same view drawn in full with FXAA
            assert np.abs(smooth - full).max() <= 2
            assert (np.abs(draft - full).max(axis=2) > 2).sum() > 500
    finally:
        view.renderer.RemoveObserver(observer)


def test_with_a_2d_label_in_the_scene_the_settled_frame_is_drawn_in_full(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    viewport = settled_viewport(qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path)
    view = viewport.view
    # A label drawn by the scene renderer (as a measurement's is) comes after FXAA in a full
    # frame: smoothing the kept draft would blur it.
    label = view.add_text("20.00 mm", position=(300, 200), font_size=18, render=False)
    scene_frames: list[bool] = []
    observer = view.renderer.AddObserver(
        "StartEvent", lambda *_: scene_frames.append(bool(view.draft_frame))
    )
    frames: list[np.ndarray] = []
    view.frameSwapped.connect(lambda: frames.append(drawn_pixels(view)))
    try:
        view.renderer.GetActiveCamera().Azimuth(7.0)
        with qtbot.waitSignal(view.frameSettled, timeout=WAIT_MS):
            view.request_frame()
        assert scene_frames == [True, False]  # the draft, then the whole view with FXAA
        assert np.abs(frames[-1] - reference(view, fxaa=True)).max() <= 2
    finally:
        view.renderer.RemoveObserver(observer)
        view.remove_actor(label, render=False)


def test_a_view_with_no_scan_in_it_is_final_at_once(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    # The view before a case's scans arrive: a background has no edge for FXAA to smooth, so
    # its one frame is final (no smooth pass a moment later, in the way of the scans' frame).
    viewport = make_viewport(provider)
    view = viewport.view
    if not view.smooths_when_settled:
        pytest.skip(f"hardware OpenGL here ({view.renderer_name}): MSAA, no FXAA pass")
    view.settle_ms = 50
    drawn: list[bool] = []
    view.render_window.AddObserver(
        "StartEvent", lambda *_: drawn.append(bool(view.renderer.GetUseFXAA()))
    )
    with qtbot.waitSignal(view.frameSettled, timeout=WAIT_MS):
        view.request_frame()
    assert drawn == [False]  # one frame, without FXAA
    assert view.shows_final_frame
    # A scan arriving brings the usual draft, then its smooth frame.
    cached(provider, "upper.stl")
    drawn.clear()
    with qtbot.waitSignal(view.frameSettled, timeout=WAIT_MS):
        viewport.show_case(generated_case("upper.stl"))
    assert drawn[0] is False  # the draft
    assert drawn[-1] is True  # its smooth frame
