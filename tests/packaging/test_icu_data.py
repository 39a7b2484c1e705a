"""installer/icu_data.py: Qt's ICU data library repacked with collation and the core tables only.
Checked on the real library of the installed PySide6: smaller, and QCollator still sorts German
and Swedish words as with the full data (preloaded into a fresh interpreter)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.loaders import load

icu = load("installer/icu_data.py", "scaninbox_icu_data")

PROBE = """
import functools
from PySide6.QtCore import QCollator, QCoreApplication, QLocale
app = QCoreApplication([])
words = ["Zebra", "Äpfel", "apfel", "Öl", "Ohr", "file10.stl", "file2.stl", "Ångström", "zoo"]
for name in ("de_DE", "sv_SE"):
    collator = QCollator(QLocale(name))
    collator.setNumericMode(True)
    print(name, sorted(words, key=functools.cmp_to_key(collator.compare)))
print(QLocale("tr_TR").toUpper("istanbul"))
"""


def test_the_kept_items_are_collation_and_core_tables() -> None:
    for kept in ("coll/de.res", "coll/ucadata.icu", "root.res", "pool.res", "nfkc.nrm", "en.res"):
        assert icu.keep_item(kept), kept
    for dropped in ("de.res", "zh_Hant_TW.res", "zone/de.res", "curr/fr.res", "brkitr/cjdict.dict"):
        assert not icu.keep_item(dropped), dropped
    assert not icu.keep_item("ibm-943_P15A-2003.cnv")
    assert icu.keep_item("supplementalData.res")  # not locale data, despite the .res


def _pyside_icu() -> Path:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("PySide6 is not installed")
    found = sorted(Path(next(iter(spec.submodule_search_locations))).glob("Qt/lib/libicudata.so.*"))
    if not found:
        pytest.skip("this PySide6 has no ICU data library of its own")
    return found[0]


def _probe(preload: Path | None) -> str:
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    if preload is not None:
        env["LD_PRELOAD"] = str(preload)  # found by soname before the wheel's own copy
    return subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True
    ).stdout


@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("icupkg", "as", "ld", "nm", "readelf")),
    reason="icu-devtools and binutils",
)
def test_the_repacked_library_is_small_and_sorts_as_the_full_one(tmp_path: Path) -> None:
    original = _pyside_icu()
    folder = tmp_path / "app"
    folder.mkdir()
    copy = folder / original.name
    shutil.copyfile(original, copy)
    lines: list[str] = []
    icu.shrink_icu_data(folder, lines.append)
    assert lines[0].startswith("trim: ICU data reduced to collation and core tables")
    assert copy.stat().st_size < original.stat().st_size / 4
    full, small = _probe(None), _probe(copy)
    assert "['Ångström', 'apfel', 'Äpfel', 'file2.stl', 'file10.stl'" in full  # German order
    assert small == full
    assert "İSTANBUL" in small  # Turkish dotted capital I: locale case mapping still works


def test_missing_tools_keep_the_data_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = tmp_path / "libicudata.so.73"
    library.write_bytes(b"not really")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    lines: list[str] = []
    icu.shrink_icu_data(tmp_path, lines.append)
    assert lines == [
        "trim: ICU data kept whole: icupkg, as, ld, nm, readelf not found (icu-devtools, binutils)"
    ]
    assert library.read_bytes() == b"not really"
