"""The main window: the inbox on the left, the case pane on the right, menus and status bar.

The window is built before any account is open (so it can appear before the store, the API
client and VTK are imported) and is then attached to an ``AccountSession`` with ``attach`` and
detached with ``detach``. The selected case is the ``CasePresenter``'s business, the engine's
events the ``SyncPresenter``'s. What the person arranged (geometry, splitter, columns, filters,
pane tab) is saved in ``UiState`` when the window closes and restored when it is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QIcon, QShowEvent
from PySide6.QtWidgets import QMainWindow, QSplitter, QVBoxLayout, QWidget

from scaninbox.domain import CaseRef, FileKind
from scaninbox.language import translate
from scaninbox.paths import resources_dir
from scaninbox.qt.account.connectivity import ConnectivityWatch
from scaninbox.qt.account.qc_background import BackgroundQc
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.files import CaseFileProvider
from scaninbox.qt.inbox import Column, InboxPanel
from scaninbox.qt.lab.install import install_lab_hub
from scaninbox.qt.look.window_layout import (
    ScreenFit,
    default_window_size,
    inbox_share,
    minimum_window_size,
)
from scaninbox.qt.shell.case_keys import CaseKeys
from scaninbox.qt.shell.case_presenter import CasePresenter
from scaninbox.qt.shell.message_area import MessageArea, status_room
from scaninbox.qt.shell.print_actions import PrintActions
from scaninbox.qt.shell.status import ConnectionBanner, SyncStatus
from scaninbox.qt.shell.sync_presenter import SyncPresenter
from scaninbox.qt.shell.tray import Notifier
from scaninbox.qt.shell.ui_state import UiState
from scaninbox.qt.shell.window_menus import WindowMenus

if TYPE_CHECKING:
    from scaninbox.qt.account.session import AccountSession
    from scaninbox.qt.shell.viewer_host import ViewerHost

__all__ = ["MainWindow", "app_icon"]

_MESSAGE_MS = 10_000


def app_icon() -> QIcon:
    icon = QIcon()
    for size in (16, 24, 32, 48, 64, 128, 256):
        icon.addFile(str(resources_dir() / "icons" / f"scaninbox-{size}.png"))
    return icon


class MainWindow(QMainWindow):
    """Signals for the application controller: ``signInRequested``, ``signOutRequested``,
    ``removeDataRequested``, ``quitRequested``, ``sessionExpired(error)`` (a call found the
    session ended)."""

    sessionExpired = Signal(object)
    signInRequested = Signal()
    signOutRequested = Signal()
    removeDataRequested = Signal()
    quitRequested = Signal()

    def __init__(
        self,
        provider: CaseFileProvider,
        ui_state: UiState,
        *,
        use_tray: bool | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowIcon(app_icon())
        self.resize(default_window_size(self.screen()))
        self.setMinimumSize(minimum_window_size(self.screen()))
        self.screen_fit = ScreenFit(self)  # frame and status bar on the screen, once framed
        self.ui_state = ui_state
        self.session: AccountSession | None = None
        self.viewer: ViewerHost | None = None

        self.inbox = InboxPanel(self)
        self.pane = CasePane(provider, parent=self)
        self.banner = ConnectionBanner(self)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.inbox)
        self.splitter.addWidget(self.pane)
        # A wider window widens the case (and its 3D view), not the table.
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self._split_pending = True  # the first-run split needs the splitter's real width
        # The first-run split follows the 3D view's toolbar once it is there, until the person
        # moves the border (or a kept layout was restored).
        self._split_is_default = True
        self.splitter.splitterMoved.connect(self._on_split_moved)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.banner)
        layout.addWidget(self.splitter, 1)
        # Messages too long for the status bar, and errors, in full (`message_area`).
        self.messages = MessageArea(central)
        layout.addWidget(self.messages)
        self.setCentralWidget(central)

        self.sync_status = self._build_status_bar()
        self.notifier = Notifier(self, app_icon(), use_tray=use_tray, say=self.show_message)
        self.menus = WindowMenus(self)
        self.connectivity = ConnectivityWatch(self)  # every pane follows this one answer
        self.printing = PrintActions(self, provider, lambda: self.pane.case, self.show_message)
        self.cases = CasePresenter(
            self.pane,
            self.inbox.model,
            report_error=self._report_error,
            show_in_viewer=self._show_in_viewer,
            parent=self,
        )
        # Scan QC as scans arrive (the app turns it off when the settings say so).
        self.qc_background = BackgroundQc(self)
        self.inbox.model.qc_pending = self.qc_background.is_pending
        self.pane.qc.set_background(self.qc_background)
        self.sync = SyncPresenter(
            inbox=self.inbox,
            status=self.sync_status,
            banner=self.banner,
            notifier=self.notifier,
            cases=self.cases,
            connectivity=self.connectivity,
            update_title=self.update_title,
            parent=self,
        )
        self._title_timer = QTimer(self)  # many read marks in a row update the title once
        self._title_timer.setSingleShot(True)
        self._title_timer.setInterval(150)
        self._title_timer.timeout.connect(self._update_title_now)
        # The Case menu's keys: sections, the list, the QC decisions (`case_keys`).
        self.case_keys = CaseKeys(self.menus, self.pane, self.inbox, self.show_message, parent=self)
        self._connect()
        self.lab = install_lab_hub(
            self, parent=self
        )  # the lab hub's parts, hidden while none is configured
        self.restore_ui_state()
        self.update_title()

    def _build_status_bar(self) -> SyncStatus:
        status = SyncStatus(self)
        bar = self.statusBar()
        for widget in status.widgets:
            bar.addPermanentWidget(widget)
        bar.setSizeGripEnabled(True)
        bar.messageChanged.connect(self._on_status_message)
        return status

    def _connect(self) -> None:
        view, menus = self.inbox.view, self.menus
        view.currentCaseChanged.connect(self.cases.show_ref)
        view.openRequested.connect(self.open_case)
        view.markReadRequested.connect(self.cases.mark_read)
        view.pinRequested.connect(self.cases.set_pinned)
        view.qcRequested.connect(self.pane.check_scans)
        for source in (view, self.cases, self.pane):
            source.statusMessage.connect(self.show_message)
        self.pane.statusError.connect(self.show_error)
        self.pane.viewerPlaced.connect(self._on_viewer_placed)
        self.cases.unreadChanged.connect(self.update_title)
        self.connectivity.changed.connect(self.cases.connectivity_changed)
        self.pane.qc.qcChanged.connect(lambda ref: self.inbox.model.refresh_rows([ref]))
        self.pane.qc.findingActivated.connect(self.show_finding)
        self.qc_background.checked.connect(lambda ref: self.inbox.model.refresh_rows([ref]))
        self.qc_background.pendingChanged.connect(self.inbox.model.repaint_qc)
        self.banner.retryRequested.connect(self.sync_now)
        self.banner.signInRequested.connect(self.signInRequested)
        self.notifier.activated.connect(self._raise)
        self.notifier.syncRequested.connect(self.sync_now)
        self.notifier.quitRequested.connect(self.quitRequested)
        menus.sync_action.triggered.connect(self.sync_now)
        menus.find_action.triggered.connect(self.focus_search)
        menus.keep_week_action.triggered.connect(self.cases.keep_due_this_week)
        menus.quit_action.triggered.connect(self.quitRequested)
        menus.reset_columns_action.triggered.connect(view.reset_columns)
        menus.next_unread_action.triggered.connect(self._next_unread)
        menus.print_ticket_action.triggered.connect(self.printing.print_work_ticket)
        menus.print_order_form_action.triggered.connect(self.printing.print_order_form)
        menus.sign_in_action.triggered.connect(self.signInRequested)
        menus.sign_out_action.triggered.connect(self.signOutRequested)
        menus.remove_data_action.triggered.connect(self.removeDataRequested)
        self.inbox.filters.savedStateChanged.connect(
            lambda state: setattr(self.ui_state, "filters", state)
        )

    # ------------------------------------------------------------------ the open account

    def attach(self, session: AccountSession) -> None:
        """Show ``session``'s cases and follow its engine."""
        self.session = session
        self.cases.set_session(session)
        self.inbox.set_store(session.store)
        self.pane.qc.set_account(session.store, session.account.email)
        self.sync.attach(session)
        session.signals.fileReady.connect(self._on_file_ready)
        session.signals.syncFinished.connect(self.qc_background.cases_synced)
        self.qc_background.attach(session.store, session.cache)
        self.lab.attach(session)
        self.menus.show_account(session)
        self.update_title()

    def refresh_session_state(self) -> None:
        """Show the session's current state again (e.g. after signing in again)."""
        self.menus.show_account(self.session)
        self.sync.show_state()

    def detach(self) -> None:
        """Let go of the account (before its store closes)."""
        self.session = None
        self.lab.detach()
        self.qc_background.detach()
        self.sync.detach()
        self.cases.set_session(None)
        self.pane.qc.set_account(None, "")
        self.inbox.set_store(None)
        self.menus.show_account(None)
        self.update_title()

    # ------------------------------------------------------------------ actions

    def sync_now(self) -> None:
        if self.session is not None and self.session.signed_in:
            self.session.engine.request_sync()
            self.sync.sync_requested()
        elif self.session is not None:
            self.signInRequested.emit()

    def open_case(self, ref: CaseRef) -> None:
        """Enter on a case: show its 3D scans and give the viewer the keyboard."""
        if self.cases.current_ref != ref:
            self.inbox.view.select_ref(ref)
        self.cases.mark_shown_read()  # opened on purpose: read now
        self.pane.tabs.setCurrentIndex(CasePane.SCANS_TAB)
        widget = self.pane.tabs.currentWidget()
        if widget is not None:
            widget.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_finding(self, finding: Any, file: str = "") -> None:
        """A QC finding (of scan ``file``) was clicked: show it in the 3D view."""
        if finding.center_mm is None:
            return
        if self.viewer is None or not self.viewer.show_finding(finding, file):
            self.show_message(
                translate("MainWindow", "The 3D view is not ready yet: show the scans first.")
            )
            return
        self.pane.tabs.setCurrentIndex(CasePane.SCANS_TAB)

    def _on_file_ready(self, ref: CaseRef, spec: Any, _path: object) -> None:
        from scaninbox.domain.first_look import PREVIEW

        # Previews arrive for every case the sync lists; QC checks full scans only.
        if spec.kind is FileKind.SCAN and spec.file_type != PREVIEW:
            self.qc_background.files_arrived(ref)

    def _next_unread(self) -> None:
        if not self.inbox.view.select_next_unread():
            self.show_message(translate("MainWindow", "No unread cases in this list."))

    def focus_search(self) -> None:
        self.inbox.filters.focus_search()

    def show_message(self, text: str) -> None:
        """A notice: in the status bar when it fits there, else whole in the message area
        (German runs a third longer; a status bar cuts what does not fit)."""
        self.messages.say(self.statusBar(), text, _MESSAGE_MS)

    def status_room(self) -> int:
        """The width the status bar has for a message beside its permanent widgets."""
        return status_room(self.statusBar())

    @property
    def message_text(self) -> str:
        """The message on screen: the status bar's, else the message area's notice, else its
        error ("" for none)."""
        return self.statusBar().currentMessage() or self.messages.notice or self.messages.error

    def show_error(self, text: str) -> None:
        """An error: in full in the message area until closed or replaced by a newer error."""
        self.messages.show_error(text)

    def _on_status_message(self, text: str) -> None:
        self.statusBar().setToolTip(text)

    def update_title(self) -> None:
        self._title_timer.start()

    def _update_title_now(self) -> None:
        # "unread", not "new": "New" is also a case status, and the two counts differ. The
        # application's name is not part of it: the platform adds the display name itself.
        session = self.session
        parts = []
        if session is not None and session.demo:
            parts.append(translate("MainWindow", "Demo"))
        if session is not None and not session.store.closed:
            unread = session.store.unread_count()
            if unread:
                parts.append(translate("MainWindow", "%n unread", None, unread))
        self.setWindowTitle(" — ".join(parts))
        self.notifier.set_tooltip(" — ".join([translate("MainWindow", "Scan Inbox"), *parts]))

    def _report_error(self, error: BaseException) -> bool:
        from scaninbox.api.errors import SessionExpiredError

        if isinstance(error, SessionExpiredError):
            self.sessionExpired.emit(error)
            return True
        return False

    def _show_in_viewer(self, case: Any) -> None:
        if self.viewer is not None:
            self.viewer.show_case(case)

    def _raise(self) -> None:
        self.showNormal()
        self.raise_()
        self.activateWindow()

    # ------------------------------------------------------------------ persisted layout

    def restore_ui_state(self) -> None:
        state = self.ui_state
        geometry = state.bytes_value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        splitter = state.bytes_value("window/splitter")
        if splitter is not None and self.splitter.restoreState(splitter):
            self._split_pending = False
            self._split_is_default = False
        header = state.bytes_value("inbox/header")
        restored = header is not None and self.inbox.view.restore_header(header)
        if restored and state.upgraded_from is not None and state.upgraded_from < 3:
            self.inbox.view.bring_key_columns_forward()
        self.inbox.set_filter_state(state.filters)
        tab = state.int_value("pane/tab", CasePane.SCANS_TAB)
        if 0 <= tab < self.pane.tabs.count():
            self.pane.tabs.setCurrentIndex(tab)

    def save_ui_state(self) -> None:
        self.inbox.filters.flush()
        state = self.ui_state
        state.set_bytes("window/geometry", self.saveGeometry())
        state.set_bytes("window/splitter", self.splitter.saveState())
        state.set_bytes("inbox/header", self.inbox.view.horizontalHeader().saveState())
        state.filters = self.inbox.filters.saved_state
        state.set_int("pane/tab", self.pane.tabs.currentIndex())
        state.sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._split_pending:
            self._split_pending = False
            self.apply_default_split()

    def apply_default_split(self) -> None:
        """The first-run split: the inbox as wide as its key columns (up to the QC light), the
        rest to the case — as much as shows the 3D view's toolbar whole (on a 1080p screen
        scaled 1.5 times, 1280×720 logical, it missed a few pixels and hid its last button
        behind ») where the inbox can still show its columns up to the status (`inbox_share`):
        where both cannot be had, a button goes behind » rather than the status being cut."""
        total = sum(self.splitter.sizes()) or self.splitter.width()
        wanted = self.inbox.view.width_to_show(self.inbox.view.last_key_column())
        pane = self.pane
        self.splitter.setSizes(
            inbox_share(
                wanted,
                total,
                case_min_px=pane.minimumWidth(),
                case_wish_px=pane.comfortable_width(),
                inbox_keep_px=self.inbox.view.width_to_show(Column.STATUS),
            )
        )

    def _on_split_moved(self, _pos: int, _index: int) -> None:
        self._split_is_default = False  # the person placed the border: theirs from now on

    def _on_viewer_placed(self) -> None:
        self._split_for_viewer()
        # Again once the view is laid out: then what lies beside its toolbar is known exactly.
        QTimer.singleShot(0, self._split_for_viewer)

    def _split_for_viewer(self) -> None:
        if self._split_is_default and not self._split_pending:
            self.apply_default_split()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_ui_state()
        self.notifier.hide()
        event.accept()
        self.quitRequested.emit()
