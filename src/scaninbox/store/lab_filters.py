"""The inbox's lab filters as SQL on ``cases``: mine, unclaimed, rescan needed.

Read from this workstation's copy of the hub's log (``lab_events``, schema step 5), whose
order is the hub's: the latest claim or release of a case says who holds it, the latest
decision what the lab decided. Events still waiting in the outbox are not counted: a filter
shows what the lab agrees on.
"""

from __future__ import annotations

from typing import Any

__all__ = ["LAB_FILTERS", "lab_filter_sql"]

LAB_FILTERS = ("mine", "unclaimed", "rescan")

_HOLDER = (
    "(SELECT CASE WHEN e.kind = 'claim' THEN e.by_email END FROM lab_events e "
    "WHERE e.case_ref = cases.ref AND e.kind IN ('claim', 'release') "
    "ORDER BY e.seq DESC LIMIT 1)"
)
_DECISION = (
    "(SELECT json_extract(e.body, '$.value') FROM lab_events e "
    "WHERE e.case_ref = cases.ref AND e.kind = 'decision' ORDER BY e.seq DESC LIMIT 1)"
)


def lab_filter_sql(kind: str, me: str) -> tuple[str, list[Any]]:
    """The condition for ``kind`` (one of ``LAB_FILTERS``; ``me``: the person's e-mail)."""
    if kind == "mine":
        return f"lower({_HOLDER}) = lower(?)", [me]
    if kind == "unclaimed":
        return f"{_HOLDER} IS NULL", []
    if kind == "rescan":
        return f"{_DECISION} = 'rescan'", []
    raise ValueError(f"a lab filter is one of {', '.join(LAB_FILTERS)}, not {kind!r}")
