"""The case pane in another language: a real sandbox case (its scans in the 3D view, its order
form, its attachments, a QC run) shown tab by tab under the pseudo-language finds no text that
missed translation; in German the key words read as a German technician expects, and nothing
of it is cut off at the pane's share of a 1280×720 window.

The case's own data (names, references, remarks, file names) and the words of other areas of
the program (the case and QC wording of `scaninbox.domain`, `scaninbox.qc` and
`scaninbox.render`, translated by their own catalogue) are passed to `untranslated` as data:
this test answers for the pane's own words.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLabel,
    QTabBar,
    QToolBar,
    QToolButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from scaninbox.domain import (
    CATEGORIES,
    FileKind,
    identifier_label,
)
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.case_pane.image_viewer import ImageViewer
from scaninbox.qt.case_pane.pdf_window import PdfWindow
from scaninbox.qt.files.providers import case_files
from scaninbox.qt.look.theme import Theme, apply_theme
from scaninbox.qt.viewer.scan_row import ElidedLabel
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.render import View
from scaninbox.store import CaseStore
from tests.qt.case_pane.cases import make_pdf, make_photo
from tests.qt.case_pane.conftest import FakeDialogs
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.language.case_texts import case_texts
from tests.qt.language.conftest import (  # noqa: F401 - fixtures used by name
    catalogues,
    german,
    pseudo,
    pseudo_catalogues,
)
from tests.qt.language.pseudo import untranslated
from tests.qt.timeouts import EXPOSED_MS
from tests.qt.viewer.conftest import show_and_wait, wait_loaded
from tests.qt.viewer.sandbox_cases import SandboxCase

_PORTAL = "3Shape TRIOS"
_WHO = "reviewer@lab.example"
# The pane's share of a 1280×720 window beside the inbox (as the demo lays it out under
# openbox: the inbox keeps its share, the pane gets little more than its minimum width).
_PANE_1280 = (570, 620)
_QC_WAIT_MS = 120_000


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CaseStore]:
    with CaseStore.open(tmp_path / "account") as opened:
        yield opened


def _served(found: SandboxCase, tmp_path: Path) -> FolderProvider:
    """The case's scans as the sandbox sent them, its order form and attachments made up
    beside them (the sandbox serves those only by link); every file already cached."""
    folder = tmp_path / "server"
    shutil.copytree(found.folder, folder)
    for file in case_files(found.case):
        path = folder / file.filename
        if path.exists():
            continue
        if file.filename.lower().endswith(".pdf"):
            make_pdf(path)
        elif file.filename.lower().endswith((".jpg", ".jpeg", ".png")):
            make_photo(path, (640, 480))
        else:
            path.write_text("notes of the dentist\n", encoding="utf-8")
    provider = FolderProvider(folder, tmp_path / "cache")
    for file in case_files(found.case):
        provider.cache_file(file.filename)
    return provider


def _pane_with_scans(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    host: QWidget,
    found: SandboxCase,
    provider: FolderProvider,
    store: CaseStore,
    size: tuple[int, int],
    dialogs: FakeDialogs | None = None,
) -> CasePane:
    """The case pane in ``host`` (``size``), its "3D scans" tab holding the real viewport with
    the case's scans loaded, the case shown and QC signed in."""
    host.resize(*size)
    pane = CasePane(provider, dialogs=dialogs or FakeDialogs(), parent=host)
    layout = host.layout()
    assert layout is not None
    layout.addWidget(pane)
    viewport = make_viewport(provider, found.mapping)
    pane.set_viewer_widget(viewport)
    pane.qc.set_account(store, _WHO)
    pane.show_case(found.case, pinned=False, fully_cached=True)
    show_and_wait(qtbot, viewport, found.case)
    wait_loaded(qtbot, viewport)
    pane.tabs.setCurrentIndex(CasePane.SCANS_TAB)
    qtbot.waitUntil(viewport.isVisible)
    return pane


def _show_every_tab(qtbot: QtBot, pane: CasePane) -> Iterator[str]:
    """Each tab in turn, once what it loads has come: yields the tab's name."""
    yield "3D scans"
    pane.tabs.setCurrentIndex(CasePane.PRESCRIPTION_TAB)
    yield "prescription"
    if pane.tabs.isTabEnabled(CasePane.ORDER_FORM_TAB):
        pane.tabs.setCurrentIndex(CasePane.ORDER_FORM_TAB)
        view = pane.order_form
        qtbot.waitUntil(lambda: view.stack.currentWidget() is not view.message_label)
        yield "order form"
    pane.tabs.setCurrentIndex(CasePane.ATTACHMENTS_TAB)
    images = [tile for tile in pane.attachments.tiles if tile.is_image]
    qtbot.waitUntil(lambda: all(tile.has_thumbnail for tile in images), timeout=20_000)
    yield "attachments"
    with qtbot.waitSignal(pane.qc.resultShown, timeout=_QC_WAIT_MS):
        pane.tabs.setCurrentIndex(CasePane.QC_TAB)
    assert pane.qc.result is not None
    yield "QC"


def _foreign_words(pane: CasePane, viewport: ScanViewport) -> list[str]:
    """The words of `scaninbox.qc` and `scaninbox.render` the pane shows as they come."""
    from scaninbox.qc.figures import figures_words
    from scaninbox.qc.findings import CHECK_TITLES, KIND_TITLES

    texts = [*KIND_TITLES.values(), *(entry[0] for entry in CHECK_TITLES.values())]
    texts += [identifier_label(category) or "" for category in CATEGORIES]
    result = pane.qc.result
    if result is not None:
        findings = [f for s in result.scans for f in s.findings] + list(result.findings)
        texts += [f.message for f in findings]
        texts += [figures_words(f.figures) for f in findings]
    note = viewport.stage.note.text()
    if note:
        texts.append(note)
    return texts


@pytest.mark.usefixtures("pseudo")
def test_every_word_of_the_case_pane_comes_through_translation(
    qtbot: QtBot,
    qt_loop: asyncio.AbstractEventLoop,
    make_viewport: Callable[..., ScanViewport],
    host: QWidget,
    sandbox_cases: dict[str, SandboxCase],
    store: CaseStore,
    tmp_path: Path,
) -> None:
    found = sandbox_cases[_PORTAL]
    provider = _served(found, tmp_path)
    pane = _pane_with_scans(qtbot, make_viewport, host, found, provider, store, _PANE_1280)
    viewport = pane.tabs.widget(CasePane.SCANS_TAB)
    assert isinstance(viewport, ScanViewport)
    seen = []
    for tab in _show_every_tab(qtbot, pane):
        data = case_texts(found.case)
        data += _elided(host, data)
        missed = untranslated(host, data=data)
        assert missed == [], f"{tab}: {missed}"
        seen.append(tab)
    assert seen[-1] == "QC"
    assert pane.qc.findings.topLevelItemCount() > 0 or pane.qc.checklist.topLevelItemCount() > 0
    # The viewer's toolbar and its menus (the turn, the colours and maps), also while hidden.
    toolbar = viewport.findChild(QToolBar, "viewerToolbar")
    assert toolbar is not None
    menus = [b.menu() for b in toolbar.findChildren(QToolButton) if b.menu() is not None]
    assert menus
    for menu in menus:
        for action in menu.actions():
            for text in (action.text(), action.toolTip()):
                assert untranslated_text(text, data=case_texts(found.case)), text
    for action in toolbar.actions():
        assert untranslated_text(action.toolTip()), action.toolTip()

    # The windows the attachments open, and the QC scorecard.
    viewer = ImageViewer(pane)
    image = QImage(64, 48, QImage.Format.Format_RGB32)
    image.fill(0x808080)
    viewer.show_image("photo front.jpg", image)
    viewer.set_position(0, 2)
    viewer.show()
    qtbot.waitExposed(viewer, timeout=EXPOSED_MS)
    assert untranslated(viewer, data=["photo front.jpg"]) == []
    viewer.close()
    pdf = PdfWindow(pane)
    pdf.show_pdf("implant report.pdf", make_pdf(tmp_path / "report.pdf"))
    pdf.show()
    qtbot.waitExposed(pdf, timeout=EXPOSED_MS)
    assert untranslated(pdf, data=["implant report.pdf"]) == []
    pdf.close()
    pane.qc.show_scorecard()
    scorecard = pane.qc.scorecard
    assert scorecard is not None
    qtbot.waitUntil(lambda: "…" not in scorecard.state.text())
    assert untranslated(scorecard) == []
    scorecard.close()


def _elided(root: QWidget, data: list[str]) -> list[str]:
    """The shown part of each elided label whose whole text (`ElidedLabel.full_text`) came
    through translation or is data: "[Lower jaw (bef…" is as translated as its whole."""
    shown = []
    for label in root.findChildren(ElidedLabel):
        if label.isVisible() and untranslated_text(label.full_text, data):
            shown.append(label.text())
    return shown


def untranslated_text(text: str, data: list[str] | None = None) -> bool:
    """Whether ``text`` reads as translated under the pseudo-language (see `untranslated`)."""
    probe = QLabel(text)
    probe.show()
    try:
        return untranslated(probe, data=data or []) == []
    finally:
        probe.close()
        probe.deleteLater()


@pytest.mark.usefixtures("german")
def test_the_case_pane_in_german(
    qtbot: QtBot,
    qt_loop: asyncio.AbstractEventLoop,
    make_viewport: Callable[..., ScanViewport],
    host: QWidget,
    sandbox_cases: dict[str, SandboxCase],
    store: CaseStore,
    tmp_path: Path,
) -> None:
    found = sandbox_cases[_PORTAL]
    provider = _served(found, tmp_path)
    dialogs = FakeDialogs()
    pane = _pane_with_scans(qtbot, make_viewport, host, found, provider, store, _PANE_1280, dialogs)
    viewport = pane.tabs.widget(CasePane.SCANS_TAB)
    assert isinstance(viewport, ScanViewport)
    tabs = [pane.tabs.tabText(i) for i in range(pane.tabs.count())]
    attachments = sum(1 for f in case_files(found.case) if f.kind is FileKind.MISC)
    assert tabs == [
        "3D-Scans",
        "Verordnung",
        "Auftragsformular",
        f"Anhänge ({attachments})",
        "QC",
    ]
    # The views: the patient's left and right, as on the tooth chart.
    views = viewport.controls.views
    assert [views[v].text() for v in (View.FRONT, View.LEFT, View.RIGHT)] == [
        "Vorn",
        "Links",
        "Rechts",
    ]
    assert "linken Seite des Patienten" in views[View.LEFT].toolTip()
    assert "rechten Seite des Patienten" in views[View.RIGHT].toolTip()
    assert viewport.controls.measure.text() == "Messen"
    assert viewport.maps.button.text() == "Farben"
    assert pane.header.offline_toggle.text() == "Offline verfügbar halten"
    assert pane.qc.rescan_button.text() == "Neuer Scan nötig"
    assert pane.qc.pack_button.text() == "Neuscan anfordern…"
    assert pane.qc.export_button.text() == "Prüfbericht exportieren…"
    headers = pane.prescription.worktypes.tree.headerItem()
    assert [headers.text(c) for c in range(3)] == ["Arbeit", "Kategorie", "Material"]
    for tab in _show_every_tab(qtbot, pane):
        if tab == "QC":
            assert pane.qc.state_label.text().startswith("Geprüft ")
            checklist = pane.qc.checklist.headerItem()
            assert [checklist.text(0), checklist.text(1)] == ["Prüfung", "Ergebnis"]
            assert any(
                pane.qc.verdict_label.text().count(word)
                for word in ("Bestanden", "Warnung", "Nicht bestanden")
            )
    # The file dialogs ask in German and suggest German file names.
    pane.attachments.save_all()
    pane.qc.export_report()
    pane.qc.export_rescan_pack()
    assert dialogs.asked == [
        "folder:Alle Dateien dieses Falls speichern in",
        f"save:Prüfbericht {found.case.ref}.pdf",
        f"save:Neuscan-Anforderung {found.case.ref}.pdf",
    ]
    # Counted things in German, numbers with German group separators.
    rows = viewport.scans.rows()
    assert rows
    assert all(row.status_text.endswith(" Dreiecke") for row in rows)
    triangles = max(int(row.status_text.split()[0].replace(".", "")) for row in rows)
    if triangles >= 1000:
        assert any("." in row.status_text.split()[0] for row in rows)


@pytest.fixture(params=[Theme.LIGHT, Theme.DARK])
def themed(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[Theme]:
    palette, sheet = qapp.palette(), qapp.styleSheet()
    apply_theme(qapp, request.param)
    yield request.param
    qapp.setStyleSheet(sheet)
    qapp.setPalette(palette)


def _clipped(root: QWidget) -> list[str]:
    """Visible one-line labels, buttons and tabs whose text is wider than their room, unless
    elided on purpose with the whole text in the tooltip."""
    found: list[str] = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisible() or widget.width() <= 1:
            continue
        if isinstance(widget, QLabel):
            text = widget.text()
            if (
                not text
                or widget.wordWrap()
                or widget.textFormat() == Qt.TextFormat.RichText
                or text.startswith("<")
            ):
                continue
            needed = widget.fontMetrics().horizontalAdvance(text)
            room = widget.contentsRect().width() - 2 * widget.margin()
            if needed > room and widget.toolTip() != text:
                found.append(f"label {text!r}: {needed} > {room}")
        elif isinstance(widget, QAbstractButton):
            text = widget.text()
            narrow = widget.width() < widget.minimumSizeHint().width()
            if text and narrow and widget.toolTip() != text:
                found.append(f"button {text!r}: {widget.width()} < hint")
        elif isinstance(widget, QTabBar):
            for index in range(widget.count()):
                text = widget.tabText(index).replace("&", "")
                needed = widget.fontMetrics().horizontalAdvance(text)
                if widget.tabRect(index).width() < needed:
                    found.append(f"tab {text!r}")
    return found


@pytest.mark.usefixtures("german")
def test_nothing_of_the_case_pane_is_cut_off_in_german(
    themed: Theme,
    qtbot: QtBot,
    qt_loop: asyncio.AbstractEventLoop,
    make_viewport: Callable[..., ScanViewport],
    host: QWidget,
    sandbox_cases: dict[str, SandboxCase],
    store: CaseStore,
    tmp_path: Path,
) -> None:
    found = sandbox_cases[_PORTAL]
    provider = _served(found, tmp_path)
    pane = _pane_with_scans(qtbot, make_viewport, host, found, provider, store, _PANE_1280)
    for tab in _show_every_tab(qtbot, pane):
        # Layouts settle in posted events: wait for them, then nothing may be cut off.
        with contextlib.suppress(qtbot.TimeoutError):  # the assertion lists what is cut off
            qtbot.waitUntil(lambda: not _clipped(host), timeout=5_000)
        assert _clipped(host) == [], tab
    # The check sees a word cut off (a label narrower than its word, no tooltip).
    probe = QLabel("Präparationsgrenze", pane)
    probe.setFixedWidth(40)
    probe.show()
    assert _clipped(host) == ["label 'Präparationsgrenze': " + _room_text(probe)]
    probe.deleteLater()


def _room_text(label: QLabel) -> str:
    needed = label.fontMetrics().horizontalAdvance(label.text())
    return f"{needed} > {label.contentsRect().width() - 2 * label.margin()}"
