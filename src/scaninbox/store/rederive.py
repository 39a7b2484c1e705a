"""Re-filling the derived columns of every stored case from the wire JSON kept beside them.

Runs when ``derive.DERIVATION_VERSION`` is newer than what filled the rows: the JSON is the
truth, the columns are a cache of it. A row whose JSON no longer reads is left as it was.
"""

from __future__ import annotations

import logging
import sqlite3

from pydantic import ValidationError

from scaninbox.api.wire import UnifiedCase
from scaninbox.store.derive import derive_columns, unpack_json

__all__ = ["rederive_all"]

_log = logging.getLogger(__name__)
_BATCH = 500


def rederive_all(conn: sqlite3.Connection) -> int:
    """Re-derive every case inside the caller's transaction; returns how many rows were updated."""
    updated = 0
    last_id = 0
    while True:
        batch = conn.execute(
            "SELECT id, wire_json_z FROM cases WHERE id > ? ORDER BY id LIMIT ?", (last_id, _BATCH)
        ).fetchall()
        if not batch:
            return updated
        for case_id, raw in batch:
            last_id = case_id
            try:
                columns = derive_columns(UnifiedCase.model_validate_json(unpack_json(raw)))
            except (ValidationError, ValueError) as exc:
                _log.warning("stored case %s cannot be re-read: %s", case_id, exc)
                continue
            names = list(columns.values)
            conn.execute(
                f"UPDATE cases SET {', '.join(f'{n} = ?' for n in names)} WHERE id = ?",  # noqa: S608
                [*(columns.values[n] for n in names), case_id],
            )
            updated += 1
