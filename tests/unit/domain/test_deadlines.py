"""One rule for "overdue": the inbox, the case pane and the command line ask the same function."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from scaninbox.domain import (
    CLOSED_STATUSES,
    OPEN_STATUSES,
    STATUS_LABELS,
    Urgency,
    delivery_urgency,
    is_open_status,
)

TODAY = date(2025, 3, 12)
DAYS_TO_URGENCY = {
    -5: Urgency.OVERDUE,
    -1: Urgency.OVERDUE,
    0: Urgency.DUE_TODAY,
    1: Urgency.DUE_SOON,
    2: Urgency.DUE_SOON,
    3: Urgency.LATER,
}
EXPECTED_OPEN = {"new": True, "accepted": True, "in_production": True}
EXPECTED_CLOSED = {"rejected": False, "complete": False, "cancelled": False}


def test_every_status_of_the_vocabulary_is_open_or_closed() -> None:
    assert set(STATUS_LABELS) == OPEN_STATUSES | CLOSED_STATUSES
    assert not OPEN_STATUSES & CLOSED_STATUSES
    assert {s: is_open_status(s) for s in STATUS_LABELS} == {**EXPECTED_OPEN, **EXPECTED_CLOSED}


@pytest.mark.parametrize("status", sorted(STATUS_LABELS))
@pytest.mark.parametrize("days", sorted(DAYS_TO_URGENCY))
def test_urgency_for_every_status(status: str, days: int) -> None:
    delivery = TODAY + timedelta(days=days)
    got = delivery_urgency(delivery, status=status, today=TODAY)
    if status in EXPECTED_OPEN:
        assert got is DAYS_TO_URGENCY[days]
    else:
        assert got is Urgency.NOT_APPLICABLE
    assert got.needs_attention == (got in (Urgency.OVERDUE, Urgency.DUE_TODAY, Urgency.DUE_SOON))


@pytest.mark.parametrize("status", [None, "", "on_hold", "  New ", "COMPLETE"])
def test_unknown_or_missing_statuses_count_as_open_and_spelling_does_not_matter(
    status: str | None,
) -> None:
    overdue = delivery_urgency(TODAY - timedelta(days=1), status=status, today=TODAY)
    closed = (status or "").strip().lower() in CLOSED_STATUSES
    assert overdue is (Urgency.NOT_APPLICABLE if closed else Urgency.OVERDUE)


def test_no_delivery_date_needs_nothing() -> None:
    assert delivery_urgency(None, status="new", today=TODAY) is Urgency.NOT_APPLICABLE
    assert not Urgency.NOT_APPLICABLE.needs_attention
