"""The selected case, shown: the pane (and 3D viewer) get it from the store, it is marked read
once it has been on screen for a moment, and it is refreshed from the service in the background.

"Read" means a person looked at the case: arrowing through the inbox past a row must not mark it,
so a case is marked read only after it stayed shown for ``MARK_READ_DELAY_MS`` (or at once when
it is opened with Enter or a double click).

Nothing here waits for the network before showing: the stored copy shows at once, and a
refreshed copy replaces it only when it differs (a status changed on the server), so the pane
does not flicker or reload its files for nothing. Pinning ("Keep available offline") goes
through the engine from either the pane's switch or the table's context menu.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from scaninbox import language
from scaninbox.domain import Case, CaseRef
from scaninbox.language import translate
from scaninbox.qt.account.connectivity import Connectivity
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.inbox.model import CaseTableModel
from scaninbox.qt.runtime import async_bridge

if TYPE_CHECKING:
    from scaninbox.qt.account.session import AccountSession
    from scaninbox.store import FetchReport

__all__ = ["MARK_READ_DELAY_MS", "CasePresenter"]

MARK_READ_DELAY_MS = 1500

_log = logging.getLogger(__name__)


class CasePresenter(QObject):
    """Signals: ``caseShown(CaseRef | None)`` once the pane shows a selection;
    ``unreadChanged()`` after read marks change; ``statusMessage(str)``."""

    caseShown = Signal(object)
    unreadChanged = Signal()
    statusMessage = Signal(str)

    def __init__(
        self,
        pane: CasePane,
        model: CaseTableModel,
        *,
        report_error: Callable[[BaseException], bool],
        show_in_viewer: Callable[[Case | None], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._pane = pane
        self._model = model
        self._report_error = report_error
        self._show_in_viewer = show_in_viewer
        self._session: AccountSession | None = None
        self._ref: CaseRef | None = None
        self._read_timer = QTimer(self)
        self._read_timer.setSingleShot(True)
        self._read_timer.setInterval(MARK_READ_DELAY_MS)
        self._read_timer.timeout.connect(self.mark_shown_read)
        pane.pinToggled.connect(self.set_pinned)

    @property
    def current_ref(self) -> CaseRef | None:
        return self._ref

    @property
    def read_pending(self) -> bool:
        """The case on screen will be marked read when its moment has passed."""
        return self._read_timer.isActive()

    def set_session(self, session: AccountSession | None) -> None:
        async_bridge.cancel_owned(self)
        self._session = session
        if session is None:
            self.show_ref(None)

    def show_ref(self, ref: CaseRef | None) -> None:
        """Show ``ref`` (None: nothing), refresh it in the background, and mark it read if it
        is still shown after ``MARK_READ_DELAY_MS``."""
        self._ref = ref
        self._read_timer.stop()
        async_bridge.cancel(self, "refresh")
        session = self._session
        stored = session.store.case(ref) if session is not None and ref is not None else None
        if stored is None:
            self._ref = None
            self._pane.show_case(None, pinned=False, fully_cached=False)
            self._show_in_viewer(None)
            self.caseShown.emit(None)
            return
        self._pane.show_case(stored.case, pinned=stored.pinned, fully_cached=stored.fully_cached)
        self._show_in_viewer(stored.case)
        self.caseShown.emit(stored.ref)
        assert session is not None
        if stored.unread:
            self._read_timer.start()
        if session.signed_in:
            async_bridge.run(self._refresh(session, stored.ref), owner=self, key="refresh")

    def connectivity_changed(self, state: Connectivity) -> None:
        """Back online (or signed in again): what could not be had before is tried again, so no
        "not available offline" stays on screen under an "Online" status bar."""
        self._pane.set_online(state is Connectivity.ONLINE)  # Retry only where it can work
        session, ref = self._session, self._ref
        if state is not Connectivity.ONLINE or session is None or ref is None:
            return
        stored = session.store.case(ref)
        if stored is None or stored.fully_cached:
            return
        self._pane.show_case(stored.case, pinned=stored.pinned, fully_cached=stored.fully_cached)
        self._show_in_viewer(stored.case)

    def mark_shown_read(self) -> None:
        """Mark the case on screen read now (its moment has passed, or it was opened)."""
        self._read_timer.stop()
        session, ref = self._session, self._ref
        if session is None or ref is None:
            return
        row = session.store.row(ref)
        if row is not None and row.unread:
            async_bridge.run(self._mark(session, ref, read=True), owner=self, name="mark read")

    def mark_read(self, ref: CaseRef, read: bool) -> None:
        if self._session is not None:
            async_bridge.run(self._mark(self._session, ref, read=read), owner=self, name="mark")

    def set_pinned(self, ref: CaseRef, pinned: bool) -> None:
        if self._session is not None:
            async_bridge.run(self._pin(self._session, ref, pinned), owner=self, name="pin")

    def keep_due_this_week(self) -> None:
        """File › Keep all cases due this week offline: pin them and fetch their files."""
        if self._session is not None:
            async_bridge.run(self._keep_week(self._session), owner=self, key="keep week")

    def files_changed(self, ref: CaseRef) -> None:
        """A file of ``ref`` was downloaded (or failed): repaint its row and the pane's state."""
        self._model.refresh_rows([ref])
        session = self._session
        if ref == self._ref and session is not None:
            row = session.store.row(ref)
            if row is not None:
                self._pane.set_cache_state(pinned=row.pinned, fully_cached=row.fully_cached)

    # ------------------------------------------------------------------ background work

    async def _mark(self, session: AccountSession, ref: CaseRef, *, read: bool) -> None:
        await session.engine.mark_read([ref], read=read)
        self._model.refresh_rows([ref])
        self.unreadChanged.emit()

    async def _refresh(self, session: AccountSession, ref: CaseRef) -> None:
        from scaninbox.api.errors import ApiError, NotFoundError, TransportError

        before = session.store.case(ref)
        try:
            after = await session.engine.refresh_case(ref)
        except TransportError:
            return  # offline: the stored copy is what there is; the banner says so
        except NotFoundError:
            self.statusMessage.emit(
                translate("CasePresenter", "Case {ref} is no longer listed by the service.").format(
                    ref=ref
                )
            )
            return
        except ApiError as exc:
            if not self._report_error(exc):
                _log.info("refreshing case %s failed: %s", ref, exc)
            return
        if after is None or ref != self._ref or session is not self._session:
            return
        self._model.refresh_rows([ref])
        if before is None or after.wire != before.wire:
            self._pane.show_case(after.case, pinned=after.pinned, fully_cached=after.fully_cached)
            if before is None or after.case.scan_files != before.case.scan_files:
                self._show_in_viewer(after.case)

    async def _keep_week(self, session: AccountSession) -> None:
        from scaninbox.api.errors import ApiError, TransportError
        from scaninbox.store import StoreError
        from scaninbox.store.offline import refs_due_between, week_of

        first, last = week_of(date.today())
        due = refs_due_between(session.store, first, last)  # a few ms: repainted at the end
        self.statusMessage.emit(
            translate("CasePresenter", "Keeping the cases due this week available offline…")
        )
        try:
            count, report = await session.engine.keep_due_offline(first, last)
        except TransportError:
            self.statusMessage.emit(
                translate(
                    "CasePresenter",
                    "The cases due this week are kept available offline; their files download "
                    "when the server can be reached.",
                )
            )
            return
        except (ApiError, StoreError) as exc:
            if not self._report_error(exc):
                self.statusMessage.emit(
                    translate(
                        "CasePresenter", "The cases due this week could not be kept: {error}"
                    ).format(error=exc)
                )
            return
        finally:
            self._model.refresh_rows(due)
        self.statusMessage.emit(keep_week_text(count, report, first, last))

    async def _pin(self, session: AccountSession, ref: CaseRef, pinned: bool) -> None:
        from scaninbox.api.errors import ApiError, TransportError
        from scaninbox.store import StoreError

        row = session.store.row(ref)
        name = (
            translate("CasePresenter", "The case of {patient}").format(patient=row.patient)
            if row is not None and row.patient
            else translate("CasePresenter", "Case {ref}").format(ref=ref)
        )
        try:
            report = await session.engine.set_pinned(ref, pinned)
        except TransportError:
            self.statusMessage.emit(
                translate(
                    "CasePresenter",
                    "Kept available offline; its files download when the server can be reached.",
                )
            )
        except (ApiError, StoreError) as exc:
            if not self._report_error(exc):
                self.statusMessage.emit(
                    translate(
                        "CasePresenter", "{name} could not be kept available offline: {error}"
                    ).format(name=name, error=exc)
                )
        else:
            if pinned and report.failed:
                count = len(report.failed)
                self.statusMessage.emit(
                    translate(
                        "CasePresenter",
                        "{name} is kept available offline, but %n file(s) could not be downloaded.",
                        None,
                        count,
                    ).format(name=name)
                )
            elif pinned:
                self.statusMessage.emit(
                    translate("CasePresenter", "{name} is available offline.").format(name=name)
                )
            else:
                self.statusMessage.emit(
                    translate(
                        "CasePresenter", "{name} is no longer kept available offline."
                    ).format(name=name)
                )
        self.files_changed(ref)


def keep_week_text(count: int, report: FetchReport, first: date, last: date) -> str:
    """What "keep this week offline" did, in one line for the status bar."""
    words = language.current()
    span = translate("CasePresenter", "{first} – {last}").format(
        first=words.date_text(first, with_weekday=False, with_year=False),
        last=words.date_text(last, with_weekday=False, with_year=False),
    )
    if count == 0:
        return translate("CasePresenter", "No case is due this week ({span}).").format(span=span)
    if report.failed:
        # Two numbers: two sentences, each with its own plural.
        kept = translate(
            "CasePresenter",
            "%n case(s) due this week ({span}) kept available offline.",
            None,
            count,
        ).format(span=span)
        failed = translate(
            "CasePresenter", "%n file(s) could not be downloaded.", None, len(report.failed)
        )
        return f"{kept} {failed}"
    return translate(
        "CasePresenter",
        "%n case(s) due this week ({span}) available offline with every file.",
        None,
        count,
    ).format(span=span)
