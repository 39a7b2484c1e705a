"""Real sandbox cases: two arches in their jaw colours, every standard view, the portal's axis
convention undone (a rotated export renders like the canonical one), scanner colours, the
level of detail while the camera moves."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, Turn
from scaninbox.domain.first_look import full_scans
from scaninbox.portal_turns import PortalTurns
from scaninbox.qt.viewer.scan_list import RowState
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render import View
from scaninbox.sandbox.axes import mapping_matrix
from scaninbox.scans import read_mesh
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait, wait_loaded
from tests.qt.viewer.meshes import jaw_pixels, write_stl
from tests.qt.viewer.sandbox_cases import SandboxCase
from tests.render.pixels import centroid, overlap, scan_mask


def full_names(case: Case) -> list[str]:
    return [scan.filename or "" for scan in full_scans(case.scan_files)]


def provider_for(found: SandboxCase, tmp_path: Path, *, cached: bool = True) -> FolderProvider:
    provider = FolderProvider(found.folder, tmp_path / "cache")
    if cached:
        for name in full_names(found.case):
            provider.cache_file(name)
    return provider


def loaded_viewport(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    found: SandboxCase,
    tmp_path: Path,
) -> ScanViewport:
    """A viewport showing ``found`` with every full scan cached, all of them loaded."""
    viewport = make_viewport(provider_for(found, tmp_path), found.mapping)
    show_and_wait(qtbot, viewport, found.case)
    wait_loaded(qtbot, viewport)
    return viewport


def test_a_two_arch_case_in_every_view(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
    screenshot: Callable[..., object],
) -> None:
    viewport = loaded_viewport(qtbot, make_viewport, sandbox_cases["Carestream"], tmp_path)
    assert not viewport.stage.note.isVisible()  # the portal's mapping was used
    assert [(r.title.full_text, r.shown, r.state) for r in viewport.scans.rows()] == [
        ("Upper jaw", True, RowState.READY),
        ("Lower jaw", True, RowState.READY),
        ("Bite", False, RowState.READY),  # its surface repeats both arches': hidden at first
    ]
    pixels = viewport.scene_image().astype(np.int16)
    upper, lower = jaw_pixels(pixels)
    assert upper.sum() > 3000
    assert lower.sum() > 3000
    assert centroid(upper)[1] < centroid(lower)[1]  # superior up
    x, y = centroid(scan_mask(pixels))
    assert abs(x - 0.5) < 0.06
    assert abs(y - 0.5) < 0.1
    screenshot(viewport, "viewer-case")
    for view in View:
        viewport.set_view(view)
        image = viewport.scene_image().astype(np.int16)
        seen_upper, seen_lower = jaw_pixels(image)
        shown = [row.shown for row in viewport.scans.rows()]
        if view is View.UPPER:  # looking up at the upper teeth: the lower jaw steps aside
            assert seen_lower.sum() == 0
            assert seen_upper.sum() > 5000
            assert shown == [True, False, False]
        elif view is View.LOWER:
            assert seen_upper.sum() == 0
            assert seen_lower.sum() > 5000
            assert shown == [False, True, False]
        else:
            assert centroid(seen_upper)[1] < centroid(seen_lower)[1]
            assert shown == [True, True, False]
        screenshot(viewport, f"viewer-view-{view}")


def canonical_copy(found: SandboxCase, folder: Path) -> tuple[Case, FolderProvider]:
    """The case's arches turned into the canonical frame with the sandbox's own reading of the
    mapping, written as STL files of an identity-mapped portal."""
    matrix = mapping_matrix(found.mapping or "x,y,z").astype(np.float32)
    folder.mkdir()
    provider = FolderProvider(folder, folder.parent / "canonical-cache")
    for name in full_names(found.case):
        mesh = read_mesh(found.folder / name)
        write_stl(folder / name, (np.ascontiguousarray(mesh.points @ matrix.T), mesh.faces))
        provider.cache_file(name)
    return found.case, provider


@pytest.mark.parametrize("view", [View.FRONT, View.UPPER])
def test_a_rotated_export_renders_like_the_canonical_scan(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
    view: View,
) -> None:
    found = sandbox_cases["iTero"]
    assert found.mapping == "x,z,-y"
    case, canonical = canonical_copy(found, tmp_path / "canonical")
    exported = provider_for(found, tmp_path)
    mapping = {"iTero": found.mapping}
    viewport = make_viewport(exported, mapping.get)

    def mask_of(provider: FolderProvider) -> np.ndarray:
        viewport.provider = provider
        show_and_wait(qtbot, viewport, case)
        wait_loaded(qtbot, viewport)
        viewport.set_view(view)
        return scan_mask(viewport.scene_image().astype(np.int16))

    oriented = mask_of(exported)
    assert not viewport.stage.note.isVisible()
    mapping["iTero"] = "x,y,z"  # the canonical files need no turning
    reference = mask_of(canonical)
    assert overlap(oriented, reference) > 0.95
    # Without the portal's mapping the orientation is estimated from the arches — the same
    # picture —, and the view says so.
    mapping.pop("iTero")
    estimated = mask_of(exported)
    assert viewport.stage.note.isVisible()
    assert viewport.stage.note.text() == (
        "No axis mapping for iTero — orientation estimated from the scan"
    )
    assert overlap(estimated, reference) > 0.95


def test_scanner_colours_can_be_switched_on_when_the_files_have_them(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
    screenshot: Callable[..., object],
) -> None:
    viewport = loaded_viewport(qtbot, make_viewport, sandbox_cases["Medit Link"], tmp_path)
    action = viewport.controls.scanner_colours
    assert action.isEnabled()
    assert not action.isChecked()
    jaw_coloured = viewport.scene_image().astype(np.int16)
    viewport.view.setFocus()
    qtbot.keyClick(viewport.view, Qt.Key.Key_V)
    assert action.isChecked()
    scanner_coloured = viewport.scene_image().astype(np.int16)
    screenshot(viewport, "viewer-scanner-colours")
    mask = scan_mask(jaw_coloured) & scan_mask(scanner_coloured)
    assert np.abs(scanner_coloured[mask] - jaw_coloured[mask]).max(axis=1).mean() > 20
    # An STL case has no colours: the switch is off and disabled.
    stl = sandbox_cases["Carestream"]
    viewport.provider = provider_for(stl, tmp_path / "stl")
    show_and_wait(qtbot, viewport, stl.case)
    assert not viewport.controls.scanner_colours.isEnabled()


def mouse(view: QWidget, kind: QEvent.Type, x: float, y: float, *, held: bool = True) -> None:
    button = Qt.MouseButton.NoButton if kind is QEvent.Type.MouseMove else Qt.MouseButton.LeftButton
    buttons = Qt.MouseButton.LeftButton if held else Qt.MouseButton.NoButton
    point = QPointF(x, y)
    event = QMouseEvent(kind, point, point, button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view, event)


def test_the_level_of_detail_is_drawn_while_the_camera_turns(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    viewport = loaded_viewport(qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path)
    shown = [s for s in viewport.scene if s.visible]
    assert len(shown) == 2
    assert all(s.lod_actor is not None for s in shown)  # 100k+ triangles: a coarse copy exists
    view = viewport.view
    fxaa_at_rest = view.smooths_when_settled  # FXAA at rest under software OpenGL
    x, y = view.width() / 2, view.height() / 2
    mouse(view, QEvent.Type.MouseButtonPress, x, y)
    for step in range(1, 4):
        with qtbot.waitSignal(view.frameSwapped):
            mouse(view, QEvent.Type.MouseMove, x + 12 * step, y)
        assert viewport.scene.showing_lod
        # Only what motion needs: the coarse copies, one light, no FXAA.
        assert all(s.lod_actor.GetVisibility() and not s.actor.GetVisibility() for s in shown)
        assert viewport.scene.lights.is_moving
        assert not view.renderer.GetUseFXAA()
    with qtbot.waitSignal(view.frameSwapped):
        mouse(view, QEvent.Type.MouseButtonRelease, x + 36, y, held=False)
    assert not viewport.scene.showing_lod
    assert all(s.actor.GetVisibility() and not s.lod_actor.GetVisibility() for s in shown)
    assert not viewport.scene.lights.is_moving
    # The release's frame is a draft; FXAA is back with the smooth frame once settled.
    qtbot.waitUntil(lambda: view.renderer.GetUseFXAA() == fxaa_at_rest, timeout=WAIT_MS)


def _drag_and_watch(qtbot: QtBot, view: QWidget, steps: int) -> list[tuple[int, int]]:
    """Drag right and up across the view; the size VTK drew each frame at."""
    sizes = []
    x, y = view.width() // 2, view.height() // 2
    mouse(view, QEvent.Type.MouseButtonPress, x, y)
    for step in range(1, steps + 1):
        with qtbot.waitSignal(view.frameSwapped):
            mouse(view, QEvent.Type.MouseMove, x + 12 * step, y - 4 * step)
        sizes.append(tuple(view.render_window.GetSize()))  # type: ignore[attr-defined]
    with qtbot.waitSignal(view.frameSwapped):
        mouse(view, QEvent.Type.MouseButtonRelease, x + 12 * steps, y - 4 * steps, held=False)
    return sizes


def test_in_motion_a_smaller_picture_turns_the_camera_just_as_far(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    from vtkmodules.vtkRenderingCore import vtkCamera

    viewport = loaded_viewport(qtbot, make_viewport, sandbox_cases["3Shape TRIOS"], tmp_path)
    view = viewport.view
    full = tuple(view.render_window.GetSize())
    camera = view.renderer.GetActiveCamera()
    before = vtkCamera()
    before.DeepCopy(camera)
    view.moving_scale = 1.0
    assert set(_drag_and_watch(qtbot, view, 6)) == {full}
    turned_full = np.array(camera.GetPosition()), np.array(camera.GetViewUp())
    camera.DeepCopy(before)
    view.moving_scale = 0.5
    sizes = _drag_and_watch(qtbot, view, 6)
    # A quarter of the pixels while moving (from the first frame the interaction draws on).
    assert set(sizes[1:]) == {(round(full[0] / 2), round(full[1] / 2))}
    assert tuple(view.render_window.GetSize()) == full  # full size again at rest
    position, up = np.array(camera.GetPosition()), np.array(camera.GetViewUp())
    # The same drag turns the camera the same way (mouse positions scaled to the picture).
    reach = np.linalg.norm(turned_full[0] - np.array(camera.GetFocalPoint()))
    assert np.linalg.norm(position - turned_full[0]) < 0.02 * reach
    assert np.linalg.norm(up - turned_full[1]) < 0.02
    assert np.linalg.norm(position - np.array(before.GetPosition())) > 0.2 * reach  # it turned
    assert viewport.camera.moved  # later arrivals no longer re-frame the view


def test_a_preview_picture_of_a_real_portal_while_its_scans_download(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
    screenshot: Callable[..., object],
) -> None:
    found = sandbox_cases["3Shape TRIOS"]
    provider = provider_for(found, tmp_path, cached=False)
    full = full_names(found.case)
    for name in full:
        provider.hold(name)
    viewport = make_viewport(provider, found.mapping)
    show_and_wait(qtbot, viewport, found.case)
    qtbot.waitUntil(lambda: len(viewport.stage.pictures) == 2)
    screenshot(viewport, "viewer-preview-pictures")
    for name in full:
        provider.release(name)
    wait_loaded(qtbot, viewport)
    assert len(viewport.stage.pictures) == 0
    assert not viewport.stage.pictures.isVisible()


def test_flip_and_turn_are_remembered_for_the_portal(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
    screenshot: Callable[..., object],
) -> None:
    found = sandbox_cases["iTero"]
    turns = PortalTurns(tmp_path / "config")
    viewport = make_viewport(provider_for(found, tmp_path), None, turns)  # estimated
    show_and_wait(qtbot, viewport, found.case)
    wait_loaded(qtbot, viewport)
    controls = viewport.controls
    assert controls.upside_down.isEnabled()
    assert not controls.upside_down.isChecked()
    upper, lower = jaw_pixels(viewport.scene_image().astype(np.int16))
    assert centroid(upper)[1] < centroid(lower)[1]  # estimated the right way up

    with qtbot.waitSignal(viewport.caseShown, timeout=WAIT_MS):
        controls.upside_down.trigger()
    wait_loaded(qtbot, viewport)
    upper, lower = jaw_pixels(viewport.scene_image().astype(np.int16))
    assert centroid(upper)[1] > centroid(lower)[1]  # now upside down, as asked
    assert controls.upside_down.isChecked()
    assert viewport.stage.note.text().endswith("; turned upside down as chosen for iTero")
    screenshot(viewport, "viewer-flipped")
    assert PortalTurns(tmp_path / "config").turn_for("iTero") == Turn(upside_down=True)

    # A later case of the portal (a new viewport here, as after a restart) is flipped too.
    later = make_viewport(
        provider_for(found, tmp_path / "later"), None, PortalTurns(tmp_path / "config")
    )
    show_and_wait(qtbot, later, found.case)
    wait_loaded(qtbot, later)
    assert later.controls.upside_down.isChecked()
    upper, lower = jaw_pixels(later.scene_image().astype(np.int16))
    assert centroid(upper)[1] > centroid(lower)[1]

    # Flip again and Turn: the right way up, incisors away from the viewer (the front view
    # now shows the back of the arches: the lower jaw's molars, not its incisors, are nearest).
    with qtbot.waitSignal(later.caseShown, timeout=WAIT_MS):
        later.controls.upside_down.trigger()
    with qtbot.waitSignal(later.caseShown, timeout=WAIT_MS):
        later.controls.back_to_front.trigger()
    wait_loaded(qtbot, later)
    upper, lower = jaw_pixels(later.scene_image().astype(np.int16))
    assert centroid(upper)[1] < centroid(lower)[1]
    assert PortalTurns(tmp_path / "config").turn_for("iTero") == Turn(back_to_front=True)
    button = later.toolbar.findChild(QToolButton, "turnButton")
    assert button is not None
    assert button.isVisible()
    offered = [a.text() for a in button.menu().actions()]
    assert offered == ["Flip upside down", "Turn back to front"]  # never a mirror
