"""``--quit-when-ready --screenshot``: the window is grabbed once the 3D view shows its settled
(smooth) frame, however long settling takes — not a fixed delay after the first draft (the
real app over the demo sandbox, the real viewer under Xvfb's software OpenGL)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.harness.readiness import LocalFilesReadiness, ReadinessWatch, attach_readiness
from scaninbox.qt.shell.app_controller import AppController
from tests.qt.viewer.test_settled_smoothing import reference

READY_MS = 90_000  # the demo service, a sync and the 3D stack's import on a loaded machine


def overlay_mask(view: QWidget) -> np.ndarray:
    """True over the view's pixels that no overlay (note, list of scans, legend) covers."""
    stage = view.parentWidget()
    assert stage is not None
    free = np.ones((view.height(), view.width()), dtype=bool)
    for widget in stage.findChildren(QWidget):
        if widget is view or widget.parentWidget() is not stage or not widget.isVisible():
            continue
        box = widget.geometry().translated(-view.x(), -view.y())
        free[
            max(0, box.top()) : max(0, box.bottom() + 1),
            max(0, box.left()) : max(0, box.right() + 1),
        ] = False
    return free


def test_the_screenshot_shows_the_3d_views_settled_smooth_frame(
    qtbot: QtBot, make_app: Callable[..., AppController], tmp_path: Path
) -> None:
    shot = tmp_path / "window.png"
    app = make_app(start=False, demo=True, load_viewer=True, quit_when_ready=True, screenshot=shot)
    watch = attach_readiness(app)  # as the `gui` command hands it to `run_gui`
    assert isinstance(watch, ReadinessWatch)
    watch.done.disconnect(app.quit)  # the test looks at the window before it closes
    seen: dict[str, Any] = {}

    def slow_settling() -> None:
        # As on a loaded machine, or while a case's full scans follow its previews: the view
        # settles well after its first frame (3 s instead of 0.1 s after its last one).
        app.viewer.viewport.view.settle_ms = 3000

    def on_done(code: int) -> None:
        # At once, before anything else can draw: the view the screenshot was taken of.
        view = app.viewer.viewport.view
        seen["code"] = code
        seen["smooths"] = view.smooths_when_settled
        if view.smooths_when_settled:
            seen["smooth"] = reference(view, fxaa=True)
            seen["plain"] = reference(view, fxaa=False)
        top_left = view.mapTo(app.window, view.rect().topLeft())
        seen["box"] = (top_left.x(), top_left.y(), view.width(), view.height())
        seen["free"] = overlay_mask(view)

    app.viewer.ready.connect(slow_settling)
    watch.done.connect(on_done)
    app.start()
    assert_the_view_in_the_shot_is_smooth(qtbot, shot, seen)


def assert_the_view_in_the_shot_is_smooth(qtbot: QtBot, shot: Path, seen: dict[str, Any]) -> None:
    """Once the readiness check is done (exit code 0): the 3D view's part of the screenshot is
    its smooth frame, not the draft before it (``seen``, filled when it was done: the view's box
    in the window, the uncovered pixels and both references)."""
    qtbot.waitUntil(lambda: "code" in seen, timeout=READY_MS)
    assert seen["code"] == 0
    if not seen["smooths"]:
        pytest.skip("hardware OpenGL here: MSAA, every frame final at once")
    x, y, width, height = seen["box"]
    image = np.asarray(Image.open(shot).convert("RGB"), dtype=np.int16)
    grabbed = image[y : y + height, x : x + width]
    smooth, plain = np.flipud(seen["smooth"]), np.flipud(seen["plain"])  # VTK: rows bottom-up
    assert grabbed.shape == smooth.shape
    free = seen["free"]
    assert free.sum() > 0.5 * free.size  # most of the view is compared
    off_smooth = np.abs(grabbed - smooth).max(axis=2)[free]
    off_plain = np.abs(grabbed - plain).max(axis=2)[free]
    assert off_smooth.max() <= 2  # the smooth frame, not the draft drawn before it
    assert (off_plain > 2).sum() > 200  # the draft differs from it at the scans' edges


def test_local_files_screenshot_shows_the_settled_smooth_frame_too(
    qtbot: QtBot,
    make_app: Callable[..., AppController],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``scaninbox gui --quit-when-ready --screenshot PNG FILE…`` grabs the "Local files"
    window once its view has settled, however long that takes (it used to grab 300 ms after the
    first draft)."""
    from scaninbox.qt import viewer
    from tests.qt.viewer.meshes import lower_arch
    from tests.unit.scans.meshfiles import ply

    points, faces = lower_arch()
    scan = tmp_path / "patient_LowerJaw.ply"
    scan.write_bytes(ply(points, faces.tolist()))
    create = viewer.create_scan_viewport

    def slow_settling(*args: Any, **kwargs: Any) -> Any:
        viewport = create(*args, **kwargs)
        viewport.view.settle_ms = 3000  # as on a loaded machine: settles well after 300 ms
        return viewport

    monkeypatch.setattr(viewer, "create_scan_viewport", slow_settling)
    shot = tmp_path / "local.png"
    app = make_app(start=False, files=(scan,), quit_when_ready=True, screenshot=shot)
    watch = attach_readiness(app)
    assert isinstance(watch, LocalFilesReadiness)
    watch.done.disconnect(app.quit)
    seen: dict[str, Any] = {}

    def on_done(code: int) -> None:
        window = app.local_files()
        view = window.viewport.view
        seen["code"] = code
        seen["smooths"] = view.smooths_when_settled
        if view.smooths_when_settled:
            seen["smooth"] = reference(view, fxaa=True)
            seen["plain"] = reference(view, fxaa=False)
        top_left = view.mapTo(window, view.rect().topLeft())
        seen["box"] = (top_left.x(), top_left.y(), view.width(), view.height())
        seen["free"] = overlay_mask(view)

    watch.done.connect(on_done)
    app.start()
    assert_the_view_in_the_shot_is_smooth(qtbot, shot, seen)
