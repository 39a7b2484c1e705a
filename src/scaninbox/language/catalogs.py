"""The translation catalogues: which sources feed which ``.ts`` file, and how they are built.

The ``.ts`` files under ``resources/translations/`` are the sources translators edit (with Qt
Linguist or any editor); ``pyside6-lupdate`` keeps them in step with the code, and
``pyside6-lrelease`` compiles them to the ``.qm`` files the program loads (not kept in git: the
setup, the tests and the package build them). The sources are split into three areas so that
work on the window, the case pane and the shared wording does not touch one file::

    python -m scaninbox.language.catalogs update    # the code's strings into every .ts
    python -m scaninbox.language.catalogs compile   # every .ts into its .qm
    python -m scaninbox.language.catalogs pseudo DIR  # a pseudo-language marking each string

English needs a catalogue only for plurals (``-pluralonly``): its other texts are the sources.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from pathlib import Path

from scaninbox.language.areas import AREAS, LANGUAGES, PSEUDO, Area, catalogue_dir

_PACKAGE = Path(__file__).resolve().parents[1]

__all__ = [
    "compile_all",
    "source_files",
    "update_all",
    "write_pseudo",
]


def ts_path(area: Area, language: str, folder: Path | None = None) -> Path:
    return (folder or catalogue_dir()) / f"scaninbox_{area.name}_{language}.ts"


def source_files(area: Area) -> list[Path]:
    """The Python files of ``area``, sorted so that the catalogue's order is stable."""
    files: list[Path] = []
    for name in area.folders:
        path = _PACKAGE / name
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def _tool(name: str) -> str:
    """``pyside6-lupdate`` / ``pyside6-lrelease`` beside this Python, else on PATH."""
    beside = Path(sys.executable).with_name(name)
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6 into this environment")
    return found


def update_all(folder: Path | None = None) -> None:
    """Bring every catalogue in step with the code (obsolete entries dropped, no locations:
    line numbers would make every edit of the code a change of every catalogue)."""
    for area in AREAS:
        files = [str(p) for p in source_files(area)]
        for language in LANGUAGES:
            target = ts_path(area, language, folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            extra = ["-pluralonly"] if language == "en" else []
            subprocess.run(  # noqa: S603 - Qt's tool on our own sources
                [
                    _tool("pyside6-lupdate"),
                    "-silent",
                    "-no-obsolete",
                    "-locations",
                    "none",
                    "-source-language",
                    "en",
                    "-target-language",
                    language,
                    *extra,
                    *files,
                    "-ts",
                    str(target),
                ],
                check=True,
            )


def compile_all(folder: Path | None = None, out: Path | None = None) -> list[Path]:
    """Every ``.ts`` in ``folder`` into a ``.qm`` in ``out`` (default: beside it)."""
    source = folder or catalogue_dir()
    made: list[Path] = []
    for ts in sorted(source.glob("*.ts")):
        qm = (out or source) / ts.with_suffix(".qm").name
        qm.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(  # noqa: S603 - Qt's tool on our own catalogues
            [_tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True
        )
        made.append(qm)
    return made


def write_pseudo(out: Path, folder: Path | None = None) -> list[Path]:
    """Compile a pseudo-language ``xx`` into ``out``: each message of the German catalogues,
    translated or not, becomes ``[source]``, so a run under it shows at once any text on
    screen that did not go through :func:`scaninbox.language.translate`."""
    source = folder or catalogue_dir()
    with tempfile.TemporaryDirectory() as work:
        for area in AREAS:
            tree = ET.parse(ts_path(area, "de", source))  # noqa: S314 - our own file
            root = tree.getroot()
            root.set("language", "en")  # two plural forms, as English and German
            for message in root.iter("message"):
                text = message.findtext("source") or ""
                translation = message.find("translation")
                if translation is None:
                    translation = ET.SubElement(message, "translation")
                translation.attrib.pop("type", None)
                forms = translation.findall("numerusform")
                if message.get("numerus") == "yes":
                    for form in forms:
                        translation.remove(form)
                    for _ in range(2):
                        ET.SubElement(translation, "numerusform").text = f"[{text}]"
                else:
                    translation.text = f"[{text}]"
            tree.write(Path(work) / f"scaninbox_{area.name}_{PSEUDO}.ts", encoding="utf-8")
        return compile_all(Path(work), out)


def unfinished(ts: Path) -> list[str]:
    """The source texts of ``ts`` that still lack a translation."""
    missing: list[str] = []
    for message in ET.parse(ts).getroot().iter("message"):  # noqa: S314 - our own file
        translation = message.find("translation")
        forms = [] if translation is None else translation.findall("numerusform")
        empty = (
            translation is None
            or translation.get("type") in {"unfinished", "vanished", "obsolete"}
            or (not forms and not (translation.text or "").strip())
            or any(not (f.text or "").strip() for f in forms)
        )
        if empty:
            missing.append(message.findtext("source") or "")
    return missing


_PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*(?:[:!][^}]*)?\}|%n")


def placeholders(text: str) -> set[str]:
    """``{name}`` fields and ``%n`` in ``text``: a translation must keep every one of them."""
    return set(_PLACEHOLDER.findall(text))


def messages(ts: Path) -> Iterable[tuple[str, str | None, Sequence[str]]]:
    """(source, disambiguation, translations) of each message in ``ts``."""
    for message in ET.parse(ts).getroot().iter("message"):  # noqa: S314 - our own file
        translation = message.find("translation")
        forms: list[str] = []
        if translation is not None:
            numerus = translation.findall("numerusform")
            forms = [f.text or "" for f in numerus] if numerus else [translation.text or ""]
        yield message.findtext("source") or "", message.findtext("comment"), forms


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/translations", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("update", help="bring the .ts files in step with the code")
    sub.add_parser("compile", help="compile the .ts files to .qm")
    pseudo = sub.add_parser("pseudo", help="compile the pseudo-language into a folder")
    pseudo.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.command == "update":
        update_all()
    elif args.command == "compile":
        compile_all()
    else:
        write_pseudo(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
