"""Where the program's read-only resources are (icons, style sheet, translations, the self-test's
mesh): beside the source tree, or inside a PyInstaller bundle.

A module of its own that imports nothing of ours, so that the language room can find its
catalogues without importing ``paths`` (which words its errors through the language room).
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["resources_dir"]


def resources_dir() -> Path:
    """The ``resources/`` folder: beside the source tree, or inside a PyInstaller bundle."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root is not None:
        return Path(frozen_root) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"
