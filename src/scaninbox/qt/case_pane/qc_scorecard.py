"""The QC scorecard in the window: per clinic (or portal) and month, over the cases checked on
this computer — cases checked, failed, rescans decided and the share with each kind of finding
(`scaninbox.services.qc_stats`, as ``scaninbox qc-stats`` prints it). Read on a worker thread:
every kept result is read once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.runtime import async_bridge

if TYPE_CHECKING:
    from scaninbox.services.qc_stats import Scorecard
    from scaninbox.store import CaseStore

__all__ = ["QcScorecard"]

_COLUMNS = [
    QT_TRANSLATE_NOOP("QcScorecard", "Clinic"),
    QT_TRANSLATE_NOOP("QcScorecard", "Month"),
    QT_TRANSLATE_NOOP("QcScorecard", "Checked"),
    QT_TRANSLATE_NOOP("QcScorecard", "Failed"),
    QT_TRANSLATE_NOOP("QcScorecard", "Rescans"),
    QT_TRANSLATE_NOOP("QcScorecard", "Most frequent findings"),
]


class QcScorecard(QDialog):
    """The scorecard of ``store``; "By clinic" or "By portal"."""

    def __init__(self, store: CaseStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("QcScorecard", "QC scorecard"))
        self._store = store
        self.by = QComboBox(self)
        self.by.addItem(translate("QcScorecard", "By clinic"), "clinic")
        self.by.addItem(translate("QcScorecard", "By portal"), "portal")
        self.by.setAccessibleName(translate("QcScorecard", "Group the scorecard by"))
        self.table = QTreeWidget(self)
        self.table.setRootIsDecorated(False)
        self.table.setHeaderLabels([translate("QcScorecard", c) for c in _COLUMNS])
        self.table.setAccessibleName(translate("QcScorecard", "QC scorecard"))
        header = self.table.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.state = QLabel(translate("QcScorecard", "Reading the checked cases…"), self)
        top = QHBoxLayout()
        top.addWidget(self.by)
        top.addWidget(self.state, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        self.by.currentIndexChanged.connect(self.refresh)
        self.card: Scorecard | None = None
        self.refresh()

    def refresh(self) -> None:
        async_bridge.run(self._load(), owner=self, key="scorecard", name="QC scorecard")

    async def _load(self) -> None:
        from scaninbox.services.qc_stats import scorecard

        portal = self.by.currentData() == "portal"
        self.state.setText(translate("QcScorecard", "Reading the checked cases…"))
        card = await async_bridge.to_thread(
            scorecard, self._store, "portal" if portal else "clinic"
        )
        self._show(card)

    def _show(self, card: Scorecard) -> None:
        from scaninbox.qc import KIND_TITLES

        self.card = card
        self.table.clear()
        first = (
            translate("QcScorecard", "Clinic")
            if card.by == "clinic"
            else translate("QcScorecard", "Portal")
        )
        self.table.setHeaderLabels([first, *(translate("QcScorecard", c) for c in _COLUMNS[1:])])
        for line in card.lines:
            # The most frequent first, ties by name: the same order on every run (a Counter's
            # ties follow the order its kinds were met, which follows set iteration).
            ranked = sorted(line.kinds.items(), key=lambda pair: (-pair[1], pair[0]))
            shares = [
                translate("QcScorecard", "{finding} {percent}%").format(
                    finding=_kind_title(KIND_TITLES, kind), percent=round(line.share(kind) * 100)
                )
                for kind, _count in ranked
            ]
            kinds = ", ".join(shares[:4])
            item = QTreeWidgetItem(
                [
                    line.who,
                    line.month,
                    str(line.checked),
                    str(line.failed),
                    str(line.rescans),
                    kinds,
                ]
            )
            item.setToolTip(5, "\n".join(shares))  # every kind, where the column shows four
            self.table.addTopLevelItem(item)
        checked = sum(line.checked for line in card.lines)
        self.state.setText(
            translate("QcScorecard", "%n case(s) checked on this computer.", None, checked)
            if checked
            else translate("QcScorecard", "No case has been checked on this computer yet.")
        )


def _kind_title(titles: dict[str, str], kind: str) -> str:
    """A finding kind's title in the QC words' language (`scaninbox.qc.findings`, "Findings")."""
    title = titles.get(kind)
    return translate("Findings", title) if title else kind
