"""Cases that might be the same as a given one, for QC's duplicate check.

A superset from indexed columns — the same folded patient name, or the case's external id among
a case's external ids from the same portal; `scaninbox.qc` then compares date of birth and
received dates. Removed cases are left out.
"""

from __future__ import annotations

from scaninbox.api import to_case
from scaninbox.api.wire import UnifiedCase
from scaninbox.domain import Case
from scaninbox.store.case_store import CaseStore
from scaninbox.store.derive import fold, unpack_json

__all__ = ["StoreDuplicates"]

_LIMIT = 200


class StoreDuplicates:
    """`scaninbox.qc.DuplicateSource` over the local store."""

    def __init__(self, store: CaseStore) -> None:
        self._store = store

    def duplicate_candidates(self, case: Case) -> list[Case]:
        name = fold(case.patient_name or "")
        external = fold(case.external_id or "")
        if not name and not external:
            return []
        rows = self._store.query(
            "SELECT wire_json_z FROM cases WHERE removed_at IS NULL AND ("
            "(? != '' AND patient_key = ?) OR "
            "(? != '' AND source = ? AND instr(' ' || external_ids || ' ', ' ' || ? || ' ') > 0)"
            ") LIMIT ?",
            (name, name, external, case.source or "", external, _LIMIT),
        )
        found = []
        for (raw,) in rows:
            other = to_case(UnifiedCase.model_validate_json(unpack_json(raw)))
            if other.ref != case.ref:
                found.append(other)
        return found
