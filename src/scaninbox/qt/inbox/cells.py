"""What each inbox cell shows, per role: text, tooltip, icon, colour, alignment, font.

``ROLES`` maps a Qt item role to ``value(row, column)``; the model's ``data()`` is one lookup.
Icon colours and the urgency colours come from the application palette, so a theme change
only needs a repaint.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QIcon, QPalette

from scaninbox.domain import (
    Urgency,
    delivery_phrase,
    delivery_urgency,
    exact_time,
    format_date,
    relative_time,
    status_label,
)
from scaninbox.language import translate
from scaninbox.qt.inbox import icons
from scaninbox.qt.inbox.columns import COLUMNS, Column

if TYPE_CHECKING:
    from scaninbox.store import CaseRow

__all__ = [
    "ROLES",
    "ROW_ROLE",
    "files_text",
    "forget_looks",
    "header_icon",
    "urgency",
    "urgency_colour",
]

ROW_ROLE = Qt.ItemDataRole.UserRole + 1  # the whole scaninbox.store.CaseRow (for delegates)
_LONG_TEXT = 16  # longer texts get a tooltip, as they may be elided
_DASH = "—"

# Columns arrive as plain ints (Column is an IntEnum, so the tables below accept either):
# converting each of the thousands of calls per painted screen to Column would cost more
# than the lookups themselves.
_Value = Callable[["CaseRow", int], Any]


def files_text(row: CaseRow) -> str:
    """``2 scans, order form, 1 attachment`` (``No files`` when there are none)."""
    parts = []
    if row.scan_count:
        parts.append(translate("InboxCells", "%n scan(s)", None, row.scan_count))
    if row.order_form_count:
        parts.append(translate("InboxCells", "order form"))
    if row.misc_count:
        parts.append(translate("InboxCells", "%n attachment(s)", None, row.misc_count))
    return ", ".join(parts) if parts else translate("InboxCells", "No files")


def urgency(row: CaseRow) -> Urgency:
    return delivery_urgency(row.delivery_date, status=row.status)


def urgency_colour(level: Urgency) -> QColor:
    """Red for overdue, amber for due soon; lighter tones on a dark palette."""
    dark = QGuiApplication.palette().color(QPalette.ColorRole.Base).lightnessF() < 0.5
    if level is Urgency.OVERDUE:
        return QColor("#ff7b72" if dark else "#c62828")
    return QColor("#f2b35b" if dark else "#a15c00")


def header_icon(column: Column) -> QIcon:
    name = {Column.UNREAD: "unread", Column.PRIORITY: "priority"}.get(column, "pinned")
    return icons.icon(name, _muted())


# ---------------------------------------------------------------------- text


def _delivery_text(row: CaseRow) -> str:
    if row.delivery_date is not None:
        year = date.today().year
        return format_date(row.delivery_date, with_year=row.delivery_date.year != year)
    return row.delivery_text or ""


_TEXT: dict[int, Callable[[CaseRow], str]] = {
    Column.RECEIVED: lambda r: (
        relative_time(r.received_at, compact=True) if r.received_at else _DASH
    ),
    Column.PATIENT: lambda r: r.patient or _DASH,
    Column.WORK: lambda r: r.work_summary or _DASH,
    Column.DELIVERY: lambda r: _delivery_text(r) or _DASH,
    Column.STATUS: lambda r: status_label(r.status),
    Column.DENTIST: lambda r: r.dentist or _DASH,
    Column.CLINIC: lambda r: r.clinic or _DASH,
    Column.SOURCE: lambda r: r.source or _DASH,
    Column.TEETH: lambda r: r.teeth or _DASH,
    Column.FILES: lambda r: files_text(r) if r.file_count else _DASH,
}


def _display(row: CaseRow, column: int) -> str:
    text = _TEXT.get(column)
    return text(row) if text is not None else ""  # icon columns draw their icon only


def _offline_words(row: CaseRow) -> str:
    if row.pinned:
        if row.fully_cached:
            return translate("InboxCells", "Kept available offline; every file is on this computer")
        return translate(
            "InboxCells", "Kept available offline; {done} of {total} files downloaded"
        ).format(done=row.cached_count, total=row.file_count)
    if not row.file_count:
        return translate("InboxCells", "No files")
    if row.fully_cached:
        return translate("InboxCells", "Every file is on this computer")
    return translate("InboxCells", "{done} of {total} files on this computer").format(
        done=row.cached_count, total=row.file_count
    )


_WORDS: dict[int, Callable[[CaseRow], str]] = {
    Column.UNREAD: lambda r: (
        translate("InboxCells", "New", "not opened yet")
        if r.unread
        else translate("InboxCells", "Read", "opened already")
    ),
    Column.PRIORITY: lambda r: (
        translate("InboxCells", "Priority")
        if r.priority
        else translate("InboxCells", "Normal priority")
    ),
    Column.OFFLINE: _offline_words,
}


def _accessible(row: CaseRow, column: int) -> str:
    words = _WORDS.get(column)
    return words(row) if words is not None else _display(row, column)


def _delivery_tip(row: CaseRow) -> str | None:
    if row.delivery_date is None:
        return row.delivery_text or None
    words = format_date(row.delivery_date, with_weekday=True)
    return translate("InboxCells", "{date} — {distance}").format(
        date=words, distance=delivery_phrase(row.delivery_date)
    )


_TIPS: dict[int, Callable[[CaseRow], str | None]] = {
    Column.UNREAD: lambda r: translate("InboxCells", "New: not opened yet") if r.unread else None,
    Column.PRIORITY: lambda r: translate("InboxCells", "Priority case") if r.priority else None,
    Column.OFFLINE: _offline_words,
    Column.RECEIVED: lambda r: exact_time(r.received_at) if r.received_at else None,
    Column.DELIVERY: _delivery_tip,
    Column.FILES: files_text,
}


def _tooltip(row: CaseRow, column: int) -> str | None:
    tip = _TIPS.get(column)
    if tip is not None:
        return tip(row)
    text = _display(row, column)
    return text if len(text) > _LONG_TEXT else None


# ---------------------------------------------------------------------- looks


def _foreground(row: CaseRow, column: int) -> QColor | None:
    if column != Column.DELIVERY:
        return None
    level = urgency(row)
    return urgency_colour(level) if level.needs_attention else None


def _decoration(row: CaseRow, column: int) -> QIcon | None:
    if column == Column.UNREAD and row.unread:
        return icons.icon("unread", _accent())
    if column == Column.PRIORITY and row.priority:
        return icons.icon("priority", urgency_colour(Urgency.OVERDUE))
    if column == Column.OFFLINE:
        if row.pinned:
            return icons.icon("pinned", _accent())
        if row.file_count and row.fully_cached:
            return icons.icon("cached", _muted())
    return None


def _alignment(_row: CaseRow, column: int) -> int:
    if COLUMNS[column].icon_only:
        return int(Qt.AlignmentFlag.AlignCenter)
    return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


def _accent() -> QColor:
    return QGuiApplication.palette().color(QPalette.ColorRole.Accent)


def _muted() -> QColor:
    return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)


_BOLD: list[QFont] = []


def forget_looks() -> None:
    """Drop the cached bold font (after a theme or font change)."""
    _BOLD.clear()


def _font(row: CaseRow, _column: int) -> QFont | None:
    if not row.unread:
        return None
    if not _BOLD:  # one QFont for every bold cell
        font = QFont(QGuiApplication.font())
        font.setBold(True)
        _BOLD.append(font)
    return _BOLD[0]


ROLES: dict[int, _Value] = {
    Qt.ItemDataRole.DisplayRole: _display,
    Qt.ItemDataRole.FontRole: _font,
    Qt.ItemDataRole.DecorationRole: _decoration,
    Qt.ItemDataRole.ToolTipRole: _tooltip,
    Qt.ItemDataRole.AccessibleTextRole: _accessible,
    Qt.ItemDataRole.ForegroundRole: _foreground,
    Qt.ItemDataRole.TextAlignmentRole: _alignment,
    ROW_ROLE: lambda r, _c: r,
}
