"""Re-filling the derived columns of every stored case from the wire JSON kept beside them.

Runs when ``derive.DERIVATION_VERSION`` is newer than what filled the rows: the JSON is the
truth, the columns are a cache of it. The JSON itself and its digest are rewritten in the form
this version keeps, so that the next sync recognises unchanged cases (JSON kept before version 5
has every member, null when the service left it out: it is kept so, as there is no telling
which members were left out). A row whose JSON no longer reads is left as it was.
"""

from __future__ import annotations

import logging
import sqlite3

from pydantic import ValidationError

from scaninbox.api.wire import CASE_DICTS
from scaninbox.store.derive import derive_columns, pack_json, unpack_json

__all__ = ["rederive_all"]

_log = logging.getLogger(__name__)
_BATCH = 500


def rederive_all(conn: sqlite3.Connection) -> int:
    """Re-derive every case inside the caller's transaction; returns how many rows were updated.

    The search index is rebuilt from the new columns at the end (the store keeps it, schema
    step 3; one rebuild costs far less than taking each row out and in again)."""
    updated = 0
    last_id = 0
    while True:
        batch = conn.execute(
            "SELECT id, wire_json_z FROM cases WHERE id > ? ORDER BY id LIMIT ?", (last_id, _BATCH)
        ).fetchall()
        if not batch:
            conn.execute("INSERT INTO case_search (case_search) VALUES ('rebuild')")
            return updated
        for case_id, raw in batch:
            last_id = case_id
            try:
                columns = derive_columns(CASE_DICTS.validate_json(unpack_json(raw)))
            except (ValidationError, ValueError) as exc:
                _log.warning("stored case %s cannot be re-read: %s", case_id, exc)
                continue
            names = list(columns.values)
            conn.execute(
                f"UPDATE cases SET {', '.join(f'{n} = ?' for n in names)}, "  # noqa: S608
                "wire_json_z = ?, json_sha256 = ? WHERE id = ?",
                [
                    *(columns.values[n] for n in names),
                    pack_json(columns.wire_json),
                    columns.json_sha256,
                    case_id,
                ],
            )
            updated += 1
