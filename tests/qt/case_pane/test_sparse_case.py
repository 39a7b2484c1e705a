"""Sparse cases look deliberate: placeholders in muted text, empty sections hidden, no crash."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.case_pane.prescription import NO_ORDER_DATA, NOTHING_PRESCRIBED
from tests.qt.case_pane.cases import full_case, no_data_case, nulls_case, variant_case
from tests.qt.case_pane.folder_provider import FolderProvider


def _muted(label: QLabel) -> bool:
    return label.foregroundRole() == QPalette.ColorRole.PlaceholderText


def test_no_case_selected_prompts_for_one(pane: CasePane) -> None:
    assert pane.case is None
    assert pane.empty_label.isVisible()
    assert pane.empty_label.text() == "Select a case to see its details."


def test_a_case_without_order_data_says_so(
    pane: CasePane, provider: FolderProvider, screenshot: Callable[[QWidget, str], Path]
) -> None:
    pane.show_case(no_data_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.PRESCRIPTION_TAB)
    header = pane.header
    assert header.patient_label.text() == "Unnamed patient"
    assert _muted(header.patient_label)
    assert header.details_label.text() == "No patient details"
    assert _muted(header.details_label)
    for value in (header.received_value, header.delivery_value, header.source_value):
        assert value.text() == "—"
        assert _muted(value)
    assert not any(b.isVisibleTo(pane) for b in header.badges.values())
    assert not header.urgency_badge.isVisibleTo(pane)
    assert header.status_badge.text() == "New"
    prescription = pane.prescription
    assert prescription.visible_sections == ["no-order-data"]
    assert prescription.no_data_title.text() == NO_ORDER_DATA
    assert _muted(prescription.no_data_title)
    assert not pane.tabs.isTabEnabled(pane.ORDER_FORM_TAB)
    assert not pane.tabs.isTabEnabled(pane.ATTACHMENTS_TAB)
    assert pane.tabs.tabToolTip(pane.ORDER_FORM_TAB) == "No order form"
    assert pane.tabs.tabText(pane.ATTACHMENTS_TAB) == "Attachments (0)"
    assert provider.fetches == []
    screenshot(pane, "case-sparse-no-order-data")


def test_nulls_everywhere_show_placeholders_and_hide_empty_sections(pane: CasePane) -> None:
    pane.show_case(nulls_case(), pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(pane.PRESCRIPTION_TAB)
    prescription = pane.prescription
    # An empty clinic is still a clinic: its card says what is missing; no dentist, no card.
    assert prescription.visible_sections == ["customer"]
    clinic = prescription.customer.clinic_card
    assert not prescription.customer.dentist_card.isVisibleTo(pane)
    for label in (clinic.name_value, clinic.address_value, clinic.phone_value):
        assert label.text() == "Not provided"
        assert _muted(label)
    assert clinic.phone_value.url is None
    assert pane.header.patient_label.text() == "Unnamed patient"
    # File entries without names cannot be fetched: the tabs say there is nothing.
    assert not pane.tabs.isTabEnabled(pane.ORDER_FORM_TAB)
    assert not pane.tabs.isTabEnabled(pane.ATTACHMENTS_TAB)
    assert pane.tabs.tabText(pane.ATTACHMENTS_TAB) == "Attachments (0)"


def test_a_case_with_data_but_nothing_prescribed(pane: CasePane) -> None:
    case = variant_case()
    pane.show_case(case, pinned=False, fully_cached=True)
    pane.tabs.setCurrentIndex(pane.PRESCRIPTION_TAB)
    assert pane.prescription.visible_sections == ["nothing-prescribed"]
    assert pane.prescription.nothing_label.text() == NOTHING_PRESCRIBED
    header = pane.header
    assert header.patient_label.text() == "Li Wei"  # the variant's patientFullname
    assert header.status_badge.text() == "In production"
    assert header.delivery_value.text() == "ASAP"
    assert header.case_id_value.isVisibleTo(pane)
    assert header.case_id_value.text() == "MED-0042"
    assert header.completeness_badge.isVisibleTo(pane)
    assert header.info_request_badge.text() == "Info requested"


def test_switching_from_full_to_sparse_leaves_nothing_behind(pane: CasePane, qtbot: QtBot) -> None:
    pane.show_case(full_case(), pinned=True, fully_cached=True)
    pane.tabs.setCurrentIndex(pane.ATTACHMENTS_TAB)
    qtbot.waitUntil(lambda: len(pane.attachments.tiles) == 3)
    pane.show_case(no_data_case(), pinned=False, fully_cached=False)
    assert pane.tabs.currentIndex() == pane.PRESCRIPTION_TAB  # the attachments tab is disabled
    assert pane.attachments.tiles == []
    assert not pane.header.offline_toggle.isChecked()
    assert not pane.prescription.worktypes.isVisibleTo(pane)
    assert pane.prescription.worktypes.chart.highlighted() == {}
    assert pane.order_form.page_count == 0
