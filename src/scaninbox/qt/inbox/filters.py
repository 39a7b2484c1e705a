"""What the inbox's filter bar asks for, as plain values: the text, statuses, sources, dates.

``FilterState`` is what the bar edits, what the window persists and what the model turns into
the store's ``CaseFilter`` (``to_case_filter``, which imports the store only when called so the
window can be built before the store and its wire models are loaded).

Received-date presets are local calendar days ("Today" is today where the lab is). The store
filters on UTC calendar dates, so a local day is widened to every UTC date it touches: a case
received late yesterday evening may show under "Today" in zones far from UTC, but no case of
the chosen days is ever hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from scaninbox.language import QT_TRANSLATE_NOOP, translate

if TYPE_CHECKING:
    from scaninbox.store import CaseFilter

__all__ = [
    "DatePreset",
    "DuePreset",
    "FilterState",
    "delivery_range",
    "received_range",
    "to_case_filter",
]


class DatePreset(StrEnum):
    ANY = "any"
    TODAY = "today"
    LAST_7_DAYS = "7d"
    LAST_30_DAYS = "30d"
    CUSTOM = "custom"

    @property
    def label(self) -> str:
        return translate("InboxFilters", _PRESET_LABELS[self])


_PRESET_LABELS = {
    DatePreset.ANY: QT_TRANSLATE_NOOP("InboxFilters", "Any time"),
    DatePreset.TODAY: QT_TRANSLATE_NOOP("InboxFilters", "Today"),
    DatePreset.LAST_7_DAYS: QT_TRANSLATE_NOOP("InboxFilters", "Last 7 days"),
    DatePreset.LAST_30_DAYS: QT_TRANSLATE_NOOP("InboxFilters", "Last 30 days"),
    DatePreset.CUSTOM: QT_TRANSLATE_NOOP("InboxFilters", "Custom…"),
}
_PRESET_DAYS = {DatePreset.TODAY: 1, DatePreset.LAST_7_DAYS: 7, DatePreset.LAST_30_DAYS: 30}


class DuePreset(StrEnum):
    """Which requested delivery dates to show, of open work only: "overdue" is the domain's
    rule (``domain.delivery_urgency``: a date before today, and the work not complete,
    cancelled or rejected), what the inbox paints red."""

    ANY = "any"
    OVERDUE = "overdue"
    TODAY = "today"
    TOMORROW = "tomorrow"
    THIS_WEEK = "7d"

    @property
    def label(self) -> str:
        return translate("InboxFilters", _DUE_LABELS[self])


_DUE_LABELS = {
    DuePreset.ANY: QT_TRANSLATE_NOOP("InboxFilters", "Due: any time"),
    DuePreset.OVERDUE: QT_TRANSLATE_NOOP("InboxFilters", "Overdue"),
    DuePreset.TODAY: QT_TRANSLATE_NOOP("InboxFilters", "Due today"),
    DuePreset.TOMORROW: QT_TRANSLATE_NOOP("InboxFilters", "Due tomorrow"),
    DuePreset.THIS_WEEK: QT_TRANSLATE_NOOP("InboxFilters", "Due in the next 7 days"),
}


@dataclass(frozen=True, slots=True)
class FilterState:
    """The inbox filters as the person set them. Empty sets mean "any"."""

    text: str = ""
    statuses: frozenset[str] = field(default_factory=frozenset)
    sources: frozenset[str] = field(default_factory=frozenset)
    preset: DatePreset = DatePreset.ANY
    custom_from: date | None = None  # local calendar days, inclusive (CUSTOM only)
    custom_to: date | None = None
    due: DuePreset = DuePreset.ANY
    unread_only: bool = False

    @property
    def is_default(self) -> bool:
        return self == FilterState()

    def with_text(self, text: str) -> FilterState:
        return replace(self, text=text)

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "statuses": sorted(self.statuses),
            "sources": sorted(self.sources),
            "preset": self.preset.value,
            "from": self.custom_from.isoformat() if self.custom_from else None,
            "to": self.custom_to.isoformat() if self.custom_to else None,
            "due": self.due.value,
            "unread_only": self.unread_only,
        }

    @classmethod
    def from_json(cls, data: object) -> FilterState:
        """Read what ``to_json`` wrote; anything unreadable falls back to "no filter"."""
        if not isinstance(data, dict):
            return cls()
        try:
            preset = DatePreset(str(data.get("preset", DatePreset.ANY.value)))
        except ValueError:
            preset = DatePreset.ANY
        try:
            due = DuePreset(str(data.get("due", DuePreset.ANY.value)))
        except ValueError:
            due = DuePreset.ANY
        return cls(
            text=str(data.get("text") or "")[:500],
            statuses=_strings(data.get("statuses")),
            sources=_strings(data.get("sources")),
            preset=preset,
            custom_from=_day(data.get("from")),
            custom_to=_day(data.get("to")),
            due=due,
            unread_only=data.get("unread_only") is True,
        )


def received_range(
    state: FilterState, *, today: date | None = None
) -> tuple[date | None, date | None]:
    """The local calendar days (first, last; inclusive) the state's date filter covers."""
    today = today or date.today()
    if state.preset is DatePreset.CUSTOM:
        first, last = state.custom_from, state.custom_to
        if first is not None and last is not None and first > last:
            first, last = last, first
        return first, last
    days = _PRESET_DAYS.get(state.preset)
    if days is None:
        return None, None
    return today - timedelta(days=days - 1), today


def delivery_range(due: DuePreset, *, today: date | None = None) -> tuple[date | None, date | None]:
    """The requested delivery dates (first, last; inclusive) ``due`` covers. Delivery dates are
    calendar days as the portal sent them: no time zone to convert."""
    today = today or date.today()
    if due is DuePreset.OVERDUE:
        return None, today - timedelta(days=1)
    if due is DuePreset.TODAY:
        return today, today
    if due is DuePreset.TOMORROW:
        return today + timedelta(days=1), today + timedelta(days=1)
    if due is DuePreset.THIS_WEEK:
        return today, today + timedelta(days=6)
    return None, None


def to_case_filter(state: FilterState, *, today: date | None = None) -> CaseFilter:
    """The store's filter for ``state`` (see the module docstring on local days)."""
    from scaninbox.store import CaseFilter

    first, last = received_range(state, today=today)
    due_from, due_to = delivery_range(state.due, today=today)
    return CaseFilter(
        text=state.text.strip(),
        statuses=state.statuses,
        sources=state.sources,
        received_from=_utc_day(first, time.min) if first else None,
        received_to=_utc_day(last, time.max) if last else None,
        delivery_from=due_from,
        delivery_to=due_to,
        open_only=state.due is not DuePreset.ANY,
        unread_only=state.unread_only,
    )


def _utc_day(day: date, moment: time) -> date:
    local = datetime.combine(day, moment).astimezone()  # the computer's zone
    return local.astimezone(UTC).date()


def _strings(value: object) -> frozenset[str]:
    if not isinstance(value, list):
        return frozenset()
    return frozenset(str(v) for v in value if isinstance(v, str) and v)


def _day(value: object) -> date | None:
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None
