"""Text from elsewhere made safe to print: control characters become visible escapes.

A server (or a file) decides what a problem's ``title``, a case's id or a file name contain. Written
raw to a terminal, ``ESC ] 0 ; … BEL`` retitles the window, ``ESC [ 2 J`` clears the screen and a
right-to-left override turns ``gpj.exe`` into ``exe.jpg``; written raw into a log file, a line
break forges a log line. ``escape_controls`` is the one rule every output boundary applies (the
command line's stdout and stderr, the log handlers): each such character is shown as a Python
escape (``\\x1b``, ``\\u202e``), so what the server sent stays readable and harmless.

Imports nothing of the program: the log setup and the command line's earliest code use it.
"""

from __future__ import annotations

import re

__all__ = ["escape_controls", "has_controls"]

# C0 controls, DEL and C1 controls (0x9b is a one-byte CSI on some terminals); the line and
# paragraph separators; bidirectional embeddings, overrides, isolates and marks; lone surrogates
# (they cannot be encoded, so they would end the program when printed).
_OTHER = "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_ANY = re.compile(f"[\x00-\x1f{_OTHER}]")
_KEEP_LINES = re.compile(f"[\x00-\x08\x0b-\x1f{_OTHER}]")  # tab (09) and line feed (0a) stay


def _visible(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str, *, keep_lines: bool = False) -> str:
    """``text`` with every control character shown as an escape.

    With ``keep_lines`` a line break (``\\n``) and a tab stay as they are: the program's own
    multi-line output (a case's details) keeps its shape while what it quotes is escaped.
    """
    return (_KEEP_LINES if keep_lines else _ANY).sub(_visible, text)


def has_controls(text: str) -> bool:
    return _ANY.search(text) is not None
