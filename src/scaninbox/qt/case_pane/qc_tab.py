"""The case pane's "QC" tab: the verdict, the checklist, the findings, and the local decision.

The kept result (store) shows at once — unless it was made for other scans (a scan's content
changed since): then it is not shown as current. With background QC (`scaninbox.qt.
qc_background`) the tab says the case is being checked again and asks for it first; without,
the kept result shows as *outdated* ("checked on older scans — re-run", a hollow light), "Ready
to accept" waits for a current result, and "Re-run QC" checks the scans again. When the tab
is shown, missing scans are fetched and the case is checked — by the background QC when the
window has one, else here on a worker thread — reusing the kept scan checks when the scans'
content is unchanged; the new result is kept with the case and painted as it lands. A check (or
a report's fresh run) whose case is no longer shown, or whose pane closes, is stopped on its
worker (`scaninbox.qc.stopping`), not left to finish for nobody. "Ready to
accept" / "Rescan needed" record the local decision (the service is read-only) with a note, who
and when. "Export QC report…" writes the same PDF as ``scaninbox qc --report`` on a worker
thread.
"""

from __future__ import annotations

import html
import threading
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scaninbox import language
from scaninbox.domain import Case, CaseRef, FileKind, ScanFile, full_scans
from scaninbox.language import os_reason, translate
from scaninbox.portal_turns import PortalTurns
from scaninbox.qt.case_pane.qc_checklist import Checklist
from scaninbox.qt.case_pane.qc_findings import FindingsList
from scaninbox.qt.files.dialogs import FileDialogs
from scaninbox.qt.files.providers import CaseFileProvider
from scaninbox.qt.look.flow_layout import FlowLayout
from scaninbox.qt.look.widgets import muted_label, section_title
from scaninbox.qt.runtime import async_bridge

if TYPE_CHECKING:
    from scaninbox.qc import QcResult
    from scaninbox.qc.decision import Decision
    from scaninbox.qt.account.qc_background import BackgroundQc
    from scaninbox.services.qc_work import KeptQc
    from scaninbox.store import CaseStore

__all__ = ["VERDICT_COLOURS", "QcTab"]


@dataclass(frozen=True, slots=True)
class _ScansHere:
    """A case with every full scan on this computer (their local paths)."""

    case: Case
    scans: tuple[ScanFile, ...]
    paths: tuple[Path, ...]


VERDICT_COLOURS = {"pass": "#2e9d4f", "warn": "#d89a13", "fail": "#d1403a", None: "#9a9a9a"}


def _verdict_word(verdict: str | None) -> str | None:
    """The word of a verdict (``pass``/``warn``/``fail``); None for no verdict."""
    words = {
        "pass": translate("QcTab", "Pass"),
        "warn": translate("QcTab", "Check", "verdict: a reviewer should look"),
        "fail": translate("QcTab", "Fail"),
    }
    return words.get(verdict or "")


def _moment(when: datetime) -> str:
    """A local date and time as the person's language writes it (``12 Mar 2025 14:05``)."""
    local = when.astimezone()
    day = language.current().date_text(local.date(), with_weekday=False, with_year=True)
    return translate("QcTab", "{date} {time}", "a date and a time of day").format(
        date=day, time=f"{local:%H:%M}"
    )


class QcTab(QWidget):
    """QC of the case shown. Signals: ``statusMessage(str)``; ``resultShown()`` after a new result
    is painted; ``decisionRecorded(CaseRef)`` after a decision is kept; ``qcChanged(CaseRef)``
    after either is stored; ``findingActivated(Finding, str file)`` on a finding click."""

    statusMessage = Signal(str)
    statusError = Signal(str)  # what failed: kept on screen until read
    resultShown = Signal()
    decisionRecorded = Signal(object)
    qcChanged = Signal(object)  # CaseRef whose kept result or decision changed (the inbox repaints)
    findingActivated = Signal(object, object)  # Finding, scan file name ("" for a case finding)

    def __init__(
        self, provider: CaseFileProvider, dialogs: FileDialogs, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._provider = provider
        self._dialogs = dialogs
        self._store: CaseStore | None = None
        self._who = ""
        self._case: Case | None = None
        self._background: BackgroundQc | None = None
        # The person's turns per portal, as the viewer applies them (the report's pictures
        # follow them); the window hands its own (`set_turns`).
        self._turns = PortalTurns(None)
        self.stale = False  # the kept result is of other scans than those cached now
        self.outdated = False  # ... and it is shown, marked outdated (nothing is checking it)
        self.result: QcResult | None = None
        # Notes typed but not yet recorded, per case: the box belongs to the case shown, and a
        # note typed on one patient's case must never go with another's decision.
        self._drafts: dict[CaseRef, str] = {}

        self.verdict_label = QLabel(self)
        self.verdict_label.setTextFormat(Qt.TextFormat.RichText)
        self.state_label = muted_label("", self)
        self.checklist = Checklist(self)  # titles wrapped: narrow at 1280 px
        self.findings = FindingsList(self)
        self.findings.findingActivated.connect(self.findingActivated)

        self.note = QLineEdit(self)
        self.note.setPlaceholderText(translate("QcTab", "Note for the decision (optional)"))
        self.ready_button = QPushButton(translate("QcTab", "Ready to accept"), self)
        self.rescan_button = QPushButton(translate("QcTab", "Rescan needed"), self)
        self.ready_button.clicked.connect(lambda: self.decide("ready"))
        self.rescan_button.clicked.connect(lambda: self.decide("rescan"))
        self.pack_button = QPushButton(translate("QcTab", "Rescan pack…"), self)
        self.pack_button.setToolTip(
            translate(
                "QcTab",
                "Write a rescan request for the dentist: each problem in plain words with a "
                "picture, what to rescan, the case and the lab's contact",
            )
        )
        self.pack_button.clicked.connect(self.export_rescan_pack)
        self.decision_label = muted_label("", self)
        self.scorecard_button = QPushButton(translate("QcTab", "Scorecard…"), self)
        self.scorecard_button.setToolTip(
            translate(
                "QcTab",
                "Per clinic or portal and month: cases checked, failed, rescans and the findings",
            )
        )
        self.scorecard_button.clicked.connect(self.show_scorecard)
        self.scorecard: QDialog | None = None
        self.export_button = QPushButton(translate("QcTab", "Export QC report…"), self)
        self.export_button.clicked.connect(self.export_report)
        self.rerun_button = QPushButton(translate("QcTab", "Re-run QC"), self)
        self.rerun_button.setToolTip(
            translate("QcTab", "Check the scans as they are now on this computer")
        )
        self.rerun_button.clicked.connect(self.activate)
        self.rerun_button.hide()
        self._lay_out()
        self.show_result(None)

    def _lay_out(self) -> None:
        # The verdict and when it was checked have the top line to themselves (the state wraps
        # rather than being squeezed into three lines beside buttons: German runs a third
        # longer, and the pane has little more than 560 px beside the inbox at 1280×720).
        top = QHBoxLayout()
        top.addWidget(self.verdict_label)
        top.addWidget(self.state_label, 1)
        top.addWidget(self.rerun_button, 0, Qt.AlignmentFlag.AlignTop)
        lists = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(section_title(translate("QcTab", "Checklist"), self))
        left.addWidget(self.checklist, 1)
        right = QVBoxLayout()
        right.addWidget(section_title(translate("QcTab", "Findings"), self))
        right.addWidget(self.findings, 1)
        lists.addLayout(left, 2)
        lists.addLayout(right, 3)
        # The note has a line of its own (beside the buttons it had a hundred-odd pixels); the
        # decisions, then the reports, wrap onto a second row when the pane is narrow.
        buttons = FlowLayout(spacing=6, row_spacing=6)
        for button in (
            self.ready_button,
            self.rescan_button,
            self.pack_button,
            self.scorecard_button,
            self.export_button,
        ):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(lists, 1)
        layout.addWidget(section_title(translate("QcTab", "Decision"), self))
        layout.addWidget(self.note)
        layout.addLayout(buttons)
        layout.addWidget(self.decision_label)

    # ------------------------------------------------------------------ the case and account

    def set_account(self, store: CaseStore | None, who: str) -> None:
        """The open account's store and the signed-in person (who decisions are recorded as)."""
        if store is not self._store:
            self._drafts.clear()  # another account's cases: nothing typed there belongs here
            self.note.clear()
        self._store = store
        self._who = who
        self.show_case(self._case)

    def set_background(self, background: BackgroundQc | None) -> None:
        """The window's background QC: its results are painted as they land, and it checks the
        case shown (first) when the tab asks."""
        if self._background is not None:
            self._background.checked.disconnect(self._on_background_checked)
            self._background.started.disconnect(self._on_background_started)
            self._background.failed.disconnect(self._on_background_failed)
        self._background = background
        if background is not None:
            background.checked.connect(self._on_background_checked)
            background.started.connect(self._on_background_started)
            background.failed.connect(self._on_background_failed)

    def set_turns(self, turns: PortalTurns) -> None:
        """The per-portal turns the viewer applies (``portal_turns.json``)."""
        self._turns = turns

    def show_case(self, case: Case | None) -> None:
        """Show the kept result and decision of ``case``; cancels QC still running for another."""
        async_bridge.cancel(self, "qc")
        self._switch_note(case)
        self._case = case
        self._show_kept()
        self._paint_decision()
        self._enable_decisions()

    def _switch_note(self, case: Case | None) -> None:
        """The note box follows the case: the draft of the case left is kept for it, the
        case shown gets its own draft back (or an empty box). The same case shown again (its
        details refreshed) keeps what is being typed."""
        old = self._case.ref if self._case is not None else None
        new = case.ref if case is not None else None
        if old == new:
            return
        draft = self.note.text()
        if old is not None:
            if draft.strip():
                self._drafts[old] = draft
            else:
                self._drafts.pop(old, None)
        self.note.setText(self._drafts.get(new, "") if new is not None else "")

    def _enable_decisions(self) -> None:
        """Deciding needs a case and a store; "Ready to accept" also needs a verdict that is
        current (not one made on older scans)."""
        enabled = self._case is not None and self._store is not None
        for widget in (self.rescan_button, self.note, self.pack_button):
            widget.setEnabled(enabled)
        self.ready_button.setEnabled(enabled and not self.outdated)
        self.ready_button.setToolTip(
            translate("QcTab", "The QC result is of older scans: re-run QC before accepting")
            if self.outdated
            else ""
        )

    def _show_kept(self) -> None:
        """The kept result of the case shown — not as current when its scans changed since."""
        self.result = None
        kept = self._kept()
        self.stale = kept is not None and self._is_stale(kept)
        background = self._background
        if self.stale and kept is not None:
            if self._case is not None and background is not None and background.enabled:
                self.show_result(None, checking=True)
                self.state_label.setText(
                    translate(
                        "QcTab", "The scans changed since the last check: checking them again…"
                    )
                )
                background.check_now(self._case.ref)
                return
            # Nothing checks it by itself: the last verdict stays readable, never as current.
            self.show_result(kept.result, outdated=True)
            self.state_label.setText(
                translate(
                    "QcTab",
                    "Checked on older scans — re-run. Last check {when}; the scans changed since.",
                ).format(when=_moment(kept.record.checked_at))
            )
            return
        self.show_result(kept.result if kept else None)
        if kept is not None:
            self.state_label.setText(
                translate("QcTab", "Checked {when}.").format(when=_moment(kept.record.checked_at))
            )
        background = self._background
        if (
            self._case is not None
            and background is not None
            and background.running == self._case.ref
        ):
            self.state_label.setText(translate("QcTab", "Checking the scans…"))

    def _is_stale(self, kept: KeptQc) -> bool:
        """Whether the scans cached now are not those ``kept`` was made for (`qc_work.standing`;
        not every scan cached: the kept result is the last word there is)."""
        from scaninbox.services.qc_work import QcStanding, scan_hashes, scans_key, standing

        here = self._scans_here()
        if here is None or not here.scans:
            return False
        # The cache names its files by their SHA-256: nothing is read here.
        key = scans_key(scan_hashes(here.scans, here.paths))
        return standing(kept.record, key) is QcStanding.STALE

    def _on_background_started(self, ref: object) -> None:
        if self._case is not None and ref == self._case.ref:
            self.state_label.setText(translate("QcTab", "Checking the scans…"))

    def _on_background_failed(self, ref: object, reason: str) -> None:
        if self._case is not None and ref == self._case.ref:
            self.state_label.setText(
                translate("QcTab", "The scans could not be checked: {reason}.").format(
                    reason=reason
                )
            )
            self.rerun_button.setEnabled(True)

    def _on_background_checked(self, ref: object) -> None:
        if self._case is None or ref != self._case.ref:
            return
        self._show_kept()
        self.resultShown.emit()

    def activate(self) -> None:
        """The tab is shown: check the case in the background, fetching missing scans first
        (through the provider, which shares downloads already under way)."""
        case = self._case
        if case is None or self._store is None:
            return
        self.state_label.setText(translate("QcTab", "Checking the scans…"))
        self.rerun_button.setEnabled(False)  # until this check ends
        async_bridge.run(self._fetch_and_check(case), owner=self, key="qc", name="qc")

    # ------------------------------------------------------------------ decisions and report

    def decide(self, decision: str) -> None:
        from scaninbox.services.qc_work import record_decision

        case, store = self._case, self._store
        if case is None or store is None or store.closed:
            return
        record_decision(store, case.ref, decision, note=self.note.text().strip(), who=self._who)
        # Recorded: the note is in the decision line now, no longer a draft.
        self.note.clear()
        self._drafts.pop(case.ref, None)
        self._paint_decision()
        self.decisionRecorded.emit(case.ref)
        self.qcChanged.emit(case.ref)

    def export_report(self) -> None:
        job = self._scans_here() if self._store is not None else None
        if job is None:
            self.statusMessage.emit(
                translate(
                    "QcTab",
                    "The QC report needs the case's scans on this computer: open the QC tab first.",
                )
            )
            return
        path = self._dialogs.save_file_path(
            self, translate("QcTab", "QC {case}.pdf", "a file name").format(case=job.case.ref)
        )
        if path is None:
            return
        async_bridge.run(self._export(job, path), owner=self, key="qc-report", name="qc report")

    def show_scorecard(self) -> None:
        """The QC scorecard of the open account (`qc_scorecard.QcScorecard`)."""
        store = self._store
        if store is None or store.closed:
            self.statusMessage.emit(translate("QcTab", "The scorecard needs an open account."))
            return
        from scaninbox.qt.case_pane.qc_scorecard import QcScorecard

        if self.scorecard is not None:
            self.scorecard.close()
        self.scorecard = QcScorecard(store, self.window())
        self.scorecard.resize(760, 420)
        self.scorecard.show()

    def export_rescan_pack(self) -> None:
        """Write the rescan pack for the dentist (`scaninbox.qc.rescan_pack`), off the GUI
        thread, as ``scaninbox qc REF --rescan-pack`` does."""
        job = self._scans_here() if self._store is not None else None
        if job is None:
            self.statusMessage.emit(
                translate(
                    "QcTab",
                    "The rescan pack needs the case's scans on this computer: open the QC tab "
                    "first.",
                )
            )
            return
        path = self._dialogs.save_file_path(
            self,
            translate("QcTab", "Rescan request {case}.pdf", "a file name").format(
                case=job.case.ref
            ),
        )
        if path is None:
            return
        async_bridge.run(
            self._export(job, path, pack=True), owner=self, key="qc-pack", name="rescan pack"
        )

    # ------------------------------------------------------------------ work

    def _scans_here(self) -> _ScansHere | None:
        """The case shown with its cached scans; None unless every one is cached."""
        case = self._case
        if case is None:
            return None
        scans = full_scans(case.scan_files)
        paths = [
            self._provider.cached_path(case.ref, FileKind.SCAN, s.filename or "", s.file_type)
            for s in scans
        ]
        found = [p for p in paths if p is not None]
        if len(found) != len(scans):
            return None  # `activate` fetches them first
        return _ScansHere(case, tuple(scans), tuple(found))

    async def _fetch_and_check(self, case: Case) -> None:
        await self._fetch_and_check_now(case)
        # Done, or failed (the state line says why): it may be tried again. A cancelled check
        # does not get here; the next case shown sets the button afresh.
        self.rerun_button.setEnabled(True)

    async def _fetch_and_check_now(self, case: Case) -> None:
        from scaninbox.qt.files.providers import FileUnavailableError

        missing = [
            s
            for s in full_scans(case.scan_files)
            if self._provider.cached_path(case.ref, FileKind.SCAN, s.filename or "", s.file_type)
            is None
        ]
        for number, scan in enumerate(missing, 1):
            self.state_label.setText(
                translate("QcTab", "Downloading scan {number} of {count} for QC…").format(
                    number=number, count=len(missing)
                )
            )
            try:
                await self._provider.fetch(
                    case.ref, FileKind.SCAN, scan.filename or "", scan.file_type, _no_progress
                )
            except FileUnavailableError as exc:
                # The reason is a sentence of its own ("Not available offline: …").
                self.state_label.setText(
                    translate(
                        "QcTab", "QC needs every scan of the case ({file} is missing). {reason}"
                    ).format(
                        file=scan.filename or translate("QcTab", "a scan"),
                        reason=_sentence(str(exc)),
                    )
                )
                return
        if self._case is not case:
            return
        background = self._background
        if background is not None and background.enabled:
            background.check_now(case.ref)  # painted by `_on_background_checked`
            return
        job = self._scans_here()
        if job is not None:
            await self._check(job)

    async def _check(self, job: _ScansHere) -> None:
        from scaninbox.services.qc_work import check_case_scans

        store = self._store
        if store is None or store.closed:
            return
        try:
            # Checked, keyed and kept on a worker (`check_case_scans`). Another case, or the
            # pane goes: the worker stops at its next look instead of checking on for nobody
            # (seconds for a large bite), and nothing is kept.
            outcome = await async_bridge.to_thread_stoppable(
                lambda stop: check_case_scans(store, job.case, job.scans, job.paths, stop=stop)
            )
        except OSError as exc:
            self.state_label.setText(
                translate("QcTab", "The scans could not be read: {reason}.").format(
                    reason=os_reason(exc)
                )
            )
            return
        if outcome.kept:
            self.qcChanged.emit(job.case.ref)
        if self._case is None or self._case.ref != job.case.ref:
            return
        self.stale = False  # the result of the scans cached now
        self.show_result(outcome.run.result)
        self.state_label.setText(
            translate(
                "QcTab", "Scans unchanged since the last check; the case data were checked again."
            )
            if outcome.reused
            else translate("QcTab", "Checked {when}.").format(when=_moment(datetime.now()))
        )
        self.resultShown.emit()

    async def _export(self, job: _ScansHere, path: Path, *, pack: bool = False) -> None:
        from scaninbox.services.qc_work import check_case_scans, lab_contact, report_orientation

        store = self._store
        if store is None or store.closed:
            return
        orientation = report_orientation(store, job.case, self._turns)
        decision = self._decision()
        contact = lab_contact(store)

        def write(stop: threading.Event) -> Path:
            from scaninbox.qc.report import write_report

            # Fresh: the pictures need the meshes (the result is kept, as any check).
            run = check_case_scans(store, job.case, job.scans, job.paths, fresh=True, stop=stop).run
            if pack:
                from scaninbox.qc.rescan_pack import write_rescan_pack

                return write_rescan_pack(
                    run, path, case=job.case, contact=contact, orientation=orientation
                )
            return write_report(
                run, path, case=job.case, decision=decision, orientation=orientation
            )

        self.statusMessage.emit(
            (
                translate("QcTab", "Writing the rescan pack {file}…")
                if pack
                else translate("QcTab", "Writing the QC report {file}…")
            ).format(file=path.name)
        )
        try:
            # The pane goes: the run stops, and no report is written for nobody.
            written = await async_bridge.to_thread_stoppable(write)
        except OSError as exc:
            failed = (
                translate("QcTab", "The rescan pack could not be written: {reason}.")
                if pack
                else translate("QcTab", "The QC report could not be written: {reason}.")
            )
            self.statusError.emit(failed.format(reason=os_reason(exc)))
            return
        self.qcChanged.emit(job.case.ref)  # its fresh run was kept
        saved = (
            translate("QcTab", "Rescan pack saved: {path}")
            if pack
            else translate("QcTab", "QC report saved: {path}")
        )
        self.statusMessage.emit(saved.format(path=written))

    # ------------------------------------------------------------------ store reads

    def _kept(self) -> KeptQc | None:
        """The kept result of the case shown (of this QC version, readable)."""
        case, store = self._case, self._store
        if case is None or store is None or store.closed:
            return None  # the window's start: the QC package loads later, with the 3D view
        from scaninbox.services.qc_work import kept_qc

        kept = kept_qc(store, case.ref)
        return kept if kept is not None and kept.result is not None else None

    def _decision(self) -> Decision | None:
        case, store = self._case, self._store
        if case is None or store is None or store.closed:
            return None  # the window's start: nothing to import yet
        from scaninbox.qc.decision import Decision  # not qc.report: fpdf2 and the renderer
        from scaninbox.store.qc_store import qc_decision

        record = qc_decision(store, case.ref)
        if record is None:
            return None
        return Decision(record.label, record.note, record.who, record.decided_at)

    # ------------------------------------------------------------------ painting

    def show_result(
        self, result: QcResult | None, *, checking: bool = False, outdated: bool = False
    ) -> None:
        """Paint ``result``; ``outdated``: it was made on older scans (marked so, and "Ready to
        accept" waits for a current one)."""
        self.result = result
        self.outdated = outdated and result is not None
        self.rerun_button.setVisible(self.outdated)
        self.rerun_button.setEnabled(True)
        self._enable_decisions()
        verdict = str(result.verdict) if result is not None else None
        colour = VERDICT_COLOURS[verdict]
        word = _verdict_word(verdict) or (
            translate("QcTab", "Checking…") if checking else translate("QcTab", "Not checked")
        )
        shown_word = html.escape(word)
        if self.outdated:
            outdated_word = html.escape(translate("QcTab", "outdated"))
            self.verdict_label.setText(
                f'<span style="color:{colour}; font-size:20px">○</span> '
                f"<s>{shown_word}</s> <i>{outdated_word}</i>"
            )
            self.verdict_label.setAccessibleName(
                translate("QcTab", "QC verdict: {verdict}, checked on older scans — re-run").format(
                    verdict=word
                )
            )
            self.verdict_label.setToolTip(
                translate(
                    "QcTab", "This result was made on other scans than those on this computer now."
                )
            )
        else:
            self.verdict_label.setText(
                f'<span style="color:{colour}; font-size:20px">●</span> <b>{shown_word}</b>'
            )
            self.verdict_label.setAccessibleName(
                translate("QcTab", "QC verdict: {verdict}").format(verdict=word)
            )
            self.verdict_label.setToolTip("")
        if result is None and not checking:
            self.state_label.setText(translate("QcTab", "Not checked yet."))
        self.checklist.clear()
        self.findings.show_result(None, VERDICT_COLOURS)
        if result is None:
            return
        for _key, english_title, check in result.check_verdicts():
            # The checks' titles are the QC words' (`scaninbox.qc`, context "Checklist").
            title = translate("Checklist", english_title)
            shown = (
                _verdict_word(str(check)) or "—"
                if check is not None
                else translate("QcTab", "not run")
            )
            item = QTreeWidgetItem([title, shown])
            item.setForeground(1, _brush(VERDICT_COLOURS[str(check) if check else None]))
            item.setToolTip(0, f"{title}: {shown}")
            item.setToolTip(1, f"{title}: {shown}")
            self.checklist.addTopLevelItem(item)
        self.findings.show_result(result, VERDICT_COLOURS)

    def _paint_decision(self) -> None:
        decision = self._decision()
        if decision is None:
            self.decision_label.setText(translate("QcTab", "No decision recorded."))
            return
        # The store keeps the English labels of the two buttons above: shown in their words.
        label = translate("QcTab", decision.decision)
        when = _moment(decision.when)
        if decision.note:
            text = translate("QcTab", "{decision} — “{note}” ({who}, {when})").format(
                decision=label, note=decision.note, who=decision.who, when=when
            )
        else:
            text = translate("QcTab", "{decision} ({who}, {when})").format(
                decision=label, who=decision.who, when=when
            )
        self.decision_label.setText(text)


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _no_progress(_done: int, _total: int | None) -> None:
    """QC waits for whole files; the state line says which scan is coming."""


def _brush(colour: str) -> QBrush:
    return QBrush(QColor(colour))
