"""Scan QC kept with the case: the last result and the local QC decision.

The service is read-only, so the decision a QC reviewer takes — "ready to accept" or "rescan
needed", a note, who and when — lives only here. It is keyed by the case's reference, never by a
row that a sync could replace, and syncs never touch it; it is there offline too.

A result is kept with the key of the files it checked (`files_key`: the scans' names and content
hashes, and the QC version): when a scan changes on the service and is fetched again, the key
no longer matches and the case is checked again. The store does not know what a QC result means:
it keeps the JSON the command line prints and its verdict.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from scaninbox.domain import CaseRef
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.store.case_store import CaseStore

__all__ = [
    "DECISIONS",
    "QcDecisionRecord",
    "QcResultRecord",
    "QcState",
    "QcStatsRow",
    "cases_with_files",
    "files_key",
    "qc_decision",
    "qc_result",
    "qc_states",
    "qc_stats_rows",
    "save_qc_result",
    "set_qc_decision",
    "suspect_signatures",
]

DECISIONS = {
    "ready": QT_TRANSLATE_NOOP("QcDecision", "Ready to accept"),
    "rescan": QT_TRANSLATE_NOOP("QcDecision", "Rescan needed"),
}


@dataclass(frozen=True, slots=True)
class QcResultRecord:
    files_key: str
    qc_version: int
    verdict: str
    result_json: str
    checked_at: datetime


@dataclass(frozen=True, slots=True)
class QcDecisionRecord:
    decision: str  # "ready" or "rescan"
    note: str
    who: str
    decided_at: datetime

    @property
    def label(self) -> str:
        known = DECISIONS.get(self.decision)
        return translate("QcDecision", known) if known else self.decision


def files_key(scans: Sequence[tuple[str, str | None]], qc_version: int) -> str:
    """The key of a set of scans: (name, content SHA-256) in order, and the QC version."""
    text = "\n".join(f"{name}\t{sha or ''}" for name, sha in scans) + f"\nqc {qc_version}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def save_qc_result(
    store: CaseStore,
    ref: CaseRef,
    *,
    key: str,
    qc_version: int,
    verdict: str,
    result_json: str,
    checked_at: datetime | None = None,
) -> bool:
    """Keep the result of case ``ref`` (replacing the last one). False when the case is unknown."""
    moment = (checked_at or datetime.now(UTC)).timestamp()
    with store.transaction() as tx:
        found = tx.execute(
            "SELECT id FROM cases WHERE ref = ? AND ref_numeric = ?", (ref.value, int(ref.numeric))
        ).fetchone()
        if found is None:
            return False
        tx.execute(
            "INSERT OR REPLACE INTO qc_results "
            "(case_id, files_key, qc_version, verdict, result_json, checked_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (found[0], key, qc_version, verdict, result_json, moment),
        )
    return True


def qc_result(store: CaseStore, ref: CaseRef) -> QcResultRecord | None:
    rows = store.query(
        "SELECT q.files_key, q.qc_version, q.verdict, q.result_json, q.checked_at "
        "FROM qc_results q JOIN cases c ON c.id = q.case_id "
        "WHERE c.ref = ? AND c.ref_numeric = ?",
        (ref.value, int(ref.numeric)),
    )
    if not rows:
        return None
    key, version, verdict, text, checked = rows[0]
    return QcResultRecord(key, int(version), verdict, text, datetime.fromtimestamp(checked, UTC))


def set_qc_decision(
    store: CaseStore,
    ref: CaseRef,
    decision: str,
    *,
    note: str = "",
    who: str,
    when: datetime | None = None,
) -> QcDecisionRecord:
    """Record the local QC decision for case ``ref`` ("ready" or "rescan"), replacing any."""
    if decision not in DECISIONS:
        raise ValueError(f"a QC decision is one of {', '.join(DECISIONS)}, not {decision!r}")
    moment = when or datetime.now(UTC)
    with store.transaction() as tx:
        tx.execute(
            "INSERT OR REPLACE INTO qc_decisions "
            "(ref, ref_numeric, decision, note, who, decided_at) VALUES (?, ?, ?, ?, ?, ?)",
            (ref.value, int(ref.numeric), decision, note, who, moment.timestamp()),
        )
    return QcDecisionRecord(decision, note, who, moment)


def qc_decision(store: CaseStore, ref: CaseRef) -> QcDecisionRecord | None:
    rows = store.query(
        "SELECT decision, note, who, decided_at FROM qc_decisions "
        "WHERE ref = ? AND ref_numeric = ?",
        (ref.value, int(ref.numeric)),
    )
    if not rows:
        return None
    decision, note, who, when = rows[0]
    return QcDecisionRecord(decision, note, who, datetime.fromtimestamp(when, UTC))


@dataclass(frozen=True, slots=True)
class QcState:
    """What the inbox shows of a case's QC: the kept verdict and the local decision."""

    verdict: str | None  # "pass", "warn", "fail"; None: not checked
    decision: str | None  # "ready", "rescan"; None: not decided
    who: str = ""
    # The verdict was made on other scans than those cached now (`services.qc_queue.
    # outdated_results`): it must not be shown as current.
    stale: bool = False


def wanted_refs(refs: Sequence[CaseRef]) -> tuple[str, list[object]]:
    """``WITH wanted(ref, numeric) AS (VALUES …)`` for ``refs``, and its parameters.

    The inbox asks about a block of rows at a time, never per painted cell: a small VALUES list
    joined to tables keyed per case stays one index lookup per ref.
    """
    params: list[object] = []
    for ref in refs:
        params += [ref.value, int(ref.numeric)]
    values = ", ".join("(?, ?)" for _ in refs)
    return f"WITH wanted(ref, numeric) AS (VALUES {values}) ", params  # placeholders only


def qc_states(store: CaseStore, refs: Sequence[CaseRef]) -> dict[CaseRef, QcState]:
    """The QC state of those of ``refs`` that have one — one statement for a block of rows."""
    if not refs:
        return {}
    wanted, params = wanted_refs(refs)
    rows = store.query(
        wanted  # noqa: S608 — placeholders only (wanted_refs)
        + "SELECT w.ref, w.numeric, q.verdict, d.decision, d.who FROM wanted w "
        "LEFT JOIN cases c ON c.ref = w.ref AND c.ref_numeric = w.numeric "
        "LEFT JOIN qc_results q ON q.case_id = c.id "
        "LEFT JOIN qc_decisions d ON d.ref = w.ref AND d.ref_numeric = w.numeric "
        "WHERE q.verdict IS NOT NULL OR d.decision IS NOT NULL",
        params,
    )
    return {
        CaseRef(ref, bool(numeric)): QcState(verdict, decision, who or "")
        for ref, numeric, verdict, decision, who in rows
    }


def suspect_signatures(
    store: CaseStore, refs: Sequence[CaseRef], *, scan_kind: str, qc_version: int
) -> dict[CaseRef, str]:
    """Those of ``refs`` with a kept result of ``qc_version`` that a scan file fetched, or a
    change of the case, came after — each with a signature of what it would be checked against
    now (the kept key, the case's change time, the cached scans' names and hashes)."""
    if not refs:
        return {}
    wanted, params = wanted_refs(refs)
    rows = store.query(
        wanted  # noqa: S608 — placeholders only (wanted_refs)
        + "SELECT c.ref, c.ref_numeric, q.files_key || ' ' || c.updated_at || ' ' || "
        "(SELECT group_concat(f.name || ':' || f.file_type || ':' || f.sha256, '/') FROM "
        "(SELECT name, file_type, sha256 FROM files WHERE case_id = c.id AND kind = ? "
        "ORDER BY name, file_type) f) "
        "FROM wanted w "
        "JOIN cases c ON c.ref = w.ref AND c.ref_numeric = w.numeric "
        "JOIN qc_results q ON q.case_id = c.id "
        "WHERE q.qc_version = ? AND c.removed_at IS NULL AND (c.updated_at > q.checked_at "
        "OR EXISTS (SELECT 1 FROM files f WHERE f.case_id = c.id AND f.kind = ? "
        "AND f.fetched_at > q.checked_at))",
        [*params, scan_kind, qc_version, scan_kind],
    )
    return {CaseRef(value, numeric=bool(numeric)): str(sign) for value, numeric, sign in rows}


def cases_with_files(store: CaseStore, kind: str, *, leaving_out_type: str) -> list[CaseRef]:
    """Cases (not removed) with at least one cached file of ``kind`` other than of type
    ``leaving_out_type``."""
    rows = store.query(
        "SELECT DISTINCT c.ref, c.ref_numeric FROM cases c JOIN files f ON f.case_id = c.id "
        "WHERE f.kind = ? AND f.file_type != ? AND c.removed_at IS NULL",
        (kind, leaving_out_type),
    )
    return [CaseRef(ref, numeric=bool(numeric)) for ref, numeric in rows]


@dataclass(frozen=True, slots=True)
class QcStatsRow:
    """One checked case for the scorecard: who sent it, when it was checked, what QC kept of
    it, and the local decision."""

    clinic: str
    portal: str
    checked_at: datetime
    result_json: str
    decision: str | None


def qc_stats_rows(store: CaseStore) -> list[QcStatsRow]:
    """Every case (not removed) with a kept QC result, oldest check first."""
    rows = store.query(
        "SELECT c.clinic, c.source, q.checked_at, q.result_json, d.decision "
        "FROM qc_results q JOIN cases c ON c.id = q.case_id "
        "LEFT JOIN qc_decisions d ON d.ref = c.ref AND d.ref_numeric = c.ref_numeric "
        "WHERE c.removed_at IS NULL ORDER BY q.checked_at",
        (),
    )
    return [
        QcStatsRow(clinic or "", source or "", datetime.fromtimestamp(when, UTC), text, decision)
        for clinic, source, when, text, decision in rows
    ]
