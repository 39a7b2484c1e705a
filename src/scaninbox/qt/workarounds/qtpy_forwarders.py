"""qtpy's ``QtCore``, ``QtGui`` and ``QtWidgets`` as forwarders to PySide6's own modules until a
name only qtpy has is read: stand-in modules in ``sys.modules``.

For: qtpy 2.4 (under pyvistaqt 0.13), PySide6 6.12, on Python 3.11.
Why: pyvistaqt finds Qt through qtpy, and each of qtpy's modules runs ``from PySide6.QtX import
*``, which makes every one of PySide's lazily made classes of that module at once; ``qtpy.QtGui``
also imports all of ``PySide6.QtOpenGL`` (the ``QOpenGLFunctions_*`` classes, for the Qt5-era
``QtGui.QOpenGL*`` names). That is a large share of the 3D stack's import, which stands between
launch and the first full-resolution frame (the figures are in ``benchmarks/README.md``), for
names pyvistaqt never reads: it reads classes PySide6's modules have themselves (``QTimer``,
``QOpenGLContext``, ``QWidget``…) and one that Qt 6 moved (``QtWidgets.QAction``, in QtGui).
So `forward_qtpy` puts a forwarder in place of each of the three before the stack is imported:
a name PySide6's module has is answered from it — the very object qtpy would give —, as are the
classes Qt 6 moved from QtWidgets to QtGui (qtpy's QtWidgets takes them from PySide6's QtGui as
they are, from Qt 6.4 on); the first name it lacks imports the real qtpy module, which from
then on answers every name (and replaces the forwarder in ``sys.modules``; names bound to the
forwarder go on forwarding).
What waits with it: qtpy's patches of PySide's classes for Qt5-era names (``QFontMetrics.width``,
``exec_``…); this app's own code uses PySide6 directly, pyvistaqt none of them; `load_real_qtpy`
applies them at once for code that needs them.
Still needed? ``python -X importtime -c "import PySide6.QtWidgets, pyvistaqt"`` without it: if
``PySide6.QtOpenGL`` is among the imports under ``qtpy.QtGui``, it is.
Delete when: qtpy stops star-importing PySide's modules (or pyvistaqt imports PySide6 directly),
or the start-up figures show no difference a person would notice.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
import types
from typing import Any

__all__ = ["FORWARDED", "forward_qtpy", "load_real_qtpy", "qtpy_is_forwarded"]

# qtpy's module → the PySide6 module whose names it forwards.
FORWARDED = {
    "qtpy.QtCore": "PySide6.QtCore",
    "qtpy.QtGui": "PySide6.QtGui",
    "qtpy.QtWidgets": "PySide6.QtWidgets",
}

# Classes qtpy's QtWidgets takes from PySide6's QtGui unchanged (Qt ≥ 6.4): Qt 6 moved them.
_MOVED_TO_QTGUI = frozenset({"QAction", "QActionGroup", "QShortcut", "QUndoCommand"})

# Two threads' first reads import the real module once. Re-entrant: the real module's own import
# reads names through another forwarder (qtpy.QtWidgets from qtpy.QtGui on old Qt).
_loading = threading.RLock()


class _QtpyForwarder(types.ModuleType):
    """Stands in for one of qtpy's modules: PySide6's names directly, the rest from qtpy."""

    _pyside: types.ModuleType
    _moved: types.ModuleType | None  # where the classes Qt 6 moved are (QtWidgets' only)
    _real: types.ModuleType | None

    def __getattr__(self, name: str) -> Any:
        # Called only for names the forwarder lacks. Tools walk sys.modules asking each module
        # for dunders (PySide's signature loader reads every module's __file__): answered
        # without an import. __all__ is qtpy's own.
        if name.startswith("__") and name.endswith("__") and name != "__all__":
            raise AttributeError(name)
        real = self._real
        if real is None:
            try:
                return getattr(self._pyside, name)
            except AttributeError:
                if self._moved is not None and name in _MOVED_TO_QTGUI:
                    return getattr(self._moved, name)
                real = _real_module(self)
        return getattr(real, name)


def forward_qtpy() -> bool:
    """Put the forwarders in place of qtpy's three modules, unless qtpy is not installed, does not
    use PySide6, or one of them is imported already. True when it did."""
    if any(name in sys.modules for name in FORWARDED) or not _qtpy_on_pyside6():
        return False
    import qtpy

    made: dict[str, _QtpyForwarder] = {}
    for name, pyside_name in FORWARDED.items():
        spec = importlib.util.find_spec(name)
        if spec is None:
            return False
        forwarder = _QtpyForwarder(name, f"{name}, forwarding to {pyside_name}")
        forwarder._pyside = importlib.import_module(pyside_name)
        forwarder._moved = (
            importlib.import_module("PySide6.QtGui") if name == "qtpy.QtWidgets" else None
        )
        forwarder._real = None
        # The real spec, not initialising: the import statement takes the forwarder as loaded.
        forwarder.__spec__ = spec
        forwarder.__loader__ = spec.loader
        forwarder.__package__ = spec.parent
        if spec.has_location and spec.origin is not None:
            forwarder.__file__ = spec.origin
        made[name] = forwarder
    with _loading:
        if any(name in sys.modules for name in FORWARDED):  # another thread imported meanwhile
            return False
        for name, forwarder in made.items():
            sys.modules[name] = forwarder
            setattr(qtpy, name.rpartition(".")[2], forwarder)
    return True


def _qtpy_on_pyside6() -> bool:
    """qtpy is installed and uses PySide6 6.4 or later (before, qtpy's QtWidgets patches
    QAction)."""
    try:
        import qtpy  # reads QT_API and checks the binding: cheap
    except ImportError:
        return False
    if not getattr(qtpy, "PYSIDE6", False):
        return False
    from PySide6 import QtCore

    return tuple(int(part) for part in QtCore.qVersion().split(".")[:2]) >= (6, 4)


def qtpy_is_forwarded(name: str) -> bool:
    """Whether qtpy's module ``name`` (``"qtpy.QtGui"``) is still the forwarder alone."""
    module = sys.modules.get(name)
    return isinstance(module, _QtpyForwarder) and module._real is None


def load_real_qtpy() -> None:
    """Import qtpy's real modules now (with their patches of PySide's classes)."""
    for name in FORWARDED:
        module = sys.modules.get(name)
        if isinstance(module, _QtpyForwarder):
            _real_module(module)


def _real_module(forwarder: _QtpyForwarder) -> types.ModuleType:
    name = forwarder.__name__
    with _loading:
        if forwarder._real is not None:
            return forwarder._real
        current = sys.modules.get(name)
        if current is not None and not isinstance(current, _QtpyForwarder):
            forwarder._real = current
            return current
        sys.modules.pop(name, None)
        try:
            # Sets sys.modules and the package's attribute to the real module.
            real = importlib.import_module(name)
        except BaseException:
            # Failed to import: the forwarder stays, and the next read tries again.
            sys.modules[name] = forwarder
            raise
        forwarder._real = real
        return real
