"""Case guids by their beginning: what a person types instead of 36 characters.

Only guids are looked up (a numeric id is complete as typed), only among the cases this
computer has stored (a sync keeps every listed case), and only from `MIN_PREFIX` characters: a
shorter beginning matches too easily, and a case opened by the wrong prefix is the wrong patient.
"""

from __future__ import annotations

from scaninbox.domain import CaseRef
from scaninbox.store.reading import StoreReader

__all__ = ["MIN_PREFIX", "refs_starting_with"]

MIN_PREFIX = 6


def refs_starting_with(store: StoreReader, prefix: str, *, limit: int = 10) -> list[CaseRef]:
    """Stored guids that are ``prefix`` itself or begin with it (letters in any case), at most
    ``limit``, in order; an exact match alone when there is one."""
    text = prefix.strip().lower()
    if len(text) < MIN_PREFIX:
        return []
    pattern = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    rows = store.query(
        "SELECT ref FROM cases WHERE ref_numeric = 0 AND lower(ref) LIKE ? ESCAPE '\\' "
        "ORDER BY lower(ref) LIMIT ?",
        (pattern, limit + 1),
    )
    refs = [CaseRef(str(r[0]), numeric=False) for r in rows]
    exact = [r for r in refs if r.value.lower() == text]
    return exact or refs[:limit]
