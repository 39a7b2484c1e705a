"""How ``scaninbox qc`` prints a result: one JSON object (``--json``) or lines for a person.

For a person, findings come worst first; more than three ``info`` findings of one kind in a scan
(a real arch has many sub-millimetre gaps) fold into one line with their count and the largest.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scaninbox.qc import KIND_TITLES, Finding, QcResult, Severity

if TYPE_CHECKING:
    from scaninbox.cli.options import GlobalOptions
    from scaninbox.cli.qc_commands import QcStatsOptions
    from scaninbox.services.qc_stats import Scorecard

__all__ = ["print_result", "result_lines", "run_stats", "scorecard_lines"]

_ORDER = {Severity.FAIL: 0, Severity.WARN: 1, Severity.INFO: 2}
_FOLD_AFTER = 3
_MAIN_FIGURE = {
    "hole": ("perimeter_mm", "mm"),
    "fragment": ("area_mm2", "mm²"),
    "bite_through": ("depth_mm", "mm"),
}


def print_result(
    result: QcResult, *, as_json: bool, title: str, case: Mapping[str, Any] | None = None
) -> None:
    """``case``: what JSON says first — the case reference and its recorded decision (both
    null when files were checked)."""
    head = dict(case) if case is not None else {"case": None, "decision": None}
    text = (
        json.dumps({**head, **result.to_json()}, ensure_ascii=False, indent=2)
        if as_json
        else "\n".join(result_lines(result, title))
    )
    stream = sys.stdout
    encoding = stream.encoding or "utf-8"
    stream.write(text.encode(encoding, errors="replace").decode(encoding) + "\n")


def result_lines(result: QcResult, title: str) -> list[str]:
    lines = [f"QC {result.verdict.upper()} — {title}"]
    for scan in result.scans:
        lines.append("")
        if scan.readable:
            x, y, z = scan.extent_mm
            lines.append(
                f"{scan.jaw:<6} {scan.file}: {scan.triangles:,} triangles, {scan.vertices:,} "
                f"points, {x:.1f} × {y:.1f} × {z:.1f} mm, edges {scan.mean_edge_mm:.2f} mm"
            )
        else:
            lines.append(f"{scan.jaw:<6} {scan.file}")
        lines += _finding_lines(scan.findings) or ["  no findings"]
    lines += ["", "Case"]
    lines += _finding_lines(result.findings) or ["  no findings"]
    lines += ["", "Checklist"]
    for _key, check_title, verdict in result.check_verdicts():
        if verdict is not None:  # checks that did not apply (no case, one arch…) are left out
            lines.append(f"  {verdict:<5} {check_title}")
    return lines


def _finding_lines(findings: Sequence[Finding]) -> list[str]:
    ordered = sorted(findings, key=lambda f: _ORDER[f.severity])
    lines = []
    folded: dict[str, list[Finding]] = {}
    for finding in ordered:
        if finding.severity is Severity.INFO:
            folded.setdefault(finding.kind, []).append(finding)
    for finding in ordered:
        group = folded.get(finding.kind, [])
        if finding.severity is Severity.INFO and len(group) > _FOLD_AFTER:
            if finding is group[0]:
                lines.append(_folded_line(finding.kind, group))
            continue
        lines.append(_line(finding))
    return lines


def _line(finding: Finding) -> str:
    where = ""
    if finding.center_mm is not None:
        x, y, z = finding.center_mm
        where = f"  at ({x:.1f}, {y:.1f}, {z:.1f}) mm"
    return f"  {finding.severity:<5} {KIND_TITLES.get(finding.kind, finding.kind)}: " + (
        finding.message + where
    )


def _folded_line(kind: str, group: Iterable[Finding]) -> str:
    items = list(group)
    title = KIND_TITLES.get(kind, kind).lower()
    figure = _MAIN_FIGURE.get(kind)
    text = f"  info  {len(items)} small {title}s"
    if figure is not None:
        name, unit = figure
        largest = max(f.number(name) for f in items)
        text += f", the largest {largest:.2f} {unit}"
    return text + " (--json lists each)"


# ---------------------------------------------------------------------- the scorecard


def run_stats(options: GlobalOptions, args: QcStatsOptions) -> int:
    """``scaninbox qc-stats``: the scorecard of the local store (no network)."""
    from scaninbox.cli.local_cases import answer_offline
    from scaninbox.services.qc_stats import scorecard

    card = answer_offline(
        options,
        lambda local: scorecard(local.store, "portal" if args.by == "portal" else "clinic"),
    )
    text = (
        json.dumps(card.to_json(), ensure_ascii=False, indent=2)
        if args.json
        else "\n".join(scorecard_lines(card))
    )
    stream = sys.stdout
    encoding = stream.encoding or "utf-8"
    stream.write(text.encode(encoding, errors="replace").decode(encoding) + "\n")
    return 0


def scorecard_lines(card: Scorecard) -> list[str]:
    if not card.lines:
        return ["No case has been checked on this computer yet."]
    lines = [f"QC scorecard by {card.by}"]
    who = None
    for line in card.lines:
        if line.who != who:
            who = line.who
            lines += ["", who]
        lines.append(
            f"  {line.month}  {line.checked:>4} checked  {line.failed:>4} failed  "
            f"{line.rescans:>4} rescans"
        )
        for kind, count in line.kinds.most_common():
            title = KIND_TITLES.get(kind, kind.replace("_", " "))
            lines.append(f"            {line.share(kind):>5.0%}  {title} ({count})")
    return lines
