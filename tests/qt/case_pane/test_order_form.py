"""The order form tab: a real PDF, its pages and zoom, open and save, and what goes wrong."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QImage
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scaninbox.domain import OrderForm
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.case_pane.file_status import FileState
from tests.qt.case_pane.cases import ORDER_FORM, ORDER_FORM_PAGES, full_case
from tests.qt.case_pane.conftest import FakeDialogs
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.case_pane.picture import read_png, region, share_dark, share_near


def _open_order_form(pane: CasePane, qtbot: QtBot) -> None:
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ORDER_FORM_TAB)
    qtbot.waitUntil(lambda: pane.order_form.page_count == ORDER_FORM_PAGES)


def _painted(view: QPdfView) -> bool:
    """Whether the page shows ink: dark pixels on the white page (rendering is asynchronous)."""
    image = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_Grayscale8)
    width, height = image.width(), image.height()
    dark = sum(
        1
        for y in range(0, height, 3)
        for x in range(0, width, 3)
        if image.pixelColor(x, y).value() < 100
    )
    return dark > 50


def test_the_pdf_downloads_with_progress_and_shows_its_pages(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    progress: list[int] = []
    pane.order_form.status.progress_bar.valueChanged.connect(progress.append)
    provider.chunk_size_bytes = 1_000
    _open_order_form(pane, qtbot)
    view = pane.order_form.view
    assert provider.fetched_names() == [ORDER_FORM]
    assert progress[-1] == 100
    assert len(set(progress)) > 3  # it moved in steps, not in one jump
    assert pane.order_form.status.state is FileState.READY
    assert not pane.order_form.status.isVisibleTo(pane)
    assert pane.order_form.stack.currentWidget() is view
    qtbot.waitUntil(lambda: _painted(view), timeout=10_000)
    bar = pane.order_form.toolbar
    assert bar.page_spin.value() == 1
    assert bar.page_count_label.text() == f"of {ORDER_FORM_PAGES}"
    assert not bar.previous_button.isEnabled()


def test_page_navigation(pane: CasePane, qtbot: QtBot) -> None:
    _open_order_form(pane, qtbot)
    form, bar = pane.order_form, pane.order_form.toolbar
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: form.current_page() == 1)
    assert bar.page_spin.value() == 2
    assert bar.previous_button.isEnabled()
    bar.page_spin.setValue(ORDER_FORM_PAGES)
    qtbot.waitUntil(lambda: form.current_page() == ORDER_FORM_PAGES - 1)
    assert not bar.next_button.isEnabled()
    qtbot.mouseClick(bar.previous_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.page_spin.value() == ORDER_FORM_PAGES - 1)


def test_zoom_steps_and_fit_modes(pane: CasePane, qtbot: QtBot) -> None:
    _open_order_form(pane, qtbot)
    form, bar = pane.order_form, pane.order_form.toolbar
    view = form.view
    assert bar.fit_width_button.isChecked()
    fitted = form._effective_zoom()
    # The label shows the zoom in effect; the page fills the viewport's width at that zoom.
    assert form.zoom_text() == f"{round(fitted * 100)} %"
    page_width_px = form.document.pagePointSize(0).width() * view.logicalDpiX() / 72 * fitted
    margins = view.documentMargins()
    assert page_width_px + margins.left() + margins.right() == pytest.approx(
        view.viewport().width(), abs=2
    )
    qtbot.mouseClick(bar.zoom_in_button, Qt.MouseButton.LeftButton)
    assert view.zoomMode() == QPdfView.ZoomMode.Custom
    assert view.zoomFactor() > fitted  # zooming in from "fit" continues from what was shown
    zoomed = view.zoomFactor()
    assert form.zoom_text() == f"{round(zoomed * 100)} %"
    qtbot.mouseClick(bar.zoom_out_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(bar.zoom_out_button, Qt.MouseButton.LeftButton)
    assert view.zoomFactor() < zoomed
    qtbot.mouseClick(bar.fit_page_button, Qt.MouseButton.LeftButton)
    assert view.zoomMode() == QPdfView.ZoomMode.FitInView
    assert form.zoom_text() == f"{round(form._effective_zoom() * 100)} %"
    assert form._effective_zoom() < fitted  # a whole A4 page is narrower than the view
    assert bar.fit_page_button.isChecked()
    assert not bar.fit_width_button.isChecked()
    for _ in range(30):
        form.zoom_out()
    assert view.zoomFactor() == pytest.approx(0.25)


def test_save_as_copies_the_pdf(
    pane: CasePane,
    qtbot: QtBot,
    dialogs: FakeDialogs,
    server_dir: Path,
    no_stray_files: Path,
) -> None:
    _open_order_form(pane, qtbot)
    dialogs.save_path = no_stray_files / "Order Müller.pdf"
    with qtbot.waitSignal(pane.statusMessage) as message:
        qtbot.mouseClick(pane.order_form.toolbar.save_button, Qt.MouseButton.LeftButton)
    assert message.args == [f"Order form saved to {dialogs.save_path}"]
    assert dialogs.asked == [f"save:{ORDER_FORM}"]
    assert dialogs.save_path.read_bytes() == (server_dir / ORDER_FORM).read_bytes()


def test_open_externally_hands_over_a_named_private_copy(
    pane: CasePane, qtbot: QtBot, opened_files: list[QUrl], server_dir: Path
) -> None:
    _open_order_form(pane, qtbot)
    qtbot.mouseClick(pane.order_form.toolbar.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(opened_files) == 1)
    opened = Path(opened_files[0].toLocalFile())
    assert opened.name == ORDER_FORM
    assert opened.read_bytes() == (server_dir / ORDER_FORM).read_bytes()
    assert opened.parent.parent.name == "opened"


def test_offline_says_so_and_retry_works_once_online(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.offline = True
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ORDER_FORM_TAB)
    status = pane.order_form.status
    qtbot.waitUntil(lambda: status.state is FileState.OFFLINE)
    assert status.message_label.text() == "Not available offline"
    assert status.retry_button.isVisible()
    assert pane.order_form.page_count == 0
    assert not pane.order_form.toolbar.save_button.isEnabled()
    provider.offline = False
    qtbot.mouseClick(status.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane.order_form.page_count == ORDER_FORM_PAGES)
    assert not status.retry_button.isVisible()


def test_a_failure_says_what_happened_and_retry_works(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.failures[ORDER_FORM] = "The download link expired and could not be renewed"
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ORDER_FORM_TAB)
    status = pane.order_form.status
    qtbot.waitUntil(lambda: status.state is FileState.FAILED)
    assert status.message_label.text() == "The download link expired and could not be renewed."
    qtbot.mouseClick(status.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane.order_form.page_count == ORDER_FORM_PAGES)


def test_a_damaged_pdf_is_reported_and_retry_fetches_a_fresh_copy(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.damaged.add(ORDER_FORM)
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.ORDER_FORM_TAB)
    status = pane.order_form.status
    qtbot.waitUntil(lambda: status.state is FileState.FAILED)
    assert status.message_label.text() == "The order form is damaged or is not a PDF file."
    provider.damaged.clear()
    qtbot.mouseClick(status.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane.order_form.page_count == ORDER_FORM_PAGES)
    assert provider.fetched_names() == [ORDER_FORM, ORDER_FORM]  # not the damaged cached copy


def test_a_cached_order_form_opens_without_fetching(
    pane: CasePane, provider: FolderProvider, qtbot: QtBot
) -> None:
    provider.cache_file(ORDER_FORM)
    _open_order_form(pane, qtbot)
    assert provider.fetches == []


def test_an_order_form_given_only_as_text(pane: CasePane) -> None:
    case = full_case()
    text_only = type(case)(
        ref=case.ref, order_form=OrderForm(filename=None, plain_text="Crown 21, A1")
    )
    pane.show_case(text_only, pinned=False, fully_cached=False)
    assert pane.tabs.isTabEnabled(pane.ORDER_FORM_TAB)
    pane.tabs.setCurrentIndex(pane.ORDER_FORM_TAB)
    assert pane.order_form.stack.currentWidget() is pane.order_form.plain_text
    assert pane.order_form.plain_text.toPlainText() == "Crown 21, A1"


def test_screenshot_order_form(
    pane: CasePane, qtbot: QtBot, screenshot: Callable[[QWidget, str], Path]
) -> None:
    _open_order_form(pane, qtbot)
    form = pane.order_form
    qtbot.waitUntil(lambda: _painted(form.view), timeout=10_000)
    pixels = read_png(screenshot(pane, "case-order-form"))

    # The first page from its top: a white sheet with the form's lines in ink, its title
    # already in the view's top fifth.
    page = region(pixels, form.view.viewport(), pane)
    assert share_near(page, (255, 255, 255), tolerance=10) > 0.5
    assert share_dark(page) > 0.01
    assert share_dark(page[: page.shape[0] // 5]) > 0.01
    # The toolbar says where the page is, and the tab is the order form's.
    bar = form.toolbar
    assert (bar.page_spin.value(), bar.page_count_label.text()) == (1, f"of {ORDER_FORM_PAGES}")
    assert share_dark(region(pixels, bar.page_count_label, pane)) > 0.02
    assert pane.tabs.currentIndex() == pane.ORDER_FORM_TAB
    assert pane.tabs.tabText(pane.ORDER_FORM_TAB) == "Order form"
