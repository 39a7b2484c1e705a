"""A QC finding clicked in the QC tab flies the 3D view to it: the camera's focal point goes to
the finding's centre turned by the case's orientation (the centre is in the scan file's own
coordinates), and a ring marks it on screen; a hole is then outlined along its boundary loop and
a fragment's own triangles are tinted."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.domain import Jaw
from scaninbox.qc import ScanInput, check_scans
from scaninbox.qt.case_pane.qc_tab import QcTab
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.scans import resolve_orientation
from tests.qc.shapes import arch, punch, side_tip, sphere
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.timeouts import EXPOSED_MS
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import FakeDialogs, show_and_wait
from tests.qt.viewer.meshes import write_stl

_MAPPING = "y,-x,z"  # a portal whose axes are not ours: the centre must be turned


def test_a_finding_click_flies_the_camera_to_its_turned_centre_and_rings_it(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, tmp_path: Path,
    make_viewport: Callable[..., ScanViewport],
) -> None:  # fmt: skip
    server = tmp_path / "server"
    server.mkdir()
    points, faces = arch("upper", spacing_mm=0.5)
    tip = side_tip(points)
    kept, removed = punch(points, faces, tip, 1.5)
    assert removed
    write_stl(server / "upper.stl", (points, kept))
    provider = FolderProvider(server, tmp_path / "cache")
    provider.cache_file("upper.stl")
    result = check_scans([ScanInput(server / "upper.stl", Jaw.UPPER)]).result
    holes = [f for f in result.scans[0].findings if f.kind == "hole"]
    assert len(holes) == 1
    assert holes[0].center_mm is not None

    viewport = make_viewport(provider, mapping=_MAPPING)
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    matrix = resolve_orientation(_MAPPING).matrix
    expected = matrix @ np.asarray(holes[0].center_mm)
    assert not np.allclose(expected, holes[0].center_mm, atol=1.0)  # the turn matters here
    before = np.asarray(viewport.view.renderer.GetActiveCamera().GetFocalPoint())
    assert not np.allclose(before, expected, atol=1.0)

    tab = QcTab(provider, FakeDialogs())
    qtbot.addWidget(tab)
    tab.resize(900, 500)
    tab.show()
    qtbot.waitExposed(tab, timeout=EXPOSED_MS)
    tab.show_result(result)
    tab.findingActivated.connect(
        lambda finding, _file: viewport.show_finding(
            finding.center_mm, kind=finding.kind, figures=finding.figures
        )
    )
    group = next(
        tab.findings.topLevelItem(i)
        for i in range(tab.findings.topLevelItemCount())
        if tab.findings.topLevelItem(i).text(0) == "Hole"
    )
    item = group.child(0)
    rect = tab.findings.visualItemRect(item)
    with qtbot.waitSignal(tab.findingActivated):
        qtbot.mouseClick(tab.findings.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    focal = np.asarray(viewport.view.renderer.GetActiveCamera().GetFocalPoint())
    assert focal == pytest.approx(expected, abs=1e-3)
    assert viewport.finding_focus.point == pytest.approx(tuple(expected), abs=1e-3)
    image = viewport.scene_image()
    ring = (image[..., 0] > 200) & (image[..., 1] < 90) & (image[..., 2] > 170)
    assert ring.sum() > 30  # the magenta ring is on screen

    viewport.show_case(None)  # another case: the mark goes with the old one
    assert viewport.finding_focus.point is None


def _rim_points(points: np.ndarray, faces: np.ndarray, removed: list[int]) -> np.ndarray:
    """The points on the edges between a removed and a kept triangle (plain Python): where the
    punched hole's boundary must run."""
    gone = set(removed)
    uses: Counter[tuple[int, int]] = Counter()
    gone_uses: Counter[tuple[int, int]] = Counter()
    for i, (a, b, c) in enumerate(faces.tolist()):
        for u, v in ((a, b), (b, c), (c, a)):
            key = (min(u, v), max(u, v))
            uses[key] += 1
            gone_uses[key] += i in gone
    rim = {p for e, n in gone_uses.items() if n == 1 and uses[e] == 2 for p in e}
    return points[sorted(rim)].astype(np.float64)


def _triangles(points: np.ndarray, faces: np.ndarray) -> set[tuple[tuple[float, ...], ...]]:
    """Each triangle as its sorted corners (rounded): comparable across point numberings."""
    corners = np.round(points[faces], 3)
    return {tuple(sorted(tuple(float(v) for v in c) for c in tri)) for tri in corners}


def test_a_hole_is_outlined_along_its_boundary_and_a_fragment_tinted_on_its_own_triangles(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, tmp_path: Path,
    make_viewport: Callable[..., ScanViewport],
) -> None:  # fmt: skip
    import pyvista as pv

    server = tmp_path / "server"
    server.mkdir()
    points, faces = arch("upper", spacing_mm=0.5)
    tip = side_tip(points)
    kept, removed = punch(points, faces, tip, 1.5)
    rim = _rim_points(points, faces, removed)
    lifted_points, lifted_faces = sphere((0.0, 0.0, float(points[:, 2].max()) + 12.0), 1.5, 10)
    all_points = np.concatenate([points, lifted_points]).astype(np.float32)
    all_faces = np.concatenate([kept, lifted_faces + len(points)]).astype(np.int32)
    write_stl(server / "upper.stl", (all_points, all_faces))
    provider = FolderProvider(server, tmp_path / "cache")
    provider.cache_file("upper.stl")
    result = check_scans([ScanInput(server / "upper.stl", Jaw.UPPER)]).result
    findings = result.scans[0].findings
    hole = next(f for f in findings if f.kind == "hole")
    fragment = next(f for f in findings if f.kind == "fragment")
    assert hole.center_mm is not None
    assert fragment.center_mm is not None
    assert fragment.figures["triangles"] == len(lifted_faces)

    viewport = make_viewport(provider, mapping=_MAPPING)
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    matrix = resolve_orientation(_MAPPING).matrix
    focus = viewport.finding_focus
    camera = viewport.view.renderer.GetActiveCamera()

    assert viewport.show_finding(
        hole.center_mm, kind="hole", figures=hole.figures, file="upper.stl"
    )
    assert np.asarray(camera.GetFocalPoint()) == pytest.approx(
        matrix @ np.asarray(hole.center_mm), abs=1e-3
    )
    qtbot.waitUntil(lambda: focus.outline_actor is not None, timeout=30_000)
    outline = pv.wrap(focus.outline_actor.GetMapper().GetInput())
    drawn = np.asarray(outline.points, np.float64)
    turned_rim = rim @ np.asarray(matrix, np.float64).T
    assert len(drawn) == len(turned_rim) == hole.figures["edges"]
    # Every point of the outline lies on the hole's boundary, and the whole boundary is drawn.
    to_rim = np.linalg.norm(drawn[:, None, :] - turned_rim[None, :, :], axis=2)
    assert to_rim.min(axis=1).max() < 1e-3
    assert to_rim.min(axis=0).max() < 1e-3
    assert outline.n_lines == 1  # one closed polyline
    # The camera looks straight into the opening (along the normal of the rim's plane).
    normal = np.linalg.svd(turned_rim - turned_rim.mean(axis=0))[2][2]
    looking = np.asarray(camera.GetDirectionOfProjection())
    assert abs(float(np.dot(looking, normal))) > 0.99
    # From outside: an upper cusp's surface faces down (-Z, which this mapping keeps), so the
    # camera is below the hole, not looking out of the arch's inside.
    assert camera.GetPosition()[2] < camera.GetFocalPoint()[2] - 10
    assert np.asarray(camera.GetFocalPoint()) == pytest.approx(
        matrix @ np.asarray(hole.center_mm), abs=1e-3
    )
    assert outline.lines[0] == len(drawn) + 1
    image = viewport.scene_image()
    assert ((image[..., 0] > 200) & (image[..., 1] < 90) & (image[..., 2] > 170)).sum() > 20

    assert viewport.show_finding(
        fragment.center_mm, kind="fragment", figures=fragment.figures, file="upper.stl"
    )
    assert np.asarray(camera.GetFocalPoint()) == pytest.approx(
        matrix @ np.asarray(fragment.center_mm), abs=1e-3
    )
    assert focus.outline_actor is None  # one finding marked at a time
    qtbot.waitUntil(lambda: focus.tint_actor is not None, timeout=30_000)
    tint = pv.wrap(focus.tint_actor.GetMapper().GetInput())
    tinted = np.asarray(tint.faces).reshape(-1, 4)
    assert (tinted[:, 0] == 3).all()
    expected = _triangles(
        lifted_points.astype(np.float64) @ np.asarray(matrix, np.float64).T, lifted_faces
    )
    assert _triangles(np.asarray(tint.points, np.float64), tinted[:, 1:]) == expected
    assert tint.n_cells == len(lifted_faces)

    viewport.show_case(None)
    assert focus.tint_actor is None


def test_closing_while_a_hole_is_worked_out_draws_nothing_into_the_closed_view(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, tmp_path: Path,
    make_viewport: Callable[..., ScanViewport],
) -> None:  # fmt: skip
    # The window shuts down (or the pane goes) right after a click on a hole: the outline
    # being worked out on a worker thread must not land in the plotter once it is closed.
    server = tmp_path / "server"
    server.mkdir()
    points, faces = arch("upper", spacing_mm=0.5)
    tip = side_tip(points)
    kept, _removed = punch(points, faces, tip, 1.5)
    write_stl(server / "upper.stl", (points, kept))
    provider = FolderProvider(server, tmp_path / "cache")
    provider.cache_file("upper.stl")
    result = check_scans([ScanInput(server / "upper.stl", Jaw.UPPER)]).result
    hole = next(f for f in result.scans[0].findings if f.kind == "hole")
    assert hole.center_mm is not None
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    focus = viewport.finding_focus
    assert viewport.show_finding(
        hole.center_mm, kind="hole", figures=hole.figures, file="upper.stl"
    )
    shaping = async_bridge.running_task(viewport.view, "finding shape")
    assert shaping is not None  # the outline is being worked out
    assert focus.point is not None  # the ring is drawn already

    viewport.close()
    qtbot.waitUntil(shaping.done, timeout=30_000)
    assert shaping.cancelled()
    assert focus.outline_actor is None
    assert focus.point is None
