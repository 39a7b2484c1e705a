"""Printing a case: its order form as sent, and a one-page work ticket for the bench.

The work ticket is what travels with the model through the lab: patient, due date (and how
late it is), who ordered what on which teeth, the remark, and the case reference as a QR code
(made by ``segno``) so that a scanner at any workstation finds the case again. It is drawn with
QPainter as text and vectors, so it prints sharp and a PDF of it holds real text.

The order form is printed page by page from the PDF the case came with, rendered at the
printer's resolution and fitted to its page.

Both take a ``QPrinter`` already set up (``QPrintDialog`` in the window, a PDF file in tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

import segno
from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPageLayout, QPageSize, QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter

from scaninbox import language
from scaninbox.domain import (
    Case,
    case_teeth,
    delivery_phrase,
    format_date_of_birth,
    format_gender,
    format_teeth,
    local_time,
    status_label,
    work_summary,
    worktype_teeth,
)
from scaninbox.language import translate

__all__ = ["PrintError", "TicketLayout", "print_pdf", "print_work_ticket", "ticket_lines"]

_MARGIN_MM = 15.0
_QR_MM = 38.0
_RENDER_DPI_MAX = 300


class PrintError(Exception):
    """Printing could not be done; the message says why in plain words."""


@dataclass(frozen=True, slots=True)
class TicketLayout:
    """Where the QR code went, in the printer's device pixels (tests read it back)."""

    qr_rect: QRectF
    qr_text: str
    modules: int


def _day(day: date) -> str:
    """``Wed 12 Mar 2025`` / ``Mi. 12. März 2025``: the person's language."""
    return language.current().date_text(day, with_weekday=True, with_year=True)


def _moment(moment: datetime) -> str:
    """A local date and time to the minute (times of day read the same in every language)."""
    local = local_time(moment)
    return translate("WorkTicket", "{date}, {time}").format(
        date=_day(local.date()), time=f"{local:%H:%M}"
    )


def ticket_lines(case: Case, *, today: date | None = None) -> list[tuple[str, str]]:
    """The ticket's facts as (caption, value) in print order; empty values are left out."""
    lines: list[tuple[str, str]] = []
    due_caption = translate("WorkTicket", "Due")
    if case.delivery_date is not None:
        lines.append(
            (
                due_caption,
                translate("WorkTicket", "{date} ({when})").format(
                    date=_day(case.delivery_date),
                    when=delivery_phrase(case.delivery_date, today=today),
                ),
            )
        )
    elif case.delivery_text:
        lines.append((due_caption, case.delivery_text))
    if case.received_at is not None:
        lines.append((translate("WorkTicket", "Received"), _moment(case.received_at)))
    lines.append((translate("WorkTicket", "Status"), status_label(case.status)))
    lines.extend(_patient_line(case, today))
    if case.dentist is not None and case.dentist.display_name:
        lines.append((translate("WorkTicket", "Dentist"), case.dentist.display_name))
    if case.clinic is not None and case.clinic.name:
        lines.append((translate("WorkTicket", "Clinic"), case.clinic.name))
    origin = " · ".join(p for p in (case.source, case.external_id) if p)
    if origin:
        lines.append((translate("WorkTicket", "From", "where the case came from"), origin))
    teeth = format_teeth(case_teeth(case.worktypes))
    if teeth:
        lines.append((translate("WorkTicket", "Teeth"), teeth))
    for worktype in case.worktypes:
        parts = [work_summary([worktype])]
        where = format_teeth(worktype_teeth(worktype))
        if where:
            parts.append(where)
        if worktype.shade:
            parts.append(translate("WorkTicket", "shade {shade}").format(shade=worktype.shade))
        lines.append((translate("WorkTicket", "Work"), " · ".join(parts)))
    flags = [
        name
        for name, on in (
            (translate("WorkTicket", "Priority"), case.flags.priority),
            (translate("WorkTicket", "Remake"), case.flags.remake),
            (translate("WorkTicket", "Contact required"), case.flags.contact_required),
        )
        if on
    ]
    if flags:
        lines.append((translate("WorkTicket", "Flags"), ", ".join(flags)))
    return lines


def _patient_line(case: Case, today: date | None) -> list[tuple[str, str]]:
    patient = case.patient
    if patient is None:
        return []
    born = format_date_of_birth(patient.date_of_birth, today=today)
    details = [
        format_gender(patient.gender),
        translate("WorkTicket", "born {date}").format(date=born) if born else None,
    ]
    if patient.reference_no:
        details.append(
            translate("WorkTicket", "ref. {reference}").format(reference=patient.reference_no)
        )
    text = " · ".join(d for d in details if d)
    return [(translate("WorkTicket", "Patient"), text)] if text else []


def print_work_ticket(
    case: Case, printer: QPrinter, *, today: date | None = None, printed_at: datetime | None = None
) -> TicketLayout:
    """Draw ``case``'s work ticket on one page of ``printer``."""
    printer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(_MARGIN_MM, _MARGIN_MM, _MARGIN_MM, _MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    painter = QPainter()
    if not painter.begin(printer):
        raise PrintError(translate("WorkTicket", "The printer could not be started."))
    try:
        return _draw_ticket(
            painter, printer, case, today, printed_at or datetime.now().astimezone()
        )
    finally:
        painter.end()


def _draw_ticket(
    painter: QPainter, printer: QPrinter, case: Case, today: date | None, printed_at: datetime
) -> TicketLayout:
    page = QRectF(printer.pageLayout().paintRectPixels(printer.resolution()))
    page.moveTo(0, 0)
    dots_per_mm = printer.resolution() / 25.4
    black = QColor(0, 0, 0)
    painter.setPen(black)

    qr_text = str(case.ref)
    side = _QR_MM * dots_per_mm
    qr_rect = QRectF(page.right() - side, page.top(), side, side)
    modules = _draw_qr(painter, qr_text, qr_rect)
    painter.setPen(black)

    title_font = _font(painter, 20, bold=True)
    body_font = _font(painter, 11)
    caption_font = _font(painter, 9, bold=True)
    text_right = qr_rect.left() - 6 * dots_per_mm
    y = page.top()
    painter.setFont(_font(painter, 10))
    painter.drawText(
        QPointF(page.left(), y + _ascent(painter)), translate("WorkTicket", "WORK TICKET")
    )
    y += QFontMetricsF(painter.font()).lineSpacing() * 1.4
    painter.setFont(title_font)
    name = case.patient_name or translate("WorkTicket", "Unnamed patient")
    title_box = QRectF(page.left(), y, text_right - page.left(), side)
    painter.drawText(title_box, int(Qt.TextFlag.TextWordWrap), name)
    y += painter.boundingRect(title_box, int(Qt.TextFlag.TextWordWrap), name).height()
    painter.setFont(_font(painter, 9))
    # Under the code, ending where it ends: a guid is twice as wide as the code, and written
    # from its left edge it ran past the page's.
    metrics = QFontMetricsF(painter.font(), painter.device())
    reference = metrics.elidedText(
        translate("WorkTicket", "Case {reference}").format(reference=case.ref),
        Qt.TextElideMode.ElideMiddle,
        page.width(),
    )
    painter.drawText(
        QPointF(
            qr_rect.right() - metrics.horizontalAdvance(reference),
            qr_rect.bottom() + 4 * dots_per_mm,
        ),
        reference,
    )
    y = max(y + 4 * dots_per_mm, qr_rect.bottom() + 10 * dots_per_mm)

    lines = ticket_lines(case, today=today)
    # As wide as the widest caption (German ones are longer), at least 28 mm.
    caption_metrics = QFontMetricsF(caption_font, printer)
    caption_width = max(
        28 * dots_per_mm,
        max((caption_metrics.horizontalAdvance(c) for c, _ in lines), default=0) + 4 * dots_per_mm,
    )
    for caption, value in lines:
        painter.setFont(caption_font)
        painter.drawText(QPointF(page.left(), y + _ascent(painter)), caption)
        painter.setFont(body_font)
        box = QRectF(page.left() + caption_width, y, page.width() - caption_width, page.height())
        used = painter.boundingRect(box, int(Qt.TextFlag.TextWordWrap), value)
        painter.drawText(box, int(Qt.TextFlag.TextWordWrap), value)
        y += used.height() + 2 * dots_per_mm
    if case.remark.strip():
        y += 3 * dots_per_mm
        painter.setFont(caption_font)
        painter.drawText(
            QPointF(page.left(), y + _ascent(painter)), translate("WorkTicket", "Remark")
        )
        y += QFontMetricsF(caption_font, printer).lineSpacing() * 1.2
        painter.setFont(body_font)
        box = QRectF(page.left(), y, page.width(), page.bottom() - y - 12 * dots_per_mm)
        painter.drawText(box, int(Qt.TextFlag.TextWordWrap), case.remark.strip())
    painter.setFont(_font(painter, 8))
    painter.drawText(
        QPointF(page.left(), page.bottom() - 2 * dots_per_mm),
        translate("WorkTicket", "Printed {when} by Scan Inbox").format(when=_moment(printed_at)),
    )
    return TicketLayout(qr_rect, qr_text, modules)


def _draw_qr(painter: QPainter, text: str, rect: QRectF) -> int:
    """``text`` as a QR code filling ``rect`` (black squares, no quiet zone: the page margin
    is one); returns the number of modules per side."""
    matrix = segno.make(text, error="m").matrix
    module = rect.width() / len(matrix)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0))
    for row, cells in enumerate(matrix):
        for column, dark in enumerate(cells):
            if dark:
                x, y = rect.left() + column * module, rect.top() + row * module
                painter.drawRect(QRectF(x, y, module, module))
    painter.restore()
    return len(matrix)


def _font(painter: QPainter, points: float, *, bold: bool = False) -> QFont:
    font = QFont(painter.font())
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def _ascent(painter: QPainter) -> float:
    return QFontMetricsF(painter.font(), painter.device()).ascent()


def print_pdf(path: Path, printer: QPrinter) -> int:
    """Print every page of the PDF at ``path``, each fitted to a page; returns the page count.
    Raises PrintError when the file is not a readable PDF."""
    document = QPdfDocument()
    try:
        if document.load(str(path)) != QPdfDocument.Error.None_ or document.pageCount() < 1:
            raise PrintError(
                translate("WorkTicket", "{file} is damaged or is not a PDF file.").format(
                    file=path.name
                )
            )
        painter = QPainter()
        if not painter.begin(printer):
            raise PrintError(translate("WorkTicket", "The printer could not be started."))
        try:
            for page in range(document.pageCount()):
                if page:
                    printer.newPage()
                target = QRectF(printer.pageLayout().paintRectPixels(printer.resolution()))
                target.moveTo(0, 0)
                size = document.pagePointSize(page)
                scale = min(target.width() / size.width(), target.height() / size.height())
                placed = QRectF(target.topLeft(), size * scale)
                # Rendered at no more than 300 dpi (a 1200 dpi printer would ask for half a
                # gigabyte per page) and scaled by the painter to the page.
                dpi = min(printer.resolution(), _RENDER_DPI_MAX)
                pixels = (size * (scale * dpi / printer.resolution())).toSize()
                painter.drawImage(placed, document.render(page, pixels))
        finally:
            painter.end()
        return document.pageCount()
    finally:
        document.close()
