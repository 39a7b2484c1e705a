"""The viewport draws a case's scans: jaw colours, centred, standard views by key, fit,
show/hide and opacity per scan, the picture saved to a file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.qt.viewer.scan_list import RowState
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render import View
from scaninbox.settings import DEFAULT_JAW_COLOURS
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import FakeDialogs, show_and_wait, wait_loaded
from tests.qt.viewer.meshes import jaw_pixels
from tests.render.pixels import centroid, extent, load, scan_mask

ARCHES = ("upper.stl", "lower.stl")


def cached(provider: FolderProvider, *names: str) -> None:
    for name in names:
        provider.cache_file(name)


def test_both_jaws_in_their_colours_centred_in_the_front_view(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    cached(provider, *ARCHES)
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES))
    wait_loaded(qtbot, viewport)
    assert provider.fetches == []  # cached: nothing was downloaded
    pixels = viewport.scene_image().astype(np.int16)
    upper, lower = jaw_pixels(pixels)
    assert upper.sum() > 2000
    assert lower.sum() > 2000
    # Front view, superior up: the upper jaw above the lower one.
    assert centroid(upper)[1] < centroid(lower)[1]
    x, y = centroid(scan_mask(pixels))
    assert abs(x - 0.5) < 0.06
    assert abs(y - 0.5) < 0.08
    rows = viewport.scans.rows()
    assert [(r.title.full_text, r.state) for r in rows] == [
        ("Upper jaw", RowState.READY),
        ("Lower jaw", RowState.READY),
    ]
    # Refined: welded and smooth (the soup drawn first had three points per triangle).
    for state in viewport.scene:
        assert state.actor.GetMapper().GetInput().GetNumberOfPoints() < 3 * state.n_triangles / 2
        assert state.lod_actor is None  # small scans are drawn whole, even in motion


def test_standard_views_by_key(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    cached(provider, "upper.stl")
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    viewport.view.setFocus()
    shapes = {}
    for key, view in (
        (Qt.Key.Key_U, View.UPPER),
        (Qt.Key.Key_F, View.FRONT),
        (Qt.Key.Key_4, View.UPPER),
        (Qt.Key.Key_L, View.LEFT),
    ):
        qtbot.keyClick(viewport.view, key)
        width, height = extent(scan_mask(viewport.scene_image().astype(np.int16)))
        shapes[(key, view)] = width / height
    # From the front an arch is a wide, low band; seen from below it is a horseshoe about as
    # deep as it is wide; from the side it is deep and low again.
    assert shapes[(Qt.Key.Key_F, View.FRONT)] > 2.0
    assert 0.6 < shapes[(Qt.Key.Key_U, View.UPPER)] < 1.6
    assert shapes[(Qt.Key.Key_4, View.UPPER)] == shapes[(Qt.Key.Key_U, View.UPPER)]
    assert shapes[(Qt.Key.Key_L, View.LEFT)] > 1.5


def test_hiding_a_scan_and_changing_its_opacity_change_the_picture(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    cached(provider, *ARCHES)
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES))
    wait_loaded(qtbot, viewport)
    before = viewport.scene_image().astype(np.int16)
    lower_row = viewport.scans.rows()[1]
    lower_row.eye.click()  # hide the lower jaw
    hidden = viewport.scene_image().astype(np.int16)
    assert jaw_pixels(hidden)[1].sum() < 0.02 * jaw_pixels(before)[1].sum()
    assert jaw_pixels(hidden)[0].sum() > 0.8 * jaw_pixels(before)[0].sum()
    assert "Show lower jaw" in lower_row.eye.toolTip()
    lower_row.eye.click()
    upper_row = viewport.scans.rows()[0]
    upper_row.opacity.setValue(30)
    faint = viewport.scene_image().astype(np.int16)
    assert viewport.scene.scan("scan0").opacity == 0.3  # type: ignore[union-attr]
    upper_mask = jaw_pixels(before)[0]
    # See-through: the upper jaw's pixels move toward the dark background behind it.
    assert faint[upper_mask].mean() < before[upper_mask].mean() - 15


def test_fit_brings_the_scans_back_after_zooming(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    cached(provider, "upper.stl")
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    fitted = extent(scan_mask(viewport.scene_image().astype(np.int16)))
    viewport.view.camera.Zoom(0.3)
    assert extent(scan_mask(viewport.scene_image().astype(np.int16)))[0] < fitted[0] * 0.5
    viewport.view.setFocus()
    qtbot.keyClick(viewport.view, Qt.Key.Key_Home)
    refitted = extent(scan_mask(viewport.scene_image().astype(np.int16)))
    assert abs(refitted[0] - fitted[0]) <= 0.05 * fitted[0]


def test_the_picture_is_saved_where_the_person_says(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
    tmp_path: Path,
) -> None:
    cached(provider, *ARCHES)
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES))
    dialogs = viewport.dialogs
    assert isinstance(dialogs, FakeDialogs)
    dialogs.save_path = tmp_path / "for the lab"  # no suffix: .png is added
    with qtbot.waitSignal(viewport.statusMessage) as said:
        viewport.controls.save_picture.trigger()
    written = tmp_path / "for the lab.png"
    assert said.args == [f"Picture saved to {written}"]
    assert dialogs.asked == ["case gen-1 – 3D.png"]
    pixels = load(written)
    assert pixels.shape[:2] == (viewport.view.height(), viewport.view.width())
    assert jaw_pixels(pixels)[0].sum() > 1000
    # Cancelled: nothing written. A folder that is not there: a plain message, no partial file.
    dialogs.save_path = None
    assert viewport.save_picture() is None
    with qtbot.waitSignal(viewport.statusMessage) as said:
        assert viewport.save_picture(tmp_path / "missing" / "x.png") is None
    assert said.args[0].startswith(
        f"The picture cannot be written to {tmp_path / 'missing' / 'x.png'}: the file or folder "
        "does not exist (technical detail: [Errno 2] "
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "for the lab.png"]


def test_the_scan_before_preparation_has_a_colour_of_its_own(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    cached(provider, "lower.stl")
    before = ScanFile(
        filename="lower.stl", file_type="stl", scan_type="prePreparationScan", jaw=Jaw.LOWER
    )
    prepared = ScanFile(
        filename="lower.stl", file_type="stl", scan_type="preparationScan", jaw=Jaw.LOWER
    )
    case = Case(ref=CaseRef("gen-before"), source="Test portal", scan_files=(prepared, before))
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, case)
    rows = viewport.scans.rows()
    assert [r.title.full_text for r in rows] == ["Lower jaw", "Lower jaw (before preparation)"]
    rows[1].eye.setChecked(True)  # hidden at first: the arch is what a first look shows
    wait_loaded(qtbot, viewport)
    colours = {
        state.key: state.actor.GetProperty().GetColor() for state in viewport.scene if state.visible
    }
    assert set(colours) == {"scan0", "scan1"}
    expected = DEFAULT_JAW_COLOURS["lower_before_preparation"]
    assert viewport.scene.scan("scan1").colour == expected  # type: ignore[union-attr]
    assert viewport.scene.scan("scan0").colour == DEFAULT_JAW_COLOURS["lower"]  # type: ignore[union-attr]
    assert colours["scan0"] != colours["scan1"]
