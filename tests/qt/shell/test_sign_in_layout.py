"""The sign-in dialog's layout and first focus: no gap where hidden rows were, and the keyboard
starts in the first field that still needs typing (top to bottom, as the form reads)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from scaninbox.qt.signin import SignInDialog
from scaninbox.qt.signin.targets import CUSTOM, DEMO, TargetChoice
from tests.qt.shell.conftest import WAIT_MS
from tests.qt.timeouts import EXPOSED_MS

_CHOICES = [
    TargetChoice("production", "Production", None, False, "Not configured yet"),
    TargetChoice(CUSTOM, "Custom URL", None, True, "Any inbox service address"),
    TargetChoice(DEMO, "Demo", None, True, "The built-in demo service"),
]


async def _never(*_args: object) -> None:
    raise AssertionError("no sign-in in these tests")


def _dialog(qtbot: QtBot, **options: object) -> SignInDialog:
    dialog = SignInDialog(_CHOICES, _never, remember_available=False, **options)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog, timeout=EXPOSED_MS)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=WAIT_MS)
    return dialog


def _gap_over_the_form(dialog: SignInDialog) -> int:
    """Pixels between the heading's subtitle and the first field of the form."""
    subtitle = dialog.findChild(QLabel, "dialogSubtitle")
    assert subtitle is not None
    combo = dialog.service_combo
    bottom = subtitle.mapTo(dialog, subtitle.rect().bottomLeft()).y()
    return combo.mapTo(dialog, combo.rect().topLeft()).y() - bottom


def _settled(qtbot: QtBot, dialog: SignInDialog) -> None:
    layout = dialog.layout()
    assert layout is not None
    QApplication.processEvents()
    qtbot.waitUntil(
        lambda: dialog.height() == layout.totalHeightForWidth(dialog.width()), timeout=WAIT_MS
    )


def test_choosing_demo_leaves_no_gap_above_the_form(
    qtbot: QtBot, screenshot: Callable[[QWidget, str], Path]
) -> None:
    dialog = _dialog(qtbot, environment=CUSTOM)
    _settled(qtbot, dialog)
    gap = _gap_over_the_form(dialog)
    custom_height = dialog.height()

    dialog.service_combo.setCurrentIndex(dialog.service_combo.findData(DEMO))
    _settled(qtbot, dialog)
    screenshot(dialog, "shell-sign-in-demo")
    # The rows Demo does not need are gone, and the dialog shrank by them instead of leaving
    # their room between the heading and the form.
    assert not dialog.url_edit.isVisible()
    assert dialog.height() < custom_height
    assert _gap_over_the_form(dialog) == gap

    dialog.service_combo.setCurrentIndex(dialog.service_combo.findData(CUSTOM))
    _settled(qtbot, dialog)
    assert dialog.height() == custom_height
    assert _gap_over_the_form(dialog) == gap


@pytest.mark.parametrize(
    ("options", "first"),
    [
        ({"environment": CUSTOM}, "url_edit"),  # the empty address comes first
        ({"environment": CUSTOM, "base_url": "https://inbox.example.com"}, "email_edit"),
        (
            {"environment": CUSTOM, "base_url": "https://inbox.example.com", "email": "a@b.c"},
            "password_edit",
        ),
        ({"environment": DEMO}, "sign_in_button"),  # nothing to type
    ],
)
def test_the_keyboard_starts_in_the_first_field_still_empty(
    qtbot: QtBot, options: dict[str, object], first: str
) -> None:
    dialog = _dialog(qtbot, **options)
    expected = getattr(dialog, first)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is expected, timeout=WAIT_MS)
