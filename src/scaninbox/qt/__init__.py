"""The desktop interface: the only package that imports PySide6, pyvistaqt or qasync.

Submodules are imported where needed (``scaninbox.qt.async_bridge``, ``scaninbox.qt.case_pane``,
…) so that importing this package stays cheap.

Importing it also protects the interpreter from a reference-counting bug: PySide6 6.12 on CPython
3.11 drops one reference to ``None`` on every call of a Qt method that returns nothing
(``label.setText(...)``), and CPython aborts ("none_dealloc: deallocating None") once that count
reaches zero — after a few hundred cases shown in the pane. CPython 3.12 made ``None`` immortal,
which hides the bug there; on 3.11 its count is raised once, far beyond what any session can
drop. ``None`` is never freed anyway, so the count has no other meaning.
"""

from __future__ import annotations

import sys

__all__: list[str] = []

_NONE_BALLAST = 1 << 40


def _keep_none_alive() -> None:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    if hasattr(sys, "gettotalrefcount"):
        return  # a debug build lays PyObject out differently; leave it alone
    import ctypes

    before = sys.getrefcount(None)
    if before >= _NONE_BALLAST:
        return
    # ob_refcnt is the first member of every object in a release build of CPython 3.11.
    refcount = ctypes.c_ssize_t.from_address(id(None))
    if abs(refcount.value - before) > 1_000:
        return  # not the layout we expect: do nothing rather than damage anything
    refcount.value += _NONE_BALLAST


_keep_none_alive()
