"""What the window shows of the sync engine: state and last sync in the status bar, download
progress, the connection banner, new-case notices, and a fresh table after each sync.

The banner stays while the engine retries an unreachable service (its state flips between
"syncing" and "offline" meanwhile) and goes only once the service answered again. The status bar
says what the banner says: both follow the one `ConnectivityWatch` answer, so a retry shows as
"Offline" (its tooltip says a new attempt is under way), never as "Syncing…" under an
"Offline" banner.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer

from scaninbox.domain import CaseRef
from scaninbox.language import current, translate
from scaninbox.qt.account.connectivity import Connectivity, ConnectivityWatch
from scaninbox.qt.inbox import InboxPanel
from scaninbox.qt.shell.case_presenter import CasePresenter
from scaninbox.qt.shell.status import BannerKind, ConnectionBanner, SyncStatus
from scaninbox.qt.shell.tray import Notifier

if TYPE_CHECKING:
    from scaninbox.qt.account.session import AccountSession

__all__ = ["SyncPresenter"]

_MAX_NAMES_IN_NOTICE = 3
_BANNERS = {
    Connectivity.NO_ACCOUNT: BannerKind.NONE,
    Connectivity.ONLINE: BannerKind.NONE,
    Connectivity.OFFLINE: BannerKind.OFFLINE,
    Connectivity.WORKING_OFFLINE: BannerKind.WORKING_OFFLINE,
    Connectivity.SIGNED_OUT: BannerKind.SIGNED_OUT,
}
_PROGRESS_REFRESH_MS = 3_000


class SyncPresenter(QObject):
    """Follows one ``AccountSession``'s engine at a time (``attach``/``detach``)."""

    def __init__(
        self,
        *,
        inbox: InboxPanel,
        status: SyncStatus,
        banner: ConnectionBanner,
        notifier: Notifier,
        cases: CasePresenter,
        connectivity: ConnectivityWatch,
        update_title: Callable[[], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._inbox = inbox
        self._status = status
        self._banner = banner
        self._notifier = notifier
        self._cases = cases
        self._update_title = update_title
        self._connectivity = connectivity
        self._session: AccountSession | None = None
        self._progress_timer = QTimer(self)
        self._progress_timer.setSingleShot(True)
        self._progress_timer.setInterval(_PROGRESS_REFRESH_MS)

    def attach(self, session: AccountSession) -> None:
        self._session = session
        self._connectivity.forget_reachability()
        signals = session.signals
        signals.stateChanged.connect(self._on_state)
        signals.syncProgress.connect(self._on_sync_progress)
        signals.syncFinished.connect(self._on_sync_finished)
        signals.newCases.connect(self._on_new_cases)
        signals.downloadProgress.connect(self._on_download_progress)
        signals.fileReady.connect(self._on_file_done)
        signals.fileFailed.connect(self._on_file_done)
        signals.prefetchProgress.connect(self._status.prefetch_progress)
        self._status.set_last_sync(session.store.last_sync_at())
        self.show_state()

    def detach(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # nothing was connected
                session.signals.disconnect(self)
        self._status.clear()
        self._connectivity.follow(None)
        self._banner.show_kind(BannerKind.NONE)

    def show_state(self) -> None:
        """Show the engine's current state again (after signing in again, for one)."""
        session = self._session
        if session is not None:
            self._on_state(session.engine.state, session.engine.state_detail)

    # ------------------------------------------------------------------ engine events

    def _on_state(self, state: Any, detail: str) -> None:
        from scaninbox.store import EngineState

        session = self._session
        if session is None:
            return
        shown: dict[EngineState, tuple[str, str, bool]] = {
            EngineState.OFFLINE: (translate("SyncPresenter", "Offline"), "offline", False),
            EngineState.ONLINE: (translate("SyncPresenter", "Online"), "", False),
            EngineState.SYNCING: (translate("SyncPresenter", "Syncing…"), "sync", False),
            EngineState.ERROR: (translate("SyncPresenter", "Sync failed"), "warning", True),
            EngineState.SIGNED_OUT: (translate("SyncPresenter", "Signed out"), "warning", True),
            EngineState.STOPPED: (translate("SyncPresenter", "Not syncing"), "offline", False),
        }
        self._connectivity.follow(session, state)
        text, icon, warning = shown.get(state, ("", "", False))
        if self._connectivity.state is Connectivity.OFFLINE:
            # Retrying is still offline until the service answers: the banner's word.
            text, icon, warning = shown[EngineState.OFFLINE]
            if state is EngineState.SYNCING:
                detail = translate(
                    "SyncPresenter", "The service cannot be reached; trying again now…"
                )
        self._status.set_state(text, icon, warning=warning)
        if detail:
            self._status.state_label.setToolTip(detail)
        self._show_banner()

    def sync_requested(self) -> None:
        """The person asked for a sync (F5): say so, unless the service is known to be away (then
        it stays "Offline" until it answers, as the banner does)."""
        if self._connectivity.state is Connectivity.OFFLINE:
            self._status.state_label.setToolTip(
                translate("SyncPresenter", "The service cannot be reached; trying again now…")
            )
            return
        self._status.set_state(translate("SyncPresenter", "Syncing…"), "sync")

    def _show_banner(self) -> None:
        session = self._session
        if session is None:
            return
        last_sync = session.store.last_sync_at() if not session.store.closed else None
        self._banner.show_kind(_BANNERS[self._connectivity.state], last_sync)

    def _on_sync_progress(self, pages: int, cases: int, server_total: int) -> None:
        session = self._session
        if session is not None and self._connectivity.state is Connectivity.OFFLINE:
            # Pages arrive: the service answers again, whatever the engine says at the end.
            self._connectivity.service_answered(session)
            self._show_banner()
        self._status.set_state(
            translate("SyncPresenter", "Syncing {cases} of {total} cases…").format(
                cases=current().count_text(cases), total=current().count_text(server_total)
            ),
            "sync",
        )
        model = self._inbox.model
        # A first sync of a large inbox takes minutes: show cases as they arrive, but take a
        # fresh list at most every few seconds (each one is a reset of the table).
        if model.total_count < cases and not self._progress_timer.isActive():
            model.refresh()
            self._progress_timer.start()

    def _on_sync_finished(self, report: Any) -> None:
        session = self._session
        if session is None or session.store.closed:
            return
        self._status.set_last_sync(report.finished_at or datetime.now(UTC))
        self._status.set_unreadable([str(m) for m in session.store.malformed()])
        model = self._inbox.model
        if report.new or report.changed or report.removed or model.rowCount() == 0:
            model.refresh()
            self._inbox.refresh_choices()
        self._update_title()

    def _on_new_cases(self, refs: Sequence[CaseRef]) -> None:
        session = self._session
        if session is None or not refs:
            return
        names = []
        for ref in refs[:_MAX_NAMES_IN_NOTICE]:
            row = session.store.row(ref)
            if row is not None and row.patient:
                names.append(row.patient)
        count = len(refs)
        title = translate("SyncPresenter", "%n case(s) arrived", None, count)
        listed = ", ".join(names)
        if not names:
            text = translate("SyncPresenter", "New cases arrived in the inbox.")
        elif count > len(names):
            text = translate("SyncPresenter", "{names} and %n more", None, count - len(names))
            text = text.format(names=listed)
        else:
            text = listed
        self._notifier.notify(title, text)

    def _on_download_progress(self, progress: Any) -> None:
        key = (progress.ref, progress.file)
        self._status.download_progress(key, progress.done_bytes, progress.total_bytes)

    def _on_file_done(self, ref: CaseRef, spec: Any, _detail: object) -> None:
        self._status.download_finished((ref, spec))
        self._cases.files_changed(ref)
