"""The inbox table's columns: order, headers, default widths, and how each sorts in the store.

`Column` numbers are the model's (logical) columns and never change: a saved header state refers
to them. `DEFAULT_ORDER` is the order they are shown in by default: the QC light sits with the
key columns (received … status), so it shows at the first-run width of the inbox.

Sort keys are the store's ``SortKey`` values, kept here as text so that the window can be built
before the store (and its wire models) are imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from scaninbox.language import QT_TRANSLATE_NOOP

__all__ = ["COLUMNS", "DEFAULT_ORDER", "KEY_COLUMNS", "Column", "ColumnSpec"]


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
    LAB = 14  # the lab hub's decision and who holds the case (hidden without a hub)


@dataclass(frozen=True, slots=True)
class ColumnSpec:
    column: Column
    title: str  # header text ("" for icon columns); translated where shown (context "Columns")
    tooltip: str  # header tooltip: what the column shows and that it sorts
    sort_key: str  # scaninbox.store.SortKey value
    width_px: int  # default width
    icon_only: bool = False
    first_sort_descending: bool = False  # a first click sorts like this (newest, unread first…)


COLUMNS: tuple[ColumnSpec, ...] = (
    ColumnSpec(
        Column.UNREAD, "", QT_TRANSLATE_NOOP("Columns", "Unread cases"), "unread", 22, True, True
    ),
    ColumnSpec(
        Column.PRIORITY,
        "",
        QT_TRANSLATE_NOOP("Columns", "Priority cases"),
        "priority",
        22,
        True,
        True,
    ),
    ColumnSpec(
        Column.OFFLINE,
        "",
        QT_TRANSLATE_NOOP(
            "Columns",
            "Available offline: pinned (kept on this computer) or every file already downloaded",
        ),
        "cached",
        22,
        True,
        True,
    ),
    ColumnSpec(
        Column.RECEIVED,
        QT_TRANSLATE_NOOP("Columns", "Received"),
        QT_TRANSLATE_NOOP("Columns", "When the case arrived"),
        "received",
        88,
        False,
        True,
    ),
    ColumnSpec(
        Column.PATIENT,
        QT_TRANSLATE_NOOP("Columns", "Patient"),
        QT_TRANSLATE_NOOP("Columns", "Patient name"),
        "patient",
        132,
    ),
    # Work summaries are long and elided anyway (the tooltip has them); 128 px leaves the case
    # pane its room at 1280 px now that the date columns fit their longest dates and the QC
    # light sits beside the status.
    ColumnSpec(
        Column.WORK,
        QT_TRANSLATE_NOOP("Columns", "Work"),
        QT_TRANSLATE_NOOP("Columns", "What is ordered (worktypes and materials)"),
        "work",
        128,
    ),
    ColumnSpec(
        Column.DELIVERY,
        QT_TRANSLATE_NOOP("Columns", "Delivery"),
        QT_TRANSLATE_NOOP("Columns", "Requested delivery date"),
        "delivery",
        80,
    ),
    # The view widens it to the longest status ("In production") in bold, an unread row's font.
    ColumnSpec(
        Column.STATUS,
        QT_TRANSLATE_NOOP("Columns", "Status"),
        QT_TRANSLATE_NOOP("Columns", "Case status"),
        "status",
        104,
    ),
    ColumnSpec(
        Column.DENTIST,
        QT_TRANSLATE_NOOP("Columns", "Dentist"),
        QT_TRANSLATE_NOOP("Columns", "Ordering dentist"),
        "dentist",
        150,
    ),
    ColumnSpec(
        Column.CLINIC,
        QT_TRANSLATE_NOOP("Columns", "Clinic"),
        QT_TRANSLATE_NOOP("Columns", "Ordering clinic"),
        "clinic",
        170,
    ),
    ColumnSpec(
        Column.SOURCE,
        QT_TRANSLATE_NOOP("Columns", "Portal"),
        QT_TRANSLATE_NOOP("Columns", "Scanner portal the case came from"),
        "source",
        110,
    ),
    ColumnSpec(
        Column.TEETH,
        QT_TRANSLATE_NOOP("Columns", "Teeth"),
        QT_TRANSLATE_NOOP("Columns", "Teeth involved (FDI)"),
        "teeth",
        110,
    ),
    ColumnSpec(
        Column.FILES,
        QT_TRANSLATE_NOOP("Columns", "Files"),
        QT_TRANSLATE_NOOP("Columns", "Scans, order form and attachments"),
        "files",
        110,
        False,
        True,
    ),
    # The store cannot sort by QC (it is kept beside the case, not in its row): no sort key.
    ColumnSpec(
        Column.QC,
        QT_TRANSLATE_NOOP("Columns", "QC"),
        QT_TRANSLATE_NOOP(
            "Columns",
            "Scan QC: pass, check or fail — or the local decision (ready to accept, rescan needed)",
        ),
        "",
        34,  # a 16 px light and the header's "QC"
    ),
    ColumnSpec(
        Column.LAB,
        QT_TRANSLATE_NOOP("Columns", "Lab"),
        QT_TRANSLATE_NOOP("Columns", "The lab hub: the lab's QC decision and who holds the case"),
        "",
        150,
    ),
)

# The order shown by default: the QC light right after the status, before the columns the
# first-run split leaves to scrolling.
DEFAULT_ORDER: tuple[Column, ...] = (
    Column.UNREAD,
    Column.PRIORITY,
    Column.OFFLINE,
    Column.RECEIVED,
    Column.PATIENT,
    Column.WORK,
    Column.DELIVERY,
    Column.STATUS,
    Column.QC,
    Column.LAB,
    Column.DENTIST,
    Column.CLINIC,
    Column.SOURCE,
    Column.TEETH,
    Column.FILES,
)

# What the first-run split shows in full (in the default order, QC is the last of them).
KEY_COLUMNS: tuple[Column, ...] = (
    Column.RECEIVED,
    Column.PATIENT,
    Column.WORK,
    Column.DELIVERY,
    Column.STATUS,
    Column.QC,
)
