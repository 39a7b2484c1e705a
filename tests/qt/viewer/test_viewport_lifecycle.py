"""The viewport's life: a cheap import, the 3D stack loaded off the GUI thread, real scans from
``../shared/realscans``, a frame reported also when the view is not on screen, a clean close."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.qt.viewer.scan_list import RowState
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render import View
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait, wait_loaded
from tests.qt.viewer.meshes import jaw_pixels
from tests.qt.viewer.test_viewport_sandbox import mouse
from tests.qt.viewer.viewport_script import DRAW_A_VIEWPORT
from tests.render.pixels import centroid, scan_mask

REPO_ROOT = Path(__file__).resolve().parents[3]


def test_importing_the_viewer_is_cheap_and_the_stack_loads_on_a_worker_thread() -> None:
    script = (
        textwrap.dedent(
            """
            import sys, threading
            import scaninbox.qt.viewer as viewer
            heavy = ("vtkmodules", "pyvista", "pyvistaqt", "matplotlib")
            print(sorted({m.split(".")[0] for m in sys.modules if m.startswith(heavy)}))
            worker = threading.Thread(target=viewer.preload_3d_stack)
            worker.start(); worker.join()
            viewer.preload_3d_stack()  # again: nothing left to do
            print(sorted({m.split(".")[0] for m in sys.modules if m.startswith(heavy)}))
            """
        )
        + DRAW_A_VIEWPORT
        + 'print(viewport.view.renderer_name != "")\nviewport.close()\n'
    )
    done = _run_fresh(script)
    before, after, drew = done.stdout.strip().splitlines()
    assert drew == "True"
    assert before == "[]"
    assert "'pyvista'" in after
    assert "'pyvistaqt'" in after
    assert "'vtkmodules'" in after


def test_the_stack_for_local_files_leaves_qc_out_until_a_case_needs_it() -> None:
    # Local files have no work (no prepared teeth): their first frame does without QC's modules,
    # which an inbox case's view uses at once.
    script = (
        textwrap.dedent(
            """
            import sys, threading
            import scaninbox.qt.viewer as viewer
            worker = threading.Thread(target=viewer.preload_3d_stack, kwargs={"for_a_case": False})
            worker.start(); worker.join()
            print("pyvistaqt" in sys.modules, "scaninbox.qc" in sys.modules)
            """
        )
        + DRAW_A_VIEWPORT
        + textwrap.dedent(
            """
            print(viewport.view.renderer_name != "", "scaninbox.qc" in sys.modules)
            viewer.preload_3d_stack()
            print("scaninbox.qc.room" in sys.modules)
            viewport.close()
            """
        )
    )
    done = _run_fresh(script)
    assert done.stdout.split() == ["True", "False", "True", "False", "True"]


@pytest.mark.realscans
def test_real_scans_in_both_formats(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    realscans: Path,
    tmp_path: Path,
    screenshot: Callable[..., object],
) -> None:
    provider = FolderProvider(realscans, tmp_path / "cache")
    provider.cache_file("Example_01_binary.stl")
    # Example_01 is exported with X to the patient's left and the incisors toward −Y.
    viewport = make_viewport(provider, "-x,-y,z")
    case = Case(
        ref=CaseRef("real-1"),
        source="MeshLabeler",
        scan_files=(
            ScanFile(
                filename="Example_01_binary.stl",
                file_type="stl",
                scan_type="preparationScan",
                jaw=Jaw.UPPER,
            ),
            ScanFile(
                filename="Example_01_vcolor_binary.ply",
                file_type="ply",
                scan_type="preparationScan",
                jaw=Jaw.LOWER,
            ),
        ),
    )
    show_and_wait(qtbot, viewport, case)
    wait_loaded(qtbot, viewport)
    assert [r.state for r in viewport.scans.rows()] == [RowState.READY, RowState.READY]
    assert viewport.controls.scanner_colours.isEnabled()  # the PLY has colours
    viewport.scans.rows()[1].eye.click()  # the same arch twice: look at the STL one alone
    viewport.set_view(View.UPPER)
    pixels = viewport.scene_image().astype(np.int16)
    mask = scan_mask(pixels)
    x, y = centroid(mask)
    assert abs(x - 0.5) < 0.06
    assert abs(y - 0.5) < 0.08
    assert jaw_pixels(pixels)[0].sum() > 0.8 * mask.sum()  # ivory: the upper jaw's colour
    # Oriented: in the upper view anterior is at the top, so the incisors (the narrow front of
    # the horseshoe) are in the upper half, and the arch's open back at the bottom.
    rows = np.nonzero(mask.any(axis=1))[0]
    top, bottom = rows.min(), rows.max()
    width_near_top = np.ptp(np.nonzero(mask[top + (bottom - top) // 8])[0])
    width_near_bottom = np.ptp(np.nonzero(mask[bottom - (bottom - top) // 8])[0])
    assert width_near_top < width_near_bottom
    screenshot(viewport, "viewer-realscan-upper")


def test_the_first_frame_is_reported_at_once_when_the_view_is_not_on_screen(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.cache_file("upper.stl")
    viewport = make_viewport(provider)
    viewport.hide()  # as in another tab of the case pane
    with qtbot.waitSignal(viewport.caseShown, timeout=WAIT_MS) as shown:
        viewport.show_case(generated_case("upper.stl"))
    assert shown.args == [CaseRef("gen-1")]
    wait_loaded(qtbot, viewport)


def test_closing_mid_load_stops_everything(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.hold("lower.stl")
    viewport = make_viewport(provider)
    viewport.show_case(generated_case("lower.stl"))
    qtbot.waitUntil(lambda: "lower.stl" in provider.fetched_names())
    viewport.close()
    qtbot.waitUntil(lambda: "lower.stl" in provider.cancelled)
    assert viewport.view.render_window is None
    viewport.show_case(generated_case("upper.stl"))  # after close: ignored, no error
    assert viewport.case is not None
    assert viewport.case.scan_files[0].filename == "lower.stl"


def _mid_drag(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> tuple[ScanViewport, float, float]:
    """A viewport showing a scan, its left button pressed at (x, y) and moved 12 px right, the
    drag's first frame drawn; the button still held."""
    provider.cache_file("upper.stl")
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    wait_loaded(qtbot, viewport)
    view = viewport.view
    x, y = view.width() / 2, view.height() / 2
    mouse(view, QEvent.Type.MouseButtonPress, x, y)
    with qtbot.waitSignal(view.frameSwapped, timeout=WAIT_MS):
        mouse(view, QEvent.Type.MouseMove, x + 12, y)
    return viewport, x, y


def test_a_drag_held_while_the_viewport_closes_ends_quietly(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    viewport, x, y = _mid_drag(qtbot, make_viewport, provider)
    view = viewport.view
    assert view.render_window.GetDesiredUpdateRate() > 1.0  # mid-drag: VTK's interactive rate
    viewport.close()
    # What may still be on its way to the view: more of the drag, its release, a wheel turn, a
    # new press. Each is ignored; none reaches the closed VTK interactor.
    mouse(view, QEvent.Type.MouseMove, x + 24, y)
    mouse(view, QEvent.Type.MouseButtonRelease, x + 24, y, held=False)
    wheel = QWheelEvent(
        QPointF(x, y), QPointF(x, y), QPoint(0, 0), QPoint(0, 120), Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )  # fmt: skip
    QApplication.sendEvent(view, wheel)
    mouse(view, QEvent.Type.MouseButtonPress, x, y)
    assert not wheel.isAccepted()
    assert view.render_window is None


def test_a_picture_saved_mid_drag_is_the_whole_view_at_rest(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    viewport, x, y = _mid_drag(qtbot, make_viewport, provider)
    view = viewport.view
    assert view.drawing_scale() < 1.0  # mid-drag: the smaller moving frame
    held = viewport.scene_image()  # e.g. Ctrl+S with the mouse button still down
    ratio = view.devicePixelRatioF()
    assert held.shape[:2] == (round(view.height() * ratio), round(view.width() * ratio))
    # The drag goes on at its own size and rate.
    with qtbot.waitSignal(view.frameSwapped, timeout=WAIT_MS):
        mouse(view, QEvent.Type.MouseMove, x + 12, y + 1)
    assert view.drawing_scale() < 1.0
    assert view.render_window.GetDesiredUpdateRate() > 1.0
    mouse(view, QEvent.Type.MouseMove, x + 12, y)  # back where the picture was taken
    mouse(view, QEvent.Type.MouseButtonRelease, x + 12, y, held=False)
    qtbot.waitUntil(lambda: view.drawing_scale() == 1.0, timeout=WAIT_MS)
    rest = viewport.scene_image()
    assert held.shape == rest.shape
    # The same picture as at rest: full size, the still lights, the scan itself (not its
    # coarse copy).
    assert np.abs(held.astype(np.int16) - rest.astype(np.int16)).max() <= 2


def _run_fresh(script: str) -> subprocess.CompletedProcess[str]:
    """``script`` in a fresh interpreter (its imports are what the test looks at)."""
    return subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO_ROOT,
        check=True,
    )
