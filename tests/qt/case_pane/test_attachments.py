"""The attachments tab: thumbnails, opening, progress, offline and failures, saving everything."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QToolButton, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.api import case_folder_name
from scaninbox.domain import MiscFile
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.case_pane.attachment_tile import AttachmentTile
from scaninbox.qt.case_pane.file_status import FileState
from tests.qt.case_pane.cases import (
    ORDER_FORM,
    PHOTO,
    REPORT,
    SCANS,
    SECOND_ORDER_FORM,
    SHADE,
    full_case,
)
from tests.qt.case_pane.conftest import FakeDialogs
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.case_pane.picture import read_png, region, share_dark, share_near


def _tile(pane: CasePane, name: str) -> AttachmentTile:
    return next(t for t in pane.attachments.tiles if t.file.filename == name)


def _show_attachments(pane: CasePane) -> None:
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ATTACHMENTS_TAB)


def test_thumbnails_appear_for_images_only(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    _show_attachments(pane)
    assert [t.file.filename for t in pane.attachments.tiles] == [PHOTO, SHADE, REPORT]
    qtbot.waitUntil(lambda: _tile(pane, PHOTO).has_thumbnail and _tile(pane, SHADE).has_thumbnail)
    assert not _tile(pane, REPORT).has_thumbnail
    assert sorted(provider.fetched_names()) == sorted([PHOTO, SHADE])  # nothing else fetched
    assert pane.attachments.title.text() == "Attachments (3)"
    assert pane.attachments.other_files.names() == [*SCANS, ORDER_FORM]
    icon = _tile(pane, PHOTO).button.icon().pixmap(160, 120).toImage()
    assert icon.pixelColor(80, 60).lightness() > 200  # the photo's white centre


def test_progress_moves_in_steps_and_reaches_100(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.chunk_size_bytes = 20_000
    provider.hold(PHOTO)
    _show_attachments(pane)
    tile = _tile(pane, PHOTO)
    values: list[int] = []
    tile.status.progress_bar.valueChanged.connect(values.append)
    qtbot.waitUntil(lambda: tile.status.state is FileState.LOADING)
    for step in range(1, 4):
        provider.step(PHOTO)
        qtbot.waitUntil(lambda step=step: len(set(values)) >= step)  # type: ignore[misc]
    assert tile.status.progress_bar.isVisible()
    assert 0 < tile.status.progress_bar.value() < 100
    assert "of" in tile.status.message_label.text()  # "40.0 kB of 123 kB"
    provider.release(PHOTO)
    qtbot.waitUntil(lambda: tile.has_thumbnail)
    assert values[-1] == 100
    assert values == sorted(values)
    assert not tile.status.isVisibleTo(pane)


def test_offline_says_so_and_retry_works_once_online(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.offline = True
    _show_attachments(pane)
    tile = _tile(pane, PHOTO)
    qtbot.waitUntil(lambda: tile.status.state is FileState.OFFLINE)
    assert tile.status.message_label.text() == "Not available offline"
    assert tile.status.retry_button.isVisible()
    assert _tile(pane, SHADE).status.message_label.text() == "Not available offline"
    provider.offline = False
    qtbot.mouseClick(tile.status.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tile.has_thumbnail)
    assert not tile.status.retry_button.isVisible()
    assert _tile(pane, SHADE).status.state is FileState.OFFLINE  # untouched by the other retry


def test_a_failure_says_what_happened_and_retry_works(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.failures[SHADE] = "The server answered 503: try again in a minute"
    _show_attachments(pane)
    tile = _tile(pane, SHADE)
    qtbot.waitUntil(lambda: tile.status.state is FileState.FAILED)
    assert tile.status.message_label.text() == "The server answered 503: try again in a minute."
    qtbot.mouseClick(tile.status.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tile.has_thumbnail)


def test_retry_follows_the_connection_a_failure_shown_online_keeps_its_words(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    """The window going offline while a failure is on screen takes Retry away (it could not
    succeed) and says when it comes back; back online, Retry is offered again and works."""
    provider.failures[SHADE] = "The server answered 503: try again in a minute"
    _show_attachments(pane)
    tile = _tile(pane, SHADE)
    qtbot.waitUntil(lambda: tile.status.state is FileState.FAILED)
    assert tile.status.retry_button.isVisibleTo(pane)
    pane.set_online(False)
    assert not tile.status.retry_button.isVisibleTo(pane)
    assert tile.status.offline_note.isVisibleTo(pane)
    assert tile.status.message_label.text() == "The server answered 503: try again in a minute."
    pane.set_online(True)
    assert not tile.status.offline_note.isVisibleTo(pane)
    qtbot.mouseClick(tile.status.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tile.has_thumbnail)


def test_a_damaged_image_is_reported(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.damaged.add(PHOTO)
    _show_attachments(pane)
    tile = _tile(pane, PHOTO)
    qtbot.waitUntil(lambda: tile.status.state is FileState.FAILED)
    assert "damaged" in tile.status.message_label.text()
    provider.damaged.clear()
    qtbot.mouseClick(tile.status.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tile.has_thumbnail)


def test_an_image_opens_in_the_viewer_with_zoom_and_fit(pane: CasePane, qtbot: QtBot) -> None:
    _show_attachments(pane)
    tile = _tile(pane, PHOTO)
    qtbot.waitUntil(lambda: tile.has_thumbnail)
    qtbot.mouseClick(tile.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: pane.attachments.viewer is not None and pane.attachments.viewer.isVisible()
    )
    viewer = pane.attachments.viewer
    assert viewer is not None
    assert viewer.windowTitle() == PHOTO
    assert (viewer.image_size().width(), viewer.image_size().height()) == (1600, 1200)
    fitted = viewer.zoom_factor()
    assert fitted < 1  # a 1600 px photo is fitted into a 900 px window
    viewer.zoom_in()
    assert viewer.zoom_factor() == pytest.approx(fitted * 1.25)
    viewer.actual_size()
    assert viewer.zoom_label.text() == "100 %"
    viewer.fit()
    assert viewer.zoom_factor() == pytest.approx(fitted)
    viewer.close()


def test_other_files_open_with_the_system_application(
    pane: CasePane, qtbot: QtBot, opened_files: list[QUrl], server_dir: Path
) -> None:
    _show_attachments(pane)
    qtbot.mouseClick(_tile(pane, REPORT).button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(opened_files) == 1)
    opened = Path(opened_files[0].toLocalFile())
    assert opened.name == REPORT
    assert opened.read_bytes() == (server_dir / REPORT).read_bytes()


def test_save_one_attachment(
    pane: CasePane, qtbot: QtBot, dialogs: FakeDialogs, no_stray_files: Path, server_dir: Path
) -> None:
    _show_attachments(pane)
    dialogs.save_path = no_stray_files / "report.txt"
    with qtbot.waitSignal(pane.statusMessage) as message:
        pane.attachments.save_file(_tile(pane, REPORT).file)
    assert message.args == [f"Saved {dialogs.save_path}"]
    assert dialogs.save_path.read_bytes() == (server_dir / REPORT).read_bytes()


def test_save_all_saves_every_file_under_safe_names_in_the_cases_own_folder(
    pane: CasePane, qtbot: QtBot, dialogs: FakeDialogs, no_stray_files: Path, server_dir: Path
) -> None:
    export = no_stray_files / "export"
    export.mkdir()
    case = full_case()
    # The same folder name `scaninbox download` uses: YYYY-MM-DD_Patient_ExternalId.
    folder = export / case_folder_name(case)
    assert case.received_at is not None
    assert folder.name.startswith(case.received_at.astimezone().date().isoformat())
    folder.mkdir()
    (folder / PHOTO).write_bytes(b"an older export")
    (export / "keep.txt").write_bytes(b"the user's own file")
    dialogs.folder = export
    _show_attachments(pane)
    with qtbot.waitSignal(pane.statusMessage, timeout=10_000) as message:
        qtbot.mouseClick(pane.attachments.save_all_button, Qt.MouseButton.LeftButton)
    assert message.args == [f"Saved 7 files to {folder}"]
    assert sorted(p.name for p in export.iterdir()) == sorted([folder.name, "keep.txt"])
    names = sorted(p.name for p in folder.iterdir())
    expected = sorted([*SCANS, ORDER_FORM, PHOTO, "photo front (2).jpg", SHADE, REPORT])
    assert names == expected
    assert (folder / PHOTO).read_bytes() == b"an older export"  # never overwritten
    assert (folder / "photo front (2).jpg").read_bytes() == (server_dir / PHOTO).read_bytes()
    assert (export / "keep.txt").read_bytes() == b"the user's own file"
    assert pane.attachments.save_all_button.isEnabled()


def test_save_all_saves_nothing_when_a_file_cannot_be_had(
    pane: CasePane,
    provider: FolderProvider,
    qtbot: QtBot,
    dialogs: FakeDialogs,
    no_stray_files: Path,
) -> None:
    provider.unavailable.add(SCANS[2])
    dialogs.folder = no_stray_files
    _show_attachments(pane)
    status = pane.attachments.save_status
    qtbot.mouseClick(pane.attachments.save_all_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: status.state is FileState.FAILED)
    assert status.message_label.text() == (
        f"Nothing was saved. {SCANS[2]} is not available offline."
    )
    assert [p for p in no_stray_files.iterdir() if p.name != "cache"] == []
    provider.unavailable.clear()
    with qtbot.waitSignal(pane.statusMessage, timeout=10_000):
        qtbot.mouseClick(status.retry_button, Qt.MouseButton.LeftButton)
    saved = no_stray_files / case_folder_name(full_case())
    assert [p for p in no_stray_files.iterdir() if p.name != "cache"] == [saved]
    assert len(list(saved.iterdir())) == 7


def test_screenshot_attachments(
    pane: CasePane,
    provider: FolderProvider,
    qtbot: QtBot,
    screenshot: Callable[[QWidget, str], Path],
) -> None:
    provider.failures[SHADE] = "The download link expired and could not be renewed"
    _show_attachments(pane)
    qtbot.waitUntil(lambda: _tile(pane, PHOTO).has_thumbnail)
    qtbot.waitUntil(lambda: _tile(pane, SHADE).status.state is FileState.FAILED)
    pixels = read_png(screenshot(pane, "case-attachments"))

    # The photo's thumbnail: its red and cream stripes (cases.make_photo), where its tile is.
    photo = region(pixels, _tile(pane, PHOTO).button, pane)
    assert share_near(photo, (0xC8, 0x64, 0x64)) > 0.2
    assert share_near(photo, (0xF0, 0xE6, 0xD2)) > 0.2
    # The failed image: its message, whole and in ink, with Retry, inside its tile.
    shade = _tile(pane, SHADE)
    message = shade.status.message_label
    assert message.isVisible()
    assert message.text() == "The download link expired and could not be renewed."
    assert message.heightForWidth(message.width()) <= message.height()
    assert share_dark(region(pixels, message, pane)) > 0.03
    assert shade.status.retry_button.isVisible()
    assert region(pixels, shade.status.retry_button, pane).size > 0
    # The other tiles and the list of scans and order form are in the picture too.
    for tile in pane.attachments.tiles:  # "JPG image", "TXT file": muted, but drawn
        assert share_dark(region(pixels, tile.meta_label, pane), below=170) > 0.01
    assert share_dark(region(pixels, pane.attachments.other_files, pane), below=160) > 0.005


def _case_with_a_pdf_attachment() -> Any:
    return replace(
        full_case(),
        misc_files=(
            MiscFile(filename=PHOTO),
            MiscFile(filename=SHADE),
            MiscFile(filename=SECOND_ORDER_FORM),
        ),
    )


def test_a_pdf_attachment_opens_in_the_apps_own_pdf_view(
    pane: CasePane, qtbot: QtBot, opened_files: list[QUrl]
) -> None:
    pane.show_case(_case_with_a_pdf_attachment(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ATTACHMENTS_TAB)
    qtbot.mouseClick(_tile(pane, SECOND_ORDER_FORM).button, Qt.MouseButton.LeftButton)
    attachments = pane.attachments
    qtbot.waitUntil(
        lambda: attachments.pdf_window is not None and attachments.pdf_window.isVisible()
    )
    window = attachments.pdf_window
    assert window is not None
    assert window.windowTitle() == SECOND_ORDER_FORM
    assert window.page_count == 1
    assert opened_files == []  # not handed to another program
    qtbot.mouseClick(window.toolbar.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(opened_files) == 1)  # unless the person asks for it
    window.close()


def test_the_image_viewer_steps_through_the_images_rotates_and_adjusts_the_tone(
    pane: CasePane, qtbot: QtBot
) -> None:
    _show_attachments(pane)
    qtbot.mouseClick(_tile(pane, PHOTO).button, Qt.MouseButton.LeftButton)
    attachments = pane.attachments
    qtbot.waitUntil(lambda: attachments.viewer is not None and attachments.viewer.isVisible())
    viewer = attachments.viewer
    assert viewer is not None
    assert viewer.position_label.text() == "1 of 2"
    assert not viewer.previous_button.isEnabled()

    qtbot.mouseClick(viewer.next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: viewer.windowTitle() == SHADE)
    assert (viewer.image_size().width(), viewer.image_size().height()) == (900, 700)
    assert viewer.position_label.text() == "2 of 2"
    assert not viewer.next_button.isEnabled()
    qtbot.keyClick(viewer, Qt.Key.Key_PageUp)
    qtbot.waitUntil(lambda: viewer.windowTitle() == PHOTO)

    # Rotating a quarter turn stands the 1600 × 1200 photo up, still fitted to the window.
    qtbot.mouseClick(viewer.rotate_right_button, Qt.MouseButton.LeftButton)
    assert viewer.rotation == 90
    shown = viewer.view.mapFromScene(viewer.view.sceneRect()).boundingRect()
    assert shown.height() > shown.width()
    assert shown.height() <= viewer.view.viewport().height() + 2

    # Brightness and contrast change what is drawn, not the image: Reset brings it back.
    original = viewer.shown_image().pixelColor(10, 10)
    viewer.brightness_slider.setValue(-50)
    darker = viewer.shown_image().pixelColor(10, 10)
    assert darker.lightness() < original.lightness() - 30
    viewer.contrast_slider.setValue(60)
    assert viewer.shown_image().pixelColor(10, 10) != darker
    qtbot.mouseClick(
        next(b for b in viewer.findChildren(QToolButton) if b.text() == "Reset"),
        Qt.MouseButton.LeftButton,
    )
    assert viewer.shown_image().pixelColor(10, 10) == original
    viewer.close()


def test_the_arrow_keys_go_to_the_previous_and_next_image(pane: CasePane, qtbot: QtBot) -> None:
    _show_attachments(pane)
    qtbot.mouseClick(_tile(pane, PHOTO).button, Qt.MouseButton.LeftButton)
    attachments = pane.attachments
    qtbot.waitUntil(lambda: attachments.viewer is not None and attachments.viewer.isVisible())
    viewer = attachments.viewer
    assert viewer is not None
    viewer.activateWindow()
    qtbot.waitUntil(viewer.isActiveWindow)
    focused = viewer.focusWidget()
    assert focused is viewer.view  # the picture has the keyboard, not a button

    qtbot.keyClick(focused, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: viewer.windowTitle() == SHADE)
    assert viewer.position_label.text() == "2 of 2"
    qtbot.keyClick(viewer.focusWidget(), Qt.Key.Key_Right)  # the last: stays
    assert viewer.windowTitle() == SHADE
    qtbot.keyClick(viewer.focusWidget(), Qt.Key.Key_Left)
    qtbot.waitUntil(lambda: viewer.windowTitle() == PHOTO)

    # A button clicked keeps the keyboard on the picture: the arrows still step.
    qtbot.mouseClick(viewer.rotate_right_button, Qt.MouseButton.LeftButton)
    assert viewer.focusWidget() is viewer.view
    qtbot.keyClick(viewer.focusWidget(), Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: viewer.windowTitle() == SHADE)

    # Zoomed in past the window's width, the arrows move over the picture instead.
    viewer.actual_size()
    scroll = viewer.view.horizontalScrollBar()
    qtbot.waitUntil(lambda: scroll.maximum() > 0)
    before = scroll.value()
    qtbot.keyClick(viewer.view, Qt.Key.Key_Right)
    assert scroll.value() > before
    assert viewer.windowTitle() == SHADE
    # A slider keeps its own arrows.
    viewer.brightness_slider.setFocus()
    qtbot.keyClick(viewer.brightness_slider, Qt.Key.Key_Right)
    assert viewer.brightness_slider.value() > 0
    assert viewer.windowTitle() == SHADE
    viewer.close()
