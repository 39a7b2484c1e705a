"""Jaw coverage: the work can be made from the scans the case has.

Every tooth of the work (its worktypes and units, FDI) needs a scan of its jaw (quadrants 1, 2,
5, 6 upper; 3, 4, 7, 8 lower). Fixed and removable work (crowns, bridges, dentures…) also needs
the opposing jaw — the antagonist, to set the occlusion: without it a ``missing_antagonist``
finding fails the case (labs name a missing antagonist among the first causes of rescans).
Fixed work also needs either a bite scan or the two arches in occlusion, or the technician
cannot set the occlusal height.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scaninbox.domain import Jaw, Worktype, format_teeth, is_upper, worktype_teeth
from scaninbox.qc.findings import Finding, Severity

__all__ = ["WorkItem", "coverage_findings", "work_items"]


@dataclass(frozen=True, slots=True)
class WorkItem:
    """One piece of work: the teeth it involves, whether it is fixed work, and a jaw it names
    without teeth (a full denture)."""

    teeth: tuple[int, ...]
    fixed: bool
    label: str = "the work"
    jaw: Jaw | None = None
    removable: bool = False

    @property
    def needs_antagonist(self) -> bool:
        """Fixed and removable work is made to the opposing jaw's occlusion."""
        return self.fixed or self.removable


def work_items(worktypes: Iterable[Worktype]) -> list[WorkItem]:
    items = []
    for worktype in worktypes:
        named = (worktype.jaw or "").strip().lower()
        jaw = {"upper": Jaw.UPPER, "lower": Jaw.LOWER}.get(named)
        label = worktype.restoration_type or worktype.category or "the work"
        category = (worktype.category or "").strip().lower()
        items.append(
            WorkItem(
                tuple(worktype_teeth(worktype)),
                category == "fixed",
                label,
                jaw,
                removable=category == "removable",
            )
        )
    return items


def coverage_findings(
    items: Sequence[WorkItem],
    jaws: set[Jaw],
    *,
    has_bite: bool,
    in_occlusion: bool,
) -> list[Finding]:
    findings: list[Finding] = []
    missing: dict[Jaw, set[int]] = {Jaw.UPPER: set(), Jaw.LOWER: set()}
    named_missing: set[Jaw] = set()
    antagonist_missing: dict[Jaw, set[int]] = {Jaw.UPPER: set(), Jaw.LOWER: set()}
    needs_bite: set[int] = set()
    named_antagonist: set[Jaw] = set()
    for item in items:
        for tooth in item.teeth:
            jaw = Jaw.UPPER if is_upper(tooth) else Jaw.LOWER
            other = Jaw.LOWER if jaw is Jaw.UPPER else Jaw.UPPER
            if jaw not in jaws:
                missing[jaw].add(tooth)
            if item.needs_antagonist and other not in jaws:
                antagonist_missing[other].add(tooth)
            elif item.fixed and jaw in jaws and not has_bite and not in_occlusion:
                needs_bite.add(tooth)
        if item.jaw is not None and not item.teeth:
            if item.jaw not in jaws:
                named_missing.add(item.jaw)
            opposing = Jaw.LOWER if item.jaw is Jaw.UPPER else Jaw.UPPER
            if item.needs_antagonist and opposing not in jaws:
                named_antagonist.add(opposing)
    findings += _missing_jaws(missing, named_missing)
    findings += _missing_antagonists(antagonist_missing, named_antagonist)
    if needs_bite:
        findings.append(
            Finding(
                "coverage",
                Severity.FAIL,
                f"Fixed work on {format_teeth(needs_bite)} needs a bite scan or the arches in "
                "occlusion; the case has neither.",
                None,
                {"teeth": format_teeth(needs_bite)},
            )
        )
    return findings


def _missing_jaws(missing: dict[Jaw, set[int]], named_missing: set[Jaw]) -> list[Finding]:
    findings = []
    for jaw, teeth in missing.items():
        if teeth:
            findings.append(
                Finding(
                    "coverage",
                    Severity.FAIL,
                    f"{_teeth(teeth)} need{'s' if len(teeth) == 1 else ''} a scan of the "
                    f"{jaw} jaw; the case has none.",
                    None,
                    {"teeth": format_teeth(teeth), "jaw": str(jaw)},
                )
            )
    for jaw in sorted(named_missing - {j for j, t in missing.items() if t}):
        findings.append(
            Finding(
                "coverage",
                Severity.FAIL,
                f"The work is for the {jaw} jaw; the case has no {jaw} scan.",
                None,
                {"jaw": str(jaw)},
            )
        )
    return findings


def _missing_antagonists(antagonist_missing: dict[Jaw, set[int]], named: set[Jaw]) -> list[Finding]:
    findings = []
    for jaw, teeth in antagonist_missing.items():
        if teeth:
            findings.append(
                Finding(
                    "missing_antagonist",
                    Severity.FAIL,
                    f"The work on {format_teeth(teeth)} needs the antagonist: the case has no "
                    f"{jaw} scan.",
                    None,
                    {"teeth": format_teeth(teeth), "jaw": str(jaw)},
                )
            )
    for jaw in sorted(named - {j for j, t in antagonist_missing.items() if t}):
        other = Jaw.LOWER if jaw is Jaw.UPPER else Jaw.UPPER
        findings.append(
            Finding(
                "missing_antagonist",
                Severity.FAIL,
                f"The work for the {other} jaw needs the antagonist: the case has no {jaw} scan.",
                None,
                {"jaw": str(jaw)},
            )
        )
    return findings


def _teeth(teeth: set[int]) -> str:
    return ("Tooth " if len(teeth) == 1 else "Teeth ") + format_teeth(teeth)
