"""The desktop interface: the only package that imports PySide6, pyvistaqt or qasync.

Submodules are imported where needed (``scaninbox.qt.async_bridge``, ``scaninbox.qt.case_pane``,
…) so that importing this package stays cheap.

Importing it also protects the interpreter from PySide6 6.12's reference-counting bugs on
CPython 3.11 (see ``scaninbox.qt.pyside_guards``): import ``scaninbox.qt`` before any Qt use.
"""

from __future__ import annotations

from scaninbox.qt.pyside_guards import protect_singletons

__all__: list[str] = []

protect_singletons()
