"""The builds of the C text readers this machine runs, for tests that read each text with each.

`scaninbox.scans._text_native` is compiled twice: portable, and for x86-64-v2 CPUs (SSSE3,
SSE4.1, POPCNT), whose SIMD paths are other code. The reader tests take both names always, so
that a build missing where it should be shows as a skip rather than as fewer tests.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from scaninbox.scans import obj as obj_reader
from scaninbox.scans import ply_text, stl_ascii
from scaninbox.scans.text_numbers import text_native_builds

BUILDS = text_native_builds()
BUILD_NAMES = ("portable", "x86-64-v2")
READERS = (*(f"C {name}" for name in BUILD_NAMES), "numpy")


def use_build(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """Every text reader switched to the C extension's build ``name`` (the test is skipped
    when that build is not installed or this CPU cannot run it)."""
    native = BUILDS.get(name)
    if native is None:
        pytest.skip(f"the {name} build of the C extension is not built, or this CPU lacks it")
    for reader in (obj_reader, ply_text, stl_ascii):
        monkeypatch.setattr(reader, "_native", native)
    return native


def use_reader(reader: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The text readers as ``reader`` names them: ``C <build>``, or ``numpy`` (the C extension
    switched off)."""
    if reader == "numpy":
        for module in (obj_reader, ply_text, stl_ascii):
            monkeypatch.setattr(module, "_native", None)
    else:
        use_build(reader.removeprefix("C "), monkeypatch)
