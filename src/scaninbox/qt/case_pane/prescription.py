"""The prescription tab: customer, the work ordered (tree and tooth chart) and the remark.

Sections with nothing to say are hidden rather than shown empty; a case the portal has not
filled in yet says so in one sentence instead of a page of dashes.
"""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from scaninbox.domain import Case
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.case_pane.customer import CustomerSection
from scaninbox.qt.case_pane.worktypes import WorktypesSection
from scaninbox.qt.look.widgets import (
    ValueLabel,
    muted_label,
    section_title,
    separator,
)

__all__ = ["NOTHING_PRESCRIBED", "NO_ORDER_DATA", "PrescriptionView"]

NO_ORDER_DATA = QT_TRANSLATE_NOOP("PrescriptionView", "This case has no order data yet")
NOTHING_PRESCRIBED = QT_TRANSLATE_NOOP(
    "PrescriptionView", "The portal sent no customer, work or remark for this case."
)


class PrescriptionView(QScrollArea):
    """A scrolling page of sections; :attr:`visible_sections` tells which ones show."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAccessibleName(translate("PrescriptionView", "Prescription"))
        page = QWidget(self)
        self.no_data_title = muted_label(translate("PrescriptionView", NO_ORDER_DATA), page)
        font = QFont(self.no_data_title.font())
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.no_data_title.setFont(font)
        self.no_data_detail = muted_label(
            translate(
                "PrescriptionView",
                "The portal has not sent the prescription for this case. Customer, work and "
                "files appear here once it does.",
            ),
            page,
        )
        self.nothing_label = muted_label(translate("PrescriptionView", NOTHING_PRESCRIBED), page)
        self.customer = CustomerSection(page)
        self.worktypes = WorktypesSection(page)
        self.remark_title = section_title(translate("PrescriptionView", "Remark"), page)
        self.remark_value = ValueLabel(page)
        self.remark_value.setAccessibleName(translate("PrescriptionView", "Remark"))
        self._separators = [separator(page), separator(page)]

        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 12, 12, 12)
        layout.setSpacing(10)
        layout.addWidget(self.no_data_title)
        layout.addWidget(self.no_data_detail)
        layout.addWidget(self.nothing_label)
        layout.addWidget(self.customer)
        layout.addWidget(self._separators[0])
        layout.addWidget(self.worktypes)
        layout.addWidget(self._separators[1])
        layout.addWidget(self.remark_title)
        layout.addWidget(self.remark_value)
        layout.addStretch(1)
        self.setWidget(page)
        self.show_case(None)

    def show_case(self, case: Case | None) -> None:
        has_data = case is not None and case.has_accepted_data
        self.no_data_title.setVisible(case is not None and not has_data)
        self.no_data_detail.setVisible(case is not None and not has_data)
        # Every section is refilled, also when hidden, so nothing of the previous case lingers.
        shown_case = case if has_data else None
        customer = self.customer.show_customer(
            shown_case.clinic if shown_case else None, shown_case.dentist if shown_case else None
        )
        work = self.worktypes.show_worktypes(shown_case.worktypes if shown_case else ())
        remark = (shown_case.remark or "").strip() if shown_case else ""
        self.remark_value.set_value(remark)
        shown = [
            (self.customer, bool(customer)),
            (self.worktypes, bool(work)),
            (self.remark_value, bool(remark)),
        ]
        for widget, visible in shown:
            widget.setVisible(visible)
        self.remark_title.setVisible(bool(remark))
        # A separator goes between two visible sections only.
        flags = [visible for _, visible in shown]
        self._separators[0].setVisible(flags[0] and (flags[1] or flags[2]))
        self._separators[1].setVisible(flags[1] and flags[2])
        self.nothing_label.setVisible(has_data and not any(flags))
        self.verticalScrollBar().setValue(0)

    @property
    def visible_sections(self) -> list[str]:
        sections = {
            "no-order-data": self.no_data_title,
            "nothing-prescribed": self.nothing_label,
            "customer": self.customer,
            "work": self.worktypes,
            "remark": self.remark_value,
        }
        return [name for name, widget in sections.items() if not widget.isHidden()]
