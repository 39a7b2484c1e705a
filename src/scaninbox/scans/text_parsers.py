"""Which reader parses each text format here: the C extension or the numpy fallback.

The benchmarks and ``--self-test`` print it; a frozen app built without its C readers fails the
self-test instead of running several times slower unnoticed.
"""

from __future__ import annotations

from scaninbox.scans.obj import obj_parser
from scaninbox.scans.ply_text import ascii_ply_parser
from scaninbox.scans.stl_ascii import ascii_stl_parser

__all__ = ["text_mesh_parsers"]


def text_mesh_parsers() -> dict[str, str]:
    """Format name → the reader that parses it ("C extension (_text_native)" or "numpy …")."""
    return {"ASCII STL": ascii_stl_parser(), "OBJ": obj_parser(), "ASCII PLY": ascii_ply_parser()}
