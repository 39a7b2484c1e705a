"""The 3D view's toolbar shows every action at the case pane's least width (960×540, a 1080p
screen at 200 %; the case has more at 1280×720 and 1366×768), in English and German: in
German "Save picture…" was hidden behind the toolbar's » at 1280×720. The least used action
is a camera whose name is in its tooltip and its accessible name, painted in the text colour
of the light and the dark look; its key (Ctrl+Shift+S) still saves the picture."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QToolBar, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.look.theme import Theme, apply_theme
from scaninbox.qt.viewer.viewport import ScanViewport
from tests.qt.case_pane.conftest import FakeDialogs
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.language.conftest import catalogues, german
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import show_and_wait

__all__ = ["catalogues", "german"]  # fixtures


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> str:
    if request.param == "de":
        request.getfixturevalue("german")  # undone at the test's end
    return str(request.param)


@pytest.fixture
def themes(qapp: QApplication) -> Iterator[None]:
    palette, sheet = qapp.palette(), qapp.styleSheet()
    yield
    qapp.setStyleSheet(sheet)
    qapp.setPalette(palette)


def _hidden(toolbar: QToolBar) -> list[str]:
    """The toolbar's actions whose button is not shown whole on the toolbar itself."""
    hidden = []
    for action in toolbar.actions():
        if action.isSeparator():
            continue
        widget = toolbar.widgetForAction(action)
        assert widget is not None
        shown = widget.isVisible() and toolbar.rect().contains(widget.geometry())
        if not shown:
            hidden.append(action.text() or widget.objectName() or type(widget).__name__)
    return hidden


def _in_text_colour(button: QToolButton) -> bool:
    want = button.palette().color(QPalette.ColorRole.ButtonText)
    return _icon_colour(button).rgb() == want.rgb()


def _icon_colour(button: QToolButton) -> QColor:
    """The colour of the icon's most opaque pixel."""
    image = button.icon().pixmap(button.iconSize()).toImage()
    best = QColor(0, 0, 0, 0)
    for y in range(image.height()):
        for x in range(image.width()):
            pixel = image.pixelColor(x, y)
            if pixel.alpha() > best.alpha():
                best = pixel
    return best


@pytest.mark.usefixtures("themes")
def test_every_toolbar_action_shows_at_the_case_panes_least_width(
    language: str,
    qtbot: QtBot,
    qapp: QApplication,
    make_viewport: Callable[..., ScanViewport],
    host: QWidget,
    provider: FolderProvider,
) -> None:
    pane = CasePane(provider, dialogs=FakeDialogs(), parent=host)
    layout = host.layout()
    assert layout is not None
    layout.addWidget(pane)
    viewport = make_viewport(provider)
    pane.set_viewer_widget(viewport)
    case = generated_case("upper.stl", "lower.stl")
    pane.show_case(case, pinned=False, fully_cached=False)
    show_and_wait(qtbot, viewport, case)
    pane.tabs.setCurrentIndex(CasePane.SCANS_TAB)
    host.resize(pane.minimumWidth(), 600)
    qtbot.waitUntil(lambda: pane.width() == pane.minimumWidth())
    toolbar = viewport.toolbar
    qtbot.waitUntil(lambda: toolbar.isVisible() and toolbar.width() > 0)
    extension = toolbar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert extension is not None  # Qt's » button, shown when something does not fit
    for theme in (Theme.LIGHT, Theme.DARK):
        apply_theme(qapp, theme)
        # Layouts settle in posted events: wait for them, then nothing may be hidden.
        with contextlib.suppress(qtbot.TimeoutError):  # the assertion says what is hidden
            qtbot.waitUntil(lambda: not _hidden(toolbar), timeout=5_000)
        room = f"{toolbar.sizeHint().width()} px in {toolbar.width()} px"
        assert _hidden(toolbar) == [], f"{language} {theme.value}: {room}"
        assert not extension.isVisible()
        picture = toolbar.widgetForAction(viewport.controls.save_picture)
        assert isinstance(picture, QToolButton)
        assert picture.toolButtonStyle() is Qt.ToolButtonStyle.ToolButtonIconOnly
        text = viewport.controls.save_picture.text()
        assert text == ("Bild speichern…" if language == "de" else "Save picture…")
        assert picture.accessibleName() == text
        assert picture.toolTip().startswith(
            "Die 3D-Ansicht als PNG-Bild speichern" if language == "de" else "Save the 3D view"
        )
        # Painted in the look's text colour, not left in the other look's.
        qtbot.waitUntil(lambda button=picture: _in_text_colour(button), timeout=5_000)
    saving = viewport.controls.action_for(QKeySequence("Ctrl+Shift+S"))
    assert saving is viewport.controls.save_picture
