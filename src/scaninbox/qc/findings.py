"""What QC reports: findings with a severity, per scan and per case, and the overall verdict.

A `Finding` is one thing a reviewer should know about: a hole, a fragment, a bite-through, a
missing scan… Its ``center_mm`` is in the scan file's own coordinates (before the portal's
``axisMapping``), so a point can be found again in any tool that opens the file. Its figures carry
their unit in their name (``perimeter_mm``, ``area_mm2``) and go into the JSON as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "CHECK_TITLES",
    "KIND_TITLES",
    "Finding",
    "QcResult",
    "ScanResult",
    "Severity",
    "Verdict",
    "check_title",
    "kind_title",
    "severity_word",
    "verdict_word",
    "worst",
]

Figure = float | int | str | list[float]  # a list: a direction (an axis, unit)


class Severity(StrEnum):
    INFO = "info"
    WARN = "warn"
    FAIL = "fail"


class Verdict(StrEnum):
    PASS = "pass"  # noqa: S105 — a verdict, not a password
    WARN = "warn"
    FAIL = "fail"


_RANK = {Severity.INFO: 0, Severity.WARN: 1, Severity.FAIL: 2}

# Headings a person reads, per finding kind (the report groups findings under them), in
# English: shown through `kind_title` (translated); the JSON carries only the kinds.
KIND_TITLES: dict[str, str] = {
    "unreadable": QT_TRANSLATE_NOOP("Findings", "Unreadable scan"),
    "hole": QT_TRANSLATE_NOOP("Findings", "Hole"),
    "fragment": QT_TRANSLATE_NOOP("Findings", "Fragment"),
    "non_manifold": QT_TRANSLATE_NOOP("Findings", "Non-manifold edges"),
    "degenerate": QT_TRANSLATE_NOOP("Findings", "Degenerate triangles"),
    "duplicate_triangles": QT_TRANSLATE_NOOP("Findings", "Duplicate triangles"),
    "bite_through": QT_TRANSLATE_NOOP("Findings", "Bite-through"),
    "clearance": QT_TRANSLATE_NOOP("Findings", "Clearance"),
    "jaw_swapped": QT_TRANSLATE_NOOP("Findings", "Upper and lower swapped"),
    "one_sided_contact": QT_TRANSLATE_NOOP("Findings", "Bite open on one side"),
    "insufficient_room": QT_TRANSLATE_NOOP("Findings", "Too little room for the material"),
    "undercut": QT_TRANSLATE_NOOP("Findings", "Undercut"),
    "abutment_divergence": QT_TRANSLATE_NOOP("Findings", "Abutments not parallel"),
    "margin": QT_TRANSLATE_NOOP("Findings", "Margin"),
    "coverage": QT_TRANSLATE_NOOP("Findings", "Jaw coverage"),
    "missing_antagonist": QT_TRANSLATE_NOOP("Findings", "Missing antagonist"),
    "order_form": QT_TRANSLATE_NOOP("Findings", "Order form"),
    "patient": QT_TRANSLATE_NOOP("Findings", "Patient"),
    "delivery_date": QT_TRANSLATE_NOOP("Findings", "Delivery date"),
    "work": QT_TRANSLATE_NOOP("Findings", "Work"),
    "contact_required": QT_TRANSLATE_NOOP("Findings", "Contact required"),
    "duplicate_case": QT_TRANSLATE_NOOP("Findings", "Possible duplicate"),
}

# The checklist: each check, the finding kinds it covers, in the order the report lists them
# (the titles in English; shown through `check_title`).
CHECK_TITLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "scans": (QT_TRANSLATE_NOOP("Checklist", "Scans readable"), ("unreadable",)),
    "holes": (QT_TRANSLATE_NOOP("Checklist", "No holes"), ("hole",)),
    "fragments": (QT_TRANSLATE_NOOP("Checklist", "No floating fragments"), ("fragment",)),
    "mesh": (
        QT_TRANSLATE_NOOP("Checklist", "Clean mesh"),
        ("non_manifold", "degenerate", "duplicate_triangles"),
    ),
    "occlusion": (
        QT_TRANSLATE_NOOP("Checklist", "No bite-through, arches in occlusion"),
        ("bite_through", "clearance"),
    ),
    "bite": (
        QT_TRANSLATE_NOOP("Checklist", "Scans filed right, bite closed on both sides"),
        ("jaw_swapped", "one_sided_contact"),
    ),
    "room": (
        QT_TRANSLATE_NOOP("Checklist", "Room for the material over the preparations"),
        ("insufficient_room",),
    ),
    "undercut": (
        QT_TRANSLATE_NOOP("Checklist", "No undercuts, abutments parallel"),
        ("undercut", "abutment_divergence"),
    ),
    "margins": (QT_TRANSLATE_NOOP("Checklist", "Margins found, none open"), ("margin",)),
    "coverage": (QT_TRANSLATE_NOOP("Checklist", "Jaw coverage for the work"), ("coverage",)),
    "antagonist": (
        QT_TRANSLATE_NOOP("Checklist", "Antagonist scanned for the work"),
        ("missing_antagonist",),
    ),
    "order_form": (QT_TRANSLATE_NOOP("Checklist", "Order form present"), ("order_form",)),
    "patient": (QT_TRANSLATE_NOOP("Checklist", "Patient identifiable"), ("patient",)),
    "delivery_date": (QT_TRANSLATE_NOOP("Checklist", "Delivery date not past"), ("delivery_date",)),
    "work": (QT_TRANSLATE_NOOP("Checklist", "Work ordered"), ("work",)),
    "contact_required": (
        QT_TRANSLATE_NOOP("Checklist", "No contact requested"),
        ("contact_required",),
    ),
    "duplicate_case": (QT_TRANSLATE_NOOP("Checklist", "Not a duplicate"), ("duplicate_case",)),
}


def kind_title(kind: str) -> str:
    """The heading of a finding kind in the person's language (an unknown kind: its words)."""
    title = KIND_TITLES.get(kind)
    return translate("Findings", title) if title else kind.replace("_", " ").capitalize()


def check_title(key: str) -> str:
    """The title of a check of the checklist in the person's language."""
    entry = CHECK_TITLES.get(key)
    return translate("Checklist", entry[0]) if entry else key.replace("_", " ").capitalize()


def severity_word(severity: Severity) -> str:
    """A finding's severity as the report's badge says it (``FAIL``, German ``FEHLER``)."""
    if severity is Severity.FAIL:
        return translate("Findings", "FAIL", "severity of a finding")
    if severity is Severity.WARN:
        return translate("Findings", "WARN", "severity of a finding")
    return translate("Findings", "INFO", "severity of a finding")


def verdict_word(verdict: Verdict | None) -> str:
    """A verdict as a badge says it (``PASS``, ``WARN``, ``FAIL``; None: not checked)."""
    if verdict is None:
        return translate("Findings", "not checked")
    if verdict is Verdict.FAIL:
        return translate("Findings", "FAIL", "verdict")
    if verdict is Verdict.WARN:
        return translate("Findings", "WARN", "verdict")
    return translate("Findings", "PASS", "verdict")


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str
    severity: Severity
    message: str
    center_mm: tuple[float, float, float] | None = None
    figures: Mapping[str, Figure] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Finding:
        """The finding `to_json` wrote (a stored result)."""
        centre = data.get("center_mm")
        skip = {"kind", "severity", "message", "center_mm"}
        return cls(
            str(data["kind"]),
            Severity(data["severity"]),
            str(data["message"]),
            (float(centre[0]), float(centre[1]), float(centre[2])) if centre else None,
            {k: v for k, v in data.items() if k not in skip},
        )

    def number(self, name: str, default: float = 0.0) -> float:
        """The figure ``name`` as a number (``default`` when it is missing or not one)."""
        value = self.figures.get(name)
        return float(value) if isinstance(value, int | float) else default

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "severity": str(self.severity),
            "message": self.message,
        }
        if self.center_mm is not None:
            out["center_mm"] = [round(float(v), 3) for v in self.center_mm]
        out.update(self.figures)
        return out


def worst(findings: Iterable[Finding]) -> Verdict:
    rank = max((_RANK[f.severity] for f in findings), default=0)
    return (Verdict.PASS, Verdict.WARN, Verdict.FAIL)[rank]


@dataclass(frozen=True, slots=True)
class ScanResult:
    """One scan file: its basic figures and its findings."""

    jaw: str
    file: str
    triangles: int
    findings: tuple[Finding, ...]
    vertices: int = 0
    extent_mm: tuple[float, float, float] = (0.0, 0.0, 0.0)
    mean_edge_mm: float = 0.0
    area_mm2: float = 0.0
    readable: bool = True

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScanResult:
        findings = tuple(Finding.from_json(f) for f in data["findings"])
        x, y, z = (float(v) for v in data.get("extent_mm", (0.0, 0.0, 0.0)))
        return cls(
            str(data["jaw"]),
            str(data["file"]),
            int(data["triangles"]),
            findings,
            int(data.get("vertices", 0)),
            (x, y, z),
            float(data.get("mean_edge_mm", 0.0)),
            float(data.get("area_mm2", 0.0)),
            not any(f.kind == "unreadable" for f in findings),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "jaw": self.jaw,
            "file": self.file,
            "triangles": self.triangles,
            "vertices": self.vertices,
            "extent_mm": [round(v, 2) for v in self.extent_mm],
            "mean_edge_mm": round(self.mean_edge_mm, 4),
            "area_mm2": round(self.area_mm2, 1),
            "findings": [f.to_json() for f in self.findings],
        }


@dataclass(frozen=True, slots=True)
class QcResult:
    """Everything QC found for a case (or a set of files)."""

    scans: tuple[ScanResult, ...]
    findings: tuple[Finding, ...]
    checks: tuple[str, ...]  # keys of CHECK_TITLES that ran

    @property
    def all_findings(self) -> list[Finding]:
        return [f for s in self.scans for f in s.findings] + list(self.findings)

    @property
    def verdict(self) -> Verdict:
        return worst(self.all_findings)

    def check_verdicts(self) -> list[tuple[str, str, Verdict | None]]:
        """(key, title, verdict) per check in report order; None when the check did not run."""
        found = self.all_findings
        rows: list[tuple[str, str, Verdict | None]] = []
        for key, (title, kinds) in CHECK_TITLES.items():
            if key not in self.checks:
                rows.append((key, title, None))
                continue
            rows.append((key, title, worst(f for f in found if f.kind in kinds)))
        return rows

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> QcResult:
        """The result `to_json` wrote (kept in the store)."""
        return cls(
            tuple(ScanResult.from_json(s) for s in data["scans"]),
            tuple(Finding.from_json(f) for f in data["findings"]),
            tuple(data.get("checks", {})),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": str(self.verdict),
            "scans": [s.to_json() for s in self.scans],
            "findings": [f.to_json() for f in self.findings],
            "checks": {
                key: str(verdict)
                for key, _title, verdict in self.check_verdicts()
                if verdict is not None
            },
        }
