"""Times, dates, sizes and deadlines as a lab technician reads them, in local time.

One wording for the window (inbox table, case pane, status bar) and the command line: plain
Python, no Qt. The
month and weekday names are spelled out here rather than taken from ``strftime``: Qt sets the C
locale from the environment when the application starts, and a German ``Mär`` in an English
interface reads as a bug. Naive datetimes are taken to be UTC, because that is what the service
sends; aware ones are converted to the computer's local zone.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

from scaninbox.domain.vocabulary import humanize_identifier

__all__ = [
    "delivery_phrase",
    "exact_time",
    "format_date",
    "format_date_of_birth",
    "format_gender",
    "format_size",
    "identifier_label",
    "local_minute",
    "local_time",
    "relative_time",
]

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_ISO_DATE_PREFIX = re.compile(r"\s*(\d{4})-(\d{2})-(\d{2})")
_SIZE_UNITS = ("kB", "MB", "GB", "TB")


def local_time(moment: datetime) -> datetime:
    """``moment`` in the computer's local zone (naive values are UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone()


def local_minute(moment: datetime) -> str:
    """``2025-03-12 14:05``: a local time to the minute, sortable, as the command line prints."""
    return f"{local_time(moment):%Y-%m-%d %H:%M}"


def format_date(day: date, *, with_weekday: bool = False, with_year: bool = True) -> str:
    """``12 Mar 2025``; ``Wed 12 Mar 2025`` with the weekday; ``12 Mar`` without the year."""
    text = f"{day.day} {_MONTHS[day.month - 1]}"
    if with_year:
        text += f" {day.year}"
    if with_weekday:
        text = f"{_WEEKDAYS[day.weekday()]} {text}"
    return text


def exact_time(moment: datetime) -> str:
    """The full local time for a tooltip: ``Wed 12 Mar 2025, 14:05:09 (UTC+01:00)``."""
    local = local_time(moment)
    offset = local.strftime("%z")
    zone = f"UTC{offset[:3]}:{offset[3:]}" if offset else "local time"
    return f"{format_date(local.date(), with_weekday=True)}, {local:%H:%M:%S} ({zone})"


def relative_time(moment: datetime, *, now: datetime | None = None, compact: bool = False) -> str:
    """A moment as people say it: ``just now``, ``5 min ago``, ``3 h ago``, ``yesterday 14:05``,
    ``Mon 09:30`` (this week), ``12 Mar`` (this year), ``12 Mar 2024``. ``compact`` (the inbox's
    narrow column) names yesterday by its weekday too (``Sun 14:05``), as the rest of the week.

    Moments in the future (a clock that runs ahead) read as a date and time, never as "ago".
    """
    local = local_time(moment)
    current = local_time(now) if now is not None else datetime.now().astimezone()
    age = current - local
    clock = f"{local:%H:%M}"
    days_back = (current.date() - local.date()).days
    day = format_date(local.date(), with_year=local.year != current.year)
    if timedelta(minutes=-5) <= age < timedelta(minutes=1):
        text = "just now"
    elif age < timedelta(0):
        text = f"today {clock}" if days_back == 0 else f"{day} {clock}"
    elif age < timedelta(hours=1):
        text = f"{int(age.total_seconds() // 60)} min ago"
    elif days_back == 0:
        text = f"{int(age.total_seconds() // 3600)} h ago"
    elif days_back == 1 and not compact:
        text = f"yesterday {clock}"
    elif days_back < 7:
        text = f"{_WEEKDAYS[local.weekday()]} {clock}"
    else:
        text = day
    return text


def delivery_phrase(delivery: date, *, today: date | None = None) -> str:
    """How far away a delivery is: ``today``, ``tomorrow``, ``in 5 days``, ``3 days overdue``."""
    days_left = (delivery - (today or date.today())).days
    if days_left == 0:
        return "today"
    if days_left == 1:
        return "tomorrow"
    if days_left == -1:
        return "1 day overdue"
    if days_left < 0:
        return f"{-days_left} days overdue"
    return f"in {days_left} days"


def format_size(size_bytes: int | None) -> str:
    """Decimal units as file managers show them: ``512 B``, ``1.5 MB``; ``—`` when unknown."""
    if size_bytes is None or size_bytes < 0:
        return "—"
    if size_bytes < 1000:
        return f"{size_bytes} B"
    value = float(size_bytes)
    for unit in _SIZE_UNITS:
        value /= 1000
        if value < 1000 or unit == _SIZE_UNITS[-1]:
            return f"{value:.0f} {unit}" if value >= 100 else f"{value:.1f} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


def format_date_of_birth(text: str | None, *, today: date | None = None) -> str | None:
    """``1984-06-03`` → ``3 Jun 1984 (41 y)``; text that is not an ISO date is shown as sent."""
    if not text or not text.strip():
        return None
    match = _ISO_DATE_PREFIX.match(text)
    if match is None:
        return text.strip()
    try:
        born = date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return text.strip()
    current = today or date.today()
    age = current.year - born.year - ((current.month, current.day) < (born.month, born.day))
    if 0 <= age < 150:
        return f"{format_date(born)} ({age} y)"
    return format_date(born)


def format_gender(gender: str | None) -> str | None:
    """The service sends ``M`` or ``F``; anything else is shown as sent."""
    if not gender or not gender.strip():
        return None
    value = gender.strip()
    return {"M": "Male", "F": "Female"}.get(value.upper(), value)


def identifier_label(identifier: str | None) -> str | None:
    """A wire identifier as a label: ``FullContour`` → ``Full contour``; ``PMMA`` stays."""
    if not identifier or not identifier.strip():
        return None
    value = identifier.strip()
    # Short all-caps identifiers are acronyms (PMMA, PFM, CAD) and stay as they are.
    if value.isupper():
        return value
    return humanize_identifier(value)
