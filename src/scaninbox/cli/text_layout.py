"""Text for a terminal: display widths of any script, safe cells, tables that fit, progress.

Every line reaches stdout or stderr through ``write_line`` / ``write_error``, which show control
characters as escapes (``scaninbox.terminal_text``): an escape sequence in a patient's name or a
problem's title must not be able to rewrite the terminal. Table cells are ``clean``-ed first
(control characters become spaces) so columns keep their widths. Widths count East Asian wide
characters as two columns and combining marks as none, so columns line up in any script.
"""

from __future__ import annotations

import os
import shutil
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from scaninbox.terminal_text import escape_controls

__all__ = [
    "Progress",
    "TableColumn",
    "clean",
    "fit",
    "render_table",
    "terminal_width",
    "write_error",
    "write_line",
]

_GAP = "  "


def write_line(text: str = "") -> None:
    """Lines on stdout: control characters escaped, never failing on characters the terminal's
    encoding lacks."""
    _write(sys.stdout, text)


def write_error(text: str) -> None:
    """Lines on stderr, escaped like ``write_line``: error messages quote the server."""
    _write(sys.stderr, text)
    sys.stderr.flush()


def _write(stream: TextIO, text: str) -> None:
    encoding = stream.encoding or "utf-8"
    safe = escape_controls(text, keep_lines=True)
    stream.write(safe.encode(encoding, errors="replace").decode(encoding) + "\n")


def clean(text: object) -> str:
    """One line of printable text: control and format characters become spaces, runs collapse."""
    if text is None:
        return ""
    chars = (
        " " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch for ch in str(text)
    )
    return " ".join("".join(chars).split())


def display_width(text: str) -> int:
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns (ending in "…" when cut), padded to exactly ``width``."""
    if display_width(text) > width:
        kept, used = [], 0
        for ch in text:
            step = display_width(ch)
            if used + step > width - 1:
                break
            kept.append(ch)
            used += step
        text = "".join(kept) + "…"
    return text + " " * (width - display_width(text))


@dataclass(frozen=True, slots=True)
class TableColumn:
    """A table column.

    ``min_width``: how narrow it may be squeezed (0: never squeezed). ``drop_rank``: when even
    squeezed columns do not fit, columns are left out, lowest rank first (None: always shown).
    """

    header: str
    min_width: int = 0
    drop_rank: int | None = None


def terminal_width(stream: TextIO | None = None) -> int | None:
    """Columns available to ``stream`` (stdout): its terminal's, else ``COLUMNS``, else None."""
    stream = stream or sys.stdout
    if stream.isatty():
        return shutil.get_terminal_size((100, 24)).columns
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if columns.isdigit() and int(columns) > 0 else None


def render_table(
    columns: Sequence[TableColumn], rows: Sequence[Sequence[str]], width: int | None
) -> str:
    """Header, rule and rows fitted to ``width``: squeeze (widest first), then leave columns out."""
    cells = [[clean(cell) for cell in row] for row in rows]
    shown = list(range(len(columns)))
    widths = {
        i: max([display_width(col.header)] + [display_width(row[i]) for row in cells])
        for i, col in enumerate(columns)
    }
    if width is not None:
        while not _squeeze(columns, shown, widths, width):
            droppable = [i for i in shown if columns[i].drop_rank is not None]
            if not droppable:
                break
            shown.remove(min(droppable, key=lambda i: columns[i].drop_rank or 0))
    header = _GAP.join(fit(columns[i].header, widths[i]) for i in shown).rstrip()
    lines = [header, _GAP.join("─" * widths[i] for i in shown)]
    lines += [_GAP.join(fit(row[i], widths[i]) for i in shown).rstrip() for row in cells]
    return "\n".join(lines)


def _squeeze(
    columns: Sequence[TableColumn], shown: list[int], widths: dict[int, int], width: int
) -> bool:
    """Narrow the shown squeezable columns, widest first, until they fit; False if they cannot."""
    excess = sum(widths[i] for i in shown) + len(_GAP) * (len(shown) - 1) - width
    while excess > 0:
        squeezable = [i for i in shown if columns[i].min_width and widths[i] > columns[i].min_width]
        if not squeezable:
            return False
        widest = max(squeezable, key=lambda i: widths[i])
        widths[widest] -= 1
        excess -= 1
    return True


class Progress:
    """One self-overwriting status line on stderr, only when stderr is a terminal."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream or sys.stderr
        self._enabled = self._stream.isatty()
        self._shown = False

    def show(self, text: str) -> None:
        if not self._enabled:
            return
        width = shutil.get_terminal_size((80, 24)).columns - 1
        self._stream.write("\r" + fit(clean(text), max(width, 10)))
        self._stream.flush()
        self._shown = True

    def done(self) -> None:
        if self._shown:
            self._stream.write("\r" + " " * (shutil.get_terminal_size((80, 24)).columns - 1) + "\r")
            self._stream.flush()
            self._shown = False
