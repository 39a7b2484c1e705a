"""The work ordered: a tree of worktypes and their tooth-level units, beside a tooth chart.

Each worktype is a row (what, category, material, setting, shade, teeth); its tags and its units
are its children. A tag is a line of its own spanning the whole width ("Implant system: Dentsply
Sirona Astra EV 4.2"): in a column of their own, the long implant-system tags were cut off at any
usual window size. The tree is as tall as its rows, because it sits in a scrolling page and a
scroll area inside a scroll area is hard to use.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scaninbox.domain import (
    UNSPECIFIED_WORK,
    Tag,
    Unit,
    Worktype,
    format_teeth,
    identifier_label,
    parse_fdi,
    worktype_teeth,
)
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.case_pane.tooth_chart import (
    CategoryLegend,
    ToothChart,
    category_color,
    chart_category,
    teeth_by_category,
)
from scaninbox.qt.look.widgets import section_title

__all__ = ["COLUMNS", "WorktypesSection"]

COLUMNS = (
    QT_TRANSLATE_NOOP("WorktypesSection", "Work"),
    QT_TRANSLATE_NOOP("WorktypesSection", "Category"),
    QT_TRANSLATE_NOOP("WorktypesSection", "Material"),
    QT_TRANSLATE_NOOP("WorktypesSection", "Setting"),
    QT_TRANSLATE_NOOP("WorktypesSection", "Shade"),
    QT_TRANSLATE_NOOP("WorktypesSection", "Teeth"),
)
_DASH = "—"
_JAWS = {
    "upper": QT_TRANSLATE_NOOP("WorktypesSection", "Upper jaw"),
    "lower": QT_TRANSLATE_NOOP("WorktypesSection", "Lower jaw"),
    "both": QT_TRANSLATE_NOOP("WorktypesSection", "Both jaws"),
}


class WorktypesSection(QWidget):
    """Tooth chart with legend, then the worktype tree; hidden by the pane when there is no work."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart = ToothChart(self)
        self.legend = CategoryLegend(self)
        self.tree = QTreeWidget(self)
        self.tree.setAccessibleName(translate("WorktypesSection", "Worktypes"))
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels([translate("WorktypesSection", c) for c in COLUMNS])
        self.tree.setRootIsDecorated(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setIconSize(QSize(10, 10))
        self.tree.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

        chart_row = QHBoxLayout()
        chart_row.setSpacing(24)
        chart_row.addWidget(self.chart, 0, Qt.AlignmentFlag.AlignTop)
        chart_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addWidget(section_title(translate("WorktypesSection", "Work"), self))
        layout.addLayout(chart_row)
        layout.addWidget(self.legend)
        layout.addSpacing(4)
        layout.addWidget(self.tree)

    def show_worktypes(self, worktypes: Sequence[Worktype]) -> bool:
        """Fill chart and tree; returns whether there is any work to show."""
        teeth = teeth_by_category(worktypes)
        self.chart.set_teeth(teeth)
        self.chart.setVisible(bool(teeth))
        present = {c for kinds in teeth.values() for c in kinds}
        self.legend.show_categories(present)
        self.legend.setVisible(bool(teeth))
        self.tree.clear()
        for worktype in worktypes:
            item = QTreeWidgetItem(self.tree, _worktype_cells(worktype))
            _decorate(item, worktype.category, swatch=True)
            _add_tags(item, worktype.tags)
            for unit in worktype.units:
                child = QTreeWidgetItem(item, _unit_cells(unit))
                _decorate(child, unit.category, swatch=False)
                _add_tags(child, unit.tags)
        self.tree.expandAll()
        self._fit_tree_height()
        return bool(worktypes)

    def involved_teeth(self) -> list[int]:
        return sorted(self.chart.highlighted())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_tree_height()

    def _fit_tree_height(self) -> None:
        """As tall as header plus rows, plus a horizontal scroll bar only when columns overflow."""
        tree = self.tree
        rows = 0
        pending = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
        while pending:
            item = pending.pop()
            if item is not None:
                rows += 1
                pending.extend(item.child(i) for i in range(item.childCount()))
        tree.doItemsLayout()
        row_height = tree.sizeHintForRow(0) if rows else 0
        header = tree.header()
        tree.updateGeometries()  # the scroll range for the columns' widths now
        overflow = tree.horizontalScrollBar().maximum() > 0
        bar = tree.horizontalScrollBar().sizeHint().height() if overflow else 0
        height = header.sizeHint().height() + rows * row_height + 2 * tree.frameWidth() + bar
        tree.setFixedHeight(height)


def _decorate(item: QTreeWidgetItem, category: str | None, *, swatch: bool) -> None:
    legend_name = chart_category(category)
    if legend_name is not None and swatch:
        item.setIcon(1, _swatch(category_color(legend_name)))
    else:
        # An invisible dot keeps every row's category text on one line with the others.
        item.setIcon(1, _swatch(QColor(0, 0, 0, 0)))
    for column in range(len(COLUMNS)):
        if item.text(column) == _DASH:
            item.setForeground(column, item.treeWidget().palette().placeholderText())
        item.setToolTip(column, item.text(column))


def _swatch(color: QColor) -> QIcon:
    """A small round dot in the category's colour (the tooth chart's key)."""
    pixmap = QPixmap(10, 10)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(color.darker(130) if color.alpha() else color)
    painter.setBrush(color)
    painter.drawEllipse(0, 0, 9, 9)
    painter.end()
    return QIcon(pixmap)


def _worktype_cells(worktype: Worktype) -> list[str]:
    teeth = worktype_teeth(worktype)
    jaw_name = _JAWS.get((worktype.jaw or "").strip().lower())
    jaw = translate("WorktypesSection", jaw_name) if jaw_name else _DASH
    where = format_teeth(teeth) if teeth else jaw
    return [
        _what(worktype.restoration_type, worktype.restoration_detail, UNSPECIFIED_WORK),
        _text(worktype.category),
        _text(worktype.material),
        _text(worktype.setting),
        _plain(worktype.shade),
        where,
    ]


def _unit_cells(unit: Unit) -> list[str]:
    tooth = parse_fdi(unit.fdi)
    return [
        _what(
            unit.restoration_type, unit.restoration_detail, translate("WorktypesSection", "Unit")
        ),
        _text(unit.category),
        _text(unit.material),
        _text(unit.setting),
        _plain(unit.shade),
        str(tooth) if tooth is not None else _plain(unit.fdi),
    ]


def _what(kind: str | None, detail: str | None, fallback: str) -> str:
    parts = [p for p in (identifier_label(kind), identifier_label(detail)) if p]
    return " · ".join(parts) or fallback


def _text(identifier: str | None) -> str:
    return identifier_label(identifier) or _DASH


def _plain(value: str | None) -> str:
    return value.strip() if value and value.strip() else _DASH


def _tag_texts(tags: Sequence[Tag]) -> list[str]:
    parts = []
    for tag in tags:
        kind, value = identifier_label(tag.type), (tag.value or "").strip()
        if kind and value:
            parts.append(f"{kind}: {value}")
        elif kind or value:
            parts.append(kind or value)
    return parts


def _add_tags(parent: QTreeWidgetItem, tags: Sequence[Tag]) -> None:
    """One line per tag under ``parent``, across every column, in the muted colour."""
    for text in _tag_texts(tags):
        line = QTreeWidgetItem(parent, [text])
        line.setFirstColumnSpanned(True)
        line.setToolTip(0, text)
        tree = parent.treeWidget()
        if tree is not None:
            line.setForeground(0, tree.palette().placeholderText())
