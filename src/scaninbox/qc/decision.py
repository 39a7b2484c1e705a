"""The local QC decision on a case: "ready to accept" or "rescan needed", a note, who and when.

A module of its own, apart from the PDF report that prints it (`scaninbox.qc.report`, which
loads fpdf2 and the off-screen renderer): the window's QC tab shows a stored decision whenever a
case is shown, and it is built before the window first appears.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["Decision"]


@dataclass(frozen=True, slots=True)
class Decision:
    """The local QC decision: "ready to accept" or "rescan needed", a note, who and when."""

    decision: str
    note: str
    who: str
    when: datetime
