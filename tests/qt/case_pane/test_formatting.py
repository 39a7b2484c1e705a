"""Local-time wording the case pane, the inbox table and the command line share."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from scaninbox.domain import (
    Urgency,
    delivery_phrase,
    delivery_urgency,
    exact_time,
    format_date,
    format_date_of_birth,
    format_gender,
    format_size,
    identifier_label,
    local_minute,
    local_time,
    relative_time,
)

# A Wednesday afternoon in the computer's own zone, so the tests hold in any time zone.
NOW = datetime(2025, 3, 12, 15, 30).astimezone()


@pytest.mark.parametrize(
    ("moment", "expected"),
    [
        (NOW - timedelta(seconds=20), "just now"),
        (NOW + timedelta(minutes=2), "just now"),  # a server clock slightly ahead
        (NOW - timedelta(minutes=12), "12 min ago"),
        (NOW - timedelta(hours=3, minutes=10), "3 h ago"),
        (NOW.replace(hour=0, minute=5), "15 h ago"),
        (NOW - timedelta(days=1) + timedelta(hours=-1, minutes=-25), "yesterday 14:05"),
        (NOW.replace(day=10, hour=9, minute=30), "Mon 09:30"),
        (NOW.replace(month=1, day=2), "2 Jan"),
        (NOW.replace(year=2024, month=12, day=24), "24 Dec 2024"),
        (NOW + timedelta(hours=3), "today 18:30"),
        (NOW + timedelta(days=2), "14 Mar 15:30"),
    ],
)
def test_relative_time(moment: datetime, expected: str) -> None:
    assert relative_time(moment, now=NOW) == expected


def test_compact_relative_time_names_yesterday_by_its_weekday() -> None:
    yesterday = NOW - timedelta(days=1) + timedelta(hours=-1, minutes=-25)
    assert relative_time(yesterday, now=NOW, compact=True) == f"{yesterday:%a} 14:05"
    assert relative_time(NOW - timedelta(minutes=12), now=NOW, compact=True) == "12 min ago"


def test_naive_times_are_utc_and_exact_time_names_the_offset() -> None:
    naive = datetime(2025, 3, 12, 12, 0)
    assert local_time(naive) == naive.replace(tzinfo=UTC)
    text = exact_time(datetime(2025, 3, 12, 12, 0, 9, tzinfo=UTC))
    assert text.startswith(format_date(local_time(naive).date(), with_weekday=True))
    assert ":09 (UTC" in text


def test_the_command_line_prints_local_minutes_and_naive_times_are_utc() -> None:
    # The command line once read a naive time as local; the service sends UTC.
    naive = datetime(2025, 3, 12, 12, 0)
    assert local_minute(naive) == f"{naive.replace(tzinfo=UTC).astimezone():%Y-%m-%d %H:%M}"
    assert local_minute(NOW) == "2025-03-12 15:30"


def test_month_names_do_not_follow_the_c_locale() -> None:
    assert format_date(date(2025, 3, 1)) == "1 Mar 2025"
    assert format_date(date(2025, 3, 1), with_weekday=True, with_year=False) == "Sat 1 Mar"


@pytest.mark.parametrize(
    ("days", "urgency", "phrase"),
    [
        (-3, Urgency.OVERDUE, "3 days overdue"),
        (-1, Urgency.OVERDUE, "1 day overdue"),
        (0, Urgency.DUE_TODAY, "today"),
        (1, Urgency.DUE_SOON, "tomorrow"),
        (2, Urgency.DUE_SOON, "in 2 days"),
        (3, Urgency.LATER, "in 3 days"),
    ],
)
def test_delivery_urgency(days: int, urgency: Urgency, phrase: str) -> None:
    today = date(2025, 3, 12)
    delivery = today + timedelta(days=days)
    assert delivery_urgency(delivery, status="new", today=today) is urgency
    assert delivery_phrase(delivery, today=today) == phrase


def test_no_delivery_date_is_not_applicable() -> None:
    assert delivery_urgency(None, status="new") is Urgency.NOT_APPLICABLE


@pytest.mark.parametrize(
    ("size", "text"),
    [
        (None, "—"),
        (0, "0 B"),
        (999, "999 B"),
        (1_500, "1.5 kB"),
        (30_400_000, "30.4 MB"),
        (123_456_789, "123 MB"),
        (2_000_000_000_000_000, "2000 TB"),
    ],
)
def test_format_size(size: int | None, text: str) -> None:
    assert format_size(size) == text


def test_date_of_birth_gender_and_identifiers() -> None:
    assert format_date_of_birth("1984-06-03", today=date(2025, 6, 2)) == "3 Jun 1984 (40 y)"
    assert format_date_of_birth("1984-06-03T00:00:00", today=date(2025, 6, 3)) == (
        "3 Jun 1984 (41 y)"
    )
    assert format_date_of_birth("03.06.1984") == "03.06.1984"
    assert format_date_of_birth("1984-02-30") == "1984-02-30"
    assert format_date_of_birth("  ") is None
    assert format_gender("f") == "Female"
    assert format_gender("M") == "Male"
    assert format_gender("X") == "X"
    assert format_gender(None) is None
    assert identifier_label("LithiumDisilicate") == "Lithium disilicate"
    assert identifier_label("PMMA") == "PMMA"
    assert identifier_label("") is None
