"""Building the lab hub's parts into the main window, and following the open account."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QBoxLayout, QLayout, QStatusBar, QWidget

from scaninbox.language import translate
from scaninbox.qt.lab.case_tab import LabTab
from scaninbox.qt.lab.inbox import LabColumn, LabFilterCombo
from scaninbox.qt.lab.session import LabHubSession
from scaninbox.qt.lab.status_label import LabStatus

if TYPE_CHECKING:
    from scaninbox.domain import CaseRef
    from scaninbox.qt.account.session import AccountSession
    from scaninbox.qt.case_pane import CasePane
    from scaninbox.qt.inbox import InboxPanel

__all__ = ["LabCases", "LabDesk", "LabWindow", "install_lab_hub"]


class LabCases(Protocol):
    """What the lab's parts use of the window's case presenter (``CasePresenter`` is one): the
    case on screen and when read marks change. A protocol for the reason ``LabWindow`` is one:
    the presenter lives in the shell, which installs the lab hub."""

    @property
    def unreadChanged(self) -> SignalInstance: ...

    @property
    def current_ref(self) -> CaseRef | None: ...


class LabWindow(Protocol):
    """What the lab's parts use of the main window (``MainWindow`` is one). A protocol, not the
    window's class: the window installs the lab hub, so importing it here would close a circle."""

    @property
    def inbox(self) -> InboxPanel: ...

    @property
    def pane(self) -> CasePane: ...

    @property
    def cases(self) -> LabCases: ...

    def statusBar(self) -> QStatusBar: ...

    def show_message(self, text: str) -> None: ...


class LabDesk:
    """The window's lab parts: ``hub`` (session), ``tab``, ``status``, ``column``, ``combo``."""

    def __init__(self, window: LabWindow, parent: QWidget) -> None:
        from scaninbox.qt.inbox.columns import Column

        self._window = window
        self.hub = LabHubSession(parent)
        self.status = LabStatus(self.hub, parent)
        window.statusBar().addPermanentWidget(self.status)
        model = window.inbox.model
        self.column = LabColumn(model, self.hub)
        self.combo = LabFilterCombo(model, self.hub, window.inbox.filters)
        _add_to_filters(window.inbox.filters.layout(), self.combo)
        self.tab = LabTab(self.hub, window.pane.tabs)
        self.tab_index = window.pane.tabs.addTab(self.tab, translate("LabDesk", "Lab"))
        self._column = int(Column.LAB)
        window.inbox.view.currentCaseChanged.connect(self.tab.show_case)
        window.pane.qc.decisionRecorded.connect(self.hub.decision_recorded)
        # Through the window: a sentence too long for the status bar is shown whole.
        self.hub.told.connect(window.show_message)
        window.cases.unreadChanged.connect(self._on_read)
        # The lab's decisions become this desk's QC decisions: the QC column follows.
        self.hub.decisionsAdopted.connect(window.inbox.model.refresh_rows)
        self._show(False)

    def attach(self, session: AccountSession) -> None:
        self.status.reset(True)  # before the listener's first word
        active = self.hub.attach(session.store)
        self._show(active, reset=False)
        self.tab.show_case(self._window.cases.current_ref)
        session.signals.syncFinished.connect(self._on_synced)

    def _on_read(self) -> None:
        """The case on screen now counts as read here: the lab learns this person read it."""
        ref, link = self._window.cases.current_ref, self.hub.link
        if ref is None or link is None or link.store.closed:
            return
        row = link.store.row(ref)
        if row is None or row.unread or self.hub.me.casefold() in self.hub.state(ref).read_by:
            return
        self.hub.record(ref, "read")

    def _on_synced(self, _report: object) -> None:
        if not self.hub.connected:
            self.hub.wake()

    def detach(self) -> None:
        self.hub.detach()
        self._show(False)
        self.tab.show_case(None)

    def _show(self, active: bool, *, reset: bool = True) -> None:
        if reset or not active:
            self.status.reset(active)
        self.combo.setVisible(active)
        if not active and self.combo.currentIndex() != 0:
            self.combo.setCurrentIndex(0)
        self._window.pane.tabs.setTabVisible(self.tab_index, active)
        self._window.inbox.view.setColumnHidden(self._column, not active)


def _add_to_filters(layout: QLayout | None, combo: LabFilterCombo) -> None:
    """Beside the other filters (their flowing row), else on a line of its own."""
    if layout is None:
        return
    items = [layout.itemAt(i) for i in range(layout.count())]
    rows = [item.layout() for item in items if item is not None]
    flowing = [row for row in rows if row is not None and not isinstance(row, QBoxLayout)]
    (flowing[-1] if flowing else layout).addWidget(combo)


def install_lab_hub(window: LabWindow, *, parent: QWidget) -> LabDesk:
    """The lab's parts built into ``window``; ``parent`` (the window itself) owns the Qt ones."""
    return LabDesk(window, parent)
