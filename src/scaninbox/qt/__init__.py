"""The desktop interface: the only package that imports PySide6, pyvistaqt or qasync.

Submodules are imported where needed (``scaninbox.qt.async_bridge``, ``scaninbox.qt.case_pane``,
…) so that importing this package stays cheap.

Importing it also protects the interpreter from PySide6 6.12's reference-counting bugs on
CPython 3.11 (see ``scaninbox.qt.pyside_guards``) and gives PySide6's import hook a quicker way
to see which modules use it (``scaninbox.qt.pyside_import_hook``; this loads the PySide6
package itself, not its Qt modules): import ``scaninbox.qt`` before any Qt use.
"""

from __future__ import annotations

from scaninbox.qt.pyside_guards import protect_singletons
from scaninbox.qt.pyside_import_hook import quicken_pyside_import_hook

__all__: list[str] = []

protect_singletons()
quicken_pyside_import_hook()
