"""Words the rest of the program agrees on: jaws, statuses, file kinds, worktype categories.

Wire values stay strings (the service may add values; we must not fail on them); these helpers
map them to the few things the program reasons about, and to labels a technician reads.
"""

from __future__ import annotations

import functools
import re
from enum import StrEnum

__all__ = [
    "CATEGORIES",
    "CLOSED_STATUSES",
    "OPEN_STATUSES",
    "STATUS_LABELS",
    "FileKind",
    "Jaw",
    "humanize_identifier",
    "scan_jaw",
    "status_label",
]


class Jaw(StrEnum):
    UPPER = "upper"
    LOWER = "lower"
    BITE = "bite"
    NONE = "none"


class FileKind(StrEnum):
    """The three kinds of file a case has, each with its own signed-URL endpoint."""

    SCAN = "scan"
    ORDER_FORM = "order-form"
    MISC = "misc"


# Documented states: new, accepted; the variant adds the rest.
STATUS_LABELS: dict[str, str] = {
    "new": "New",
    "accepted": "Accepted",
    "rejected": "Rejected",
    "in_production": "In production",
    "complete": "Complete",
    "cancelled": "Cancelled",
}

# Work still to deliver: a delivery date means something. Every status above is in one of the two.
OPEN_STATUSES = frozenset({"new", "accepted", "in_production"})
# Finished or refused work: its delivery date no longer asks for anything.
CLOSED_STATUSES = frozenset({"rejected", "complete", "cancelled"})

CATEGORIES = ("Fixed", "Removable", "Appliance", "Orthodontics")


def status_label(status: str | None) -> str:
    if not status:
        return "—"
    return STATUS_LABELS.get(status, humanize_identifier(status))


def scan_jaw(jaw: str | None, scan_type: str | None) -> Jaw:
    """The jaw a scan shows. The guid shape marks a bite scan by its type, the variant by jaw."""
    value = (jaw or "").strip().lower()
    if value in ("upper", "maxilla", "maxillary"):
        return Jaw.UPPER
    if value in ("lower", "mandible", "mandibular"):
        return Jaw.LOWER
    if value == "bite" or (scan_type or "").lower() == "bitescan":
        return Jaw.BITE
    return Jaw.NONE


_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|_")


@functools.lru_cache(maxsize=4096)  # a few hundred identifiers recur across every case
def humanize_identifier(identifier: str) -> str:
    """``PorcelainFusedToMetal`` → ``Porcelain fused to metal``; ``a_b`` → ``A b``.

    Used for labels of PascalCase wire identifiers.
    """
    words = [w for w in _CAMEL_BOUNDARY.split(identifier) if w]
    if not words:
        return identifier
    first, *rest = words
    tail = [w if w.isupper() and len(w) > 1 else w.lower() for w in rest]
    return " ".join([first[:1].upper() + first[1:], *tail])
