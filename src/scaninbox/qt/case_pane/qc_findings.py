"""The QC tab's findings: grouped by kind, each finding as its message — what — then a line
saying on which scan, with its figures.

Beside the checklist the list is narrow (a third of the pane at 1280 px): columns side by side
left each a few characters ("025…", "Smal…"). So a finding takes the list's whole width: the
message first (in its severity's colour), wrapped onto as many lines as it needs up to
``MAX_MESSAGE_LINES`` — the message is what a reviewer acts on, so it is not cut at the list's
edge — then the scan and the figures, muted, wrapped the same way. Scan file names from the
portals are long and alike at both ends ("02521904_UpperJaw.stl",
"02521904_UpperJaw_PrePrep.stl"): a name that does not fit is elided in the middle, so the part
that tells them apart stays. The tooltip and the accessible text of each row hold the whole
finding: the full file name, the message and the figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPalette,
    QResizeEvent,
    QTextLayout,
)
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from scaninbox.language import QT_TRANSLATE_NOOP, translate

if TYPE_CHECKING:
    from scaninbox.qc import Finding, QcResult

__all__ = [
    "COUNT_ROLE",
    "FIGURES_ROLE",
    "MAX_DETAIL_LINES",
    "MAX_MESSAGE_LINES",
    "SCAN_ROLE",
    "FindingsList",
    "detail_line",
    "figures_text",
    "message_lines",
]

SCAN_ROLE = int(Qt.ItemDataRole.UserRole) + 1  # the scan's file name ("" for the whole case)
FIGURES_ROLE = int(Qt.ItemDataRole.UserRole) + 2  # "perimeter 3.20 mm, …"
COUNT_ROLE = int(Qt.ItemDataRole.UserRole) + 3  # on a group row: its number of findings
_WHOLE_CASE = QT_TRANSLATE_NOOP("FindingsList", "whole case")
_SCAN_SHARE = 0.6  # of the second line, at most, for the scan name (the figures get the rest)
_GAP_PX = 2
MAX_MESSAGE_LINES = 4  # a longer message ends in "…" (the tooltip has it whole)
MAX_DETAIL_LINES = 3  # the scan and the figures under it, wrapped the same way

_Index = QModelIndex | QPersistentModelIndex


class _FindingLines(QStyledItemDelegate):
    """Paints a finding on two lines and a group with its count; anything else as usual."""

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        hint = super().sizeHint(option, index)
        if index.data(SCAN_ROLE) is None:
            return hint
        line = option.fontMetrics.height()
        width = self._text_width(option, index)
        lines = len(message_lines(option.font, str(index.data() or ""), width)) if width else 1
        if width:
            detail = detail_line(
                option.fontMetrics, str(index.data(SCAN_ROLE)), _figures(index), width
            )
            lines += len(message_lines(option.font, detail, width, MAX_DETAIL_LINES))
        else:
            lines += 1
        return QSize(hint.width(), max(hint.height(), lines * line + 3 * _GAP_PX))

    def _text_width(self, option: QStyleOptionViewItem, index: _Index) -> int:
        """The width the text gets in ``index``'s row, or 0 before the view has one: a tree view
        asks for row heights without saying the width (it passes a rect of width -1)."""
        view = option.widget
        if not isinstance(view, QTreeView):
            return 0
        levels = 1 if view.rootIsDecorated() else 0  # the branch marks' column
        parent = index.parent()
        while parent.isValid():
            levels += 1
            parent = parent.parent()
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        left = view.indentation() * levels
        opt.rect = QRect(left, 0, view.viewport().width() - left, 10 * opt.fontMetrics.height())
        style = view.style()
        text = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, view)
        return max(text.width(), 0)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        scan = index.data(SCAN_ROLE)
        count = index.data(COUNT_ROLE)
        if scan is None and count is None:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text: str = opt.text
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        metrics = opt.fontMetrics
        palette: QPalette = option.palette  # the view's: ``opt``'s text is the item's colour
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        plain = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        muted = QColor(plain)
        muted.setAlphaF(0.68)
        painter.save()
        try:
            if count is not None:  # a group: "Hole" and, muted, "2 findings"
                self._group(painter, rect, text, int(count), (plain, muted))
                return
            brush = index.data(Qt.ItemDataRole.ForegroundRole)
            first = brush.color() if isinstance(brush, QBrush) and not selected else plain
            line = metrics.height()
            top = QRect(rect.left(), rect.top() + _GAP_PX, rect.width(), line)
            painter.setPen(first)
            flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            for part in message_lines(opt.font, text, rect.width()):
                painter.drawText(top, flags, part)
                top = top.translated(0, line)
            second = top.translated(0, _GAP_PX)
            detail = detail_line(metrics, str(scan), _figures(index), rect.width())
            painter.setPen(muted)
            for part in message_lines(opt.font, detail, rect.width(), MAX_DETAIL_LINES):
                painter.drawText(second, flags, part)
                second = second.translated(0, line)
        finally:
            painter.restore()

    @staticmethod
    def _group(
        painter: QPainter, rect: QRect, title: str, count: int, colours: tuple[QColor, QColor]
    ) -> None:
        plain, muted = colours
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        metrics = painter.fontMetrics()
        painter.setPen(plain)
        painter.drawText(rect, flags, title)
        words = translate("FindingsList", "%n finding(s)", None, count)
        after = rect.adjusted(metrics.horizontalAdvance(title + "  "), 0, 0, 0)
        painter.setPen(muted)
        painter.drawText(after, flags, words)


class FindingsList(QTreeWidget):
    """Signal ``findingActivated(Finding, str file)`` on a click or Enter on a finding."""

    findingActivated = Signal(object, object)  # Finding, scan file name ("" for a case finding)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderHidden(True)  # one column: the rows say what they hold
        self.setColumnCount(1)
        self.setAccessibleName(translate("FindingsList", "QC findings"))
        self.setUniformRowHeights(False)  # groups one line, findings two
        self.setItemDelegate(_FindingLines(self))
        self.itemActivated.connect(self._on_item)
        self.itemClicked.connect(self._on_item)

    def show_result(self, result: QcResult | None, colours: dict[str | None, str]) -> None:
        """Fill the list with ``result``'s findings (empty for None); a warning or failure in
        its severity's colour (``colours``, by verdict word)."""
        self.clear()
        if result is None:
            return
        # Only now: the QC package is not needed to build the window (it loads with the 3D view).
        from scaninbox.qc.findings import KIND_TITLES

        groups: dict[str, QTreeWidgetItem] = {}
        located: list[tuple[Finding, str]] = [(f, s.file) for s in result.scans for f in s.findings]
        located += [(f, "") for f in result.findings]
        for finding, file in located:
            group = groups.get(finding.kind)
            if group is None:
                title = KIND_TITLES.get(finding.kind)
                # The titles are the QC words' (`scaninbox.qc.findings`, context "Findings").
                group = QTreeWidgetItem([translate("Findings", title) if title else finding.kind])
                self.addTopLevelItem(group)
                groups[finding.kind] = group
            figures = figures_text(finding)
            item = QTreeWidgetItem([_message(finding)])
            if str(finding.severity) != "info":  # a note reads in the text's own colour
                item.setForeground(0, QBrush(QColor(colours[str(finding.severity)])))
            item.setData(0, SCAN_ROLE, file)
            item.setData(0, FIGURES_ROLE, figures)
            whole = "\n".join(
                (file or translate("FindingsList", "The whole case"), _message(finding), figures)
            ).strip()
            item.setToolTip(0, whole)
            item.setData(0, Qt.ItemDataRole.AccessibleTextRole, whole.replace("\n", "; "))
            item.setData(0, Qt.ItemDataRole.UserRole, (finding, file))
            group.addChild(item)
        for group in groups.values():
            group.setData(0, COUNT_ROLE, group.childCount())
            count = group.childCount()
            group.setToolTip(
                0,
                translate("FindingsList", "{kind}: %n finding(s)", None, count).format(
                    kind=group.text(0)
                ),
            )
        self.expandAll()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            # Rows are as tall as their wrapped messages: a new width means new heights.
            self.scheduleDelayedItemsLayout()

    def _on_item(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        data = item.data(0, Qt.ItemDataRole.UserRole)
        if data is not None:
            self.findingActivated.emit(data[0], data[1])


def message_lines(font: QFont, text: str, width: int, most: int = MAX_MESSAGE_LINES) -> list[str]:
    """``text`` broken at word boundaries into lines of at most ``width`` pixels in ``font``; at
    most ``most`` lines, the last one elided when the text goes on."""
    if width <= 0:
        return [text]
    layout = QTextLayout(text, font)
    starts: list[int] = []
    layout.beginLayout()
    try:
        while len(starts) <= most:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            starts.append(line.textStart())
    finally:
        layout.endLayout()
    ends = [*starts[1:], len(text)]
    lines = [text[a:b].rstrip() for a, b in zip(starts, ends, strict=True)][:most] or [""]
    if len(starts) > most:
        rest = text[starts[most - 1] :].strip()
        metrics = QFontMetrics(font)
        lines[-1] = metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width)
    return lines


def detail_line(metrics: QFontMetrics, scan: str, figures: str, width: int) -> str:
    """What a finding's lines under its message say, for ``width`` pixels: the scan's name —
    elided in the middle when it takes more than its share of a line, so both its start (the
    case) and its end (the scan's role) stay — then the figures, whole (the delegate wraps them
    onto up to ``MAX_DETAIL_LINES`` lines)."""
    name = scan or translate("FindingsList", _WHOLE_CASE)
    room = min(metrics.horizontalAdvance(name), round(width * _SCAN_SHARE))
    shown = metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, room)
    return f"{shown} · {figures}" if figures else shown


def _figures(index: _Index) -> str:
    return str(index.data(FIGURES_ROLE) or "")


def figures_text(finding: Finding) -> str:
    """``perimeter_mm: 3.2`` → "perimeter 3.20 mm": the figures in plain words, rounded as
    everywhere else (`scaninbox.qc.figures`)."""
    from scaninbox.qc.figures import figures_words  # a result is shown: QC is loaded

    return figures_words(finding.figures)


def _message(finding: Finding) -> str:
    """What a finding says in the person's language (its JSON message stays English)."""
    # Here, not at the top: the window is built before any QC code loads.
    from scaninbox.qc import finding_message

    return finding_message(finding)
