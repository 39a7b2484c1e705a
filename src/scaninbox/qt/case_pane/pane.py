"""The case pane: everything about one case, around a slot for the 3D viewport.

Layout: the header (patient, dates, flags, offline switch) above four tabs — "3D scans" (a
placeholder until the window calls :meth:`CasePane.set_viewer_widget`), "Prescription", "Order
form" and "Attachments (N)". Files load lazily when their tab is shown. Showing another case
cancels file work still in flight for the previous one, and every late result is checked against
the case it was started for, so nothing of an old case paints over a newer one.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QStackedWidget, QTabWidget, QToolBar, QVBoxLayout, QWidget

from scaninbox.domain import Case, CaseRef, FileKind
from scaninbox.language import translate
from scaninbox.qt.case_pane.attachments import AttachmentsView
from scaninbox.qt.case_pane.header import CaseHeader
from scaninbox.qt.case_pane.order_form import OrderFormView
from scaninbox.qt.case_pane.prescription import PrescriptionView
from scaninbox.qt.case_pane.qc_tab import QcTab
from scaninbox.qt.files.dialogs import FileDialogs, QtFileDialogs
from scaninbox.qt.files.providers import CaseFileProvider, case_files
from scaninbox.qt.look.widgets import muted_label, separator

__all__ = ["CasePane"]


class CasePane(QWidget):
    """Shows one :class:`~scaninbox.domain.Case` (or a prompt to pick one).

    Signals: ``pinToggled(CaseRef, bool)`` when the person flips "Keep available offline" (the
    window pins through the store, then calls :meth:`set_cache_state`); ``statusMessage(str)``
    for the window's status bar (saved files); ``statusError(str)`` for what failed (a file that
    could not be saved or opened, a report not written): the window keeps it on screen until it
    is read.
    """

    pinToggled = Signal(object, bool)
    statusMessage = Signal(str)
    statusError = Signal(str)
    viewerPlaced = Signal()  # the 3D view is in its tab: `comfortable_width` may have grown

    SCANS_TAB, PRESCRIPTION_TAB, ORDER_FORM_TAB, ATTACHMENTS_TAB, QC_TAB = range(5)

    def __init__(
        self,
        provider: CaseFileProvider,
        *,
        dialogs: FileDialogs | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setAccessibleName(translate("CasePane", "Case details"))
        self.setMinimumSize(560, 420)
        self._case: Case | None = None
        self._qc_wanted: CaseRef | None = None  # `check_scans` for a case still loading
        dialogs = dialogs or QtFileDialogs()

        self.header = CaseHeader(self)
        self.header.pinToggled.connect(self._on_pin_toggled)
        self.viewer_placeholder = muted_label(
            translate("CasePane", "The 3D view of the scans appears here."), self
        )
        self.viewer_placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.prescription = PrescriptionView(self)
        self.order_form = OrderFormView(provider, dialogs, self)
        self.attachments = AttachmentsView(provider, dialogs, self)
        self.qc = QcTab(provider, dialogs, self)
        for view in (self.order_form, self.attachments, self.qc):
            view.statusMessage.connect(self.statusMessage)
            view.statusError.connect(self.statusError)

        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.setAccessibleName(translate("CasePane", "Case sections"))
        self.tabs.addTab(self.viewer_placeholder, translate("CasePane", "3D scans"))
        self.tabs.addTab(self.prescription, translate("CasePane", "Prescription"))
        self.tabs.addTab(self.order_form, translate("CasePane", "Order form"))
        self.tabs.addTab(self.attachments, translate("CasePane", "Attachments"))
        self.tabs.addTab(self.qc, translate("CasePane", "QC"))
        self.tabs.currentChanged.connect(self._on_tab_changed)

        case_page = QWidget(self)
        case_layout = QVBoxLayout(case_page)
        self._case_layout = case_layout
        case_layout.setContentsMargins(16, 14, 16, 8)
        case_layout.setSpacing(10)
        case_layout.addWidget(self.header)
        case_layout.addWidget(separator(case_page))
        case_layout.addWidget(self.tabs, 1)
        self.empty_label = muted_label(
            translate("CasePane", "Select a case to see its details."), self
        )
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._stack = QStackedWidget(self)
        self._stack.addWidget(self.empty_label)
        self._stack.addWidget(case_page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._stack)
        self.setTabOrder(self.header.offline_toggle, self.tabs)
        self.show_case(None, pinned=False, fully_cached=False)

    @property
    def case(self) -> Case | None:
        return self._case

    def show_case(self, case: Case | None, *, pinned: bool, fully_cached: bool) -> None:
        """Show ``case`` (None: a "select a case" prompt); cancels the previous case's file work."""
        self._case = case
        self._stack.setCurrentIndex(0 if case is None else 1)
        self.header.show_case(case)
        self.header.set_cache_state(pinned=pinned, fully_cached=fully_cached)
        self.prescription.show_case(case)
        self.order_form.show_order_form(
            case.ref if case else None, case.order_form if case else None
        )
        self.attachments.show_case(case)
        self.qc.show_case(case)
        files = case_files(case) if case is not None else []
        misc = sum(1 for file in files if file.kind is FileKind.MISC)
        self.tabs.setTabText(
            self.ATTACHMENTS_TAB, translate("CasePane", "Attachments ({count})").format(count=misc)
        )
        # Disabling the current tab makes Qt jump to the next enabled one (QC): remember it.
        shown_tab = self.tabs.currentIndex()
        self._enable_tab(
            self.ORDER_FORM_TAB,
            self.order_form.has_order_form,
            translate("CasePane", "No order form"),
        )
        has_files = bool(files)
        self._enable_tab(self.ATTACHMENTS_TAB, has_files, translate("CasePane", "No files"))
        self.header.cache_label.setVisible(has_files)
        if not self.tabs.isTabEnabled(shown_tab):
            self.tabs.setCurrentIndex(self.PRESCRIPTION_TAB)
        if case is not None and self._qc_wanted is not None:
            if case.ref == self._qc_wanted:
                # Quietly: `_on_tab_changed` below starts the one check.
                self.tabs.blockSignals(True)
                self.tabs.setCurrentIndex(self.QC_TAB)
                self.tabs.blockSignals(False)
            self._qc_wanted = None  # another case came first: the wish was for that one
        self._on_tab_changed(self.tabs.currentIndex())

    def check_scans(self, ref: CaseRef) -> None:
        """Show the QC tab of ``ref`` and check its scans now; when ``ref`` is still loading
        (just selected in the inbox), as soon as it is shown."""
        if self._case is None or self._case.ref != ref:
            self._qc_wanted = ref
            return
        self._qc_wanted = None
        if self.tabs.currentIndex() == self.QC_TAB:
            self.qc.activate()  # already showing: switching tabs would not check again
        else:
            self.tabs.setCurrentIndex(self.QC_TAB)  # checks through `_on_tab_changed`

    def set_online(self, online: bool) -> None:
        """Whether files can come from the service now (the window's connectivity): the order
        form and the attachments offer Retry only then."""
        self.order_form.set_online(online)
        self.attachments.set_online(online)

    def set_cache_state(self, *, pinned: bool, fully_cached: bool) -> None:
        """Update the offline switch and indicator (after pinning, or when downloads finish)."""
        self.header.set_cache_state(pinned=pinned, fully_cached=fully_cached)

    def set_viewer_widget(self, widget: QWidget) -> None:
        """Put the 3D viewport into the "3D scans" tab (replacing the placeholder or a viewer)."""
        current = self.tabs.currentIndex()
        old = self.tabs.widget(self.SCANS_TAB)
        self.tabs.blockSignals(True)
        self.tabs.removeTab(self.SCANS_TAB)
        self.tabs.insertTab(self.SCANS_TAB, widget, translate("CasePane", "3D scans"))
        self.tabs.setCurrentIndex(current)
        self.tabs.blockSignals(False)
        if old is not None and old is not widget:
            old.hide()
            if old is not self.viewer_placeholder:
                old.setParent(None)  # the window owns viewers it replaces
        self.viewerPlaced.emit()

    def comfortable_width(self) -> int:
        """The width at which the 3D view's toolbar shows every button (none behind its »),
        or the minimum width while there is no 3D view."""
        view = self.tabs.widget(self.SCANS_TAB)
        toolbar = view.findChild(QToolBar) if view is not None else None
        if toolbar is None:
            return self.minimumWidth()
        # What lies beside the toolbar: the page's margins (and whatever the view puts there),
        # known exactly once it has been laid out.
        margins = self._case_layout.contentsMargins()
        sides = margins.left() + margins.right()
        if toolbar.isVisibleTo(self) and toolbar.width() > 0:
            sides = max(sides, self.width() - toolbar.width())
        return max(self.minimumWidth(), toolbar.sizeHint().width() + sides)

    def _enable_tab(self, index: int, enabled: bool, reason: str) -> None:
        self.tabs.setTabEnabled(index, enabled)
        self.tabs.setTabToolTip(index, "" if enabled else reason)

    def _on_tab_changed(self, index: int) -> None:
        if self._case is None:
            return
        if index == self.ORDER_FORM_TAB:
            self.order_form.activate()
        elif index == self.ATTACHMENTS_TAB:
            self.attachments.activate()
        elif index == self.QC_TAB:
            self.qc.activate()

    def _on_pin_toggled(self, pinned: bool) -> None:
        if self._case is not None:
            self.pinToggled.emit(self._case.ref, pinned)
