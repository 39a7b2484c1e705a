"""How pressing a case's delivery date is — one rule for the inbox, the case pane and the CLI.

Only open work can be late: a case that is complete, cancelled or rejected is never overdue,
whatever its date says. A status the vocabulary does not know (the service may add values) is
taken as open: a reminder too many is safer than an overdue case nobody is told about.
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum

from scaninbox.domain.vocabulary import CLOSED_STATUSES

__all__ = ["DUE_SOON_DAYS", "Urgency", "delivery_urgency", "is_open_status"]

DUE_SOON_DAYS = 2  # "due soon": tomorrow or the day after


class Urgency(StrEnum):
    """How pressing a delivery date is."""

    OVERDUE = "overdue"
    DUE_TODAY = "due-today"
    DUE_SOON = "due-soon"  # within DUE_SOON_DAYS days
    LATER = "later"
    NOT_APPLICABLE = "not-applicable"  # no usable date, or the work is no longer open

    @property
    def needs_attention(self) -> bool:
        """Overdue, due today or due soon: what the inbox and the case pane highlight."""
        return self in (Urgency.OVERDUE, Urgency.DUE_TODAY, Urgency.DUE_SOON)


def is_open_status(status: str | None) -> bool:
    """Whether work in ``status`` is still to be delivered (unknown and missing count as open)."""
    return (status or "").strip().lower() not in CLOSED_STATUSES


def delivery_urgency(
    delivery: date | None, *, status: str | None, today: date | None = None
) -> Urgency:
    """The urgency of delivering on ``delivery`` for a case in ``status``."""
    if delivery is None or not is_open_status(status):
        return Urgency.NOT_APPLICABLE
    days_left = (delivery - (today or date.today())).days
    if days_left < 0:
        return Urgency.OVERDUE
    if days_left == 0:
        return Urgency.DUE_TODAY
    if days_left <= DUE_SOON_DAYS:
        return Urgency.DUE_SOON
    return Urgency.LATER
