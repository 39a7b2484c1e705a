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

from scaninbox.qt.runtime import async_bridge

if TYPE_CHECKING:
    from scaninbox.services.qc_stats import Scorecard
    from scaninbox.store import CaseStore

__all__ = ["QcScorecard"]

_COLUMNS = ["Clinic", "Month", "Checked", "Failed", "Rescans", "Most frequent findings"]


class QcScorecard(QDialog):
    """The scorecard of ``store``; "By clinic" or "By portal"."""

    def __init__(self, store: CaseStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("QC scorecard")
        self._store = store
        self.by = QComboBox(self)
        self.by.addItem("By clinic", "clinic")
        self.by.addItem("By portal", "portal")
        self.by.setAccessibleName("Group the scorecard by")
        self.table = QTreeWidget(self)
        self.table.setRootIsDecorated(False)
        self.table.setHeaderLabels(_COLUMNS)
        self.table.setAccessibleName("QC scorecard")
        header = self.table.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.state = QLabel("Reading the checked cases…", self)
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
        self.state.setText("Reading the checked cases…")
        card = await async_bridge.to_thread(
            scorecard, self._store, "portal" if portal else "clinic"
        )
        self._show(card)

    def _show(self, card: Scorecard) -> None:
        from scaninbox.qc import KIND_TITLES

        self.card = card
        self.table.clear()
        self.table.setHeaderLabels(["Clinic" if card.by == "clinic" else "Portal", *_COLUMNS[1:]])
        for line in card.lines:
            kinds = ", ".join(
                f"{KIND_TITLES.get(kind, kind)} {line.share(kind):.0%}"
                for kind, _count in line.kinds.most_common(4)
            )
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
            item.setToolTip(5, kinds)
            self.table.addTopLevelItem(item)
        checked = sum(line.checked for line in card.lines)
        self.state.setText(
            f"{checked} case{'s' if checked != 1 else ''} checked on this computer."
            if checked
            else "No case has been checked on this computer yet."
        )
