"""Which of a case's scan files the viewport draws, and under which names.

No Qt and no VTK here: plain rules over the domain `Case`, so they are easy to read and test.

- Every full-resolution scan (file type other than ``preview``) gets a row and a scene key.
- A ``preview`` file stands in for the first full scan of its jaw (the arch, not the scan before
  preparation) while that scan is not on this computer yet. A preview whose jaw has no full scan
  is shown on its own row, as the only thing there is to see of that jaw.
- Shown at first: `scaninbox.domain.shown_at_first` (the rule ``scaninbox render --case``
  follows too); the others start hidden, one click on the eye away.
- Orientation is not decided here: `scaninbox.scans.resolve_orientation` (one rule for the
  viewer and ``scaninbox render``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scaninbox.domain import (
    Case,
    Jaw,
    ScanFile,
    full_scans,
    is_before_preparation,
    is_preview,
    shown_at_first,
)
from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = ["PlannedScan", "plan_scans"]

_JAW_LABELS = {
    Jaw.UPPER: QT_TRANSLATE_NOOP("PlannedScan", "Upper jaw"),
    Jaw.LOWER: QT_TRANSLATE_NOOP("PlannedScan", "Lower jaw"),
    Jaw.BITE: QT_TRANSLATE_NOOP("PlannedScan", "Bite"),
    Jaw.NONE: QT_TRANSLATE_NOOP("PlannedScan", "Scan"),
}


@dataclass(frozen=True, slots=True)
class PlannedScan:
    """One row of the viewport: a full scan (``file``), or a preview on its own (``file`` None).

    ``key`` names it in the scene; ``preview`` is drawn until ``file`` is available.
    """

    key: str
    label: str
    jaw: Jaw
    file: ScanFile | None
    preview: ScanFile | None
    visible: bool
    before_preparation: bool = False  # drawn in a colour of its own

    @property
    def filename(self) -> str:
        shown = self.file if self.file is not None else self.preview
        return (shown.filename if shown is not None else None) or ""


def plan_scans(case: Case | None) -> list[PlannedScan]:
    """The rows for ``case``'s scans, in the order the case lists them."""
    if case is None:
        return []
    full = full_scans(case.scan_files)
    previews = [s for s in case.scan_files if s.filename and is_preview(s)]
    shown = shown_at_first(case.scan_files)

    stand_ins: dict[int, ScanFile] = {}
    alone: list[ScanFile] = []
    for preview in previews:
        target = _stand_in_target(full, preview.jaw, taken=stand_ins)
        if target is None:
            alone.append(preview)
        else:
            stand_ins[target] = preview

    labels = _labels([*full, *alone])
    rows = [
        PlannedScan(
            key=f"scan{index}",
            label=labels[index],
            jaw=scan.jaw,
            file=scan,
            preview=stand_ins.get(index),
            visible=any(scan is s for s in shown),
            before_preparation=is_before_preparation(scan),
        )
        for index, scan in enumerate(full)
    ]
    rows += [
        PlannedScan(
            key=f"scan{len(full) + number}",
            label=labels[len(full) + number],
            jaw=preview.jaw,
            file=None,
            preview=preview,
            visible=True,
        )
        for number, preview in enumerate(alone)
    ]
    return rows


def _stand_in_target(full: list[ScanFile], jaw: Jaw, *, taken: dict[int, ScanFile]) -> int | None:
    candidates = [
        i for i, s in enumerate(full) if s.jaw is jaw and i not in taken and not is_preview(s)
    ]
    preferred = [i for i in candidates if not is_before_preparation(full[i])]
    chosen = preferred or candidates
    return chosen[0] if chosen else None


def _labels(scans: list[ScanFile]) -> list[str]:
    """ "Upper jaw", "Lower jaw (before preparation)", "Bite 2", … — unique within the case."""
    base = []
    for scan in scans:
        label = translate("PlannedScan", _JAW_LABELS[scan.jaw])
        if is_before_preparation(scan):
            label = translate("PlannedScan", "{scan} (before preparation)").format(scan=label)
        elif is_preview(scan):
            label = translate("PlannedScan", "{scan} (preview)").format(scan=label)
        base.append(label)
    totals = Counter(base)
    seen: Counter[str] = Counter()
    labels = []
    for label in base:
        seen[label] += 1
        labels.append(f"{label} {seen[label]}" if totals[label] > 1 else label)
    return labels
