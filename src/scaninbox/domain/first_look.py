"""Which of a case's scans a first look shows, and which jaws a view from below or above hides.

One rule for the viewer (its rows start shown or hidden by it) and for ``scaninbox render
--case`` (which draws what the viewer shows at first):

- Full-resolution scans are every named scan file that is not a ``preview``.
- Shown at first: the arches and whatever else the case has. Hidden at first: the scan taken
  before preparation (it lies on top of the prepared arch) and the bite registration when both
  arches are there (its surface is a copy of theirs).
- Looking up at the upper teeth hides the lower jaw and the bite (they would cover the view),
  and the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scaninbox.domain.case import ScanFile
from scaninbox.domain.vocabulary import Jaw

__all__ = [
    "PREVIEW",
    "PRE_PREPARATION",
    "full_scans",
    "is_before_preparation",
    "is_preview",
    "jaws_hidden_in_view",
    "shown_at_first",
]

PREVIEW = "preview"  # file type of a portal's low-resolution stand-in
PRE_PREPARATION = "prepreparationscan"  # scan type, compared without case
_HIDDEN_IN_VIEW: dict[str, frozenset[Jaw]] = {
    "upper": frozenset({Jaw.LOWER, Jaw.BITE}),
    "lower": frozenset({Jaw.UPPER, Jaw.BITE}),
}


def is_preview(scan: ScanFile) -> bool:
    return (scan.file_type or "").strip().lower() == PREVIEW


def is_before_preparation(scan: ScanFile) -> bool:
    return (scan.scan_type or "").strip().lower() == PRE_PREPARATION


def full_scans(scan_files: Iterable[ScanFile]) -> list[ScanFile]:
    """The named, full-resolution scans (not the previews), in the case's order."""
    return [s for s in scan_files if s.filename and not is_preview(s)]


def shown_at_first(scan_files: Sequence[ScanFile]) -> list[ScanFile]:
    """The full-resolution scans a first look shows, in the case's order."""
    full = full_scans(scan_files)
    arches = [s for s in full if not is_before_preparation(s)]
    jaws = {s.jaw for s in arches}
    both_arches = Jaw.UPPER in jaws and Jaw.LOWER in jaws
    return [s for s in arches if not (s.jaw is Jaw.BITE and both_arches)]


def jaws_hidden_in_view(view: str) -> frozenset[Jaw]:
    """The jaws a standard view (``front``, ``left``, ``right``, ``upper``, ``lower``) hides."""
    return _HIDDEN_IN_VIEW.get(view, frozenset())
