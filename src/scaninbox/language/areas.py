"""Which catalogue holds which part of the program, and where the catalogues are.

Kept apart from ``catalogs`` (the tool that builds them) so that the window reads it without
the tool's imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scaninbox.resources import resources_dir

__all__ = ["AREAS", "LANGUAGES", "PSEUDO", "Area", "catalogue_dir"]

LANGUAGES = ("de", "en")  # en: plural forms only
PSEUDO = "xx"  # the pseudo-language of the tests: every translated string in [brackets]


@dataclass(frozen=True, slots=True)
class Area:
    """One catalogue: a name and the package folders (under ``scaninbox/``) it is read from."""

    name: str
    folders: tuple[str, ...]


AREAS = (
    Area(
        "window",
        (
            "qt/shell",
            "qt/account",
            "qt/signin",
            "qt/inbox",
            "qt/lab",
            "qt/harness",
            "qt/runtime",
            "qt/workarounds",
        ),
    ),
    Area("pane", ("qt/case_pane", "qt/viewer", "qt/files", "qt/look")),
    Area("words", ("domain", "qc", "services", "render")),
    Area(
        "errors",
        (
            "api",
            "store",
            "scans",
            "lab",
            "settings.py",
            "credentials.py",
            "paths.py",
            "language/os_reasons.py",
        ),
    ),
)


def catalogue_dir() -> Path:
    """``resources/translations`` (beside the source tree, or in the frozen bundle)."""
    return resources_dir() / "translations"
