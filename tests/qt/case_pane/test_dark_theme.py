"""In the dark theme the check boxes and the order form's page arrows stand out from what is
around them (Fusion's own drew them in shades of the dark window colour)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QCheckBox, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.case_pane.pdf_toolbar import PdfToolbar
from scaninbox.qt.look.theme import Theme, apply_theme
from tests.qt.timeouts import EXPOSED_MS


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[None]:
    palette, sheet = qapp.palette(), qapp.styleSheet()
    apply_theme(qapp, Theme.DARK)
    yield
    qapp.setStyleSheet(sheet)
    qapp.setPalette(palette)


def _contrasting_pixels(image: QImage, background: QColor, *, min_delta: float) -> int:
    """Pixels whose lightness differs from ``background``'s by at least ``min_delta``."""
    base = background.lightnessF()
    return sum(
        1
        for y in range(image.height())
        for x in range(image.width())
        if abs(image.pixelColor(x, y).lightnessF() - base) >= min_delta
    )


def test_an_unchecked_box_and_the_page_arrows_are_visible_in_the_dark_theme(
    qtbot: QtBot, dark: None
) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    box = QCheckBox("Keep available offline", host)
    toolbar = PdfToolbar(host)
    toolbar.set_pages(1, 3)  # both arrows enabled
    layout.addWidget(box)
    layout.addWidget(toolbar)
    host.show()
    qtbot.waitExposed(host, timeout=EXPOSED_MS)
    window = host.palette().color(host.backgroundRole())

    indicator = box.grab().toImage().copy(0, 0, box.height(), box.height())  # the square
    assert _contrasting_pixels(indicator, window, min_delta=0.25) >= 20  # its outline

    for arrow in (toolbar.previous_button, toolbar.next_button):
        face = arrow.grab().toImage()
        button = face.pixelColor(2, face.height() // 2)  # the button's own face, near its edge
        assert _contrasting_pixels(face, button, min_delta=0.35) >= 6, arrow.accessibleName()
