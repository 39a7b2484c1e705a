"""Importing scaninbox.qt keeps CPython 3.11 alive despite PySide6 6.12's refcount bugs.

PySide6 6.12 drops a reference to ``None`` on every Qt call that returns nothing and to ``True``
on every ``Signal.emit()``; see ``scaninbox.qt.workarounds.pyside_guards``.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

# A fresh interpreter: pytest itself holds enough references to None and True to hide the bug.
_SCRIPT = textwrap.dedent(
    """
    import sys
    {import_line}
    from PySide6.QtCore import QObject, Signal

    class Emitter(QObject):
        changed = Signal(int)

    obj = Emitter()
    before = sys.getrefcount({singleton})
    for _ in range(200_000):
        {call}
    print(before - sys.getrefcount({singleton}))
    """
)
_CASES = {
    "None": ('obj.setObjectName("x")', "none_dealloc"),
    "True": ("obj.changed.emit(1)", "bool_dealloc"),
}


def _run(import_line: str, singleton: str) -> subprocess.CompletedProcess[str]:
    call, _ = _CASES[singleton]
    script = _SCRIPT.format(import_line=import_line, singleton=singleton, call=call)
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize("singleton", sorted(_CASES))
def test_many_qt_calls_do_not_kill_the_interpreter(singleton: str) -> None:
    result = _run("import scaninbox.qt", singleton)
    assert result.returncode == 0, result.stderr
    assert _CASES[singleton][1] not in result.stderr


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None and bools are immortal from 3.12")
@pytest.mark.parametrize("singleton", sorted(_CASES))
def test_the_guard_is_needed(singleton: str) -> None:
    """Without the guard the same calls abort the interpreter (drop this when PySide6 is fixed)."""
    result = _run("", singleton)
    if result.returncode == 0 and int(result.stdout.strip() or 0) <= 0:
        pytest.skip(f"this PySide6 no longer drops references to {singleton}")
    assert result.returncode != 0
    assert _CASES[singleton][1] in result.stderr
