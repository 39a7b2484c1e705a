"""The lab hub's events on this workstation: the outbox and the copy of the hub's log.

An event made here (a QC decision, a claim, a note…) is first written to ``lab_outbox`` in one
SQLite transaction, so it survives the hub being away and the program being killed. The sender
(``scaninbox.lab.exchange``) deletes it only after the hub committed it; its UUID, made here,
lets the hub ignore a second copy, so a send cut short by a crash is simply repeated. A claim the
hub refuses stays in the outbox marked ``refused`` with the hub's reason until the person has
been told (``dismiss_refused``).

``lab_events`` holds the hub's log as far as this workstation has read it, in the hub's order
(its sequence numbers): the current state of a case is derived from it (``scaninbox.lab.state``)
online and offline alike, and the next read starts after its highest sequence number. The
hub's identity is kept in ``meta``; a different hub (a new ``[lab] url``) starts the copy anew.

The store does not know what the events mean: kinds and bodies are the lab room's.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from scaninbox.store.case_store import CaseStore

__all__ = [
    "LabEvent",
    "adopt_lab_decisions",
    "case_events",
    "dismiss_refused",
    "events_of_cases",
    "keep_hub_events",
    "keep_hub_rows",
    "last_seq",
    "mark_refused",
    "mark_sent",
    "queue_event",
    "refused_events",
    "use_hub",
    "waiting_count",
    "waiting_events",
]

_HUB_KEY = "lab_hub_id"
# How far the hub's log was read, in its order: the next read starts after it. Not max(seq):
# an event sent from here is kept with its number at once, before the events of other desks
# numbered below it have been read.
_READ_KEY = "lab_read_seq"


@dataclass(frozen=True, slots=True)
class LabEvent:
    """One entry of the lab's log. ``seq`` and ``recorded_at`` are the hub's (None while the
    event waits in this workstation's outbox)."""

    id: str
    case_ref: str
    kind: str
    by: str
    made_at: datetime
    body: Mapping[str, Any] = field(default_factory=dict)
    seq: int | None = None
    recorded_at: datetime | None = None

    @property
    def waiting(self) -> bool:
        return self.seq is None


def queue_event(store: CaseStore, event: LabEvent) -> None:
    """Keep ``event`` in the outbox (a second call with the same id changes nothing)."""
    with store.transaction() as tx:
        tx.execute(
            "INSERT OR IGNORE INTO lab_outbox (id, case_ref, kind, by_email, made_at, body) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                event.id,
                event.case_ref,
                event.kind,
                event.by,
                event.made_at.timestamp(),
                json.dumps(dict(event.body), ensure_ascii=False, sort_keys=True),
            ),
        )


_OUTBOX_COLUMNS = "id, case_ref, kind, by_email, made_at, body"


def waiting_events(store: CaseStore, limit: int | None = None) -> list[LabEvent]:
    """The events not yet sent, oldest first."""
    sql = f"SELECT {_OUTBOX_COLUMNS} FROM lab_outbox WHERE refused IS NULL ORDER BY position"  # noqa: S608 — fixed columns
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return [_outbox_event(row) for row in store.query(sql)]


def waiting_count(store: CaseStore) -> int:
    rows = store.query("SELECT count(*) FROM lab_outbox WHERE refused IS NULL")
    return int(rows[0][0])


def refused_events(store: CaseStore) -> list[tuple[LabEvent, str]]:
    """Events the hub refused (a claim of a case someone else holds), with its reason."""
    rows = store.query(
        f"SELECT {_OUTBOX_COLUMNS}, refused FROM lab_outbox "  # noqa: S608 — fixed columns
        "WHERE refused IS NOT NULL ORDER BY position"
    )
    return [(_outbox_event(row[:6]), str(row[6])) for row in rows]


def mark_sent(store: CaseStore, event: LabEvent, seq: int, recorded_at: datetime | None) -> None:
    """The hub holds ``event`` as number ``seq``: it leaves the outbox and joins the copy of
    the log in one transaction (it is never shown twice, nor missing in between)."""
    with store.transaction() as tx:
        tx.execute("DELETE FROM lab_outbox WHERE id = ?", (event.id,))
        tx.execute(
            "INSERT OR IGNORE INTO lab_events "
            "(seq, id, case_ref, kind, by_email, made_at, recorded_at, body) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                seq,
                event.id,
                event.case_ref,
                event.kind,
                event.by,
                event.made_at.timestamp(),
                (recorded_at or event.made_at).timestamp(),
                json.dumps(dict(event.body), ensure_ascii=False, sort_keys=True),
            ),
        )


def mark_refused(store: CaseStore, event_id: str, reason: str) -> None:
    with store.transaction() as tx:
        tx.execute("UPDATE lab_outbox SET refused = ? WHERE id = ?", (reason, event_id))


def dismiss_refused(store: CaseStore, ids: Iterable[str]) -> None:
    """The person has been told of these refusals: they go."""
    with store.transaction() as tx:
        tx.executemany(
            "DELETE FROM lab_outbox WHERE id = ? AND refused IS NOT NULL", [(i,) for i in ids]
        )


def use_hub(store: CaseStore, hub_id: str) -> bool:
    """Remember which hub the copy is of; True when it was another one (the copy is emptied)."""
    if store.meta(_HUB_KEY) == hub_id:
        return False
    with store.transaction() as tx:
        tx.execute("DELETE FROM lab_events")
        tx.execute("DELETE FROM meta WHERE key = ?", (_READ_KEY,))
        tx.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (_HUB_KEY, hub_id))
    return True


def last_seq(store: CaseStore) -> int:
    """The highest sequence number of the hub's log read so far (0: none)."""
    found = store.meta(_READ_KEY)
    return int(found) if found else 0


def keep_hub_events(store: CaseStore, events: Sequence[LabEvent]) -> int:
    """Add events read from the hub (in one transaction; those already here are skipped)."""
    if not events:
        return 0
    rows = [
        (
            e.seq,
            e.id,
            e.case_ref,
            e.kind,
            e.by,
            e.made_at.timestamp(),
            (e.recorded_at or e.made_at).timestamp(),
            json.dumps(dict(e.body), ensure_ascii=False, sort_keys=True),
        )
        for e in events
    ]
    with store.transaction() as tx:
        before = tx.total_changes
        tx.executemany(
            "INSERT OR IGNORE INTO lab_events "
            "(seq, id, case_ref, kind, by_email, made_at, recorded_at, body) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        added = tx.total_changes - before
        _read_up_to(tx, max(int(r[0]) for r in rows if r[0] is not None))
        return added


def _read_up_to(tx: sqlite3.Connection, seq: int) -> None:
    tx.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
        "value = CASE WHEN CAST(value AS INTEGER) < CAST(excluded.value AS INTEGER) "
        "THEN excluded.value ELSE value END",
        (_READ_KEY, str(seq)),
    )


def keep_hub_rows(store: CaseStore, rows: Sequence[Sequence[Any]]) -> int:
    """``keep_hub_events`` for rows as the hub reads them in bulk: (seq, id, case_ref, kind,
    by, made_at and recorded_at as epoch seconds, body as JSON text)."""
    if not rows:
        return 0
    with store.transaction() as tx:
        before = tx.total_changes
        tx.executemany(
            "INSERT OR IGNORE INTO lab_events "
            "(seq, id, case_ref, kind, by_email, made_at, recorded_at, body) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        added = tx.total_changes - before
        _read_up_to(tx, max(int(r[0]) for r in rows))
        return added


def case_events(store: CaseStore, case_ref: str) -> list[LabEvent]:
    """A case's events: the hub's in its order, then those waiting here, oldest first."""
    return events_of_cases(store, [case_ref]).get(case_ref, [])


def events_of_cases(store: CaseStore, case_refs: Sequence[str]) -> dict[str, list[LabEvent]]:
    """The events of several cases at once (the inbox asks for a block of rows)."""
    found: dict[str, list[LabEvent]] = {}
    if not case_refs:
        return found
    marks = ", ".join("?" for _ in case_refs)
    hub_rows = store.query(
        "SELECT seq, id, case_ref, kind, by_email, made_at, recorded_at, body "  # noqa: S608
        f"FROM lab_events WHERE case_ref IN ({marks}) ORDER BY seq",
        list(case_refs),
    )
    for seq, event_id, ref, kind, by, made, recorded, body in hub_rows:
        found.setdefault(ref, []).append(
            LabEvent(
                event_id, ref, kind, by, _utc(made), json.loads(body), int(seq), _utc(recorded)
            )
        )
    waiting = store.query(
        f"SELECT {_OUTBOX_COLUMNS} FROM lab_outbox "  # noqa: S608 — placeholders only
        f"WHERE refused IS NULL AND case_ref IN ({marks}) ORDER BY position",
        list(case_refs),
    )
    for row in waiting:
        event = _outbox_event(row)
        found.setdefault(event.case_ref, []).append(event)
    return found


def _outbox_event(row: Sequence[Any] | sqlite3.Row) -> LabEvent:
    event_id, ref, kind, by, made, body = row
    return LabEvent(event_id, ref, kind, by, _utc(made), json.loads(body))


def _utc(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)


def adopt_lab_decisions(store: CaseStore) -> list[str]:
    """The lab's current QC decision of each case becomes this computer's too (``qc_decisions``:
    the QC column, the QC tab and the report show it), unless a decision made here still waits
    to be sent. The references of the cases whose decision changed."""
    with store.transaction() as tx:
        rows = tx.execute(
            "SELECT e.case_ref, json_extract(e.body, '$.value'), "
            "coalesce(json_extract(e.body, '$.note'), ''), e.by_email, e.made_at "
            "FROM lab_events e "
            "LEFT JOIN qc_decisions d ON d.ref = e.case_ref "
            "WHERE e.kind = 'decision' "
            "AND e.seq = (SELECT max(l.seq) FROM lab_events l "
            "             WHERE l.case_ref = e.case_ref AND l.kind = 'decision') "
            "AND json_extract(e.body, '$.value') IN ('ready', 'rescan') "
            "AND NOT EXISTS (SELECT 1 FROM lab_outbox o WHERE o.case_ref = e.case_ref "
            "                AND o.kind = 'decision' AND o.refused IS NULL) "
            "AND (d.ref IS NULL OR d.decision IS NOT json_extract(e.body, '$.value') "
            "     OR d.note IS NOT coalesce(json_extract(e.body, '$.note'), '') "
            "     OR d.who IS NOT e.by_email OR d.decided_at IS NOT e.made_at)"
        ).fetchall()
        for ref, value, note, by, made in rows:
            numeric = tx.execute(
                "SELECT ref_numeric FROM cases WHERE ref = ? ORDER BY ref_numeric LIMIT 1", (ref,)
            ).fetchone()
            tx.execute(
                "INSERT OR REPLACE INTO qc_decisions "
                "(ref, ref_numeric, decision, note, who, decided_at) VALUES (?, ?, ?, ?, ?, ?)",
                (ref, numeric[0] if numeric else int(ref.isdigit()), value, note, by, made),
            )
    return [str(r[0]) for r in rows]
