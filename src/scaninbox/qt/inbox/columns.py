"""The inbox table's columns: order, headers, default widths, and how each sorts in the store.

Sort keys are the store's ``SortKey`` values, kept here as text so that the window can be built
before the store (and its wire models) are imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

__all__ = ["COLUMNS", "Column", "ColumnSpec"]


class Column(IntEnum):
    UNREAD = 0
    PRIORITY = 1
    OFFLINE = 2
    RECEIVED = 3
    PATIENT = 4
    WORK = 5
    DELIVERY = 6
    STATUS = 7
    DENTIST = 8
    CLINIC = 9
    SOURCE = 10
    TEETH = 11
    FILES = 12
    QC = 13


@dataclass(frozen=True, slots=True)
class ColumnSpec:
    column: Column
    title: str  # header text ("" for icon columns)
    tooltip: str  # header tooltip: what the column shows and that it sorts
    sort_key: str  # scaninbox.store.SortKey value
    width_px: int  # default width
    icon_only: bool = False
    first_sort_descending: bool = False  # a first click sorts like this (newest, unread first…)


COLUMNS: tuple[ColumnSpec, ...] = (
    ColumnSpec(Column.UNREAD, "", "Unread cases", "unread", 22, True, True),
    ColumnSpec(Column.PRIORITY, "", "Priority cases", "priority", 22, True, True),
    ColumnSpec(
        Column.OFFLINE,
        "",
        "Available offline: pinned (kept on this computer) or every file already downloaded",
        "cached",
        22,
        True,
        True,
    ),
    ColumnSpec(Column.RECEIVED, "Received", "When the case arrived", "received", 88, False, True),
    ColumnSpec(Column.PATIENT, "Patient", "Patient name", "patient", 136),
    # Work summaries are long and elided anyway (the tooltip has them); 136 px leaves the case
    # pane its room at 1280 px now that the date columns fit their longest dates.
    ColumnSpec(Column.WORK, "Work", "What is ordered (worktypes and materials)", "work", 136),
    ColumnSpec(Column.DELIVERY, "Delivery", "Requested delivery date", "delivery", 80),
    ColumnSpec(Column.STATUS, "Status", "Case status", "status", 96),
    ColumnSpec(Column.DENTIST, "Dentist", "Ordering dentist", "dentist", 150),
    ColumnSpec(Column.CLINIC, "Clinic", "Ordering clinic", "clinic", 170),
    ColumnSpec(Column.SOURCE, "Portal", "Scanner portal the case came from", "source", 110),
    ColumnSpec(Column.TEETH, "Teeth", "Teeth involved (FDI)", "teeth", 110),
    ColumnSpec(
        Column.FILES, "Files", "Scans, order form and attachments", "files", 110, False, True
    ),
    # The store cannot sort by QC (it is kept beside the case, not in its row): no sort key.
    ColumnSpec(
        Column.QC,
        "QC",
        "Scan QC: pass, check or fail — or the local decision (ready to accept, rescan needed)",
        "",
        40,
    ),
)
