"""The dev setup built the text mesh readers in C, and `read_mesh` uses them.

``scripts/setup --dev`` compiles `scaninbox.scans._text_native` twice, portable and for x86-64-v2
CPUs (optional extensions: without a compiler the install succeeds and the numpy reader runs).
This test fails when it was not built, so that a broken build cannot hide behind the fallback; a
machine without a C compiler says so with ``SCANINBOX_NO_C_EXTENSION=1``.
"""

from __future__ import annotations

import importlib
import os

import pytest

from scaninbox.scans import ascii_stl_parser, read_mesh, text_mesh_parsers


def test_the_extension_is_built_and_reads_ascii_stl() -> None:
    if os.environ.get("SCANINBOX_NO_C_EXTENSION") == "1":
        pytest.skip("SCANINBOX_NO_C_EXTENSION=1: this machine builds without a C compiler")
    try:
        importlib.import_module("scaninbox.scans._text_native")
    except ImportError as exc:
        pytest.fail(
            f"scaninbox.scans._text_native was not built ({exc}): run scripts/setup --dev (it "
            "needs gcc and the Python headers), or set SCANINBOX_NO_C_EXTENSION=1 on a machine "
            "without a compiler"
        )
    # The x86-64-v2 build wherever the CPU runs it: one that failed to build would otherwise
    # leave the readers on the slower portable build unnoticed.
    portable = importlib.import_module("scaninbox.scans._text_native")
    build = "x86-64-v2" if portable.v2_supported() else "portable"
    assert ascii_stl_parser() == f"C extension (_text_native, {build} build)"
    # OBJ and ASCII PLY go through the same module.
    assert text_mesh_parsers() == dict.fromkeys(
        ("ASCII STL", "OBJ", "ASCII PLY"), f"C extension (_text_native, {build} build)"
    )
    text = b"solid t\nfacet normal 0 0 1\nouter loop\nvertex 1 2 3\nvertex 4 5 6\nvertex 7 8 9\n"
    mesh = read_mesh(text + b"endloop\nendfacet\nendsolid t\n", name="t.stl")
    assert mesh.points.ravel().tolist() == [1, 2, 3, 4, 5, 6, 7, 8, 9]
