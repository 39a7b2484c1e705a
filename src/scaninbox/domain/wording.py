"""Times, dates, sizes and deadlines as a lab technician reads them, in local time.

One wording for the window (inbox table, case pane, status bar), the QC report and the command
line: plain Python, no Qt. Words go through :func:`scaninbox.language.translate`; dates, weekdays
and decimal numbers through the current language (``language.current()``), never ``strftime``:
Qt sets the C locale from the environment when the application starts, and a German ``Mär`` in
an English interface reads as a bug. The command line speaks plain English, so its output does
not change with the language. Naive datetimes are taken to be UTC, because that is what the
service sends; aware ones are converted to the computer's local zone.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

from scaninbox import language
from scaninbox.domain.vocabulary import vocabulary_label
from scaninbox.language import translate

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
    """``12 Mar 2025``; ``Wed 12 Mar 2025`` with the weekday; ``12 Mar`` without the year
    (German: ``Mi. 12. März 2025``)."""
    return language.current().date_text(day, with_weekday=with_weekday, with_year=with_year)


def exact_time(moment: datetime) -> str:
    """The full local time for a tooltip: ``Wed 12 Mar 2025, 14:05:09 (UTC+01:00)``."""
    local = local_time(moment)
    offset = local.strftime("%z")
    zone = f"UTC{offset[:3]}:{offset[3:]}" if offset else translate("Wording", "local time")
    return translate("Wording", "{date}, {time} ({zone})").format(
        date=format_date(local.date(), with_weekday=True), time=f"{local:%H:%M:%S}", zone=zone
    )


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
        text = translate("Wording", "just now")
    elif age < timedelta(0):
        if days_back == 0:
            text = translate("Wording", "today {time}").format(time=clock)
        else:
            text = translate("Wording", "{day} {time}").format(day=day, time=clock)
    elif age < timedelta(hours=1):
        minutes = int(age.total_seconds() // 60)
        text = translate("Wording", "{minutes} min ago").format(minutes=minutes)
    elif days_back == 0:
        hours = int(age.total_seconds() // 3600)
        text = translate("Wording", "{hours} h ago").format(hours=hours)
    elif days_back == 1 and not compact:
        text = translate("Wording", "yesterday {time}").format(time=clock)
    elif days_back < 7:
        weekday = language.current().weekday_text(local.date())
        text = translate("Wording", "{weekday} {time}").format(weekday=weekday, time=clock)
    else:
        text = day
    return text


def delivery_phrase(delivery: date, *, today: date | None = None) -> str:
    """How far away a delivery is: ``today``, ``tomorrow``, ``in 5 days``, ``3 days overdue``."""
    days_left = (delivery - (today or date.today())).days
    if days_left == 0:
        return translate("Wording", "today")
    if days_left == 1:
        return translate("Wording", "tomorrow")
    if days_left < 0:
        return translate("Wording", "%n day(s) overdue", None, -days_left)
    return translate("Wording", "in %n day(s)", None, days_left)


def format_size(size_bytes: int | None) -> str:
    """Decimal units as file managers show them: ``512 B``, ``1.5 MB`` (German ``1,5 MB``);
    ``—`` when unknown."""
    if size_bytes is None or size_bytes < 0:
        return "—"
    if size_bytes < 1000:
        return f"{size_bytes} B"
    value = float(size_bytes)
    for unit in _SIZE_UNITS:
        value /= 1000
        if value < 1000 or unit == _SIZE_UNITS[-1]:
            number = language.current().number_text(value, 0 if value >= 100 else 1)
            return f"{number} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


def format_date_of_birth(text: str | None, *, today: date | None = None) -> str | None:
    """``1984-06-03`` → ``3 Jun 1984 (41 y)`` (German ``3. Juni 1984 (41 J.)``); text that is
    not an ISO date is shown as sent."""
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
        return translate("Wording", "{date} ({age} y)", "date of birth, age in years").format(
            date=format_date(born), age=age
        )
    return format_date(born)


def format_gender(gender: str | None) -> str | None:
    """The service sends ``M`` or ``F``; anything else is shown as sent."""
    if not gender or not gender.strip():
        return None
    value = gender.strip()
    if value.upper() == "M":
        return translate("Wording", "Male")
    if value.upper() == "F":
        return translate("Wording", "Female")
    return value


def identifier_label(identifier: str | None) -> str | None:
    """A wire identifier as a label: ``FullContour`` → ``Full contour``; ``PMMA`` stays; the
    trade's words in the person's language (``Crown`` → ``Krone``), for display only."""
    if not identifier or not identifier.strip():
        return None
    return vocabulary_label(identifier.strip())
