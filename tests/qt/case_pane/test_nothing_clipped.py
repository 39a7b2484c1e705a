"""Nothing of a case is cut off at the sizes people use: the header's facts wrap instead of
squeezing into each other, tags get lines of their own, the order form's buttons wrap, and the
inbox's date columns fit their longest text. Checked at the pane's minimum size (the smallest
any window gives it: a 1080p screen at 200 %), at its share of a 1080p screen at 150 % (1280×720
logical) and at a roomy one."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, Tag, relative_time
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.inbox import Column, InboxPanel
from scaninbox.qt.look.theme import Theme, apply_theme
from tests.qt.case_pane.cases import full_case


def _overdue_case_sent_to_a_long_name() -> Case:
    case = full_case()
    worktype = dataclasses.replace(
        case.worktypes[0],
        tags=(
            Tag(type="implant_system", value="Dentsply Sirona Astra Tech EV 4.2 Profile"),
            Tag(type="retention", value="ScrewRetained"),
        ),
    )
    return dataclasses.replace(
        case,
        delivery_date=date.today() - timedelta(days=11),
        # Yesterday by the calendar at noon: "now minus a day and two hours" is the day before
        # yesterday when the tests run between midnight and two.
        received_at=datetime.combine(date.today() - timedelta(days=1), time(12)).astimezone(),
        sent_to="Zahntechnisches Meisterlabor Müller & Söhne GmbH",
        worktypes=(worktype, *case.worktypes[1:]),
    )


def _fits(label: QLabel) -> bool:
    return label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()


def _in(widget: QWidget, ancestor: QWidget) -> QRect:
    return QRect(widget.mapTo(ancestor, widget.rect().topLeft()), widget.size())


@pytest.fixture(params=[Theme.LIGHT, Theme.DARK])
def themed(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[Theme]:
    palette, sheet = qapp.palette(), qapp.styleSheet()
    apply_theme(qapp, request.param)
    yield request.param
    qapp.setStyleSheet(sheet)
    qapp.setPalette(palette)


# The pane's sizes on the screens labs use, in logical pixels (a 1080p screen at 150 % is
# 1280×720 logical, at 200 % 960×540): its minimum (what a 960×540 window leaves it), its share
# of a 1280×720 window once the 3D view's toolbar has its room, and a roomy one.
PANE_SIZES = [(560, 420), (560, 700), (650, 560), (900, 700)]


@pytest.mark.parametrize(("width", "height"), PANE_SIZES)
def test_the_header_and_the_order_form_bar_show_everything(
    qtbot: QtBot, pane: CasePane, themed: object, width: int, height: int
) -> None:
    pane.resize(width, height)
    pane.show_case(_overdue_case_sent_to_a_long_name(), pinned=False, fully_cached=False)
    qtbot.waitUntil(pane.header.urgency_badge.isVisible)
    header = pane.header
    values = [
        header.received_value,
        header.delivery_value,
        header.sent_to_value,
        header.source_value,
        header.external_id_value,
    ]
    # Layouts settle in posted events: wait for them, then every value must fit.
    qtbot.waitUntil(lambda: all(_fits(label) for label in values), timeout=5_000)
    assert header.received_value.text().startswith("yesterday")
    # The overdue badge sits beside the delivery date, not over it, and facts never overlap.
    assert not _in(header.delivery_value, header).intersects(_in(header.urgency_badge, header))
    shown = [fact for fact in header.facts if fact.isVisible()]
    for index, fact in enumerate(shown):
        assert _in(fact, header).right() <= header.width()
        for other in shown[index + 1 :]:
            assert not fact.geometry().intersects(other.geometry())

    pane.tabs.setCurrentIndex(CasePane.ORDER_FORM_TAB)
    toolbar = pane.order_form.toolbar
    qtbot.waitUntil(toolbar.isVisible)
    buttons = toolbar.findChildren(QAbstractButton)
    assert len(buttons) >= 8

    def whole(button: QAbstractButton) -> bool:
        inside = _in(button, toolbar).right() <= toolbar.width()
        return inside and button.width() >= button.sizeHint().width()

    qtbot.waitUntil(lambda: all(whole(button) for button in buttons), timeout=5_000)

    # Tags have lines of their own, as wide as the tree.
    tree = pane.prescription.worktypes.tree
    first = tree.topLevelItem(0)
    assert first is not None
    tag = first.child(0)
    assert tag is not None
    assert tag.text(0).startswith("Implant system: Dentsply")
    pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)
    qtbot.waitUntil(tree.isVisible)
    needed = tree.fontMetrics().horizontalAdvance(tag.text(0))
    assert tree.visualItemRect(tag).width() >= needed


def test_the_inbox_date_columns_fit_their_longest_text(qtbot: QtBot, themed: object) -> None:
    panel = InboxPanel()
    qtbot.addWidget(panel)
    view = panel.view
    header = view.horizontalHeader()
    # Two days back at 23:59 (a weekday and the widest clock): yesterday's 23:59 is "34 min ago"
    # just after midnight.
    late = datetime.now().astimezone().replace(hour=23, minute=59) - timedelta(days=2)
    assert relative_time(late, compact=True)[:3] in (
        "Mon",
        "Tue",
        "Wed",
        "Thu",
        "Fri",
        "Sat",
        "Sun",
    )
    longest = relative_time(datetime(2025, 9, 30, 12).astimezone(), compact=True)  # a past year
    assert longest == "30 Sep 2025"
    font = view.font()
    font.setBold(True)  # unread rows
    metrics = QFontMetrics(font)
    padding = 16  # the cell's padding on both sides
    assert header.sectionSize(Column.RECEIVED) >= metrics.horizontalAdvance(longest) + padding
    assert header.sectionSize(Column.DELIVERY) >= metrics.horizontalAdvance("30 Sep 2027") + padding
