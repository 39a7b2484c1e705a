"""The case pane's QC tab: QC of the case's local scans runs in the background, its result is
kept with the case and reused while the scans are unchanged, findings are grouped with figures in
mm, and the local decision is recorded with who and when — over a real SQLite store."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scaninbox.domain import Case, CaseRef, Turn
from scaninbox.portal_turns import PortalTurns
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.case_pane.qc_findings import FIGURES_ROLE, SCAN_ROLE
from scaninbox.qt.look.theme import Theme, apply_theme
from scaninbox.qt.runtime import async_bridge
from scaninbox.sandbox.mesh_files import stl_bytes
from scaninbox.store import CaseStore
from scaninbox.store.qc_store import qc_decision, qc_result
from tests.qc.shapes import arch, opening, punch, side_tip
from tests.qt.case_pane.conftest import FakeDialogs
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.case_pane.item_text_fit import cut_items
from tests.qt.language.conftest import catalogues, german
from tests.qt.pdf_text import pdf_pages
from tests.qt.timeouts import EXPOSED_MS
from tests.unit.store.factory import wire_case

__all__ = ["catalogues", "german"]  # fixtures

_WHO = "reviewer@lab.example"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CaseStore]:
    with CaseStore.open(tmp_path / "account") as opened:
        yield opened


def _served_case(
    store: CaseStore, tmp_path: Path, index: int
) -> tuple[FolderProvider, CaseRef, Case, float]:
    """A folder for the server and one for the cache, and case ``index`` (see below) kept in
    ``store`` with its scans served and cached; the hole's perimeter."""
    server = tmp_path / "server"
    server.mkdir()
    provider = FolderProvider(server, tmp_path / "cache")
    ref, perimeter = _case_with_a_holed_upper(store, provider, index)
    stored = store.case(ref)
    assert stored is not None
    return provider, ref, stored.case, perimeter


def _case_with_a_holed_upper(
    store: CaseStore, provider: FolderProvider, index: int
) -> tuple[CaseRef, float]:
    """Case ``index`` whose upper scan has a hole punched on a cusp; the hole's perimeter."""
    result = store.upsert_case(wire_case(index))
    ref = result.new[0]
    points, faces = arch("upper", spacing_mm=0.5)
    tip = side_tip(points)
    kept, removed = punch(points, faces, tip, 1.5)
    perimeter, _centre = opening(points, faces, removed)
    lower_points, lower_faces = arch("lower", spacing_mm=0.5)
    lower_points = lower_points - np.float32([0, 0, 8.0])  # held well apart: no bite-through
    for name, (p, f) in {
        f"upper {index}.stl": (points, kept),
        f"lower {index}.stl": (lower_points, lower_faces),
    }.items():
        (provider.server_dir / name).write_bytes(stl_bytes(p, f, header_text="qc tab test"))
        provider.cache_file(name)
    return ref, perimeter


def _pane_showing(
    qtbot: QtBot,
    provider: FolderProvider,
    store: CaseStore,
    case: Case,
    *,
    dialogs: FakeDialogs | None = None,
    size: tuple[int, int] = (1100, 700),
) -> CasePane:
    """A case pane on screen (``size``) showing ``case``, its scans all cached, QC signed in."""
    pane = CasePane(provider, dialogs=dialogs)
    qtbot.addWidget(pane)
    pane.resize(*size)
    pane.show()
    qtbot.waitExposed(pane, timeout=EXPOSED_MS)
    pane.qc.set_account(store, _WHO)
    pane.show_case(case, pinned=False, fully_cached=True)
    return pane


def test_the_qc_tab_checks_keeps_reuses_and_records_a_decision(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, store: CaseStore, tmp_path: Path
) -> None:
    provider, ref, case, perimeter = _served_case(store, tmp_path, 1)
    pane = _pane_showing(qtbot, provider, store, case)
    assert qc_result(store, ref) is None
    assert pane.qc.result is None

    with qtbot.waitSignal(pane.qc.resultShown, timeout=60_000):
        pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    kept = qc_result(store, ref)
    assert kept is not None
    assert kept.verdict == "fail"
    assert "Fail" in pane.qc.verdict_label.text()
    checks = {
        pane.qc.checklist.topLevelItem(i).text(0): pane.qc.checklist.topLevelItem(i).text(1)
        for i in range(pane.qc.checklist.topLevelItemCount())
    }
    assert checks["No holes"] == "Fail"
    assert checks["No floating fragments"] == "Pass"
    holes_row = pane.qc.checklist.findItems("No holes", Qt.MatchFlag.MatchExactly, 0)[0]
    assert holes_row.toolTip(0) == holes_row.toolTip(1) == "No holes: Fail"  # cut titles whole
    groups = {
        pane.qc.findings.topLevelItem(i).text(0): pane.qc.findings.topLevelItem(i)
        for i in range(pane.qc.findings.topLevelItemCount())
    }
    hole = groups["Hole"].child(0)
    assert hole.data(0, SCAN_ROLE) == "upper 1.stl"
    assert hole.toolTip(0).startswith("upper 1.stl\n")
    shown = float(hole.data(0, FIGURES_ROLE).split("perimeter ")[1].split(" mm")[0])
    assert shown == pytest.approx(perimeter, rel=0.1)

    # Back to the case: the kept result is shown at once, and the unchanged scans are reused.
    pane.show_case(None, pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)
    pane.show_case(case, pinned=False, fully_cached=True)
    assert pane.qc.result is not None
    assert str(pane.qc.result.verdict) == "fail"
    with qtbot.waitSignal(pane.qc.resultShown, timeout=60_000):
        pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    assert "unchanged" in pane.qc.state_label.text()
    after = qc_result(store, ref)
    assert after is not None
    assert after.checked_at == kept.checked_at

    pane.qc.note.setText("hole on 16, asked the clinic")
    with qtbot.waitSignal(pane.qc.decisionRecorded):
        qtbot.mouseClick(pane.qc.rescan_button, Qt.MouseButton.LeftButton)
    decision = qc_decision(store, ref)
    assert decision is not None
    assert (decision.decision, decision.note, decision.who) == (
        "rescan",
        "hole on 16, asked the clinic",
        _WHO,
    )
    assert "Rescan needed" in pane.qc.decision_label.text()
    assert _WHO in pane.qc.decision_label.text()


def test_the_qc_tab_fetches_missing_scans_or_says_why_it_cannot(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, store: CaseStore, tmp_path: Path
) -> None:
    provider, ref, case, _perimeter = _served_case(store, tmp_path, 2)
    for blob in provider.cache_dir.iterdir():
        blob.unlink()  # on the server only
    pane = CasePane(provider)
    qtbot.addWidget(pane)
    pane.qc.set_account(store, _WHO)
    provider.unavailable.add("lower 2.stl")
    pane.show_case(case, pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    qtbot.waitUntil(lambda: "not available offline" in pane.qc.state_label.text())
    assert "QC needs every scan" in pane.qc.state_label.text()
    assert qc_result(store, ref) is None

    provider.unavailable.clear()
    pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)
    with qtbot.waitSignal(pane.qc.resultShown, timeout=60_000):
        pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    fetched = provider.fetched_names()
    assert set(fetched) == {"lower 2.stl", "upper 2.stl"}
    assert fetched.count("upper 2.stl") == 1  # kept from the first try, not fetched again
    kept = qc_result(store, ref)
    assert kept is not None
    assert kept.verdict == "fail"


def test_export_qc_report_writes_the_pdf_off_the_gui_thread(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, store: CaseStore, tmp_path: Path
) -> None:
    provider, ref, case, _perimeter = _served_case(store, tmp_path, 3)
    dialogs = FakeDialogs()
    dialogs.save_path = tmp_path / "out" / "qc.pdf"
    dialogs.save_path.parent.mkdir()
    pane = CasePane(provider, dialogs=dialogs)
    qtbot.addWidget(pane)
    pane.qc.set_account(store, _WHO)
    pane.show_case(case, pinned=False, fully_cached=True)
    messages: list[str] = []
    pane.statusMessage.connect(messages.append)
    pane.qc.export_button.click()
    assert dialogs.asked == [f"save:QC {ref}.pdf"]
    qtbot.waitUntil(lambda: any(m.startswith("QC report saved") for m in messages), timeout=120_000)
    data = dialogs.save_path.read_bytes()
    assert data.startswith(b"%PDF")
    assert b"/Type /Page" in data
    views = next(p for p in pdf_pages(dialogs.save_path) if "Views (findings" in p)
    assert "Orientation, as in the viewer: No axis mapping for 3Shape" in views
    assert "turned" not in views

    # The person turned this portal's scans in the viewer: the report's pictures follow, and
    # its page says so — what the reviewer signed off is what the PDF shows.
    turns = PortalTurns(tmp_path / "config")
    turns.remember(case.source, Turn(upside_down=True, back_to_front=True))
    pane.qc.set_turns(turns)
    dialogs.save_path = tmp_path / "out" / "qc turned.pdf"
    messages.clear()
    pane.qc.export_button.click()
    qtbot.waitUntil(lambda: any(m.startswith("QC report saved") for m in messages), timeout=120_000)
    views = next(p for p in pdf_pages(dialogs.save_path) if "Views (findings" in p)
    assert "turned upside down and back to front as chosen for 3Shape" in views


def test_a_kept_result_of_other_scans_is_not_shown_as_current(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, store: CaseStore, tmp_path: Path
) -> None:
    provider, _ref, case, _perimeter = _served_case(store, tmp_path, 3)
    pane = CasePane(provider)
    qtbot.addWidget(pane)
    pane.qc.set_account(store, _WHO)
    pane.show_case(case, pinned=False, fully_cached=True)
    with qtbot.waitSignal(pane.qc.resultShown, timeout=60_000):
        pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    assert str(pane.qc.result.verdict) == "fail"  # type: ignore[union-attr]
    pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)

    # The upper scan is fetched again with other content (the hole filled in): the kept result
    # was made for other scans.
    points, faces = arch("upper", spacing_mm=0.5)
    (provider.server_dir / "upper 3.stl").write_bytes(
        stl_bytes(points, faces, header_text="rescanned")
    )
    provider.cache_file("upper 3.stl")
    pane.show_case(case, pinned=False, fully_cached=True)
    # No background QC checks it: the last verdict stays readable, marked outdated, never as
    # the current one; accepting waits for a current result; re-running is offered.
    qc = pane.qc
    assert qc.stale
    assert qc.outdated
    assert qc.result is not None
    assert str(qc.result.verdict) == "fail"
    assert "<s>Fail</s>" in qc.verdict_label.text()
    assert "outdated" in qc.verdict_label.text()
    assert "checked on older scans — re-run" in qc.verdict_label.accessibleName()
    assert "Checked on older scans — re-run" in qc.state_label.text()
    assert not qc.ready_button.isEnabled()
    assert "re-run QC" in qc.ready_button.toolTip()
    assert qc.rescan_button.isEnabled()
    assert not qc.rerun_button.isHidden()

    with qtbot.waitSignal(qc.resultShown, timeout=60_000):
        qtbot.mouseClick(qc.rerun_button, Qt.MouseButton.LeftButton)  # checked again, here
    result = qc.result
    assert result is not None
    assert not qc.stale
    assert not qc.outdated
    assert not [f for s in result.scans for f in s.findings if f.kind == "hole"]
    assert "outdated" not in qc.verdict_label.text()
    assert qc.ready_button.isEnabled()
    assert qc.rerun_button.isHidden()


def test_a_check_or_report_under_way_is_stopped_when_its_task_is_cancelled(
    qtbot: QtBot,
    qt_loop: asyncio.AbstractEventLoop,
    store: CaseStore,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The worker cannot be cancelled like the task awaiting it: the tab hands it a stop event
    # and sets it. `check_scans` is the real one, entered only once the stop is set (so that
    # the check is surely under way when another case is shown), which it then honours.
    from scaninbox.qc.stopping import QcStopped
    from scaninbox.services import qc_work

    provider, ref, case, _perimeter = _served_case(store, tmp_path, 4)
    handed: list[threading.Event | None] = []
    ended: list[str] = []
    real = qc_work.check_scans

    def waits_for_the_stop(*args: Any, stop: threading.Event | None = None, **kw: Any) -> Any:
        handed.append(stop)
        if stop is None or not stop.wait(30):
            ended.append("not stopped")
            return real(*args, stop=stop, **kw)
        try:
            return real(*args, stop=stop, **kw)
        except QcStopped:
            ended.append("stopped")
            raise

    monkeypatch.setattr(qc_work, "check_scans", waits_for_the_stop)
    dialogs = FakeDialogs()
    dialogs.save_path = tmp_path / "report.pdf"
    pane = CasePane(provider, dialogs=dialogs)
    qtbot.addWidget(pane)
    pane.qc.set_account(store, _WHO)
    pane.show_case(case, pinned=False, fully_cached=True)
    pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    qtbot.waitUntil(lambda: len(handed) == 1, timeout=30_000)
    pane.show_case(None, pinned=False, fully_cached=False)  # another case: the check is moot
    qtbot.waitUntil(lambda: len(ended) == 1, timeout=30_000)
    assert ended == ["stopped"]
    assert qc_result(store, ref) is None  # nothing kept of a check that did not finish

    # The report's fresh run likewise, when the pane goes while it is written (another tab
    # shown, so that the case is not checked as well).
    pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)
    pane.show_case(case, pinned=False, fully_cached=True)
    pane.qc.export_report()
    qtbot.waitUntil(lambda: len(handed) == 2, timeout=30_000)
    async_bridge.cancel_owned(pane.qc)
    qtbot.waitUntil(lambda: len(ended) == 2, timeout=30_000)
    assert ended == ["stopped", "stopped"]
    assert not (tmp_path / "report.pdf").exists()


def test_the_rescan_pack_is_written_beside_rescan_needed(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, store: CaseStore, tmp_path: Path
) -> None:
    provider, ref, case, _perimeter = _served_case(store, tmp_path, 5)
    dialogs = FakeDialogs()
    dialogs.save_path = tmp_path / "rescan.pdf"
    pane = _pane_showing(qtbot, provider, store, case, dialogs=dialogs)
    qc = pane.qc
    with qtbot.waitSignal(qc.resultShown, timeout=60_000):
        pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    # Beside "Rescan needed", on the same row.
    assert qc.pack_button.isEnabled()
    assert abs(qc.pack_button.y() - qc.rescan_button.y()) < 4
    assert qc.pack_button.x() > qc.rescan_button.x()
    messages: list[str] = []
    pane.statusMessage.connect(messages.append)
    qtbot.mouseClick(qc.pack_button, Qt.MouseButton.LeftButton)
    assert dialogs.asked == [f"save:Rescan request {ref}.pdf"]
    qtbot.waitUntil(
        lambda: any(m.startswith("Rescan pack saved") for m in messages), timeout=120_000
    )
    text = " ".join(pdf_pages(dialogs.save_path))
    assert text.startswith("Rescan request")
    assert str(ref) in text
    assert "What to do: Rescan that area of the jaw" in text  # the hole punched on the cusp


def test_the_scorecard_shows_the_checked_cases_by_clinic_and_by_portal(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, store: CaseStore, tmp_path: Path
) -> None:
    provider, _ref, case, _perimeter = _served_case(store, tmp_path, 6)
    pane = _pane_showing(qtbot, provider, store, case)
    with qtbot.waitSignal(pane.qc.resultShown, timeout=60_000):
        pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    with qtbot.waitSignal(pane.qc.decisionRecorded):
        qtbot.mouseClick(pane.qc.rescan_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(pane.qc.scorecard_button, Qt.MouseButton.LeftButton)
    card = pane.qc.scorecard
    assert card is not None
    qtbot.addWidget(card)
    qtbot.waitUntil(lambda: card.table.topLevelItemCount() == 1, timeout=30_000)  # type: ignore[attr-defined]
    row = card.table.topLevelItem(0)  # type: ignore[attr-defined]
    clinic = case.clinic.name if case.clinic else "(unknown)"
    assert [row.text(i) for i in (0, 2, 3, 4)] == [clinic, "1", "1", "1"]
    assert "Hole 100%" in row.toolTip(5).split("\n")  # every kind; the column shows four
    assert row.text(5) == ", ".join(row.toolTip(5).split("\n")[:4])
    card.by.setCurrentIndex(1)  # type: ignore[attr-defined]
    qtbot.waitUntil(
        lambda: card.table.headerItem().text(0) == "Portal",  # type: ignore[attr-defined]
        timeout=30_000,
    )
    assert card.table.topLevelItem(0).text(0) == (case.source or "(unknown)")  # type: ignore[attr-defined]
    assert "1 case checked" in card.state.text()  # type: ignore[attr-defined]


def test_a_scan_that_cannot_be_had_is_named_in_a_sentence_of_its_own(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop, store: CaseStore, tmp_path: Path
) -> None:
    """The window's own provider, nobody signed in: its reason ("Not available offline: …")
    follows the QC tab's sentence, never a capital letter after a colon mid-sentence."""
    import re

    from scaninbox.qt.account.file_provider import StoreFileProvider

    _folder, _ref, case, _perimeter = _served_case(store, tmp_path, 5)
    pane = CasePane(StoreFileProvider())
    qtbot.addWidget(pane)
    pane.qc.set_account(store, _WHO)
    pane.show_case(case, pinned=False, fully_cached=False)
    pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    qtbot.waitUntil(lambda: "QC needs every scan" in pane.qc.state_label.text())
    text = pane.qc.state_label.text()
    assert text == (
        "QC needs every scan of the case (upper 5.stl is missing). "
        "Not available offline: nobody is signed in."
    )
    assert not re.search(r"[:;,] [A-Z]", text)


def test_at_1280_px_every_check_and_finding_is_shown_whole(
    qtbot: QtBot,
    qt_loop: asyncio.AbstractEventLoop,
    store: CaseStore,
    tmp_path: Path,
    screenshot: Any,
) -> None:
    """The case pane's share of a 1280×720 window beside the inbox: the checklist's titles and
    the findings' figures wrap onto more lines instead of ending in "…"."""
    from PySide6.QtCore import QRect

    from scaninbox.qt.case_pane.qc_findings import (
        MAX_DETAIL_LINES,
        detail_line,
        message_lines,
    )

    provider, _ref, case, _perimeter = _served_case(store, tmp_path, 6)
    pane = _pane_showing(qtbot, provider, store, case, size=(590, 560))
    with qtbot.waitSignal(pane.qc.resultShown, timeout=60_000):
        pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    checklist, findings = pane.qc.checklist, pane.qc.findings
    qtbot.wait(0)  # the delayed layout of the rows (`scheduleDelayedItemsLayout`)

    title_width = checklist.header().sectionSize(0)
    assert title_width < 260  # narrow indeed: one line would not hold every title
    metrics = checklist.fontMetrics()
    wrap = int(Qt.TextFlag.TextWordWrap)
    wrapped = 0
    for index in range(checklist.topLevelItemCount()):
        item = checklist.topLevelItem(index)
        assert item is not None
        text = item.text(0)
        # The text's room is the column less the style's margins (at most 4 px a side).
        needed = metrics.boundingRect(QRect(0, 0, title_width - 8, 10_000), wrap, text).height()
        shown = checklist.visualItemRect(item).height()
        assert shown >= needed, f"{text!r} is cut: {shown} px for {needed} px"
        wrapped += needed > metrics.height()
    assert wrapped >= 1  # at least one title needed a second line, and got it

    font = findings.font()
    line = findings.fontMetrics().height()
    for group_index in range(findings.topLevelItemCount()):
        group = findings.topLevelItem(group_index)
        assert group is not None
        for child in range(group.childCount()):
            row = group.child(child)
            rect = findings.visualItemRect(row)
            width = rect.width()  # the text's room is less: as many lines at least
            figures = row.data(0, FIGURES_ROLE)
            detail = detail_line(findings.fontMetrics(), row.data(0, SCAN_ROLE), figures, width)
            assert detail.endswith(figures)  # the figures whole, never "…"
            lines = message_lines(font, detail, width, MAX_DETAIL_LINES)
            assert not lines[-1].endswith("…")
            message = message_lines(font, row.text(0), width)
            assert rect.height() >= (len(message) + len(lines)) * line
    screenshot(pane, "case-qc-1280")


# The case pane's share of the window (as `scripts/screen-tour` lays it out under openbox): at
# 960×540 (a 1080p screen at 200 %, the smallest supported), 1280×720 (150 %) and 1920×1080.
_PANE_SHARES = {"960x540": (560, 400), "1280x720": (583, 620), "1920x1080": (1180, 960)}


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> str:
    if request.param == "de":
        request.getfixturevalue("german")  # undone at the test's end
    return str(request.param)


def test_every_check_title_is_shown_whole_at_every_screen_size_and_look(
    language: str,
    qtbot: QtBot,
    qt_loop: asyncio.AbstractEventLoop,
    qapp: QApplication,
    store: CaseStore,
    tmp_path: Path,
    screenshot: Any,
) -> None:
    """German runs a third longer: at the pane's share of a 1280×720 window the title column
    was little wider than "Sauberes Netz" and showed "Sauberes …". Every title is painted whole
    (wrapped, never elided) in English and German, light and dark, from 960×540 to 1920×1080;
    the list keeps room for the longest word beside the results, and the findings keep at least
    as much."""
    provider, _ref, case, _perimeter = _served_case(store, tmp_path, 6)
    pane = _pane_showing(qtbot, provider, store, case, size=_PANE_SHARES["1280x720"])
    with qtbot.waitSignal(pane.qc.resultShown, timeout=60_000):
        pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    checklist, findings = pane.qc.checklist, pane.qc.findings
    assert checklist.topLevelItemCount() >= 10
    palette, sheet = qapp.palette(), qapp.styleSheet()
    try:
        for theme in (Theme.LIGHT, Theme.DARK):
            apply_theme(qapp, theme)
            for screen, size in _PANE_SHARES.items():
                pane.resize(*size)
                # The rows are laid out again in a posted event once the column has its width.
                with contextlib.suppress(qtbot.TimeoutError):  # the assertion says what is cut
                    qtbot.waitUntil(lambda: not cut_items(checklist, 0), timeout=5_000)
                assert cut_items(checklist, 0) == [], f"{language} {theme.value} {screen}"
                assert cut_items(checklist, 1) == [], f"{language} {theme.value} {screen}"
                assert findings.width() >= checklist.width(), screen
                screenshot(pane, f"case-qc-checklist-{language}-{theme.value}-{screen}")
    finally:
        qapp.setStyleSheet(sheet)
        qapp.setPalette(palette)
