"""The QC scorecard: per clinic (or portal) and month, over the local store — cases checked, the
share of them with each kind of finding, and the rescans decided. Qt-free and argparse-free:
``scaninbox qc-stats`` prints it, the window can show it.

A case counts once, in the month of its last check; a kind counts when the kept result has a
finding of that kind at ``warn`` or ``fail`` (``info`` findings — sub-millimetre gaps every arch
has — are no problem a clinic should hear about). Rescans are the cases whose local decision is
"rescan needed".
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from scaninbox.store import CaseStore
    from scaninbox.store.qc_store import QcStatsRow

__all__ = ["ScoreLine", "Scorecard", "scorecard"]

By = Literal["clinic", "portal"]


@dataclass(slots=True)
class ScoreLine:
    """One clinic (or portal) in one month."""

    who: str
    month: str  # YYYY-MM
    checked: int = 0
    rescans: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    failed: int = 0

    def share(self, kind: str) -> float:
        return self.kinds[kind] / self.checked if self.checked else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "who": self.who,
            "month": self.month,
            "checked": self.checked,
            "failed": self.failed,
            "rescans": self.rescans,
            "kinds": {
                kind: {"cases": n, "share": round(self.share(kind), 3)}
                for kind, n in sorted(self.kinds.items())
            },
        }


@dataclass(frozen=True, slots=True)
class Scorecard:
    by: By
    lines: tuple[ScoreLine, ...]

    def to_json(self) -> dict[str, object]:
        return {"by": self.by, "lines": [line.to_json() for line in self.lines]}


def scorecard(store: CaseStore, by: By = "clinic") -> Scorecard:
    from scaninbox.store.qc_store import qc_stats_rows

    return scorecard_of(qc_stats_rows(store), by)


def scorecard_of(rows: list[QcStatsRow], by: By = "clinic") -> Scorecard:
    lines: dict[tuple[str, str], ScoreLine] = {}
    for row in rows:
        who = (row.clinic if by == "clinic" else row.portal) or "(unknown)"
        month = row.checked_at.astimezone().strftime("%Y-%m")
        line = lines.setdefault((who, month), ScoreLine(who, month))
        line.checked += 1
        line.rescans += row.decision == "rescan"
        kinds, failed = _kinds(row.result_json)
        line.kinds.update(kinds)
        line.failed += failed
    ordered = sorted(lines.values(), key=lambda line: (line.who.casefold(), line.month))
    return Scorecard(by, tuple(ordered))


def _kinds(text: str) -> tuple[set[str], bool]:
    """The kinds with a warn or fail finding in a kept result, and whether it failed."""
    try:
        data = json.loads(text)
    except ValueError:
        return set(), False
    findings = [f for s in data.get("scans", []) for f in s.get("findings", [])]
    findings += data.get("findings", [])
    kinds = {str(f["kind"]) for f in findings if f.get("severity") in ("warn", "fail")}
    return kinds, data.get("verdict") == "fail"
