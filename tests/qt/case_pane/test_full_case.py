"""A case with every section filled: what the technician reads, and where links lead."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QPalette
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.domain import Worktype
from scaninbox.domain.worktypes import case_teeth
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.case_pane.tooth_chart import category_color
from scaninbox.qt.case_pane.worktypes import COLUMNS, WorktypesSection
from scaninbox.qt.look.theme import dark_palette
from tests.qt.case_pane.cases import full_case
from tests.qt.case_pane.conftest import UrlCatcher


@pytest.fixture
def opened_urls() -> Iterator[list[QUrl]]:
    """tel:/mailto: links the pane asked the desktop to open (caught, not opened)."""
    catcher = UrlCatcher()
    for scheme in ("tel", "mailto"):
        QDesktopServices.setUrlHandler(scheme, catcher, "open")
    yield catcher.urls
    for scheme in ("tel", "mailto"):
        QDesktopServices.unsetUrlHandler(scheme)


def _muted(label: QLabel) -> bool:
    return label.foregroundRole() == QPalette.ColorRole.PlaceholderText


def test_header_shows_patient_dates_origin_and_flags(pane: CasePane) -> None:
    case = full_case()
    pane.show_case(case, pinned=False, fully_cached=False)
    header = pane.header
    assert header.patient_label.text() == "Anna Müller-Schmidt"
    assert header.patient_label.font().pointSizeF() > pane.font().pointSizeF() * 1.4
    assert header.details_label.text().startswith("Female · born 3 Jun 1984 (")
    assert "Ref. PR-2291" in header.details_label.text()
    assert header.status_badge.text() == "New"
    # Received three hours ago: between midnight and three that was yesterday by the calendar.
    assert case.received_at is not None
    received = case.received_at.astimezone()
    same_day = received.date() == date.today()
    assert header.received_value.text() == (
        "3 h ago" if same_day else f"yesterday {received:%H:%M}"
    )
    assert "(UTC" in header.received_value.toolTip()
    assert header.urgency_badge.isVisibleTo(pane)
    assert header.urgency_badge.text() == "Tomorrow"
    assert header.source_value.text() == "iTero"
    assert header.external_id_value.text() == "ITR-558201"
    shown = [b.text() for b in header.badges.values() if b.isVisibleTo(pane)]
    assert shown == ["Priority", "Remake", "Additional info", "Contact required"]
    assert not header.completeness_badge.isVisibleTo(pane)
    assert not header.case_id_value.isVisibleTo(pane)
    assert header.cache_label.text() == "Files download when opened"


def test_customer_links_open_phone_and_mail(
    pane: CasePane, qtbot: QtBot, opened_urls: list[QUrl]
) -> None:
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.PRESCRIPTION_TAB)
    clinic = pane.prescription.customer.clinic_card
    dentist = pane.prescription.customer.dentist_card
    assert clinic.name_value.text() == "Praxis am Stadtpark"
    assert clinic.address_value.text() == "Parkstraße 12, 10115 Berlin, Germany"
    assert clinic.phone_value.url == QUrl("tel:+49301234567")
    assert clinic.email_value.url == QUrl("mailto:empfang@praxis-stadtpark.de")
    assert ">+49 (30) 1234-567</a>" in clinic.phone_value.text()
    assert dentist.name_value.text() == "Jonas Weber"
    assert dentist.phone_value.url == QUrl("tel:0309876543")
    # Keyboard: focus the link label (its link is selected), Enter opens it.
    pane.activateWindow()
    qtbot.waitUntil(pane.isActiveWindow)
    for label in (clinic.phone_value, dentist.email_value):
        label.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(label.hasFocus)
        qtbot.keyClick(label, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(opened_urls) == 2)
    assert [url.toString() for url in opened_urls] == [
        "tel:+49301234567",
        "mailto:j.weber@example.org",
    ]


def test_markup_in_case_text_is_shown_as_typed(pane: CasePane) -> None:
    case = full_case(patient="<b>Bold</b> & Co")
    pane.show_case(case, pinned=False, fully_cached=False)
    assert pane.header.patient_label.text() == "<b>Bold</b> & Co"
    assert pane.header.patient_label.textFormat() == Qt.TextFormat.PlainText


def test_tooth_chart_highlights_the_case_teeth_by_category(pane: CasePane) -> None:
    case = full_case()
    pane.show_case(case, pinned=False, fully_cached=False)
    section = pane.prescription.worktypes
    assert section.involved_teeth() == sorted(case_teeth(case.worktypes))
    teeth = section.chart.highlighted()
    assert teeth[14] == teeth[15] == teeth[16] == teeth[21] == ("Fixed",)
    assert teeth[36] == teeth[37] == ("Removable",)
    assert teeth[41] == ("Orthodontics",)
    assert "Fixed: 16–14, 21" in section.chart.accessibleDescription()
    assert section.legend.visible_categories() == [
        "Fixed",
        "Removable",
        "Appliance",
        "Orthodontics",
    ]


def test_a_worktypes_swatch_has_its_chart_colour_however_the_category_is_written(
    qtbot: QtBot,
) -> None:
    section = WorktypesSection()
    qtbot.addWidget(section)
    section.show_worktypes(
        [
            Worktype(category="FIXED", fdi="11"),
            Worktype(category="removable", fdi="36"),
            Worktype(category="Implant", fdi="46"),
        ]
    )
    assert section.chart.highlighted() == {11: ("Fixed",), 36: ("Removable",), 46: ("Other",)}
    for index, legend_name in enumerate(["Fixed", "Removable", "Other"]):
        item = section.tree.topLevelItem(index)
        assert item is not None
        swatch = item.icon(1).pixmap(10, 10).toImage()
        assert swatch.pixelColor(5, 5).rgb() == category_color(legend_name).rgb(), legend_name


def _rows(section: QWidget) -> list[list[str]]:
    tree = section.tree  # type: ignore[attr-defined]
    rows = []
    for index in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(index)
        rows.append([item.text(c) for c in range(len(COLUMNS))])
        for child in range(item.childCount()):
            unit = item.child(child)
            rows.append(["  " + unit.text(0), *[unit.text(c) for c in range(1, len(COLUMNS))]])
    return rows


def test_worktype_tree_lists_worktypes_and_their_units(pane: CasePane, qtbot: QtBot) -> None:
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    assert _rows(pane.prescription.worktypes) == [
        ["Bridge · Full contour", "Fixed", "Zirconia", "Monolithic", "A2", "16–14"],
        ["  Margin: Chamfer", "", "", "", "", ""],  # a tag: a line across the tree
        ["  Crown", "Fixed", "Zirconia", "—", "—", "14"],
        ["  Pontic", "Fixed", "Zirconia", "—", "—", "15"],
        ["  Crown", "Fixed", "Zirconia", "—", "—", "16"],
        ["Crown", "Fixed", "Lithium disilicate", "—", "A1", "21"],
        ["Partial denture", "Removable", "Acrylic", "—", "—", "36, 37"],
        ["  Unit", "—", "—", "—", "—", "36"],
        ["  Unit", "—", "—", "—", "—", "37"],
        ["Night guard", "Appliance", "—", "—", "—", "Upper jaw"],
        ["Retainer", "Orthodontics", "—", "—", "—", "41"],
    ]  # fmt: skip
    tree = pane.prescription.worktypes.tree
    first = tree.topLevelItem(0)
    assert first is not None
    assert tree.isFirstColumnSpanned(
        tree.indexFromItem(first.child(0)).row(), tree.indexFromItem(first)
    )
    pane.tabs.setCurrentIndex(pane.PRESCRIPTION_TAB)
    qtbot.waitUntil(tree.isVisible)
    # The whole tree shows (no scrolling inside the scrolling page), without a blank tail.
    assert tree.verticalScrollBar().maximum() == 0
    last = tree.topLevelItem(tree.topLevelItemCount() - 1)
    blank_px = tree.viewport().height() - tree.visualItemRect(last).bottom()
    assert 0 <= blank_px <= 4


def test_remark_and_sections(pane: CasePane) -> None:
    pane.show_case(full_case(), pinned=False, fully_cached=False)
    prescription = pane.prescription
    assert prescription.visible_sections == ["customer", "work", "remark"]
    assert prescription.remark_value.text().startswith("Please check the occlusion on 15")
    assert not _muted(prescription.remark_value)
    assert pane.tabs.tabText(pane.ATTACHMENTS_TAB) == "Attachments (3)"
    assert all(pane.tabs.isTabEnabled(i) for i in range(pane.tabs.count()))


def test_screenshot_full_case(
    pane: CasePane, qtbot: QtBot, screenshot: Callable[[QWidget, str], Path]
) -> None:
    pane.show_case(full_case(), pinned=True, fully_cached=True)
    pane.tabs.setCurrentIndex(pane.PRESCRIPTION_TAB)
    qtbot.waitUntil(pane.prescription.worktypes.tree.isVisible)
    assert pane.header.cache_label.text() == "✓ Available offline"
    path = screenshot(pane, "case-full-prescription")
    assert path.stat().st_size > 10_000


def test_dark_palette_keeps_text_readable(
    pane: CasePane, qtbot: QtBot, screenshot: Callable[[QWidget, str], Path]
) -> None:
    pane.setPalette(dark_palette())  # the app's own dark theme
    pane.show_case(full_case(), pinned=False, fully_cached=True)
    pane.tabs.setCurrentIndex(pane.PRESCRIPTION_TAB)
    qtbot.waitUntil(pane.prescription.worktypes.tree.isVisible)
    image = pane.grab().toImage()
    name = pane.header.patient_label
    spot = name.mapTo(pane, name.rect().center())
    background = image.pixelColor(4, 4)
    assert background.lightness() < 80  # the dark window really is dark
    # Somewhere across the patient's name there is light ink on the dark background.
    row = [image.pixelColor(x, spot.y()).lightness() for x in range(name.x(), name.x() + 200)]
    assert max(row) > 180
    screenshot(pane, "case-full-dark")


@pytest.mark.parametrize(("status", "badge"), [("in_production", True), ("complete", False)])
def test_the_urgency_badge_follows_the_status(pane: CasePane, status: str, badge: bool) -> None:
    # The header once ignored the status: a completed case read "3 days overdue".
    late = dataclasses.replace(
        full_case(), status=status, delivery_date=date.today() - timedelta(days=3)
    )
    pane.show_case(late, pinned=False, fully_cached=False)
    assert pane.header.urgency_badge.isVisibleTo(pane) is badge
    if badge:
        assert pane.header.urgency_badge.text() == "3 days overdue"
