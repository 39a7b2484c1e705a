"""The builds of the C text readers this machine runs, for tests that read each text with each.

`scaninbox.scans._text_native` is compiled twice: portable, and for x86-64-v2 CPUs (SSSE3,
SSE4.1, POPCNT), whose SIMD paths are other code. The reader tests take both names always, so
that a build missing where it should be shows as a skip rather than as fewer tests.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from scaninbox.scans import obj as obj_reader
from scaninbox.scans import ply_text, reader, stl_ascii
from scaninbox.scans.ply_header import parse_ply_header
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
    for module in (obj_reader, ply_text, stl_ascii):
        monkeypatch.setattr(module, "_native", native)
    monkeypatch.setattr(reader, "_read_text", getattr(native, "read_file", None))
    return native


def use_reader(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The text readers as ``name`` names them: ``C <build>``, or ``numpy`` (the C extension
    switched off)."""
    if name == "numpy":
        for module in (obj_reader, ply_text, stl_ascii):
            monkeypatch.setattr(module, "_native", None)
        monkeypatch.setattr(reader, "_read_text", None)  # texts are mapped then
    else:
        use_build(name.removeprefix("C "), monkeypatch)


def ply_mesh_arrays(
    native: ModuleType, data: bytes | memoryview, threads: int = 1
) -> tuple[bytes | None, ...] | None:
    """``native.ply_mesh`` called as `ply_text.common_ascii_mesh` calls it: the bytes of its
    arrays, or None (the body is not in the common layout)."""
    view = memoryview(data)
    header = parse_ply_header(view, "t.ply")
    vertex, face = header.element("vertex"), header.element("face")
    assert vertex is not None
    assert face is not None
    roles = ply_text._roles(vertex)
    assert roles is not None
    arrays = native.ply_mesh(
        view, header.body_offset, len(view), roles, vertex.count, face.count, threads
    )
    return None if arrays is None else tuple(None if a is None else bytes(a) for a in arrays)
