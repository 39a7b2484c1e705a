"""A guard against PySide6 6.12's reference-counting bugs on CPython 3.11.

PySide6 6.12 drops one reference to the value a Qt call returns when that value is one of
CPython's singletons:

- every call of a Qt method that returns nothing (``label.setText(...)``) drops a reference to
  ``None`` — about 236 per case shown in the pane;
- every ``Signal.emit()`` and ``disconnect()`` drops a reference to ``True``.

CPython aborts ("none_dealloc" / "bool_dealloc: deallocating …") once such a count reaches zero:
after a few hundred cases, or a few minutes of download progress. CPython 3.12 made these
objects immortal, which hides the bug there; PySide6 6.11 does not have it, but QtPdf is only
published for 6.12 outside the large Addons wheel. ``None``, ``True`` and ``False`` are never
freed anyway, so raising their counts once, far beyond what any session can drop, changes
nothing else.

For: PySide6/shiboken6 6.12 on CPython 3.11 (a no-op on 3.12 and later, and on debug builds).
Still needed? ``tests/qt/test_pyside_guards.py`` shows the crash without the guard: it counts the
references a Qt call and an emit drop in a fresh interpreter.
Delete when: the app runs on CPython 3.12 or later only (immortal singletons), or a PySide6
release no longer drops these references (that test then sees none dropped).
"""

from __future__ import annotations

import sys

__all__ = ["protect_singletons"]

_BALLAST = 1 << 40


def protect_singletons() -> None:
    """Raise the reference counts of ``None``, ``True`` and ``False`` once (idempotent)."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    if hasattr(sys, "gettotalrefcount"):
        return  # a debug build lays PyObject out differently; leave it alone
    import ctypes

    for value in (None, True, False):
        before = sys.getrefcount(value)
        if before >= _BALLAST:
            continue
        # ob_refcnt is the first member of every object in a release build of CPython 3.11.
        refcount = ctypes.c_ssize_t.from_address(id(value))
        if abs(refcount.value - before) > 1_000:
            continue  # not the layout we expect: do nothing rather than damage anything
        refcount.value += _BALLAST
