"""A small FDI tooth chart: both arches as a dentist reads them, the case's teeth highlighted.

The chart is drawn from the viewer's side, like a dental chart: the patient's right (quadrants
1 and 4) on the left. Highlighted teeth are filled with their worktype category's colour; a tooth
with work of several categories is split into stripes. Deciduous rows appear only when the case
involves a deciduous tooth.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QHelpEvent, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolTip, QWidget

from scaninbox.domain import (
    CATEGORIES,
    LOWER_ARCH_ORDER,
    UPPER_ARCH_ORDER,
    Worktype,
    format_teeth,
    identifier_label,
    parse_fdi,
    worktype_teeth,
)
from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "OTHER_CATEGORY",
    "CategoryLegend",
    "ToothChart",
    "category_color",
    "category_name",
    "chart_category",
    "teeth_by_category",
]

OTHER_CATEGORY = QT_TRANSLATE_NOOP("ToothChart", "Other")  # a key; shown by `category_name`
_COLORS = {
    "Fixed": QColor(59, 130, 246),
    "Removable": QColor(22, 163, 74),
    "Appliance": QColor(234, 128, 12),
    "Orthodontics": QColor(147, 51, 234),
    OTHER_CATEGORY: QColor(100, 116, 139),
}
_UPPER_DECIDUOUS = (*range(55, 50, -1), *range(61, 66))
_LOWER_DECIDUOUS = (*range(85, 80, -1), *range(71, 76))
_CELL_W, _CELL_H, _GAP, _MIDLINE, _ROW_GAP, _MARGIN = 22.0, 24.0, 2.0, 10.0, 6.0, 1.0
_SIDE = 16.0  # room for the "R" and "L" marks of the patient's sides


def category_name(category: str) -> str:
    """A legend key as the person reads it: the domain's wording, ours for "Other"."""
    if category == OTHER_CATEGORY:
        return translate("ToothChart", OTHER_CATEGORY)
    return identifier_label(category) or category


def category_color(category: str) -> QColor:
    return QColor(_COLORS.get(category, _COLORS[OTHER_CATEGORY]))


def teeth_by_category(worktypes: Iterable[Worktype]) -> dict[int, tuple[str, ...]]:
    """Each involved tooth with the categories of work on it, in the legend's order.

    The teeth are exactly ``case_teeth``'s; a unit's own category wins over its worktype's.
    """
    found: dict[int, set[str]] = {}
    for worktype in worktypes:
        own = chart_category(worktype.category)
        unit_teeth: set[int] = set()
        for unit in worktype.units:
            tooth = parse_fdi(unit.fdi)
            if tooth is not None:
                unit_teeth.add(tooth)
                found.setdefault(tooth, set()).add(chart_category(unit.category) or own or "")
        for tooth in worktype_teeth(worktype):
            if tooth not in unit_teeth or own:
                found.setdefault(tooth, set()).add(own or "")
    order = [*CATEGORIES, OTHER_CATEGORY]
    return {
        tooth: tuple(sorted({c or OTHER_CATEGORY for c in kinds}, key=order.index))
        for tooth, kinds in found.items()
    }


def chart_category(value: str | None) -> str | None:
    """The legend's name for a wire category (``FIXED`` → ``Fixed``; unknown ones are
    ``Other``); None when the work names none."""
    if not value or not value.strip():
        return None
    wanted = value.strip().casefold()
    return next((c for c in CATEGORIES if c.casefold() == wanted), OTHER_CATEGORY)


class ToothChart(QWidget):
    """Both arches with the given teeth highlighted; hover a tooth for its work categories."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._teeth: dict[int, tuple[str, ...]] = {}
        self._cells: dict[int, QRectF] = {}
        self.setAccessibleName(translate("ToothChart", "Tooth chart"))
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.set_teeth({})

    def set_teeth(self, teeth: dict[int, tuple[str, ...]]) -> None:
        self._teeth = dict(teeth)
        self._cells = self._layout_cells()
        by_category: dict[str, list[int]] = {}
        for tooth, categories in self._teeth.items():
            for category in categories:
                by_category.setdefault(category, []).append(tooth)
        described = [f"{category_name(c)}: {format_teeth(t)}" for c, t in by_category.items()]
        self.setAccessibleDescription(
            translate("ToothChart", "Teeth involved: {teeth}").format(teeth="; ".join(described))
            if described
            else translate("ToothChart", "No teeth marked")
        )
        self.updateGeometry()
        self.update()

    def highlighted(self) -> dict[int, tuple[str, ...]]:
        return dict(self._teeth)

    def sizeHint(self) -> QSize:
        if not self._cells:
            return QSize(0, 0)
        right = max(r.right() for r in self._cells.values())
        bottom = max(r.bottom() for r in self._cells.values())
        return QSize(int(right + _SIDE + _MARGIN + 1), int(bottom + _MARGIN + 1))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def _layout_cells(self) -> dict[int, QRectF]:
        deciduous = any(t // 10 >= 5 for t in self._teeth)
        rows: list[tuple[int, ...]] = [UPPER_ARCH_ORDER]
        if deciduous:
            rows += [_UPPER_DECIDUOUS, _LOWER_DECIDUOUS]
        rows.append(LOWER_ARCH_ORDER)
        full_width = 16 * _CELL_W + 14 * _GAP + _MIDLINE
        cells: dict[int, QRectF] = {}
        y = _MARGIN
        for index, row in enumerate(rows):
            if index == len(rows) // 2:
                y += _ROW_GAP  # the occlusal plane between the arches
            half = len(row) // 2
            width = len(row) * _CELL_W + (len(row) - 2) * _GAP + _MIDLINE
            x = _MARGIN + _SIDE + (full_width - width) / 2
            for position, tooth in enumerate(row):
                if position == half:
                    x += _MIDLINE - _GAP
                cells[tooth] = QRectF(x, y, _CELL_W, _CELL_H)
                x += _CELL_W + _GAP
            y += _CELL_H + _GAP
        return cells

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        font = QFont(self.font())
        font.setPointSizeF(max(6.5, font.pointSizeF() * 0.78))
        painter.setFont(font)
        midline_x = self._midline_x()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1, Qt.PenStyle.DotLine))
        painter.drawLine(QPointF(midline_x, 0), QPointF(midline_x, self.height()))
        for tooth, rect in self._cells.items():
            self._paint_tooth(painter, palette, tooth, rect)
        painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
        right_end = self._cells[28].right()
        sides = (
            (translate("ToothChart", "R", "the patient's right side"), _MARGIN),
            (translate("ToothChart", "L", "the patient's left side"), right_end + 2),
        )
        for text, x in sides:
            side = QRectF(x, 0, _SIDE - 2, self.height())
            painter.drawText(side, Qt.AlignmentFlag.AlignCenter, text)
        painter.end()

    def _midline_x(self) -> float:
        left, right = self._cells.get(11), self._cells.get(21)
        if left is None or right is None:
            return self.width() / 2
        return (left.right() + right.left()) / 2

    def _paint_tooth(self, painter: QPainter, palette: QPalette, tooth: int, rect: QRectF) -> None:
        path = QPainterPath()
        path.addRoundedRect(rect, 5, 5)
        categories = self._teeth.get(tooth, ())
        if categories:
            painter.save()
            painter.setClipPath(path)
            stripe = rect.width() / len(categories)
            for index, category in enumerate(categories):
                painter.fillRect(
                    QRectF(rect.left() + index * stripe, rect.top(), stripe + 0.5, rect.height()),
                    category_color(category),
                )
            painter.restore()
            painter.setPen(QPen(category_color(categories[0]).darker(130), 1))
            painter.drawPath(path)
            text = _readable_on(category_color(categories[0]))
        else:
            painter.fillPath(path, palette.color(QPalette.ColorRole.Base))
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
            painter.drawPath(path)
            text = palette.color(QPalette.ColorRole.PlaceholderText)
        painter.setPen(text)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(tooth))

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            point = QPointF(event.pos())
            tooth = self.tooth_at(point)
            if tooth is None and (
                point.x() < _MARGIN + _SIDE or point.x() > self._cells[28].right()
            ):
                side = (
                    translate("ToothChart", "Patient's right side")
                    if point.x() < _MARGIN + _SIDE
                    else translate("ToothChart", "Patient's left side")
                )
                QToolTip.showText(event.globalPos(), side, self)
            elif tooth is None:
                QToolTip.hideText()
            else:
                categories = self._teeth.get(tooth)
                detail = (
                    ", ".join(category_name(c) for c in categories)
                    if categories
                    else translate("ToothChart", "no work")
                )
                QToolTip.showText(
                    event.globalPos(),
                    translate("ToothChart", "Tooth {tooth}: {work}").format(
                        tooth=tooth, work=detail
                    ),
                    self,
                )
            return True
        return super().event(event)

    def tooth_at(self, point: QPointF) -> int | None:
        return next((t for t, r in self._cells.items() if r.contains(point)), None)


def _readable_on(fill: QColor) -> QColor:
    luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF()
    return QColor(Qt.GlobalColor.black) if luminance > 0.55 else QColor(Qt.GlobalColor.white)


class CategoryLegend(QWidget):
    """Colour swatches naming the four worktype categories (and "Other" when it occurs)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(14)
        self._entries: dict[str, QWidget] = {}
        for category in (*CATEGORIES, OTHER_CATEGORY):
            entry = QWidget(self)
            row = QHBoxLayout(entry)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(5)
            swatch = QLabel(entry)
            swatch.setFixedSize(12, 12)
            color = category_color(category)
            swatch.setStyleSheet(
                f"background-color: {color.name()}; border-radius: 3px;"
                f" border: 1px solid {color.darker(130).name()};"
            )
            label = QLabel(category_name(category), entry)
            label.setTextFormat(Qt.TextFormat.PlainText)
            row.addWidget(swatch)
            row.addWidget(label)
            layout.addWidget(entry)
            self._entries[category] = entry
        layout.addStretch(1)
        self.setAccessibleName(translate("ToothChart", "Category colours"))
        self.show_categories(())

    def show_categories(self, present: Iterable[str]) -> None:
        self._entries[OTHER_CATEGORY].setVisible(OTHER_CATEGORY in set(present))

    def visible_categories(self) -> list[str]:
        return [c for c, e in self._entries.items() if not e.isHidden()]
