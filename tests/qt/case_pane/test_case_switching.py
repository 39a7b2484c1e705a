"""Switching cases, the offline switch, the 3D slot, focus order and clipped text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.case_pane.file_status import FileState
from scaninbox.qt.runtime import async_bridge
from tests.qt.case_pane.cases import (
    ORDER_FORM,
    PHOTO,
    SECOND_ORDER_FORM,
    SHADE,
    full_case,
    second_case,
)
from tests.qt.case_pane.conftest import PANE_SIZE
from tests.qt.case_pane.folder_provider import FolderProvider


def test_switching_case_mid_download_cancels_it_and_never_paints_the_old_case(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.chunk_size_bytes = 2_000
    provider.hold(ORDER_FORM)
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ORDER_FORM_TAB)
    form = pane.order_form
    qtbot.waitUntil(lambda: form.status.state is FileState.LOADING)
    provider.step(ORDER_FORM)
    qtbot.waitUntil(lambda: form.status.progress_bar.value() > 0)

    pane.show_case(second_case(), pinned=False, fully_cached=False)
    qtbot.waitUntil(lambda: form.page_count == 1)  # the second case's one-page form
    provider.release(ORDER_FORM)  # the first download could now finish; it must not
    qtbot.waitUntil(lambda: ORDER_FORM in provider.cancelled)
    assert ORDER_FORM not in provider.completed
    assert form.page_count == 1
    assert pane.header.patient_label.text() == "Bernd Vogel"
    assert form.status.state is FileState.READY
    assert provider.fetched_names() == [ORDER_FORM, SECOND_ORDER_FORM]


def test_a_late_result_never_paints_over_the_newer_case(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    """Even a provider that ignores cancellation cannot paint the old case's order form."""
    provider.stubborn.add(ORDER_FORM)
    provider.hold(ORDER_FORM)
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ORDER_FORM_TAB)
    form = pane.order_form
    qtbot.waitUntil(lambda: form.status.state is FileState.LOADING)
    pane.show_case(second_case(), pinned=False, fully_cached=False)
    qtbot.waitUntil(lambda: form.page_count == 1)
    qtbot.waitUntil(lambda: f"{ORDER_FORM} (ignored)" in provider.cancelled)
    provider.release(ORDER_FORM)
    qtbot.waitUntil(lambda: ORDER_FORM in provider.completed)  # the old download did finish
    qtbot.waitUntil(lambda: async_bridge.running_task(form, "order-form") is None)
    assert form.page_count == 1
    assert form.status.state is FileState.READY
    assert pane.header.patient_label.text() == "Bernd Vogel"


def test_the_next_case_order_form_starts_on_its_first_page(pane: CasePane, qtbot: QtBot) -> None:
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ORDER_FORM_TAB)
    form = pane.order_form
    qtbot.waitUntil(lambda: form.page_count == 3)
    form.go_to_page(2)
    qtbot.waitUntil(lambda: form.current_page() == 2)
    pane.show_case(second_case(), pinned=False, fully_cached=False)
    qtbot.waitUntil(lambda: form.page_count == 1)
    assert form.current_page() == 0
    assert form.toolbar.page_spin.value() == 1
    assert not form.toolbar.next_button.isEnabled()


def test_switching_case_cancels_thumbnails_in_flight(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.hold(PHOTO)
    provider.hold(SHADE)
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ATTACHMENTS_TAB)
    qtbot.waitUntil(lambda: sorted(provider.fetched_names()) == sorted([PHOTO, SHADE]))
    pane.show_case(second_case(), pinned=False, fully_cached=False)
    qtbot.waitUntil(lambda: sorted(provider.cancelled) == sorted([PHOTO, SHADE]))
    [tile] = pane.attachments.tiles
    assert tile.file.ref.value == "case-second-0004"
    provider.release(SHADE)
    qtbot.waitUntil(lambda: tile.has_thumbnail)
    assert provider.completed == [SHADE]
    assert PHOTO not in provider.completed


def test_the_offline_switch_signals_only_what_the_person_does(pane: CasePane, qtbot: QtBot) -> None:
    case = full_case()
    received: list[tuple[object, bool]] = []
    pane.pinToggled.connect(lambda ref, pinned: received.append((ref, pinned)))
    pane.show_case(case, pinned=True, fully_cached=False)
    pane.set_cache_state(pinned=False, fully_cached=False)
    assert received == []
    toggle = pane.header.offline_toggle
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)
    assert received == [(case.ref, True)]
    assert pane.header.cache_label.text() == "Files download when opened"
    pane.set_cache_state(pinned=True, fully_cached=True)
    assert pane.header.cache_label.text() == "✓ Available offline"
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)
    assert received == [(case.ref, True), (case.ref, False)]


def test_the_3d_slot_takes_the_viewer_widget(pane: CasePane) -> None:
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.PRESCRIPTION_TAB)
    viewer = QWidget()
    viewer.setObjectName("viewer")
    pane.set_viewer_widget(viewer)
    assert pane.tabs.widget(pane.SCANS_TAB) is viewer
    assert pane.tabs.tabText(pane.SCANS_TAB) == "3D scans"
    assert pane.tabs.currentIndex() == pane.PRESCRIPTION_TAB
    assert not pane.viewer_placeholder.isVisible()


def test_keyboard_focus_goes_from_the_offline_switch_to_the_tabs(
    pane: CasePane, qtbot: QtBot
) -> None:
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.activateWindow()
    qtbot.waitUntil(pane.isActiveWindow)
    pane.header.offline_toggle.setFocus()
    qtbot.waitUntil(pane.header.offline_toggle.hasFocus)
    qtbot.keyClick(pane.header.offline_toggle, Qt.Key.Key_Tab)
    assert pane.tabs.tabBar().hasFocus()


def _clipped_labels(root: QWidget) -> list[str]:
    clipped = []
    for label in root.findChildren(QLabel):
        if not label.isVisible() or label.wordWrap() or not label.text():
            continue
        if label.width() < label.minimumSizeHint().width():
            clipped.append(f"{label.text()!r}: {label.width()} < {label.minimumSizeHint().width()}")
    return clipped


def _check_every_tab(pane: CasePane, qtbot: QtBot) -> None:
    for index in range(pane.tabs.count()):
        pane.tabs.setCurrentIndex(index)

        def settled(index: int = index) -> None:
            assert _clipped_labels(pane) == [], pane.tabs.tabText(index)

        # Layouts settle over a few events after a tab is shown; the text must end up whole.
        qtbot.waitUntil(settled, timeout=10_000)


def test_no_text_is_clipped_at_the_panes_usual_size(pane: CasePane, qtbot: QtBot) -> None:
    assert (pane.width(), pane.height()) == PANE_SIZE
    pane.show_case(full_case(), pinned=True, fully_cached=False)
    _check_every_tab(pane, qtbot)


def test_no_text_is_clipped_at_the_minimum_size(
    pane: CasePane, qtbot: QtBot, screenshot: Callable[[QWidget, str], Path]
) -> None:
    pane.show_case(full_case(), pinned=True, fully_cached=False)
    pane.resize(pane.minimumSize())
    _check_every_tab(pane, qtbot)
    pane.tabs.setCurrentIndex(pane.PRESCRIPTION_TAB)
    screenshot(pane, "case-minimum-size")
