"""The translation catalogues: in step with the code, complete, and true to the placeholders."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from scaninbox.language.areas import AREAS, LANGUAGES, catalogue_dir
from scaninbox.language.catalogs import messages, placeholders, ts_path, unfinished, update_all

_ALL = [(area.name, lang) for area in AREAS for lang in LANGUAGES]


def _entries(ts: Path) -> set[tuple[str, str, str]]:
    found: set[tuple[str, str, str]] = set()
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            found.add((name, message.findtext("source") or "", message.findtext("comment") or ""))
    return found


def test_the_catalogues_hold_every_string_of_the_code(tmp_path: Path) -> None:
    shutil.copytree(catalogue_dir(), tmp_path, dirs_exist_ok=True)
    update_all(tmp_path)
    for area in AREAS:
        for lang in LANGUAGES:
            kept, fresh = ts_path(area, lang), ts_path(area, lang, tmp_path)
            new = sorted(_entries(fresh) - _entries(kept))
            gone = sorted(_entries(kept) - _entries(fresh))
            hint = f"{kept.name} is behind the code: run scripts/translations update"
            assert not new, f"{hint} and translate {new[:10]}"
            assert not gone, f"{hint}; no longer in the code: {gone[:10]}"


@pytest.mark.parametrize(("area", "lang"), _ALL)
def test_every_string_is_translated(area: str, lang: str) -> None:
    ts = catalogue_dir() / f"scaninbox_{area}_{lang}.ts"
    assert ts.is_file()
    missing = unfinished(ts)
    assert not missing, f"{ts.name}: {len(missing)} without a translation, e.g. {missing[:10]}"


@pytest.mark.parametrize(("area", "lang"), _ALL)
def test_translations_keep_every_placeholder(area: str, lang: str) -> None:
    ts = catalogue_dir() / f"scaninbox_{area}_{lang}.ts"
    wrong = [
        (source, form)
        for source, _comment, forms in messages(ts)
        for form in forms
        if form and placeholders(form) - {"%n"} != placeholders(source) - {"%n"}
    ]
    assert not wrong, f"{ts.name}: placeholders changed in {wrong[:10]}"
