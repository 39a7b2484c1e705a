"""The desktop interface: the only package that imports PySide6, pyvistaqt or qasync.

Its rooms: ``shell`` (the main window and what hangs off it), ``account`` (the signed-in
account's session and sync), ``case_pane``, ``inbox``, ``viewer``, ``signin`` and ``lab`` (the
panes), ``files`` (file access both panes share), ``look`` (palette and shared widgets),
``runtime`` (event loop, async bridge, garbage collector, start-up trace), ``harness``
(readiness, screen grabs, self-check: it watches the shell from above, the shell never imports
it) and ``workarounds`` (Qt's and PySide's internals). Which room may import which is a contract
in ``pyproject.toml`` (``lint-imports``). Submodules are imported where needed so that importing
this package stays cheap.

Importing it also protects the interpreter from PySide6 6.12's reference-counting bugs on
CPython 3.11 (see ``scaninbox.qt.workarounds.pyside_guards``): import ``scaninbox.qt`` before any
Qt use.
"""

from __future__ import annotations

from scaninbox.qt.workarounds.pyside_guards import protect_singletons

__all__: list[str] = []

protect_singletons()
