"""Loading: downloads with progress, previews first, files that cannot be read, offline, and
switching cases while loads are in flight (a late result never paints over the newer case)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.viewer import loader
from scaninbox.qt.viewer.loader import Stage
from scaninbox.qt.viewer.scan_list import RowState
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.scans import Mesh
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case, scan_file
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait, wait_loaded
from tests.qt.viewer.meshes import jaw_pixels

ARCHES = ("upper.stl", "lower.stl")


def triangles(viewport: ScanViewport, key: str) -> int:
    state = viewport.scene.scan(key)
    return state.n_triangles if state is not None else 0


def test_scans_that_cannot_be_read_say_why_and_the_others_still_show(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
    screenshot: Callable[..., object],
) -> None:
    provider.cache_file("upper.stl")
    viewport = make_viewport(provider)
    case = generated_case("upper.stl", "lower_cut.stl", "notes.stl", "scan.xyz")
    messages: list[str] = []
    viewport.statusMessage.connect(messages.append)
    show_and_wait(qtbot, viewport, case)
    wait_loaded(qtbot, viewport)
    rows = viewport.scans.rows()
    assert [r.state for r in rows] == [RowState.READY] + [RowState.PROBLEM] * 3
    cut, notes, unknown = (r.status_text for r in rows[1:])
    assert cut.startswith("Cannot read the scan 'lower_cut.stl': its header announces")
    assert cut.endswith("it is truncated.")
    assert notes == (
        "Cannot read the scan 'notes.stl': it is not a 3D mesh (a text file, but not an ASCII STL)."
    )
    assert unknown == (
        "Cannot read the scan 'scan.xyz': it is not a 3D mesh this program knows (STL, PLY or OBJ)."
    )
    assert all(r.status_icon.isVisible() for r in rows[1:])
    assert sorted(messages) == sorted([cut, notes, unknown])  # also in the status bar
    assert jaw_pixels(viewport.scene_image().astype(np.int16))[0].sum() > 2000
    assert len(viewport.scene) == 1
    # The cached copy read fine; the three broken ones were fetched once (and then again only
    # if a cached copy had failed: none had).
    assert sorted(provider.fetched_names()) == ["lower_cut.stl", "notes.stl", "scan.xyz"]
    screenshot(viewport, "viewer-error")


def test_downloads_show_progress_per_file(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.chunk_size_bytes = 200_000
    provider.hold("lower.stl")
    provider.cache_file("upper.stl")
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES))  # the cached upper jaw is drawn
    lower = viewport.scans.rows()[1]
    provider.step("lower.stl")
    qtbot.waitUntil(lambda: lower.state is RowState.LOADING and "%" in lower.status_text)
    first = lower.progress.value()
    provider.step("lower.stl")
    qtbot.waitUntil(lambda: lower.progress.value() > first)
    assert lower.status_text.startswith("Downloading… ")
    assert lower.progress.isVisible()
    provider.release("lower.stl")
    wait_loaded(qtbot, viewport)
    assert lower.state is RowState.READY
    assert not lower.progress.isVisible()
    assert len(viewport.scene) == 2


def test_a_preview_is_drawn_first_then_replaced_by_the_full_scan(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
    screenshot: Callable[..., object],
) -> None:
    provider.hold("upper.stl")
    viewport = make_viewport(provider)
    case = generated_case("upper.stl", "upper_preview.stl")
    with qtbot.waitSignal(viewport.caseShown, timeout=WAIT_MS):
        viewport.show_case(case)
    row = viewport.scans.rows()[0]
    qtbot.waitUntil(lambda: viewport.sink.stages.get("scan0") is Stage.PREVIEW)
    coarse = triangles(viewport, "scan0")
    assert 0 < coarse < 1000
    assert row.state in (RowState.PREVIEW, RowState.LOADING)
    assert provider.fetched_names() == ["upper_preview.stl", "upper.stl"]
    assert jaw_pixels(viewport.scene_image().astype(np.int16))[0].sum() > 1000
    screenshot(viewport, "viewer-preview")
    provider.release("upper.stl")
    wait_loaded(qtbot, viewport)
    assert triangles(viewport, "scan0") > 10 * coarse
    assert viewport.sink.stages["scan0"] is Stage.REFINED


def test_a_preview_picture_stands_in_until_the_mesh_arrives(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
    screenshot: Callable[..., object],
) -> None:
    provider.cache_file("upper_preview.png")
    provider.hold("upper.stl")
    viewport = make_viewport(provider)
    with qtbot.waitSignal(viewport.caseShown, timeout=WAIT_MS):
        viewport.show_case(generated_case("upper.stl", "upper_preview.png"))
    pictures = viewport.stage.pictures
    assert pictures.isVisible()
    assert pictures.shows("scan0")
    assert viewport.scans.rows()[0].state in (RowState.PREVIEW, RowState.LOADING)
    screenshot(viewport, "viewer-preview-picture")
    provider.release("upper.stl")
    wait_loaded(qtbot, viewport)
    assert not pictures.isVisible()
    assert len(viewport.scene) == 1


def test_offline_and_not_cached_says_so_and_cached_scans_still_show(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.cache_file("upper.stl")
    provider.offline = True
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES))
    wait_loaded(qtbot, viewport)
    upper, lower = viewport.scans.rows()
    assert (upper.state, lower.state) == (RowState.READY, RowState.OFFLINE)
    assert lower.status_text == "Not available offline"
    assert len(viewport.scene) == 1
    assert not viewport.stage.message.isVisible()
    # Nothing cached at all: the view says so as well.
    show_and_wait(qtbot, viewport, generated_case("lower.stl", ref="gen-2"))
    wait_loaded(qtbot, viewport)
    assert viewport.stage.message.isVisible()
    assert viewport.stage.message.text() == "The scans of this case are not available offline."


def test_scans_out_of_reach_while_online_are_not_called_offline(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.offline = True
    provider.unavailable_headline = "File storage cannot be reached"
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES))
    wait_loaded(qtbot, viewport)
    assert [row.state for row in viewport.scans.rows()] == [RowState.OFFLINE] * 2
    assert [row.status_text for row in viewport.scans.rows()] == [
        "File storage cannot be reached"
    ] * 2
    assert viewport.stage.message.text() == (
        "The scans of this case cannot be downloaded right now — the list says why."
    )
    assert viewport.stage.retry_button.isVisible()
    # In a narrow view the message and Try again stay beside the list, not under it.
    viewport.window().resize(560, 420)
    stage, scan_list = viewport.stage, viewport.scans
    qtbot.waitUntil(lambda: stage.width() < 600, timeout=WAIT_MS)
    assert not scan_list.folded
    for overlay in (stage.message, stage.retry_button):
        assert not overlay.geometry().intersects(scan_list.geometry())
        assert overlay.geometry().left() >= 0


def test_try_again_loads_the_scans_that_were_out_of_reach_and_is_not_offered_offline(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.offline = True
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case("lower.stl"))
    wait_loaded(qtbot, viewport)
    qtbot.waitUntil(lambda: async_bridge.running_task(viewport, "case") is None)
    assert viewport.scans.rows()[0].state is RowState.OFFLINE
    retry = viewport.stage.retry_button
    # Offline the app knows it: the case is loaded again when the connection is back (the
    # window shows it again), there is nothing to try meanwhile.
    assert not retry.isVisible()

    provider.unavailable_headline = "File storage cannot be reached"  # online, storage not
    show_and_wait(qtbot, viewport, generated_case("lower.stl", ref="gen-2"))
    wait_loaded(qtbot, viewport)
    qtbot.waitUntil(retry.isVisible, timeout=WAIT_MS)
    assert retry.geometry().top() > viewport.stage.message.geometry().bottom()  # under it

    provider.offline = False  # storage reachable again
    provider.unavailable_headline = None
    qtbot.mouseClick(retry, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: viewport.scans.rows()[0].state is RowState.READY, timeout=WAIT_MS)
    assert len(viewport.scene) == 1
    assert not viewport.stage.message.isVisible()
    assert not retry.isVisible()


def test_a_damaged_cached_copy_is_fetched_again(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.cache_file("upper.stl").write_bytes(b"\0" * 90)  # damaged on disk
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    wait_loaded(qtbot, viewport)
    assert provider.fetched_names() == ["upper.stl"]
    assert viewport.scans.rows()[0].state is RowState.READY


def test_a_case_without_scans_says_so(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case())
    assert viewport.stage.message.text() == "This case has no scans."
    assert viewport.scans.empty.isVisible()
    viewport.show_case(None)
    assert viewport.scans.empty.text() == "Select a case to see its scans."
    assert not viewport.stage.message.isVisible()


def test_a_case_without_scans_claims_no_orientation_of_them(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.cache_file("upper.stl")
    viewport = make_viewport(provider, None)  # the portal sends no axis mapping
    show_and_wait(qtbot, viewport, generated_case("upper.stl"))
    wait_loaded(qtbot, viewport)
    note = viewport.stage.note
    assert note.isVisible()
    assert "estimated from the scan" in note.text()
    # No scans: nothing was estimated from any, and the note says nothing of the kind.
    show_and_wait(qtbot, viewport, generated_case(ref="gen-2"))
    assert viewport.stage.message.text() == "This case has no scans."
    assert not note.isVisible()
    assert "estimated" not in note.text()


def test_switching_cases_cancels_the_load_and_the_old_case_never_paints(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.hold("lower.stl")
    viewport = make_viewport(provider)
    viewport.show_case(generated_case("lower.stl", ref="old"))
    qtbot.waitUntil(lambda: "lower.stl" in provider.fetched_names())
    provider.cache_file("upper.stl")
    show_and_wait(qtbot, viewport, generated_case("upper.stl", ref="new"))
    qtbot.waitUntil(lambda: "lower.stl" in provider.cancelled)
    wait_loaded(qtbot, viewport)
    assert [s.key for s in viewport.scene] == ["scan0"]
    assert [r.filename.full_text for r in viewport.scans.rows()] == ["upper.stl"]
    assert jaw_pixels(viewport.scene_image().astype(np.int16))[1].sum() == 0  # no blue jaw


def test_a_late_result_of_a_provider_that_ignores_cancelling_is_dropped(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.hold("lower.stl")
    provider.stubborn.add("lower.stl")
    viewport = make_viewport(provider)
    viewport.show_case(generated_case("lower.stl", ref="old"))
    qtbot.waitUntil(lambda: "lower.stl" in provider.fetched_names())
    provider.cache_file("upper.stl")
    show_and_wait(qtbot, viewport, generated_case("upper.stl", ref="new"))
    wait_loaded(qtbot, viewport)
    provider.release("lower.stl")  # the old download now finishes, late
    qtbot.waitUntil(lambda: "lower.stl" in provider.completed)
    # The old load has run to its end (it got its file after all) without painting.
    qtbot.waitUntil(
        lambda: not any(t.get_name() == "show the scans of old" for t in asyncio.all_tasks())
    )
    assert [s.key for s in viewport.scene] == ["scan0"]
    assert viewport.scene.scan("scan0").jaw.value == "upper"  # type: ignore[union-attr]
    assert jaw_pixels(viewport.scene_image().astype(np.int16))[1].sum() == 0


def test_showing_the_same_case_again_keeps_it_unless_a_scan_was_missing(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.cache_file("upper.stl")
    provider.offline = True
    viewport = make_viewport(provider)
    case = generated_case(*ARCHES)
    show_and_wait(qtbot, viewport, case)
    wait_loaded(qtbot, viewport)
    assert viewport.scans.rows()[1].state is RowState.OFFLINE
    # Back online, the person selects the case again: the missing scan is fetched now.
    provider.offline = False
    show_and_wait(qtbot, viewport, case)
    wait_loaded(qtbot, viewport)
    assert [r.state for r in viewport.scans.rows()] == [RowState.READY, RowState.READY]
    fetched = list(provider.fetched_names())
    actor = viewport.scene.scan("scan0").actor  # type: ignore[union-attr]
    # Shown again with nothing missing (the window does so after refreshing the details):
    # nothing is reloaded, and the first frame is reported again at once.
    with qtbot.waitSignal(viewport.caseShown, timeout=WAIT_MS):
        viewport.show_case(case)
    assert provider.fetched_names() == fetched
    assert viewport.scene.scan("scan0").actor is actor  # type: ignore[union-attr]


def test_a_hidden_scan_read_first_is_not_the_cases_first_frame(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.cache_file("plate.stl")  # the bite: hidden at first, as both arches are there
    provider.hold("upper.stl")
    provider.hold("lower.stl")
    viewport = make_viewport(provider)
    shown: list[object] = []
    viewport.caseShown.connect(shown.append)
    bite = ScanFile(filename="plate.stl", file_type="stl", scan_type="biteScan", jaw=Jaw.BITE)
    case = Case(
        ref=CaseRef("gen-bite"),
        source="Test portal",
        scan_files=(scan_file("upper.stl"), scan_file("lower.stl"), bite),
    )
    viewport.show_case(case)
    qtbot.waitUntil(lambda: viewport.scene.scan("scan2") is not None)
    bite_state = viewport.scene.scan("scan2")
    assert bite_state is not None
    assert not bite_state.visible
    with qtbot.waitSignal(viewport.view.frameSwapped, timeout=WAIT_MS):
        viewport.view.request_frame()
    assert shown == []  # an empty view is no first frame of the case
    assert viewport.stage.message.text() == "Loading the scans…"
    provider.release("upper.stl")
    qtbot.waitUntil(lambda: shown == [case.ref], timeout=WAIT_MS)
    assert not viewport.stage.message.isVisible()
    provider.release("lower.stl")
    wait_loaded(qtbot, viewport)


def test_a_turned_scan_is_shown_in_the_arrays_it_was_read_into(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    provider: FolderProvider,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The loader turns each scan into the canonical frame where it was read, not into a copy:
    with both arches turned at once, a copy would hold each scan's points twice at that moment
    (the viewer's peak memory, benchmarks/memory_case.py)."""
    read: list[np.ndarray] = []
    real_read = loader._read

    def recording_read(path: Path, name: str) -> Mesh:
        mesh = real_read(path, name)
        read.append(mesh.points)
        return mesh

    monkeypatch.setattr(loader, "_read", recording_read)
    for name in ARCHES:
        provider.cache_file(name)
    viewport = make_viewport(provider, mapping="x,z,-y")
    first_looks: list[Mesh] = []
    real_show = viewport.sink.show_mesh

    def recording_show(key: str, mesh: Mesh, stage: Stage) -> None:
        if stage is Stage.FIRST:
            first_looks.append(mesh)
        real_show(key, mesh, stage)

    monkeypatch.setattr(viewport.sink, "show_mesh", recording_show)
    show_and_wait(qtbot, viewport, generated_case(*ARCHES))
    wait_loaded(qtbot, viewport)
    assert len(read) == 2
    assert len(first_looks) == 2
    for mesh in first_looks:
        assert sum(np.shares_memory(mesh.points, points) for points in read) == 1
