"""Control characters from elsewhere are shown as escapes wherever the program prints or logs."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from scaninbox.logs import LOG_FILE_NAME, configure_logging
from scaninbox.terminal_text import escape_controls


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b]0;pwned\x07", "\\x1b]0;pwned\\x07"),
        ("a\x9b2Jb", "a\\x9b2Jb"),  # the one-byte CSI
        ("exe.\u202egpj", "exe.\\u202egpj"),  # right-to-left override
        ("line\r\nforged", "line\\x0d\\x0aforged"),
        ("lone \ud800", "lone \\ud800"),
        ("Müller 山田 ✓", "Müller 山田 ✓"),
    ],
)
def test_controls_become_visible_escapes(raw: str, shown: str) -> None:
    assert escape_controls(raw) == shown


def test_the_programs_own_line_breaks_and_tabs_can_stay() -> None:
    assert escape_controls("a\tb\nc\rd\x1b", keep_lines=True) == "a\tb\nc\\x0dd\\x1b"


def test_a_logged_server_text_cannot_forge_lines_or_send_escapes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    configure_logging(0, tmp_path)
    try:
        logging.getLogger("scaninbox.test").warning("title: %s", "x\n2026 ERROR forged\x1b[2J")
    finally:
        configure_logging(0, None)
    text = (tmp_path / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert text.count("\n") == 1
    assert "x\\x0a2026 ERROR forged\\x1b[2J" in text
